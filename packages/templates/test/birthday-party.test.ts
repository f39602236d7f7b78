import { describe, expect, it } from 'vitest';
import { birthdayParty } from '../src/birthday-party.ts';
import { failure, partyDetails } from '../src/testing.ts';

const CLAUSE_PARTS = [/contact suppliers/, /bookings/, /purchases/, /send invitations/, /host.s explicit approval/];

describe('birthday-party details', () => {
  it('accepts the full set of details and trims text', () => {
    const details = partyDetails({
      child_name: ' Mia ',
      theme: 'space',
      budget: { amount: 300, currency: 'GBP' },
      dietary_notes: 'One nut allergy.',
      activities: ['treasure hunt'],
    });
    expect(birthdayParty.expand(details).details).toEqual({ ...details, child_name: 'Mia' });
  });

  it('needs only date, guest_count and general_area', () => {
    const minimal = { date: '2026-12-05', guest_count: 1, general_area: 'north Leeds' };
    expect(birthdayParty.expand(minimal).details).toEqual(minimal);
  });

  it.each([
    ['a street address', { general_area: '12 Main Street' }, 'details.general_area'],
    ['a continental street address', { general_area: 'Hauptstraße 5, Berlin' }, 'details.general_area'],
    ['a postcode with a street', { general_area: 'Baker Street NW1 6XE' }, 'details.general_area'],
    ['no general_area', { general_area: undefined }, 'details.general_area'],
    ['no date', { date: undefined }, 'details.date'],
    ['a date in another format', { date: '05/12/2026' }, 'details.date'],
    ['a day that does not exist', { date: '2026-02-30' }, 'details.date'],
    ['a time with seconds', { start_time: '14:00:00' }, 'details.start_time'],
    ['no guests', { guest_count: 0 }, 'details.guest_count'],
    ['501 guests', { guest_count: 501 }, 'details.guest_count'],
    ['half a guest', { guest_count: 2.5 }, 'details.guest_count'],
    ['a negative age', { age: -1 }, 'details.age'],
    ['a name over 80', { child_name: 'x'.repeat(81) }, 'details.child_name'],
    ['a lower-case budget currency', { budget: { amount: 10, currency: 'gbp' } }, 'details.budget.currency'],
    ['a negative budget', { budget: { amount: -5, currency: 'GBP' } }, 'details.budget.amount'],
    ['a budget currency that is no ISO 4217 code', { budget: { amount: 10, currency: 'XXX' } }, 'details.budget.currency'],
    ['a budget finer than pence', { budget: { amount: 0.0000001, currency: 'GBP' } }, 'details.budget.amount'],
    ['21 activities', { activities: Array(21).fill('games') }, 'details.activities'],
    ['an activity over 100', { activities: ['x'.repeat(101)] }, 'details.activities.0'],
    ['dietary notes over 1000', { dietary_notes: 'x'.repeat(1001) }, 'details.dietary_notes'],
    ['an unknown key', { address: 'somewhere' }, 'details.address'],
  ])('refuses %s with validation_failed naming %s', (_case, overrides, path) => {
    const error = failure(() => birthdayParty.expand(partyDetails(overrides)));
    expect(error.code).toBe('validation_failed');
    expect(error.extras.details?.map((issue) => issue.path)).toEqual([path]);
  });

  it('refuses details that are not an object, naming details', () => {
    const error = failure(() => birthdayParty.expand('a party'));
    expect(error.extras.details?.map((issue) => issue.path)).toEqual(['details']);
  });

  it('says what a general area is when it refuses a street address', () => {
    const error = failure(() => birthdayParty.expand(partyDetails({ general_area: '45 Elm Rd' })));
    expect(error.extras.details?.[0]?.message).toMatch(/general area/);
  });
});

