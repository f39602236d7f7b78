import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, type Person } from './app.ts';
import { parseHtml, visibleText } from './html.ts';

/**
 * A birthday-party job posted from the website's template form: its page and its card show the
 * party budget the details hold (never "No budget given" above it), and its public title names
 * neither the child nor their age. The website alone, on PostgreSQL.
 */

let app: TestApp;
let host: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  host = await signUpPerson(app, 'Hana Host');
});
afterAll(() => app?.close());

const PARTY = {
  'details.child_name': 'Mia',
  'details.age': '7',
  'details.date': '2030-06-01',
  'details.guest_count': '12',
  'details.general_area': 'Camden, London',
  'details.budget.amount': '300',
  'details.budget.currency': 'gbp',
};

const postParty = async (fields: Record<string, string> = {}) => {
  const res = await submitAs(app, host, '/jobs/new?template=birthday-party', { ...PARTY, ...fields });
  expect(res.status).toBe(303);
  return res.headers.get('location')!.split('/')[2]!;
};

const page = (path: string) => app.request<string>('GET', path, { headers: HTML });

/** The terms of the description lists matching `list` (a job page's facts by default), as label → words: each `dt` with the `dd` right after it. */
const facts = (body: string, list = 'dl.facts'): Record<string, string> =>
  Object.fromEntries(
    parseHtml(body)
      .all(`${list} > dt`)
      .filter((dt) => dt.nextElementSibling?.tagName === 'DD')
      .map((dt) => [visibleText(dt), visibleText(dt.nextElementSibling!)]),
  );

describe('a birthday-party job from the template form', () => {
  it('shows the party budget where the budget is shown, not "No budget given"', async () => {
    const id = await postParty();
    const job = await page(`/jobs/${id}`);
    expect(job.status).toBe(200);
    expect(job.body).not.toContain('No budget given');
    expect(facts(job.body)).toMatchObject({ 'Party budget': '£300.00 (300 GBP) What the party itself may cost (not the planner’s fee).' });
    expect(facts(job.body).Budget).toBeUndefined();
    // Said once: the details list below leaves it out. (Counted in the raw page on purpose: anywhere at all, attributes and head included.)
    expect(job.body.match(/Party budget/g)).toHaveLength(1);

    const list = await page('/jobs?q=birthday');
    // The card's heading links to the job; the first words of the line under it are the budget.
    expect(parseHtml(list.body).text(`h2:has(> a[href="/jobs/${id}"]) + p.meta > span:first-child`)).toBe('Party budget £300.00');
    expect(list.body).not.toContain('No budget given');
  });

  it('shows both when the host also offers a budget for the planning', async () => {
    const id = await postParty({ budget: '75', budget_currency: 'GBP', fee_treatment: 'no_fee' });
    const shown = facts((await page(`/jobs/${id}`)).body);
    expect(shown.Budget).toBe('£75.00 (75 GBP, no fee on top)');
    expect(shown['Party budget']).toMatch(/^£300\.00 \(300 GBP\)/);
  });

  it('gives the job a public title without the child’s name or age', async () => {
    const id = await postParty();
    const stored = await app.services.jobs.get(id);
    expect(stored.title).toBe('Plan a birthday party in Camden, London — 12 guests');
    const job = await page(`/jobs/${id}`);
    const jobPage = parseHtml(job.body);
    expect(jobPage.text('title')).toBe('Plan a birthday party in Camden, London — 12 guests · Task-and-Directory');
    expect(jobPage.text('h1')).toBe('Plan a birthday party in Camden, London — 12 guests');
    const list = await page('/jobs');
    const cardTitle = parseHtml(list.body).text(`a[href="/jobs/${id}"]`)!;
    expect(cardTitle).not.toMatch(/Mia|\b7\b/);
    // The details the host chose to give stay on the job's own page.
    expect(facts(job.body, 'dl')['Who the party is for']).toBe('Mia');
  });

  it('titles the form as its heading says, and gives each detail a hint in plain sentences, without a picker’s machine format', async () => {
    const form = parseHtml((await app.request<string>('GET', '/jobs/new?template=birthday-party', { headers: HTML, session: host.principal.session })).body);
    const hint = (name: string) => form.text(`[id="f-${name.replace(/\./g, '-')}-hint"]`);
    expect(form.text('h1')).toBe('Post a birthday party job');
    expect(form.text('title')).toBe('Post a birthday party job · Task-and-Directory');
    expect(hint('details.date')).toBe('The day of the party.');
    expect(hint('details.start_time')).toBe('Local start time.');
    expect(hint('details.budget.currency')).toBe('A three-letter currency code, such as GBP.');
    expect(hint('details.budget.amount')).toBe('A number from 0 to 10,000,000.');
    expect(hint('details.guest_count')).toBe('How many guests, children and adults together. A whole number from 1 to 500.');
    expect(hint('details.child_name')).toBe('Who the party is for; a first name is enough. Up to 80 characters.');
    // Refused, the page keeps its title (after "Error: ").
    const refused = parseHtml((await submitAs(app, host, '/jobs/new?template=birthday-party', { ...PARTY, 'details.age': '500' })).body);
    expect(refused.text('title')).toBe('Error: Post a birthday party job · Task-and-Directory');
  });

  it('shows the day of the party as the site writes dates', async () => {
    const id = await postParty();
    const shown = parseHtml((await page(`/jobs/${id}`)).body);
    expect(facts(shown.root.toString(), 'dl')['Date of the party']).toBe('1 June 2030');
    expect(shown.attr('dd > time[datetime="2030-06-01"]', 'datetime')).toBe('2030-06-01');
  });

  it('opens the folded job fields when one of them is refused, so the marked field is seen and focused', async () => {
    const res = await submitAs(app, host, '/jobs/new?template=birthday-party', { ...PARTY, title: 'Call 07700 900123' });
    expect(res.status).toBe(422);
    const form = parseHtml(res.body);
    expect(form.one('details:has(#f-title)').getAttribute('open')).not.toBeUndefined();
    expect(form.field('title').control.getAttribute('autofocus')).not.toBeUndefined();
    // Refused for a detail of the template only, the job fields stay folded.
    const detail = parseHtml((await submitAs(app, host, '/jobs/new?template=birthday-party', { ...PARTY, 'details.age': '500' })).body);
    expect(detail.one('details:has(#f-title)').getAttribute('open')).toBeUndefined();
  });
});
