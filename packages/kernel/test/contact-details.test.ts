import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, contactDetailIssues, findContactDetails, refuseContactDetails, type ContactDetailKind } from '../src/index.ts';

/**
 * The detector that keeps contact details out of public text (jobs, offers): what it must find, and
 * the numbers and links of ordinary text it must leave alone.
 */
describe('contact details in public text', () => {
  it.each<[string, ContactDetailKind[]]>([
    ['Write to jo@example.org', ['email_address']],
    ['jo.smith+party@mail.example.co.uk for details', ['email_address']],
    ['mailto:jo@example.org', ['email_address']],
    ['Contact: jo [at] example [dot] org', ['email_address']],
    ['jo (at) example.org', ['email_address']],
    ['See https://example.org/contact?to=jo@example.org', ['email_address']],
    ['Call 07700 900123', ['phone_number']],
    ['Ring 020 7946 0958 after six', ['phone_number']],
    ['(020) 7946 0958', ['phone_number']],
    ['+44 20 7946 0958', ['phone_number']],
    ['+447700900123', ['phone_number']],
    ['+44 (0)20 7946 0958', ['phone_number']],
    ['+1 (555) 123-4567', ['phone_number']],
    ['(555) 123-4567', ['phone_number']],
    ['555-123-4567', ['phone_number']],
    ['555.123.4567', ['phone_number']],
    ['1-800-555-0199', ['phone_number']],
    ['0049 30 1234567', ['phone_number']],
    ['06 12 34 56 78', ['phone_number']],
    ['06.12.34.56.78', ['phone_number']],
    ['tel:+33123456789', ['phone_number']],
    ['We meet at 12 Main Street', ['street_address']],
    ['Hauptstraße 5, Berlin', ['street_address']],
    ['Call 07700 900123 or write to jo@example.org', ['email_address', 'phone_number']],
    // Written to look like an address while slipping past a plain search.
    ['bob@exa\u200bmple.com', ['email_address']],
    ['bob\u2060@example.com', ['email_address']],
    ['bob＠example.com', ['email_address']],
    ['ｂｏｂ@ｅｘａｍｐｌｅ.ｃｏｍ', ['email_address']],
    ['bob%40example.com', ['email_address']],
    ['bob&#64;example.com', ['email_address']],
    ['bob&#x40;example.com', ['email_address']],
    ['bob@example。com', ['email_address']],
    ['bob@example｡com', ['email_address']],
    ['"bob"@example.com', ['email_address']],
    ['Call ０７７００ ９００１２３', ['phone_number']],
  ])('finds %j', (text, kinds) => {
    expect(findContactDetails(text)).toEqual(kinds);
  });

  it.each([
    'Party on 2026-11-26 from 14:00 to 17:30',
    'Deadline 2026-11-26T18:00:00.000Z',
    'On 26/11/2026 or 26.11.2026, 10 guests',
    'Between 26-11-2026 and 2026/12/01',
    'Budget £1,200 (about 1 400 EUR), or 1 200 000 JPY',
    'Up to 1500000000 in total',
    'Prices from 12.50 to 1250.00 per day',
    'Built in 1999, renovated 2024-2025',
    'Years 2024 2025 2026',
    'A flat with 3 bedrooms for a child of age 7',
    'Room 101, 20 guests, 3 tables of 8',
    'Works with version 10.0.19045.2965 and v2.10.4',
    'Needs Node 24.11.1 and PostgreSQL 17.2',
    'ISBN 978-3-16-148410-0',
    'Server at 192.168.100.200',
    'Coordinates 51.5074, -0.1278',
    'https://example.org/items/07700900123',
    'https://user@example.org/path',
    'https://medium.com/@jo.smith/plans',
    'www.example.org/555-123-4567',
    'Follow @party_planner for ideas',
    'Tickets 2 @ £5 each',
    'Meet (at) home. Then plan.',
    'Scores 10 20 30 40 50',
    'Order 123-4567',
    'Room for 12 kids close to the stage',
    'Plan a birthday party for Mia (7) — 12 guests',
    'Discount 100%40 off, then 50% for guests',
    'https://example.org/files/a%40b',
  ])('finds nothing in %j', (text) => {
    expect(findContactDetails(text)).toEqual([]);
  });

  const day = fc.date({ min: new Date('1900-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true });
  const pad = (n: number) => String(n).padStart(2, '0');

  it('finds nothing in dates, times, prices and counts, however they are written', () => {
    const ordinary = fc.oneof(
      day.map((d) => d.toISOString()),
      day.map((d) => d.toISOString().slice(0, 10)),
      day.map((d) => `${pad(d.getUTCDate())}/${pad(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}`),
      day.map((d) => `${pad(d.getUTCDate())}.${pad(d.getUTCMonth() + 1)}.${d.getUTCFullYear()} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}`),
      fc.integer({ min: 0, max: 1_000_000_000 }).map((n) => n.toLocaleString('en-GB')),
      fc.integer({ min: 0, max: 1_000_000_000 }).map((n) => n.toLocaleString('fr-FR')),
      fc.integer({ min: 0, max: 1_000_000_000 }).map((n) => `${n} GBP`),
      fc.double({ min: 0, max: 1e6, noNaN: true }).map((n) => `£${n.toFixed(2)}`),
      fc.integer({ min: 1900, max: 2099 }).map((year) => `in ${year}`),
      fc.tuple(fc.nat(30), fc.nat(99), fc.nat(99999)).map(([a, b, c]) => `version ${a}.${b}.${c}`),
      fc.nat(500).map((n) => `${n} bedrooms, age ${n % 120}`),
    );
    fc.assert(
      fc.property(fc.array(ordinary, { minLength: 1, maxLength: 4 }), (parts) => {
        expect(findContactDetails(parts.join(' and '))).toEqual([]);
      }),
    );
  });

  it('finds phone numbers written in the usual groupings', () => {
    const digits = (count: number) => fc.array(fc.integer({ min: 0, max: 9 }), { minLength: count, maxLength: count }).map((list) => list.join(''));
    const phone = fc.oneof(
      fc.tuple(digits(4), digits(6)).map(([a, b]) => `07${a.slice(1)} ${b}`),
      fc.tuple(digits(2), digits(4), digits(4)).map(([a, b, c]) => `+44 ${a} ${b} ${c}`),
      fc.tuple(fc.integer({ min: 200, max: 999 }), digits(3), digits(4)).map(([a, b, c]) => `(${a}) ${b}-${c}`),
      fc.tuple(fc.integer({ min: 1, max: 9 }), digits(8)).map(([a, b]) => `0${a} ${b.match(/../g)!.join(' ')}`),
    );
    fc.assert(
      fc.property(phone, fc.constantFrom('Call ', 'Phone: ', 'ring ', ''), (number, before) => {
        expect(findContactDetails(`${before}${number} any time`)).toEqual(['phone_number']);
      }),
    );
  });

  it('names each refused field and kind, never the detail itself', () => {
    const issues = contactDetailIssues({
      title: 'Call 07700 900123 or jo@example.org',
      scope: 'Meet at 12 Main Street, Leeds',
      completion_checklist: ['Menu agreed', 'Ring 020 7946 0958'],
      details: { theme: 'space', general_area: 'Camden, London' },
      budget: { amount: 4477009001, currency: 'GBP' },
    });
    expect(issues).toEqual([
      { path: 'title', found: 'email_address', message: 'must not hold an e-mail address: contact happens in private threads, never in public text' },
      { path: 'title', found: 'phone_number', message: 'must not hold a phone number: contact happens in private threads, never in public text' },
      { path: 'scope', found: 'street_address', message: 'must not hold a street address: contact happens in private threads, never in public text' },
      { path: 'completion_checklist.1', found: 'phone_number', message: 'must not hold a phone number: contact happens in private threads, never in public text' },
    ]);
    expect(JSON.stringify(issues)).not.toMatch(/07700|example\.org|Main Street|7946/);
  });

  it('refuses with blocked_content, kind refused (422), and passes clean text', () => {
    expect(() => refuseContactDetails({ title: 'Plan a party on 2026-12-05', tags: ['party'] })).not.toThrow();
    let refused: unknown;
    try {
      refuseContactDetails({ summary: 'Mail jo@example.org' });
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DomainError);
    expect(refused).toMatchObject({ code: 'blocked_content', kind: 'refused', extras: { details: [{ path: 'summary', found: 'email_address' }] } });
  });
});