describe('birthday-party expansion', () => {
  it('fills a public title with the area and guests, never the child’s name or age', () => {
    const { title } = birthdayParty.expand(partyDetails()).fill;
    expect(title).toBe('Plan a birthday party in Camden, London — 12 guests');
    expect(title).not.toContain('Mia');
    expect(title).not.toMatch(/\b7\b/);
    expect(birthdayParty.expand(partyDetails({ child_name: undefined, guest_count: 1 })).fill.title).toBe(
      'Plan a birthday party in Camden, London — 1 guest',
    );
    // The outcome still says who the party is for: the planner needs it, and the host chose to give it.
    expect(birthdayParty.expand(partyDetails()).fill.outcome).toContain('for Mia (7)');
  });

  it('cuts a long area so the title fits, and marks the cut', () => {
    const { title } = birthdayParty.expand(partyDetails({ general_area: `north ${'y'.repeat(194)}`, guest_count: 500 })).fill;
    expect([...title].length).toBe(200);
    expect(title).toMatch(/^Plan a birthday party in north y+… — 500 guests$/);
  });

  it('fills outcome, scope, deliverables, checklist and tags from the details', () => {
    const { fill } = birthdayParty.expand(
      partyDetails({ theme: 'space', budget: { amount: 300, currency: 'GBP' }, dietary_notes: 'No nuts.', activities: ['treasure hunt'] }),
    );
    // The date as people read it, beside the site's other dates (the details keep 2026-12-05).
    expect(fill.outcome).toContain('on Saturday 5 December 2026 at 14:00 in Camden, London');
    expect(fill.outcome).toContain('"space" theme');
    expect(fill.scope).toContain('No nuts.');
    expect(fill.scope).toContain('treasure hunt');
    expect(fill.scope).toContain('300 GBP');
    expect(fill.deliverables).toMatch(/running order/);
    expect(fill.completion_checklist.length).toBeGreaterThan(0);
    expect(fill.completion_checklist.length).toBeLessThanOrEqual(30);
    expect(fill.tags).toEqual(['birthday-party', 'party-planning']);
  });

  it('fills fields that fit the job limits', () => {
    const { fill } = birthdayParty.expand(
      partyDetails({ child_name: 'x'.repeat(80), general_area: 'y'.repeat(200), dietary_notes: 'z'.repeat(1000) }),
    );
    expect(fill.title.length).toBeLessThanOrEqual(200);
    for (const text of [fill.outcome, fill.scope, fill.deliverables]) expect(text.length).toBeLessThanOrEqual(4000);
  });

  it('always gives the planning-only clause', () => {
    const { constraintsClause } = birthdayParty.expand(partyDetails());
    for (const part of CLAUSE_PARTS) expect(constraintsClause).toMatch(part);
  });
});

describe('birthday-party description', () => {
  const described = birthdayParty.describe();

  it('lists every details field with its type, limits and whether it is required', () => {
    const fields = described.details.fields ?? [];
    expect(fields.map((field) => field.name)).toEqual([
      'child_name', 'age', 'date', 'start_time', 'guest_count', 'general_area', 'theme', 'budget', 'dietary_notes', 'activities',
    ]);
    expect(described.details.unknown_fields).toBe('refused');
    expect(fields.find((field) => field.name === 'guest_count')).toMatchObject({
      type: 'number', integer: true, minimum: 1, maximum: 500, required: true,
    });
    expect(fields.find((field) => field.name === 'date')).toMatchObject({ type: 'string', format: 'date (YYYY-MM-DD)', required: true });
    expect(fields.find((field) => field.name === 'theme')).toMatchObject({ required: false, max_length: 200 });
    expect(fields.find((field) => field.name === 'activities')).toMatchObject({ type: 'array', max_items: 20, items: { type: 'string', max_length: 100 } });
    expect(fields.find((field) => field.name === 'general_area')?.description).toMatch(/Street addresses are refused/);
  });

  it('shows the clause, the fields it fills and an example with its defaults', () => {
    expect(described.constraints_clause).toBe(birthdayParty.expand(partyDetails()).constraintsClause);
    expect(described.fills_when_blank).toEqual(['title', 'outcome', 'scope', 'deliverables', 'completion_checklist', 'tags']);
    expect(described.example.defaults.title).toBe('Plan a birthday party in Camden, London — 12 guests');
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(described))).toEqual(described);
  });
});
