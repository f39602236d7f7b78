import { describe, expect, it } from 'vitest';
import { safeNext } from '../src/routes/auth.routes.tsx';

// Where sign-in sends a person afterwards: a path on this site only, so a crafted sign-in link
// cannot send them to another site that looks like this one.

describe('the address after signing in', () => {
  it.each(['/account', '/jobs/j-1?tab=open', '/'])('keeps the local path %s', (next) => {
    expect(safeNext(next)).toBe(next);
  });

  it.each([
    ['another site', 'https://evil.example/'],
    ['a protocol-relative address', '//evil.example/'],
    ['a backslash address browsers read as another host', '/\\evil.example/'],
    ['a relative path', 'account'],
    ['nothing', undefined],
    ['an empty value', ''],
    ['a repeated parameter', ['/a', '/b']],
  ])('is the account page instead of %s', (_, next) => {
    expect(safeNext(next)).toBe('/account');
  });
});
