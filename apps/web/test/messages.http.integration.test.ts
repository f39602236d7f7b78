import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { HTML, postBrowserForm, startWebTestApp } from './app.ts';
import { parseHtml, referenceOf } from './html.ts';

/** Refused forms: plain words on the right field, the summary linking to them, focus, and input normalised before validation. */

let app: TestApp;
let pat: Principal;
let pat_: Actor;

beforeAll(async () => {
  app = await startWebTestApp();
  pat = await app.signUp('Pat Poster');
  pat_ = (await app.services.access.accounts.resolveSession(pat.session))!.actor;
});
afterAll(() => app?.close());

const get = (path: string, session?: string) => app.request<string>('GET', path, { headers: HTML, ...(session ? { session } : {}) });

const postForm = (path: string, fields: Record<string, string>, session?: string) => postBrowserForm(app, path, fields, session);

/** The message shown under a field: `<small id="f-…-error">`. */
const fieldError = (body: string, field: string): string | undefined => parseHtml(body).field(field).error;

/** The control of a field, as rendered. */
const control = (body: string, field: string) => parseHtml(body).field(field).control;

const PARTY = { 'details.date': '2030-06-01', 'details.guest_count': '20', 'details.general_area': 'Camden, London' };

describe('refused forms in plain words', () => {
  it('asks for a display name, with the summary linking to the field that takes the focus', async () => {
    const res = await postForm('/account/name', { display_name: '   ' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'display_name')).toBe('Enter a display name, such as “Sam Baker”.');
    const page = parseHtml(res.body);
    expect(page.links('div.error-summary[role="alert"]')).toContainEqual({ href: '#f-display_name', text: 'Enter a display name, such as “Sam Baker”.' });
    const input = control(res.body, 'display_name');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe('f-display_name-hint f-display_name-error');
    expect(input.hasAttribute('autofocus')).toBe(true);
    expect(res.body).not.toMatch(/is not a valid|must not be empty/);
  });

  it('says the age is too high, on the age field, and the template refusal in plain words', async () => {
    const res = await postForm('/jobs/new?template=birthday-party', { ...PARTY, 'details.age': '200' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'details.age')).toBe('Age they are turning must be 120 or less, such as “7”.');
    expect(control(res.body, 'details.age').hasAttribute('autofocus')).toBe(true);

    const street = await postForm('/jobs/new?template=birthday-party', { ...PARTY, 'details.general_area': '12 High Street, Camden' }, pat.session);
    expect(street.status).toBe(422);
    expect(street.body).not.toContain('well-formed');
    expect(street.body).toContain('Please correct the marked fields. Nothing was saved.');
    expect(fieldError(street.body, 'details.general_area')).toMatch(/^General area must be a general area such as/);
  });

  it('puts each budget problem on its own field and takes a lower-case currency', async () => {
    const res = await postForm('/jobs/new', { title: 'Paint a fence', budget: 'lots', budget_currency: 'XYZ' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'budget')).toBe('Budget amount must be a number, such as 250.');
    expect(fieldError(res.body, 'budget_currency')).toBe('Enter the currency as its three-letter code, such as GBP, EUR or USD.');
    expect(control(res.body, 'budget').hasAttribute('autofocus')).toBe(true);
    expect(control(res.body, 'budget_currency').hasAttribute('autofocus')).toBe(false);

    const lower = await postForm('/jobs/new', { title: 'Paint a fence', budget: '120', budget_currency: 'gbp' }, pat.session);
    expect(lower.status).toBe(303);
    const { jobs } = await app.services.jobs.listMine(pat_, {});
    const job = jobs.find((each) => each.title === 'Paint a fence')!;
    expect(job.budget).toEqual({ amount: 120, currency: 'GBP' });
  });

  it('says a negative budget must be 0 or more, not that it is no number', async () => {
    const res = await postForm('/jobs/new', { title: 'Paint a gate', budget: '-5', budget_currency: 'GBP' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'budget')).toBe('Budget amount must be 0 or more.');
    expect(valueOf(res.body, 'budget')).toBe('-5');
  });

  it('makes one tag of each part between commas, as the field’s hint says', async () => {
    const made = await postForm('/jobs/new', { title: 'Trim the hedge', tags: 'Home & Garden, kids,  Garden Work ,' }, pat.session);
    expect(made.status).toBe(303);
    const job = parseHtml((await get(made.headers.get('location')!)).body);
    expect(job.texts('main a.tag')).toEqual(['home-garden', 'kids', 'garden-work']);
  });

  it('asks for a time zone in plain words, with an example', async () => {
    const res = await postForm('/jobs/new', { title: 'Paint a shed', timezone: 'Garden Time' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'timezone')).toBe('Enter the time zone as a region and a city, such as Europe/London or America/New_York.');
  });

  it('makes role and industry slugs from words, and explains what cannot be one', async () => {
    const made = await postForm('/services/new', { title: 'Garden care', role: 'Gardener', industry: 'Home & Garden', tags: 'Lawn care' }, pat.session);
    expect(made.status).toBe(303);
    const offer = await get(made.headers.get('location')!);
    expect(offer.body).toContain('gardener · home garden');

    const bad = await postForm('/services/new', { title: 'Garden care', role: '!!!', industry: 'Home & Garden', contact_url: 'http://garden.example' }, pat.session);
    expect(bad.status).toBe(400);
    expect(fieldError(bad.body, 'role')).toBe('Role can hold letters, numbers, spaces and hyphens, such as “Party planner”.');
    expect(fieldError(bad.body, 'contact_url')).toBe('Contact link must be a secure web address starting with https://, such as https://example.org/contact.');
    expect(parseHtml(bad.body).links('.error-summary').map((link) => link.href)).toEqual(['#f-role', '#f-contact_url']);
    expect(control(bad.body, 'role').hasAttribute('autofocus')).toBe(true);
    expect(control(bad.body, 'contact_url').hasAttribute('autofocus')).toBe(false);
  });

  it('asks for an offer’s title with an offer as the example, for a job’s with a job and for a thread’s with the work it holds', async () => {
    const offer = await postForm('/services/new', { title: '   ', role: 'gardener', industry: 'home' }, pat.session);
    expect(offer.status).toBe(400);
    expect(fieldError(offer.body, 'title')).toBe('Enter a title, such as “Children’s party planning”.');
    const saved = await app.services.offers.create(pat_, { title: 'Pond cleaning', role: 'gardener', industry: 'home' });
    const edit = await postForm(`/services/${saved.id}/edit`, { expected_version: '1', title: ' ', role: 'gardener', industry: 'home' }, pat.session);
    expect(edit.status).toBe(400);
    expect(fieldError(edit.body, 'title')).toBe('Enter a title, such as “Children’s party planning”.');
    const job = await postForm('/jobs/new', { title: '   ', outcome: 'A clean pond' }, pat.session);
    expect(job.status).toBe(400);
    expect(fieldError(job.body, 'title')).toBe('Enter a title, such as “Plan a birthday party for 20 children”.');
    const thread = await postForm('/threads', { title: ' ', summary: '' }, pat.session);
    expect(thread.status).toBe(400);
    expect(fieldError(thread.body, 'title')).toBe('Enter a title, such as “Planning Mia’s party”.');
  });

  it('asks for an empty required field in English: the label with the article it needs', async () => {
    const feedback = await postForm('/site-feedback', { kind: 'feedback', message: '  ' }, pat.session);
    expect(feedback.status).toBe(400);
    expect(fieldError(feedback.body, 'message')).toBe('Enter a message.');
  });

  it('answers the sign-up form field by field', async () => {
    const res = await postForm('/auth/signup', { display_name: '', email: 'not an address', password: 'short' });
    expect(res.status).toBe(400);
    // The page's title says first that it is refused, as a screen reader reads it on arrival.
    expect(parseHtml(res.body).text('title')).toBe('Error: Sign up · Task-and-Directory');
    expect(fieldError(res.body, 'display_name')).toBe('Enter a display name, such as “Sam Baker”.');
    expect(fieldError(res.body, 'password')).toBe('Password must be at least 10 characters long.');
    // The problems come in the form's order (the service checks its fields in that order), and the first field marked takes the focus.
    expect(control(res.body, 'display_name').hasAttribute('autofocus')).toBe(true);
    expect(parseHtml(res.body).links('.error-summary').map((link) => link.href)).toEqual(['#f-display_name', '#f-email', '#f-password']);
    expect(fieldError(res.body, 'email')).toBe('Enter an e-mail address, such as “sam@example.org”.');
  });

  it('marks an empty field of the sign-in and password forms as missing, not as a wrong password', async () => {
    const signIn = await postForm('/auth/login', { email: '', password: '' });
    expect(signIn.status).toBe(400);
    expect(fieldError(signIn.body, 'email')).toBe('Enter an e-mail, such as “sam@example.org”.');
    expect(fieldError(signIn.body, 'password')).toBe('Enter a password.');
    const change = await postForm('/account/password', { current_password: '', new_password: 'short' }, pat.session);
    expect(change.status).toBe(400);
    expect(fieldError(change.body, 'current_password')).toBe('Enter your current password.');
    expect(fieldError(change.body, 'new_password')).toBeDefined();
  });

  it('says once, in full, that an e-mail address already has an account, beside the field, with the way to sign in', async () => {
    const form = { display_name: 'Twice Signed', email: 'twice@example.org', password: 'long enough password' };
    expect((await postForm('/auth/signup', form)).status).toBe(303);
    const res = await postForm('/auth/signup', form);
    expect(res.status).toBe(409);
    expect(fieldError(res.body, 'email')).toBe('This e-mail address already has an account: sign in with it (link above), or use another address.');
    expect(res.body).not.toContain('already has an account: sign in instead');
    expect(parseHtml(res.body).links('main')).toContainEqual({ href: '/login', text: 'Sign in' });
  });

  it('asks to take the e-mail address out of a display name, which everyone sees beside what the person posts', async () => {
    const res = await postForm('/auth/signup', { display_name: 'sam@example.org', email: 'sam@example.org', password: 'long enough password' });
    expect(res.status).toBe(422);
    expect(fieldError(res.body, 'display_name')).toBe('Take out the e-mail address from “Display name”: contact happens in private threads, never in public text.');
    expect(await app.db.query('select 1 from principals where email = $1', ['sam@example.org'])).toEqual([]);
  });

  it('asks for a title holding a direction override ("Invoice \\u202Efdp.exe") to be typed again, saving nothing', async () => {
    const countJobs = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from jobs'))[0]!.n);
    const before = await countJobs();
    const res = await postForm('/jobs/new', { title: 'Invoice \u202Efdp.exe', outcome: 'Paid' }, pat.session);
    expect(res.status).toBe(400);
    expect(fieldError(res.body, 'title')).toBe(
      'Title holds an invisible character that turns the text around (U+202A–U+202E or U+2066–U+2069), usually pasted with it: type the text again rather than pasting it.',
    );
    expect(await countJobs()).toBe(before);
  });

  it('shows an error page in plain words with the code as a reference', async () => {
    const job = await app.services.jobs.create(pat_, { title: 'Mine to change', outcome: 'A plan' });
    const other = await app.signUp('Olga Other');
    const res = await get(`/jobs/${job.id}/edit`, other.session);
    expect(res.status).toBe(403);
    expect(res.body).toContain('Only the person who created it can change it.');
    expect(referenceOf(res.body)).toBe('not_owner');
    expect(res.body).not.toContain('the same as the API answers');
  });
});

