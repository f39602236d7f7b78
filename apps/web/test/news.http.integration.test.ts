import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { linksIn, parseHtml, visibleText } from './html.ts';

/** What tells a person something new happened: response counts on their jobs, and the navigation's badges. */

let app: TestApp;
let poster: Person;
let helper: Person;

const person = (name: string) => signUpPerson(app, name);

beforeAll(async () => {
  app = await startWebTestApp();
  poster = await person('Nora Poster');
  helper = await person('Nick Helper');
});
afterAll(() => app?.close());

const view = (who: Person, path: string) => viewAs(app, who, path);
const submit = (who: Person, path: string, fields: Record<string, string> = {}) => submitAs(app, who, path, fields);

/** The badge on the main navigation's link to `href`: its number and the words read out after it; undefined when there is none. */
const navBadge = (body: string, href: string): [string, string] | undefined => {
  const link = parseHtml(body).one(`nav.container[aria-label="Main"] a[href="${href}"]`);
  const badge = link.querySelector('span.badge');
  if (!badge) return undefined;
  const words = badge.nextElementSibling;
  expect(words?.classList.contains('visually-hidden'), 'the badge is read out').toBe(true);
  return [visibleText(badge), visibleText(words!)];
};

/** The card (`li`) of My jobs whose title links to `href` with `title`. */
const card = (body: string, href: string, title: string) =>
  parseHtml(body)
    .all(`li a[href="${href}"]`)
    .find((a) => visibleText(a) === title)!
    .closest('li')!;

describe('Responses on the poster’s jobs', () => {
  it('counts active responses on My jobs, on the job page and in the navigation; a withdrawal takes one away', async () => {
    const job = await app.services.jobs.create(poster.actor, { title: 'Paint the fence', outcome: 'A white fence' });
    const quiet = await app.services.jobs.create(poster.actor, { title: 'Mow the lawn', outcome: 'A short lawn' });

    let mine = await view(poster, '/my/jobs');
    expect(mine.body).toContain('No active responses');
    expect(navBadge(mine.body, '/my/jobs')).toBeUndefined();

    const first = await app.services.responses.create(helper.actor, job.id, { kind: 'offer', message: 'I have a brush.', expected_version: job.version });
    await app.services.responses.create(helper.actor, job.id, { kind: 'question', message: 'Which white?', expected_version: job.version });

    mine = await view(poster, '/my/jobs');
    expect(linksIn(card(mine.body, `/jobs/${job.id}`, 'Paint the fence'))).toContainEqual({ href: `/jobs/${job.id}#responses`, text: '2 active responses' });
    expect(visibleText(card(mine.body, `/jobs/${quiet.id}`, 'Mow the lawn'))).toContain('No active responses');
    expect(navBadge(mine.body, '/my/jobs')).toEqual(['2', '(2 active responses on your open jobs)']);

    const page = await view(poster, `/jobs/${job.id}`);
    expect(parseHtml(page.body).text('h2#responses')).toBe('Responses');
    expect(page.body).toContain('2 active responses.');

    // The responder sees no badge for the poster's jobs, and the count never reaches another person's page.
    const helpers = await view(helper, '/jobs');
    expect(navBadge(helpers.body, '/my/jobs')).toBeUndefined();

    await app.services.responses.withdraw(helper.actor, first.id);
    mine = await view(poster, '/my/jobs');
    expect(parseHtml(mine.body).links()).toContainEqual({ href: `/jobs/${job.id}#responses`, text: '1 active response' });
    expect(navBadge(mine.body, '/my/jobs')).toEqual(['1', '(1 active response on your open jobs)']);

    // A closed job no longer waits on its poster.
    await app.services.jobs.close(poster.actor, job.id);
    expect(navBadge((await view(poster, '/my/jobs')).body, '/my/jobs')).toBeUndefined();
  });

  it('answers counts only for the caller’s own jobs', async () => {
    const job = await app.services.jobs.create(poster.actor, { title: 'Fix the gate', outcome: 'A gate that shuts' });
    await app.services.responses.create(helper.actor, job.id, { kind: 'offer', message: 'I can.', expected_version: job.version });
    expect(await app.services.responses.activeCountsOnMyJobs(poster.actor, [job.id])).toEqual({ [job.id]: 1 });
    expect(await app.services.responses.activeCountsOnMyJobs(helper.actor, [job.id])).toEqual({});
  });
});

describe('A waiting invitation', () => {
  it('shows as a badge on Threads until it is joined', async () => {
    const thread = await app.services.threads.create(poster.actor, { title: 'Fence colours' });
    const before = await view(helper, '/jobs');
    expect(navBadge(before.body, '/threads')).toBeUndefined();

    const invite = await app.services.threads.createInvite(poster.actor, thread.id, { invitee_principal_id: helper.principal.id });
    const waiting = await view(helper, '/jobs');
    expect(navBadge(waiting.body, '/threads')).toEqual(['1', '(1 invitation waiting)']);
    // Only the invitee's navigation says so.
    expect(navBadge((await view(poster, '/jobs')).body, '/threads')).toBeUndefined();

    const joined = await submit(helper, `/threads/invitations/${invite.id}/accept`);
    expect(joined.status).toBe(303);
    const after = await view(helper, '/jobs');
    expect(navBadge(after.body, '/threads')).toBeUndefined();
  });

  it('is not shown to a signed-out visitor, whose pages read no counts', async () => {
    const res = await app.request<string>('GET', '/jobs', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('class="badge"');
    expect(res.body).not.toContain('href="/threads"');
  });
});
