import { describe, expect, it } from 'vitest';
import { parseInput } from '@svc/kernel';
import { jobListQuerySchema, parseJobCreate, parseJobPatch, responseCreateSchema } from '../src/jobs.schemas.ts';
import { jobInput } from '../src/testing.ts';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as { code: string; extras: { details?: { path: string; message: string }[] } };
  }
  throw new Error('expected a failure');
};
const failedPaths = (work: () => unknown) => {
  const error = failure(work);
  expect(error.code).toBe('validation_failed');
  return error.extras.details?.map((issue) => issue.path);
};

describe('job input for POST', () => {
  it('accepts a full job and normalises it', () => {
    const parsed = parseJobCreate(jobInput({ title: '  Plan a party  ', tags: ['events', 'events'], timezone: 'europe/london' }));
    expect(parsed).toMatchObject({
      title: 'Plan a party',
      tags: ['events'],
      timezone: 'Europe/London',
      response_deadline: new Date('2026-12-01T18:00:00.000Z'),
      budget: { amount: 120.5, currency: 'GBP' },
    });
  });

  it("takes a budget in its currency's own decimal places, kept as those places say", () => {
    expect(parseJobCreate(jobInput({ budget: { amount: 0.1 + 0.2, currency: 'GBP' } })).budget).toEqual({ amount: 0.3, currency: 'GBP' });
    expect(parseJobCreate(jobInput({ budget: { amount: 1500, currency: 'JPY' } })).budget).toEqual({ amount: 1500, currency: 'JPY' });
    expect(parseJobCreate(jobInput({ budget: { amount: 1.234, currency: 'KWD' } })).budget).toEqual({ amount: 1.234, currency: 'KWD' });
    // Amounts whose binary form is a hair off their decimal one still fit, however large.
    expect(parseJobCreate(jobInput({ budget: { amount: 0.29, currency: 'GBP' } })).budget).toEqual({ amount: 0.29, currency: 'GBP' });
    expect(parseJobCreate(jobInput({ budget: { amount: 9876543.21, currency: 'GBP' } })).budget).toEqual({ amount: 9876543.21, currency: 'GBP' });
  });

  it('accepts just a title, and nulls for the nullable fields', () => {
    expect(parseJobCreate({ title: 'x', budget: null, response_deadline: null, timezone: null })).toEqual({
      title: 'x',
      budget: null,
      response_deadline: null,
      timezone: null,
    });
  });

  it.each([
    ['title empty', { title: '   ' }, 'title'],
    ['title over 200', { title: 'x'.repeat(201) }, 'title'],
    ['outcome over 4000', { outcome: 'x'.repeat(4001) }, 'outcome'],
    ['scope over 4000', { scope: 'x'.repeat(4001) }, 'scope'],
    ['deliverables over 4000', { deliverables: 'x'.repeat(4001) }, 'deliverables'],
    ['constraints over 4000', { constraints: 'x'.repeat(4001) }, 'constraints'],
    ['a negative budget', { budget: { amount: -1, currency: 'GBP' } }, 'budget.amount'],
    ['a lower-case currency', { budget: { amount: 1, currency: 'gbp' } }, 'budget.currency'],
    ['a made-up currency', { budget: { amount: 1, currency: 'ABC' } }, 'budget.currency'],
    ['a budget with extra keys', { budget: { amount: 1, currency: 'GBP', vat: true } }, 'budget.vat'],
    ['a budget finer than pence', { budget: { amount: 1e-7, currency: 'GBP' } }, 'budget.amount'],
    // Fractions of a penny too small for a loose check of the binary error (they were stored as 0 and 1).
    ['a billionth of a pound', { budget: { amount: 1e-9, currency: 'GBP' } }, 'budget.amount'],
    ['the smallest number above 0', { budget: { amount: 5e-324, currency: 'GBP' } }, 'budget.amount'],
    ['a pound and a ten-billionth', { budget: { amount: 1.0000000001, currency: 'GBP' } }, 'budget.amount'],
    ['a budget in part-yen', { budget: { amount: 10.5, currency: 'JPY' } }, 'budget.amount'],
    ['the "no currency" code', { budget: { amount: 1, currency: 'XXX' } }, 'budget.currency'],
    ['an unknown fee treatment', { fee_treatment: 'free' }, 'fee_treatment'],
    ['a deadline without a time', { response_deadline: '2026-12-01' }, 'response_deadline'],
    ['an impossible deadline', { delivery_deadline: '2026-02-30T10:00:00Z' }, 'delivery_deadline'],
    ['an unknown time zone', { timezone: 'Mars/Olympus' }, 'timezone'],
    ['an offset for a time zone', { timezone: '+01:00' }, 'timezone'],
    ['31 checklist items', { completion_checklist: Array(31).fill('step') }, 'completion_checklist'],
    ['an empty checklist item', { completion_checklist: [' '] }, 'completion_checklist.0'],
    ['a checklist item over 500', { completion_checklist: ['x'.repeat(501)] }, 'completion_checklist.0'],
    ['11 tags', { tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 'tags'],
    ['an upper-case tag', { tags: ['Party'] }, 'tags.0'],
    ['a tag with spaces', { tags: ['party planning'] }, 'tags.0'],
    ['a tag over 40', { tags: ['x'.repeat(41)] }, 'tags.0'],
    ['an unknown field', { colour: 'red' }, 'colour'],
    ['a status', { status: 'closed' }, 'status'],
  ])('refuses %s', (_case, overrides, path) => {
    expect(failedPaths(() => parseJobCreate(jobInput(overrides)))).toEqual([path]);
  });

  it('accepts the limits themselves', () => {
    expect(() =>
      parseJobCreate(
        jobInput({
          title: 'x'.repeat(200),
          outcome: 'x'.repeat(4000),
          completion_checklist: Array(30).fill('x'.repeat(500)),
          tags: Array.from({ length: 10 }, (_, i) => `tag-${i}`),
          budget: { amount: 0, currency: 'JPY' },
        }),
      ),
    ).not.toThrow();
  });

  it('refuses a body that is not an object', () => {
    expect(failure(() => parseJobCreate([1, 2])).code).toBe('validation_failed');
  });
});

describe('job input for PATCH', () => {
  it('needs expected_version first (428, a missing body too), then valid fields', () => {
    expect(failure(() => parseJobPatch({ title: 'x' })).code).toBe('expected_version_required');
    expect(failure(() => parseJobPatch(undefined)).code).toBe('expected_version_required');
    expect(parseJobPatch({ expected_version: 3, title: 'x' })).toEqual({ expectedVersion: 3, patch: { title: 'x' } });
  });

  it('refuses a non-object body as malformed, not as missing a version', () => {
    expect(failure(() => parseJobPatch('title=x')).code).toBe('validation_failed');
  });

  it('refuses an empty change', () => {
    expect(failedPaths(() => parseJobPatch({ expected_version: 1 }))).toEqual(['']);
  });
});

describe('list query', () => {
  it('defaults to open jobs, 20 at a time, from the start', () => {
    expect(parseInput(jobListQuerySchema, {})).toEqual({ status: 'open', limit: 20, offset: 0 });
  });

  it.each([
    [{ status: 'removed' }, 'status'],
    [{ limit: '1.5' }, 'limit'],
    [{ q: 'x'.repeat(201) }, 'q'],
  ])('refuses %o', (query, path) => {
    expect(failedPaths(() => parseInput(jobListQuerySchema, query))).toEqual([path]);
  });
});

describe('response input', () => {
  it('accepts an offer or a question with an optional version', () => {
    expect(parseInput(responseCreateSchema, { kind: 'question', message: ' When? ', expected_version: 2 })).toEqual({
      kind: 'question',
      message: 'When?',
      expected_version: 2,
    });
  });

  it.each([
    [{ message: 'Hi' }, 'kind'],
    [{ kind: 'offer' }, 'message'],
    [{ kind: 'offer', message: 'x'.repeat(4001) }, 'message'],
    [{ kind: 'offer', message: 'Hi', expected_version: 0 }, 'expected_version'],
  ])('refuses %o', (input, path) => {
    expect(failedPaths(() => parseInput(responseCreateSchema, input))).toEqual([path]);
  });
});
