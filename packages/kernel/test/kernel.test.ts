import fc from 'fast-check';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  DomainError,
  isHttpsUrl,
  noDirectionControl,
  noNul,
  trimmedText,
  INT4_MAX,
  base32,
  boundedInteger,
  boundedIntegerText,
  boundedNumber,
  manualClock,
  newId,
  pagingEntries,
  optionalExpectedVersion,
  parseInput,
  parseStatusChange,
  parseVersioned,
  requireExpectedVersion,
  requireHuman,
  requireScope,
  versionConflict,
  versionFromQuery,
  versionSchema,
  versionQuerySchema,
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

describe('bounded numbers', () => {
  const refusal = (schema: v.GenericSchema, value: unknown) => {
    try {
      parseInput(v.strictObject({ n: schema }), { n: value });
    } catch (error) {
      return (error as DomainError).extras.details;
    }
    return undefined;
  };

  it('an integer outside its range, or no integer at all, is refused naming the range', () => {
    const days = boundedInteger(1, 90);
    for (const value of [0, 91, 1.5, 2147483648, 9007199254740992, 1e308, -1e308, '30', null]) {
      expect(refusal(days, value), String(value)).toEqual([{ path: 'n', message: 'must be a whole number from 1 to 90' }]);
    }
    expect(parseInput(v.object({ n: days }), { n: 90 })).toEqual({ n: 90 });
  });

  it('a whole number in text is digits only, parsed, then held to its range', () => {
    const limit = boundedIntegerText(1, 100);
    for (const value of ['0', '101', '-1', '1.5', '1e2', ' 5', '', '99999999999999999999', '9'.repeat(400), 5]) {
      expect(refusal(limit, value), String(value)).toEqual([{ path: 'n', message: 'must be a whole number from 1 to 100' }]);
    }
    expect(parseInput(v.object({ n: limit }), { n: '0100' })).toEqual({ n: 100 });
  });

  it('an amount may have a fraction but not leave its range', () => {
    const amount = boundedNumber(0, 1000);
    expect(parseInput(v.object({ n: amount }), { n: 12.5 })).toEqual({ n: 12.5 });
    expect(refusal(amount, 1000.01)).toEqual([{ path: 'n', message: 'must be a number from 0 to 1000' }]);
  });

  it('a range that an integer column cannot hold is a mistake in the declaration', () => {
    expect(() => boundedInteger(0, INT4_MAX + 1)).toThrow();
    expect(() => boundedIntegerText(-1, 10)).toThrow();
    expect(() => boundedInteger(5, 1)).toThrow();
  });
});

