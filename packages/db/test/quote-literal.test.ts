import fc from 'fast-check';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { NulCharacterError } from '@svc/kernel';
import { inlineValues, literalsOf, quoteLiteral } from '../src/pg/literals.ts';
import { textArray } from '../src/sql-values.ts';

describe('quoteLiteral', () => {
  it('writes every string as pg.escapeLiteral does', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme' }).filter((text) => !text.includes('\u0000')), fc.constantFrom('', "'", '\\', "''\\\\'", 'E\''), (text, mixed) => {
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

describe('the literal writer refuses NUL', () => {
  const refused = (write: () => unknown) => {
    let thrown: unknown;
    try {
      write();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NulCharacterError);
    expect((thrown as NulCharacterError).code).toBe('validation_failed');
  };

  it('in a quoted literal, an inlined statement and a text[] literal, wherever the NUL stands', () => {
    fc.assert(
      fc.property(fc.string(), fc.string(), fc.boolean(), (before, after, backslash) => {
        const value = `${before}${backslash ? '\\' : ''}\u0000${after}`;
        refused(() => quoteLiteral(value));
        refused(() => literalsOf([1, value]));
        refused(() => inlineValues('update t set a = $1 where b = $2', ['fine', value]));
        refused(() => textArray(['ok', value]));
      }),
      { numRuns: 200 },
    );
  });

  it('still writes text without one', () => {
    expect(textArray(['a"b', 'c\\d'])).toBe('{"a\\"b","c\\\\d"}');
    expect(literalsOf(['x', 2, true, null])).toEqual(["'x'", "'2'", "'true'", 'null']);
  });
});
