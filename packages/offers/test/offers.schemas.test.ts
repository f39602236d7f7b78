import { describe, expect, it } from 'vitest';
import { isDomainError, parseInput } from '@svc/kernel';
import { offerCreateSchema, offerListQuerySchema, parseFeedbackPatch, parseOfferPatch, feedbackCreateSchema, reportCreateSchema } from '../src/offers.schemas.ts';
import { nextOfferStatus } from '../src/offers.state.ts';
import { presentOffer } from '../src/offers.presenter.ts';
import { canSeeFeedback } from '../src/feedback.service.ts';
import type { FeedbackRecord } from '../src/offers.records.ts';
import { BASE_URL, offerInput, offerRecord } from '../src/testing.ts';

const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, details: error.extras.details };
    throw error;
  }
  throw new Error('expected a failure');
};

describe('offer input', () => {
  it('trims text, drops repeated tags and capabilities, and requires title, role and industry', () => {
    const parsed = parseInput(offerCreateSchema, offerInput({ title: '  Plans  ', tags: ['kids', 'kids'], capabilities: ['a', 'a'] }));
    expect(parsed).toMatchObject({ title: 'Plans', tags: ['kids'], capabilities: ['a'] });
    expect(failure(() => parseInput(offerCreateSchema, { title: 'x' })).details?.map((d) => d.path)).toEqual(['role', 'industry']);
  });

  it.each([
    ['title', '', 'title'],
    ['title', 'x'.repeat(201), 'title'],
    ['summary', 'x'.repeat(4001), 'summary'],
    ['role', 'Planner', 'role'],
    ['industry', 'events and more', 'industry'],
    ['capabilities', Array.from({ length: 21 }, (_, i) => `c${i}`), 'capabilities'],
    ['contact_url', 'http://planner.example.org', 'contact_url'],
    ['contact_url', 'https://user:pw@planner.example.org', 'contact_url'],
    ['contact_url', 'not a url', 'contact_url'],
    // A browser drops the tab and opens example.com, not what the text shows: refused as the directory refuses it.
    ['contact_url', 'https://exa\tmple.com/', 'contact_url'],
    ['contact_url', 'https://example.com/a b', 'contact_url'],
    ['pricing_note', 'x'.repeat(501), 'pricing_note'],
    ['tags', ['Not-A-Slug'], 'tags.0'],
    ['tags', Array.from({ length: 11 }, (_, i) => `t${i}`), 'tags'],
    ['title', 'nul\u0000here', 'title'],
    ['colour', 'red', 'colour'],
  ])('refuses %s = %j (path %s)', (field, value, path) => {
    const result = failure(() => parseInput(offerCreateSchema, offerInput({ [field]: value })));
    expect(result.code).toBe('validation_failed');
    expect(result.details?.[0]?.path).toBe(path);
  });

  it('PATCH needs expected_version (428, a missing body too) and at least one field', () => {
    expect(failure(() => parseOfferPatch({ title: 'x' })).code).toBe('expected_version_required');
    expect(failure(() => parseOfferPatch(undefined)).code).toBe('expected_version_required');
    expect(failure(() => parseOfferPatch({ expected_version: 1 })).code).toBe('validation_failed');
    expect(failure(() => parseOfferPatch([])).code).toBe('validation_failed');
    expect(parseOfferPatch({ expected_version: 2, contact_url: null })).toEqual({ expectedVersion: 2, patch: { contact_url: null } });
    expect(failure(() => parseFeedbackPatch({ published: true })).code).toBe('expected_version_required');
  });

  it('lists active offers by default and refuses removed', () => {
    expect(parseInput(offerListQuerySchema, {})).toEqual({ status: 'active', limit: 20, offset: 0 });
    expect(failure(() => parseInput(offerListQuerySchema, { status: 'removed' })).code).toBe('validation_failed');
    expect(failure(() => parseInput(offerListQuerySchema, { limit: '101' })).code).toBe('validation_failed');
  });

  it('feedback and reports take only what they name', () => {
    expect(parseInput(feedbackCreateSchema, { needs_met: 'yes' })).toEqual({ needs_met: 'yes' });
    expect(failure(() => parseInput(feedbackCreateSchema, { needs_met: 'yes', rating: 5 })).details?.[0]?.path).toBe('rating');
    expect(failure(() => parseInput(feedbackCreateSchema, { needs_met: 'yes', source_links: Array(6).fill('https://a.example') })).code).toBe(
      'validation_failed',
    );
    expect(failure(() => parseInput(reportCreateSchema, { target_kind: 'thread', target_id: 'x', reason: 'spam' })).details?.[0]?.path).toBe(
      'target_kind',
    );
  });
});

describe('offer states', () => {
  it.each([
    ['active', 'pause', 'paused'],
    ['paused', 'resume', 'active'],
    ['active', 'remove', 'removed'],
    ['paused', 'remove', 'removed'],
  ] as const)('%s --%s--> %s', (from, action, to) => {
    expect(nextOfferStatus(from, action)).toBe(to);
  });

  it.each([
    ['active', 'resume'],
    ['paused', 'pause'],
    ['removed', 'pause'],
    ['removed', 'resume'],
    ['removed', 'remove'],
  ] as const)('%s cannot %s: invalid_state', (from, action) => {
    expect(failure(() => nextOfferStatus(from, action)).code).toBe('invalid_state');
  });
});

describe('presenter and visibility', () => {
  it('a paused offer keeps its page but hides its contact link', () => {
    const provider = { principal_id: 'prn_provider', display_name: 'Pat' };
    expect(presentOffer(offerRecord(), provider, BASE_URL).contact_url).toBe('https://planner.example.org/contact');
    const paused = presentOffer(offerRecord({ status: 'paused' }), provider, BASE_URL);
    expect(paused).toMatchObject({
      contact_url: null,
      url: `${BASE_URL}/services/svc_0123456789abcdefghjkmnpqrs`,
      provider: { principal_id: 'prn_provider', display_name: 'Pat', profile: `${BASE_URL}/principals/prn_provider` },
      updated_at: '2026-11-21T13:30:00.250Z',
    });
  });

  const item = (overrides: Partial<FeedbackRecord>): FeedbackRecord => ({
    id: 'fbk_1', offerId: 'svc_1', authorId: 'prn_author', version: 1, needsMet: 'yes', comment: '', sourceLinks: [],
    capability: null, published: false, hiddenAt: null, hiddenReason: null, replyText: null, replyAt: null, removedAt: null,
    createdAt: new Date(), updatedAt: new Date(), ...overrides,
  });
  const anyone = { principalId: null, isProvider: false, isSupport: false };
  const third = { principalId: 'prn_third', isProvider: false, isSupport: false };
  const author = { principalId: 'prn_author', isProvider: false, isSupport: false };
  const provider = { principalId: 'prn_provider', isProvider: true, isSupport: false };
  const support = { principalId: 'prn_support', isProvider: false, isSupport: true };

  it.each([
    ['private', {}, [false, false, true, true, false]],
    ['published', { published: true }, [true, true, true, true, true]],
    ['published and hidden', { published: true, hiddenAt: new Date() }, [false, false, true, true, true]],
    ['removed', { published: true, removedAt: new Date() }, [false, false, false, false, false]],
  ] as const)('%s feedback: anonymous, third, author, provider, support', (_name, overrides, expected) => {
    const record = item(overrides);
    expect([anyone, third, author, provider, support].map((viewer) => canSeeFeedback(record, viewer))).toEqual(expected);
  });
});
