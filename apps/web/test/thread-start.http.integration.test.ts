import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { flashOf, signUpPerson, startWebTestApp, submitAs, viewAs, type Person } from './app.ts';
import { linksIn, parseHtml, referenceOf, visibleText } from './html.ts';

/**
 * Private threads started from a job's responses, a job's page and an offer's page, and inviting by
 * choosing a person: the website alone, on PostgreSQL. Nobody types an id or pastes an address.
 */

let app: TestApp;
let polly: Person;
let hal: Person;
let rita: Person;
let sam: Person;

const person = (name: string) => signUpPerson(app, name);

beforeAll(async () => {
  app = await startWebTestApp();
  polly = await person('Polly Poster');
  hal = await person('Hal Helper');
  rita = await person('Rita Responder');
  sam = await person('Sam Stranger');
});
afterAll(() => app?.close());

const view = (who: Person, path: string) => viewAs(app, who, path);

const submit = (who: Person, path: string, fields: Record<string, string> = {}) => submitAs(app, who, path, fields);

/** A job by Polly with responses from Hal and Rita. */
const jobWithResponses = async (title: string) => {
  const job = await app.services.jobs.create(polly.actor, { title, outcome: 'Someone helps.' });
  await app.services.responses.create(hal.actor, job.id, { kind: 'offer', message: 'I can do this on Saturday.' });
  await app.services.responses.create(rita.actor, job.id, { kind: 'offer', message: 'I can help on Sunday.' });
  return job;
};

const threadIdOf = (res: { status: number; headers: Headers }): string => {
  expect(res.status).toBe(303);
  const location = res.headers.get('location')!;
  expect(location).toMatch(/^\/threads\/thr_[A-Za-z0-9]+$/);
  return location.split('/')[2]!;
};

