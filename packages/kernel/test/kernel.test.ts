import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  base32,
  manualClock,
  newId,
  pagingEntries,
  parseInput,
  requireExpectedVersion,
  requireHuman,
  requireScope,
  versionConflict,
  type Actor,
} from '../src/index.ts';

const codeOf = (work: () => unknown): string | undefined => {
  try {
    work();
  } catch (error) {
    return (error as DomainError).code;
  }
  return undefined;
};

describe('identifiers', () => {
  it('are a kind prefix and 128 random bits in lower-case base32, never repeating', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newId('job')));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^job_[0-9a-hjkmnp-tv-z]{26}$/);
  });

  it('encode bytes as Crockford base32', () => {
    expect(base32(new Uint8Array([0xff]))).toBe('zw');
    expect(base32(new Uint8Array([0, 0, 0, 0, 0]))).toBe('00000000');
  });
});

describe('paging parameters', () => {
  const schema = v.object(pagingEntries);
  it('default to limit 20 and offset 0', () => {
    expect(parseInput(schema, {})).toEqual({ limit: 20, offset: 0 });
  });
  it.each([['limit', '101'], ['limit', '0'], ['limit', 'ten'], ['limit', '1.5'], ['offset', '-1'], ['offset', 'x']])(
    'refuse %s=%s with validation_failed naming the parameter',
    (name, value) => {
      try {
        parseInput(schema, { [name]: value });
        expect.unreachable();
      } catch (error) {
        expect(error).toMatchObject({ code: 'validation_failed', extras: { details: [{ path: name }] } });
      }
    },
  );
  it('accept the maximum', () => {
    expect(parseInput(schema, { limit: '100', offset: '40' })).toEqual({ limit: 100, offset: 40 });
  });
});

describe('expected_version', () => {
  it('is required (428 expected_version_required)', () => {
    expect(codeOf(() => requireExpectedVersion(undefined))).toBe('expected_version_required');
    expect(codeOf(() => requireExpectedVersion(''))).toBe('expected_version_required');
  });
  it('must be a positive integer, from a body number or a query string', () => {
    expect(requireExpectedVersion(3)).toBe(3);
    expect(requireExpectedVersion('7')).toBe(7);
    expect(codeOf(() => requireExpectedVersion(0))).toBe('validation_failed');
    expect(codeOf(() => requireExpectedVersion('1.5'))).toBe('validation_failed');
  });
  it('conflicts carry the current record', () => {
    expect(versionConflict({ id: 'job_1', version: 4 })).toMatchObject({ code: 'version_conflict', extras: { current: { version: 4 } } });
  });
});

describe('actors', () => {
  const agent: Actor = { principalId: 'prn_a', displayName: 'A', via: 'agent', grantId: 'grt_a', agentName: 'A agent', scopes: ['jobs:write'], isSupport: false };
  const person: Actor = { ...agent, via: 'session', grantId: null, agentName: null, scopes: [] };
  it('an agent needs the scope; a signed-in person has every scope on their own records', () => {
    expect(codeOf(() => requireScope(agent, 'jobs:write'))).toBeUndefined();
    expect(codeOf(() => requireScope(agent, 'account:read'))).toBe('insufficient_scope');
    expect(codeOf(() => requireScope(person, 'account:read'))).toBeUndefined();
  });
  it('human-only operations refuse agents', () => {
    expect(codeOf(() => requireHuman(agent))).toBe('human_only');
    expect(codeOf(() => requireHuman(person))).toBeUndefined();
  });
});

describe('clock', () => {
  it('stands still until moved', () => {
    const clock = manualClock('2026-11-21T00:00:00.000Z');
    expect(clock.now().toISOString()).toBe('2026-11-21T00:00:00.000Z');
    clock.advance(1500);
    expect(clock.now().toISOString()).toBe('2026-11-21T00:00:01.500Z');
  });
});
