import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { inlineValues, quoteLiteral } from '../src/literals.ts';

describe('quoteLiteral', () => {
  it('writes every string as pg.escapeLiteral does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }), fc.constantFrom('', "'", '\\', "''\\\\'", 'E\''), (text, mixed) => {
        const value = `${mixed}${text}${mixed}`;
        expect(quoteLiteral(value)).toBe(pg.escapeLiteral(value));
      }),
      { numRuns: 500 },
    );
  });

  it('inlines values as literals PostgreSQL reads back unchanged', () => {
    expect(inlineValues('select $1, $2, $3', ["O'Brien", 'C:\\temp', null])).toBe(
      "select 'O''Brien',  E'C:\\\\temp', null",
    );
  });
});