describe('a private thread from a response', () => {
  it('gives the poster one button per response, which starts a thread linked to the job with the responder invited', async () => {
    const job = await jobWithResponses('Hang the garden lights');
    const page = await view(polly, `/jobs/${job.id}`);
    expect(page.body).toContain(`action="/jobs/${job.id}/thread"`);
    expect(page.body).toContain(`name="with" value="${hal.principal.id}"`);
    expect(page.body).toContain(`name="with" value="${rita.principal.id}"`);
    expect(page.body).toContain('Start a private thread');
    expect(page.body).not.toContain(hal.principal.email);

    const res = await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id });
    const id = threadIdOf(res);
    expect(flashOf(res)).toBe('Private thread started about this job. Hal Helper is invited: the invitation waits on their Threads page.');
    const thread = await app.services.threads.get(polly.actor, id);
    expect(thread.title).toBe('Hang the garden lights');
    expect(thread.linked).toMatchObject({ kind: 'job', id: job.id });
    expect(thread.invites).toEqual([expect.objectContaining({ invitee_principal_id: hal.principal.id, status: 'pending' })]);

    // The helper finds it waiting on their Threads page, naming the thread and the inviter.
    const { invitations } = await app.services.threads.invitations(hal.actor);
    expect(invitations).toEqual([expect.objectContaining({ thread: expect.objectContaining({ id, title: 'Hang the garden lights', owner: expect.objectContaining({ display_name: 'Polly Poster' }) }) })]);
    const threads = await view(hal, '/threads');
    expect(threads.body).toContain('Polly Poster invites you to the private thread “Hang the garden lights”.');
    const joined = await submit(hal, `/threads/invitations/${invitations[0]!.id}/accept`);
    expect(joined.headers.get('location')).toBe(`/threads/${id}`);
    expect((await view(hal, `/threads/${id}`)).body).toContain('Hal Helper');
    // Join pressed again (a page the browser kept): the plain page of a used invitation, leading to the threads.
    const again = await submit(hal, `/threads/invitations/${invitations[0]!.id}/accept`);
    expect(again.status).toBe(410);
    expect(again.body).not.toContain('(it is accepted)');
    expect(parseHtml(again.body).links('main').map((link) => link.href)).toContain('/threads');
  });

  it('opens the same thread on a second click instead of making another', async () => {
    const job = await jobWithResponses('Paint the fence');
    const first = threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id }));
    const again = await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id });
    expect(threadIdOf(again)).toBe(first);
    expect(flashOf(again)).toBe('This is your thread with Hal Helper about this job. They have not joined yet.');
    expect((await app.services.threads.get(polly.actor, first)).invites).toHaveLength(1);
    // Another responder gets a thread of their own.
    // The poster's job page now leads to Hal's thread from his response, and still offers Rita a start.
    const page = parseHtml((await view(polly, `/jobs/${job.id}`)).body);
    expect(page.links('main')).toContainEqual({ href: `/threads/${first}`, text: 'Open your private thread' });
    expect(page.all(`form[action="/jobs/${job.id}/thread"] input[name="with"]`).map((input) => input.getAttribute('value'))).toEqual([rita.principal.id]);
    expect(threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: rita.principal.id }))).not.toBe(first);
    // Once Hal has joined, his own button on the job page leads to the same thread too.
    const [invitation] = (await app.services.threads.invitations(hal.actor)).invitations.filter((item) => item.thread.id === first);
    await app.services.threads.acceptInvitation(hal.actor, invitation!.id);
    expect(threadIdOf(await submit(hal, `/jobs/${job.id}/thread`, { with: polly.principal.id }))).toBe(first);
  });

  it('offers "Start" again, not "Open", beside a responder whose invitation was revoked, and the button invites them again', async () => {
    const job = await jobWithResponses('Mend the roof');
    const first = threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id }));
    const { invites } = await app.services.threads.get(polly.actor, first);
    await app.services.threads.revokeInvite(polly.actor, first, invites![0]!.id);
    const page = parseHtml((await view(polly, `/jobs/${job.id}`)).body);
    expect(page.links('main').map((link) => link.href)).not.toContain(`/threads/${first}`);
    expect(page.all(`form[action="/jobs/${job.id}/thread"] input[name="with"]`).map((input) => input.getAttribute('value'))).toContain(hal.principal.id);
    expect(threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id }))).toBe(first);
    expect(parseHtml((await view(polly, `/jobs/${job.id}`)).body).links('main')).toContainEqual({ href: `/threads/${first}`, text: 'Open your private thread' });
  });

  it('leads someone already invited to the waiting invitation instead of making a second thread', async () => {
    const job = await jobWithResponses('Sweep the path');
    const first = threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id }));
    // Hal, invited but not yet joined, presses his own button on the job page.
    const res = await submit(hal, `/jobs/${job.id}/thread`, { with: polly.principal.id });
    const [invitation] = (await app.services.threads.invitations(hal.actor)).invitations.filter((item) => item.thread.id === first);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe(`/threads#invitation-${invitation!.id}`);
    expect(flashOf(res)).toBe('Polly Poster already invited you to the thread “Sweep the path” about this job: join it below.');
    expect((await app.services.threads.list(hal.actor, {})).threads.filter((thread) => thread.title === 'Sweep the path')).toEqual([]);
    const threads = parseHtml((await view(hal, '/threads')).body);
    expect(threads.one(`#invitation-${invitation!.id}`)).toBeTruthy();
  });

  it('offers a stranger no thread with a responder, and refuses a forged one with the 404 of the service', async () => {
    const job = await jobWithResponses('Mow the lawn');
    const page = await view(sam, `/jobs/${job.id}`);
    expect(page.body).not.toContain(`value="${hal.principal.id}"`);
    const forged = await submit(sam, `/jobs/${job.id}/thread`, { with: hal.principal.id });
    expect(forged.status).toBe(404);
    expect(referenceOf(forged.body)).toBe('not_found');
    // A responder cannot reach another responder through the job either, nor start a thread with themselves.
    expect((await submit(rita, `/jobs/${job.id}/thread`, { with: hal.principal.id })).status).toBe(404);
    expect((await submit(polly, `/jobs/${job.id}/thread`, { with: polly.principal.id })).status).toBe(404);
    expect((await app.services.threads.list(sam.actor, {})).total).toBe(0);
    expect((await app.services.threads.invitations(hal.actor)).invitations.filter((item) => item.thread.title === 'Mow the lawn')).toEqual([]);
  });
});