describe('expected_version', () => {
  it('is required (428 expected_version_required)', () => {
    expect(codeOf(() => requireExpectedVersion(undefined))).toBe('expected_version_required');
    expect(codeOf(() => requireExpectedVersion(''))).toBe('expected_version_required');
    expect(codeOf(() => requireExpectedVersion(null))).toBe('expected_version_required');
  });
  it('must be a whole number from 1 to the largest integer a column holds: a JSON integer, never its digits as text', () => {
    expect(requireExpectedVersion(3)).toBe(3);
    expect(requireExpectedVersion(INT4_MAX)).toBe(INT4_MAX);
    for (const value of [0, '7', '1.5', 2147483648, 9007199254740992, 1e308, '99999999999999999999', -1, true, [1]]) {
      try {
        requireExpectedVersion(value);
        expect.unreachable(String(value));
      } catch (error) {
        expect(error).toMatchObject({
          code: 'validation_failed',
          extras: { details: [{ path: 'expected_version', message: 'must be a whole number from 1 to 2147483647' }] },
        });
      }
    }
  });
  it('is one rule for bodies too: the schema field parses and refuses alike; a query’s field takes the digits it holds', () => {
    expect(v.parse(versionSchema, 12)).toBe(12);
    expect(v.safeParse(versionSchema, '12').success).toBe(false);
    expect(v.safeParse(versionSchema, 2147483648).success).toBe(false);
    expect(v.parse(versionQuerySchema, { expected_version: '12' })).toEqual({ expected_version: 12 });
    expect(v.safeParse(versionQuerySchema, { expected_version: '1.5' }).success).toBe(false);
  });
  it('conflicts carry the current record', () => {
    expect(versionConflict({ id: 'job_1', version: 4 })).toMatchObject({ code: 'version_conflict', extras: { current: { version: 4 } } });
  });
  it('is missing (428) on a versioned body without it, whatever the body, and the body is checked after it', () => {
    const schema = v.strictObject({ expected_version: versionSchema, name: v.optional(v.string()) });
    expect(codeOf(() => parseVersioned(schema, undefined))).toBe('expected_version_required');
    expect(codeOf(() => parseVersioned(schema, {}))).toBe('expected_version_required');
    expect(codeOf(() => parseVersioned(schema, { name: 'x' }))).toBe('expected_version_required');
    expect(codeOf(() => parseVersioned(schema, { expected_version: null }))).toBe('expected_version_required');
    expect(codeOf(() => parseVersioned(schema, 'yes'))).toBe('validation_failed');
    expect(codeOf(() => parseVersioned(schema, [1]))).toBe('validation_failed');
    expect(codeOf(() => parseVersioned(schema, { expected_version: 1, other: 1 }))).toBe('validation_failed');
    expect(parseVersioned(schema, { expected_version: 2, name: 'x' })).toEqual({ expectedVersion: 2, body: { expected_version: 2, name: 'x' } });
  });
  it('is optional on a status change or a removal, and checked like any other when sent', () => {
    expect(optionalExpectedVersion(undefined)).toBeNull();
    expect(optionalExpectedVersion(4)).toBe(4);
    expect(codeOf(() => optionalExpectedVersion('4'))).toBe('validation_failed');
    expect(codeOf(() => optionalExpectedVersion(''))).toBe('expected_version_required');
    expect(codeOf(() => optionalExpectedVersion('0'))).toBe('validation_failed');
    expect(parseStatusChange(undefined)).toBeNull();
    expect(parseStatusChange({})).toBeNull();
    expect(parseStatusChange({ expected_version: 3 })).toBe(3);
    expect(codeOf(() => parseStatusChange({ expected_version: null }))).toBe('expected_version_required');
    expect(codeOf(() => parseStatusChange({ expected_version: 2147483648 }))).toBe('validation_failed');
    expect(codeOf(() => parseStatusChange({ reason: 'x' }))).toBe('validation_failed');
    expect(codeOf(() => parseStatusChange('close'))).toBe('validation_failed');
    expect(codeOf(() => parseStatusChange(null))).toBe('validation_failed');
  });
  it('is the one parameter of a removal query, sent once', () => {
    expect(versionFromQuery({})).toBeUndefined();
    // A query holds text: its digits are the number they write; anything else goes on as sent, to be refused.
    expect(versionFromQuery({ expected_version: '2' })).toBe(2);
    expect(versionFromQuery({ expected_version: '2x' })).toBe('2x');
    expect(versionFromQuery({ expected_version: '' })).toBe('');
    expect(() => versionFromQuery({ expected_version: ['3', '4'] })).toThrow(expect.objectContaining({ code: 'validation_failed', extras: { details: [{ path: 'expected_version', message: 'must be sent once' }] } }));
    expect(codeOf(() => versionFromQuery({ expected_version: '1', force: 'yes' }))).toBe('validation_failed');
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

describe('noNul', () => {
  const text = v.pipe(v.string(), noNul);
  it('refuses text holding the NUL character, naming it, and takes any other', () => {
    expect(v.safeParse(text, 'tab\tand newline\n and emoji 🎈').success).toBe(true);
    const refused = v.safeParse(text, 'a\u0000b');
    expect(refused.success).toBe(false);
    expect(refused.issues?.[0]?.message).toBe('must not contain the NUL character (U+0000)');
  });
});

describe('trimmedText', () => {
  const title = trimmedText(20, 1);
  it('refuses text of nothing but white space and invisible characters as empty, and takes them inside text', () => {
    for (const blank of ['\u200b', '\u200b\u2060 ', ' \ufeff\u200e ']) {
      const refused = v.safeParse(title, blank);
      expect(refused.success).toBe(false);
      expect(refused.issues?.[0]?.message).toBe('must not be empty');
    }
    expect(v.parse(title, ' Family 👨\u200d👩\u200d👧 ')).toBe('Family 👨\u200d👩\u200d👧');
  });
});

describe('direction-override characters', () => {
  const REFUSED = 'must not contain direction-override characters (U+202A–U+202E, U+2066–U+2069)';
  const controls = [0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2066, 0x2067, 0x2068, 0x2069].map((code) => String.fromCodePoint(code));

  it('refuses each override, embedding and isolate control in a required or optional text, saying which characters; takes right-to-left text and the direction marks, which reorder nothing', () => {
    for (const field of [trimmedText(80, 1), trimmedText(80)]) {
      for (const control of controls) {
        const refused = v.safeParse(field, `Invoice ${control}fdp.exe`);
        expect(refused.success).toBe(false);
        expect(refused.issues?.map((issue) => issue.message)).toEqual([REFUSED]);
      }
      for (const text of ['مرحبا بالعالم', 'שלום עולם 2026', 'Price: \u200f١٠٠\u200e GBP', 'a\u061cb']) expect(v.parse(field, text)).toBe(text);
    }
  });

  it('refuses any text holding one, wherever it stands, and takes the same text without it (property)', () => {
    const text = v.pipe(v.string(), noDirectionControl);
    const anyText = fc.string({ unit: 'grapheme', maxLength: 30 });
    fc.assert(
      fc.property(anyText, anyText, fc.constantFrom(...controls), (before, after, control) => {
        const clean = (part: string) => [...part].filter((char) => !controls.includes(char)).join('');
        expect(v.is(text, clean(before) + clean(after))).toBe(true);
        expect(v.is(text, before + control + after)).toBe(false);
      }),
    );
  });
});

describe('isHttpsUrl', () => {
  it('takes an https address with a host and no credentials, and nothing with white space in it', () => {
    expect(['https://example.org', 'HTTPS://example.org/a?b=c#d', 'https://例え.jp/path'].map(isHttpsUrl)).toEqual([true, true, true]);
    const refused = ['http://example.org', 'https://exa\tmple.com/', 'https://example.com/a b', 'https://u:p@example.org', 'https://', 'javascript:alert(1)', ' https://example.org'];
    expect(refused.filter(isHttpsUrl)).toEqual([]);
  });
});