/** The value a field was rendered with: an input's `value`, a textarea's text. */
const valueOf = (body: string, field: string): string | undefined => parseHtml(body).field(field).value;

describe('contact details in public text', () => {
  it('asks, on each field, to take out the phone number, e-mail address or street address, with the form kept filled in', async () => {
    const countJobs = async () => Number((await app.db.query<{ n: string }>('select count(*) as n from jobs'))[0]!.n);
    const before = await countJobs();
    const res = await postForm(
      '/jobs/new',
      { title: 'Party: call 07700 900123 or mail pat@example.org', outcome: 'A plan', scope: 'The party is at 12 Acacia Avenue, Leeds.' },
      pat.session,
    );
    expect(res.status).toBe(422);
    expect(res.body).toContain('Everything here is public: take out the contact details marked below. Nothing was saved.');
    expect(fieldError(res.body, 'title')).toBe(
      'Take out the e-mail address from “Title”: contact happens in private threads, never in public text. ' +
        'Take out the phone number from “Title”: contact happens in private threads, never in public text.',
    );
    expect(fieldError(res.body, 'scope')).toBe(
      'Take out the street address from “Scope”: a general area such as “Camden, London” is enough, and the rest is shared in a private thread.',
    );
    expect(control(res.body, 'title').hasAttribute('autofocus')).toBe(true);
    expect(control(res.body, 'scope').getAttribute('aria-invalid')).toBe('true');
    // What was typed comes back, so only the detail needs taking out.
    expect(valueOf(res.body, 'title')).toBe('Party: call 07700 900123 or mail pat@example.org');
    expect(valueOf(res.body, 'scope')).toBe('The party is at 12 Acacia Avenue, Leeds.');
    expect(valueOf(res.body, 'outcome')).toBe('A plan');
    expect(await countJobs()).toBe(before);
  });

  it('says the same on an offer’s pricing note and on its edit form', async () => {
    const res = await postForm('/services/new', { title: 'Garden care', role: 'gardener', industry: 'home', pricing_note: 'From 40 GBP, ring +44 20 7946 0958' }, pat.session);
    expect(res.status).toBe(422);
    expect(fieldError(res.body, 'pricing_note')).toBe('Take out the phone number from “Pricing note”: contact happens in private threads, never in public text.');
    expect(valueOf(res.body, 'pricing_note')).toBe('From 40 GBP, ring +44 20 7946 0958');

    const offer = await app.services.offers.create(pat_, { title: 'Hedge trimming', role: 'gardener', industry: 'home' });
    const edit = await postForm(`/services/${offer.id}/edit`, { expected_version: '1', title: 'Hedge trimming', role: 'gardener', industry: 'home', summary: 'Mail pat@example.org' }, pat.session);
    expect(edit.status).toBe(422);
    expect(fieldError(edit.body, 'summary')).toBe('Take out the e-mail address from “Summary”: contact happens in private threads, never in public text.');
    expect((await app.services.offers.get(offer.id)).version).toBe(1);
  });
});

