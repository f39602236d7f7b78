import { describe, expect, it } from 'vitest';
import { conditionalAnswer, matchesIfNoneMatch } from '../src/index.ts';

describe('If-None-Match (RFC 9110 §13.1.2)', () => {
  it.each([
    ['the same tag', '"abc"', '"abc"', true],
    ['the tag among others', '"x", "abc" , "y"', '"abc"', true],
    ['a weak form of the tag', 'W/"abc"', '"abc"', true],
    ['the tag when ours is weak', '"abc"', 'W/"abc"', true],
    ['any tag', '*', '"abc"', true],
    ['another tag', '"abd"', '"abc"', false],
    ['no header', '', '"abc"', false],
    ['a missing header', undefined, '"abc"', false],
  ])('%s: %s against %s is %s', (_, header, etag, matches) => {
    expect(matchesIfNoneMatch(header, etag)).toBe(matches);
  });

  it('answers 304 without building the body when the client holds the tag, else 200 with it; headers and the ETag either way', () => {
    let built = 0;
    const body = () => ({ built: ++built });
    expect(conditionalAnswer('"t1"', '"t1"', body, { 'Cache-Control': 'no-cache' })).toMatchObject({ status: 304, body: undefined, headers: { ETag: '"t1"', 'Cache-Control': 'no-cache' } });
    expect(built).toBe(0);
    expect(conditionalAnswer('"t0"', '"t1"', body)).toMatchObject({ status: 200, body: { built: 1 }, headers: { ETag: '"t1"' } });
  });
});
