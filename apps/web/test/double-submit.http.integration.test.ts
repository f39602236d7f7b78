import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * A create form sent twice (a retry after a timeout, two tabs) creates once: each form carries a key
 * made when it was shown (`_once`), and the second sending gets the first one's answer.
 */
let app: TestApp;
let pam: Person;
let rob: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  pam = await signUpPerson(app, 'Pam Twice');
  rob = await signUpPerson(app, 'Rob Twice');
});
afterAll(() => app?.close());

/** The key the form at `action` on `page` carries, as a browser would send it. */
const keyOf = async (who: Person, page: string, action: string): Promise<string> => {
  const form = parseHtml((await viewAs(app, who, page)).body).one(`form[action="${action}"]`);
  return form.querySelector('input[name="_once"]')!.getAttribute('value')!;
};

const twice = async (who: Person, path: string, fields: Record<string, string>) => {
  const [first, second] = [await submitAs(app, who, path, fields), await submitAs(app, who, path, fields)];
  expect([first.status, second.status]).toEqual([303, 303]);
  expect(second.headers.get('location')).toBe(first.headers.get('location'));
  return first.headers.get('location')!;
};

describe('a create form sent twice', () => {
  it('posts one job, one response, one thread, one entry and one offer', async () => {
    const jobForm = { _once: await keyOf(pam, '/jobs/new', '/jobs/new'), title: 'Mow the lawn twice over', outcome: 'A short lawn' };
    const jobAt = await twice(pam, '/jobs/new', jobForm);
    expect((await app.services.jobs.listMine(pam.actor, { status: 'open' })).jobs.filter((job) => job.title === 'Mow the lawn twice over')).toHaveLength(1);

    const jobId = jobAt.split('/').pop()!;
    const respondForm = { _once: await keyOf(rob, jobAt, `/jobs/${jobId}/responses`), kind: 'offer', message: 'I have a mower.', expected_version: '1' };
    await twice(rob, `/jobs/${jobId}/responses`, respondForm);
    expect((await app.services.responses.listForJob(pam.actor, jobId)).total).toBe(1);

    const threadForm = { _once: await keyOf(pam, '/threads', '/threads'), title: 'Started twice', summary: '' };
    const threadAt = await twice(pam, '/threads', threadForm);
    expect((await app.services.threads.list(pam.actor, {})).threads.filter((thread) => thread.title === 'Started twice')).toHaveLength(1);

    const threadId = threadAt.split('/').pop()!;
    const entryForm = { _once: await keyOf(pam, threadAt, `/threads/${threadId}/entries`), kind: 'update', entry_text: 'Written once, sent twice.' };
    await twice(pam, `/threads/${threadId}/entries`, entryForm);
    expect((await app.services.threads.get(pam.actor, threadId)).entries.map((entry) => entry.text)).toEqual(['Written once, sent twice.']);

    const offerForm = { _once: await keyOf(pam, '/services/new', '/services/new'), title: 'Lawns mown', role: 'gardener', industry: 'garden', contact_url: 'https://lawns.example/contact' };
    await twice(pam, '/services/new', offerForm);
    expect((await app.services.offers.mine(pam.actor)).active.filter((offer) => offer.title === 'Lawns mown')).toHaveLength(1);
  });

  it('registers one directory address, and the second sending leads to it too, not to "the handle is taken"', async () => {
    const registerForm = { _once: await keyOf(pam, '/my/directory/new', '/my/directory/new'), handle: 'pam-twice', display_name: 'Pam Twice', entry_type: 'person', visibility: 'public', term: 'ongoing', destination_value: '' };
    const first = await submitAs(app, pam, '/my/directory/new', registerForm);
    const second = await submitAs(app, pam, '/my/directory/new', registerForm);
    expect([first.status, first.headers.get('location')]).toEqual([303, '/my/directory/aar:pam-twice']);
    expect([second.status, second.headers.get('location')]).toEqual([303, '/my/directory/aar:pam-twice']);
    expect((await app.services.directory.mine(pam.actor, {})).entries.map((entry) => entry.address)).toEqual(['aar:pam-twice']);
  });

  it('creates again when the same form is sent with other text (back, edit, send), and that text once too', async () => {
    const key = await keyOf(pam, '/jobs/new', '/jobs/new');
    await submitAs(app, pam, '/jobs/new', { _once: key, title: 'First text', outcome: 'One' });
    const edited = await twice(pam, '/jobs/new', { _once: key, title: 'Edited text', outcome: 'Two' });
    const titles = (await app.services.jobs.listMine(pam.actor, { status: 'open' })).jobs.map((job) => job.title);
    expect(titles.filter((title) => title === 'First text')).toHaveLength(1);
    expect(titles.filter((title) => title === 'Edited text')).toHaveLength(1);
    expect(edited).not.toBe(`/jobs/${(await app.services.jobs.listMine(pam.actor, { status: 'open' })).jobs.find((job) => job.title === 'First text')!.id}`);
  });
});
