import { describe, expect, it } from 'vitest';
import { numberPlaceholders } from '../src/pg/placeholders.ts';

describe('numbering ? placeholders for bind parameters', () => {
  it('numbers placeholders in order', () => {
    expect(numberPlaceholders('select * from jobs where id = ? and version = ? limit ?')).toEqual({
      text: 'select * from jobs where id = $1 and version = $2 limit $3',
      count: 3,
    });
    expect(numberPlaceholders('select 1')).toEqual({ text: 'select 1', count: 0 });
    expect(numberPlaceholders('?')).toEqual({ text: '$1', count: 1 });
  });

  it('leaves ? inside literals, identifiers, dollar quotes and comments alone', () => {
    expect(numberPlaceholders(`select 'what?', 'it''s ?', ?`).text).toBe(`select 'what?', 'it''s ?', $1`);
    expect(numberPlaceholders(String.raw`select E'a\'?', e'\\', ?`).text).toBe(String.raw`select E'a\'?', e'\\', $1`);
    expect(numberPlaceholders('select "odd?""name" from t where a = ?').text).toBe('select "odd?""name" from t where a = $1');
    expect(numberPlaceholders('select $$ ? $$, $tag$ it is $$ ? $tag$, ?').text).toBe('select $$ ? $$, $tag$ it is $$ ? $tag$, $1');
    expect(numberPlaceholders('select ? -- why?\n, /* what? /* nested? */ still? */ ?')).toEqual({
      text: 'select $1 -- why?\n, /* what? /* nested? */ still? */ $2',
      count: 2,
    });
  });

  it('keeps casts and positional-looking text intact', () => {
    expect(numberPlaceholders('select ?::text[], ?::jsonb, a$b from t').text).toBe('select $1::text[], $2::jsonb, a$b from t');
  });

  it('refuses the operators a placeholder cannot be told from', () => {
    expect(() => numberPlaceholders('select data ?| ? from t')).toThrow(/Ambiguous "\?\|"/);
    expect(() => numberPlaceholders('select data ?& ? from t')).toThrow(/Ambiguous "\?&"/);
    expect(() => numberPlaceholders('select ?? from t')).toThrow(/Ambiguous "\?\?"/);
    expect(() => numberPlaceholders(String.raw`select data \? 'a' from t`)).toThrow(/Ambiguous "\\\?"/);
  });

  it('refuses unterminated quotes and comments rather than guessing', () => {
    expect(() => numberPlaceholders("select 'open ?")).toThrow(/Unterminated string literal/);
    expect(() => numberPlaceholders('select "open ?')).toThrow(/Unterminated quoted identifier/);
    expect(() => numberPlaceholders('select $x$ open ?')).toThrow(/Unterminated dollar-quoted/);
    expect(() => numberPlaceholders('select /* open ?')).toThrow(/Unterminated comment/);
  });
});