describe('a private thread from a job’s or an offer’s own page', () => {
  it('lets a signed-in reader start a thread with the poster, linked to the job', async () => {
    const job = await app.services.jobs.create(polly.actor, { title: 'Fix the gate', outcome: 'A gate that closes.' });
    const page = await view(sam, `/jobs/${job.id}`);
    expect(page.body).toContain('Start a private thread with Polly Poster');
    expect((await view(polly, `/jobs/${job.id}`)).body).not.toContain('Start a private thread with');
    const res = await submit(sam, `/jobs/${job.id}/thread`, { with: polly.principal.id });
    const id = threadIdOf(res);
    expect(flashOf(res)).toContain('Polly Poster is invited');
    expect((await app.services.threads.get(sam.actor, id)).linked).toMatchObject({ kind: 'job', id: job.id });
    expect((await app.services.threads.invitations(polly.actor)).invitations.map((item) => item.thread.id)).toContain(id);
    // From then on the job page leads to that thread, for the reader and for the poster's list of threads alike.
    const after = parseHtml((await view(sam, `/jobs/${job.id}`)).body);
    expect(after.links('main')).toContainEqual({ href: `/threads/${id}`, text: 'Open your private thread with Polly Poster' });
    expect(after.find(`form[action="/jobs/${job.id}/thread"]`)).toBeUndefined();
  });

  it('shows on the thread page the linked job’s words as they read when the thread started, beside a link to the job as it is now', async () => {
    const job = await app.services.jobs.create(polly.actor, { title: 'Paint the fence', outcome: 'A white fence.', scope: 'Both sides.', completion_checklist: ['Two coats'] });
    const id = threadIdOf(await submit(sam, `/jobs/${job.id}/thread`, { with: polly.principal.id }));
    await app.services.jobs.update(polly.actor, job.id, { outcome: 'A green fence.', expected_version: job.version });
    const page = parseHtml((await view(sam, `/threads/${id}`)).body);
    expect(page.links('section[aria-labelledby="linked-heading"] > p')).toEqual([{ href: `/jobs/${job.id}`, text: 'Paint the fence' }]);
    expect(visibleText(page.one('details.snapshot summary'))).toMatch(/^How it read when this thread started \(.+\)$/);
    const kept = page.all('details.snapshot dl > *').map((element) => visibleText(element));
    expect(kept).toEqual(['Title', 'Paint the fence', 'Outcome', 'A white fence.', 'Scope', 'Both sides.', 'Done when', 'Two coats']);
  });

  it('lets a signed-in reader start a thread with an offer’s provider, linked to the offer', async () => {
    const offer = await app.services.offers.create(polly.actor, {
      title: 'Garden lighting',
      role: 'electrician',
      industry: 'garden',
      contact_url: 'https://lights.example/contact',
      capabilities: ['Outdoor lights'],
    });
    const page = await view(hal, `/services/${offer.id}`);
    expect(page.body).toContain('Start a private thread with Polly Poster');
    expect((await view(polly, `/services/${offer.id}`)).body).not.toContain('Start a private thread with');
    const id = threadIdOf(await submit(hal, `/services/${offer.id}/thread`, { with: polly.principal.id }));
    const thread = await app.services.threads.get(hal.actor, id);
    expect(thread).toMatchObject({ title: 'Garden lighting', linked: { kind: 'service', id: offer.id } });
    expect(thread.invites).toEqual([expect.objectContaining({ invitee_principal_id: polly.principal.id })]);
    const after = parseHtml((await view(hal, `/services/${offer.id}`)).body);
    expect(after.links('main')).toContainEqual({ href: `/threads/${id}`, text: 'Open your private thread with Polly Poster' });
    // Until Polly joins, the feedback part says what Hal waits for, not to start a thread again.
    const feedback = after.one('section[aria-labelledby="feedback-title"]');
    expect(visibleText(feedback)).toContain('You can leave feedback once Polly Poster joins your thread about this offer.');
    expect(visibleText(feedback)).not.toContain('Start one');
    expect(linksIn(feedback)).toContainEqual({ href: `/threads/${id}`, text: 'your thread about this offer' });
    // Someone with no thread is still told to start one.
    expect(parseHtml((await view(rita, `/services/${offer.id}`)).body).text('section[aria-labelledby="feedback-title"]')).toContain('Start one to work together first.');
  });
});

describe('inviting by choosing a person', () => {
  it('offers the people the linked job connects the owner with, invites the one chosen, and refuses anyone else in plain words', async () => {
    const job = await jobWithResponses('Move the shed');
    const id = threadIdOf(await submit(polly, `/jobs/${job.id}/thread`, { with: hal.principal.id }));
    const page = await view(polly, `/threads/${id}`);
    // Hal is invited already; Rita is the one left to choose. No field asks for an id.
    const options = parseHtml(page.body).all('option');
    expect(options.filter((option) => option.getAttribute('value') === rita.principal.id).map((option) => option.textContent)).toEqual(['Rita Responder']);
    expect(options.map((option) => option.getAttribute('value'))).not.toContain(hal.principal.id);
    expect(page.body).not.toContain('prn_…');
    expect(page.body).toContain(`>Hal Helper</a>`);

    const chosen = await submit(polly, `/threads/${id}/invites`, { invitee: rita.principal.id, kind: 'named' });
    expect(chosen.status).toBe(303);
    expect(flashOf(chosen)).toBe('Rita Responder is invited: the invitation waits on their Threads page.');
    expect((await app.services.threads.invitations(rita.actor)).invitations.map((item) => item.thread.id)).toContain(id);

    const refused = await submit(polly, `/threads/${id}/invites`, { invitee: sam.principal.id, kind: 'named' });
    expect(refused.status).toBe(400);
    expect(refused.body).toContain('This person is not connected with the thread’s job or offer.');
    expect((await app.services.threads.invitations(sam.actor)).invitations.map((item) => item.thread.id)).not.toContain(id);
    const twice = await submit(polly, `/threads/${id}/invites`, { invitee: rita.principal.id, kind: 'named' });
    expect(twice.status).toBe(400);
    expect(twice.body).toContain('An invitation already waits for this person on their Threads page.');
  });
});
