import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { HTML, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';

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

/** The main navigation's link to `href`, as markup. */
const navLink = (body: string, href: string): string => {
  const nav = /<nav class="container" aria-label="Main">([\s\S]*?)<\/nav>/.exec(body)![1]!;
  return new RegExp(`<a href="${href.replace(/[/?]/g, '\\$&')}"[^>]*>[\\s\\S]*?</a>`).exec(nav)![0];
};

describe('Responses on the poster’s jobs', () => {
  it('counts active responses on My jobs, on the job page and in the navigation; a withdrawal takes one away', async () => {
    const job = await app.services.jobs.create(poster.actor, { title: 'Paint the fence', outcome: 'A white fence' });
    const quiet = await app.services.jobs.create(poster.actor, { title: 'Mow the lawn', outcome: 'A short lawn' });

    let mine = await view(poster, '/my/jobs');
    expect(mine.body).toContain('No active responses');
    expect(navLink(mine.body, '/my/jobs')).not.toContain('class="badge"');

    const first = await app.services.responses.create(helper.actor, job.id, { kind: 'offer', message: 'I have a brush.', expected_version: job.version });
    await app.services.responses.create(helper.actor, job.id, { kind: 'question', message: 'Which white?', expected_version: job.version });

    mine = await view(poster, '/my/jobs');
    const card = new RegExp(`<a href="/jobs/${job.id}">Paint the fence</a>[\\s\\S]*?</li>`).exec(mine.body)![0];
    expect(card).toContain(`<a href="/jobs/${job.id}#responses">2 active responses</a>`);
    const quietCard = new RegExp(`<a href="/jobs/${quiet.id}">Mow the lawn</a>[\\s\\S]*?</li>`).exec(mine.body)![0];
    expect(quietCard).toContain('No active responses');
    expect(navLink(mine.body, '/my/jobs')).toMatch(/<span class="badge"[^>]*>2<\/span><span class="visually-hidden">\(2 active responses on your open jobs\)<\/span>/);

    const page = await view(poster, `/jobs/${job.id}`);
    expect(page.body).toContain('<h2 id="responses">Responses</h2>');
    expect(page.body).toContain('2 active responses.');

    // The responder sees no badge for the poster's jobs, and the count never reaches another person's page.
    const helpers = await view(helper, '/jobs');
    expect(navLink(helpers.body, '/my/jobs')).not.toContain('class="badge"');

    await app.services.responses.withdraw(helper.actor, first.id);
    mine = await view(poster, '/my/jobs');
    expect(mine.body).toContain(`<a href="/jobs/${job.id}#responses">1 active response</a>`);
    expect(navLink(mine.body, '/my/jobs')).toContain('(1 active response on your open jobs)');

    // A closed job no longer waits on its poster.
    await app.services.jobs.close(poster.actor, job.id);
    expect(navLink((await view(poster, '/my/jobs')).body, '/my/jobs')).not.toContain('class="badge"');
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
    expect(navLink(before.body, '/threads')).not.toContain('class="badge"');

    const invite = await app.services.threads.createInvite(poster.actor, thread.id, { invitee_principal_id: helper.principal.id });
    const waiting = await view(helper, '/jobs');
    expect(navLink(waiting.body, '/threads')).toMatch(/<span class="badge"[^>]*>1<\/span><span class="visually-hidden">\(1 invitation waiting\)<\/span>/);
    // Only the invitee's navigation says so.
    expect(navLink((await view(poster, '/jobs')).body, '/threads')).not.toContain('class="badge"');

    const joined = await submit(helper, `/threads/invitations/${invite.id}/accept`);
    expect(joined.status).toBe(303);
    const after = await view(helper, '/jobs');
    expect(navLink(after.body, '/threads')).not.toContain('class="badge"');
  });

  it('is not shown to a signed-out visitor, whose pages read no counts', async () => {
    const res = await app.request<string>('GET', '/jobs', { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.body).not.toContain('class="badge"');
    expect(res.body).not.toContain('href="/threads"');
  });
});