describe('the dates of a job', () => {
  it('asks for a respond-by date in the future and a delivery after it, in plain words', async () => {
    // The test clock stands at 2026-11-21T12:00:00.000Z; the form reads its dates as UTC.
    const past = await postForm('/jobs/new', { title: 'Paint a fence', response_deadline: '2026-11-20T09:00' }, pat.session);
    expect(past.status).toBe(400);
    expect(fieldError(past.body, 'response_deadline')).toBe('Respond by must be in the future: choose a later date and time.');
    expect(valueOf(past.body, 'response_deadline')).toBe('2026-11-20T09:00');

    const early = await postForm('/jobs/new', { title: 'Paint a fence', response_deadline: '2026-12-10T09:00', delivery_deadline: '2026-12-01T09:00' }, pat.session);
    expect(early.status).toBe(400);
    expect(fieldError(early.body, 'delivery_deadline')).toBe('Deliver by must not be earlier than Respond by: the work comes after the responses.');
    expect(control(early.body, 'delivery_deadline').hasAttribute('autofocus')).toBe(true);
  });

  it('saves an edit of a job whose respond-by date has passed, keeping that date to the millisecond', async () => {
    const respondBy = new Date(app.clock.now().getTime() + 3_600_000 + 30_500).toISOString();
    const job = await app.services.jobs.create(pat_, { title: 'Sweep the yard', response_deadline: respondBy });
    app.clock.advance(2 * 3_600_000);
    const form = await get(`/jobs/${job.id}/edit`, pat.session);
    const fields = parseHtml(form.body).inputs();
    expect(fields.response_deadline).toBe(respondBy.slice(0, 16));
    const { _csrf: _token, ...shown } = fields;
    const saved = await postForm(`/jobs/${job.id}/edit`, { ...shown, title: 'Sweep the whole yard' }, pat.session);
    expect(saved.status, saved.body).toBe(303);
    expect(await app.services.jobs.get(job.id)).toMatchObject({ version: 2, title: 'Sweep the whole yard', response_deadline: respondBy });
  });
});
