import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { flashOf, signUpPerson, startWebTestApp, submitAs, type Person } from './app.ts';

/**
 * A one-button change pressed on a page shown before the record changed (the same button pressed
 * in another tab first, or an agent's change): nothing was typed, so the person is led back to the
 * record's page with a line saying how it stands now and that nothing was done, never to an error
 * page whose Reload would send the form again.
 */

let app: TestApp;
let polly: Person;

beforeAll(async () => {
  app = await startWebTestApp();
  polly = await signUpPerson(app, 'Polly Twotabs');
});
afterAll(() => app?.close());

/** What a form answers: the status, where it leads and the line it leaves there. */
const answerOf = async (path: string, fields: Record<string, string> = {}) => {
  const res = await submitAs(app, polly, path, fields);
  return { status: res.status, location: res.headers.get('location'), flash: flashOf(res) };
};

describe('a job’s buttons pressed again', () => {
  it('closing a closed job, or reopening an open one, leads back to the job saying so', async () => {
    const job = await app.services.jobs.create(polly.actor, { title: 'Prune the apple tree', outcome: 'A pruned tree' });
    expect(await answerOf(`/jobs/${job.id}/close`)).toEqual({ status: 303, location: `/jobs/${job.id}`, flash: 'Job closed: it no longer takes responses.' });
    expect(await answerOf(`/jobs/${job.id}/close`)).toEqual({
      status: 303,
      location: `/jobs/${job.id}`,
      flash: 'This job is already closed (perhaps in another tab): nothing was done.',
    });
    await app.services.jobs.reopen(polly.actor, job.id);
    expect(await answerOf(`/jobs/${job.id}/reopen`)).toEqual({
      status: 303,
      location: `/jobs/${job.id}`,
      flash: 'This job is already open (perhaps in another tab): nothing was done.',
    });
    // Nothing changed: still open, and at the version the reopening left.
    expect(await app.services.jobs.get(job.id)).toMatchObject({ status: 'open', version: 3 });
  });

  it('any button on a job removed meanwhile leads to the removed jobs, saying it was removed', async () => {
    const job = await app.services.jobs.create(polly.actor, { title: 'Sweep the chimney', outcome: 'A clean chimney' });
    await app.services.jobs.remove(polly.actor, job.id);
    const removed = { status: 303, location: '/my/jobs?status=removed' };
    expect(await answerOf(`/jobs/${job.id}/close`)).toEqual({ ...removed, flash: 'This job was removed meanwhile (perhaps in another tab): nothing was done.' });
    expect(await answerOf(`/jobs/${job.id}/reopen`)).toEqual({ ...removed, flash: 'This job was removed meanwhile (perhaps in another tab): nothing was done.' });
    expect(await answerOf(`/jobs/${job.id}/remove`)).toEqual({ ...removed, flash: 'This job is already removed (perhaps in another tab): nothing was done.' });
  });

  it('keeps refusing someone else’s job with the error page, and a script keeps the API’s answer', async () => {
    const job = await app.services.jobs.create(polly.actor, { title: 'Paint the shed', outcome: 'A painted shed' });
    const other = await signUpPerson(app, 'Otto Other');
    const res = await submitAs(app, other, `/jobs/${job.id}/close`);
    expect(res.status).toBe(403);
    await app.services.jobs.close(polly.actor, job.id);
    const script = await app.request('POST', `/jobs/${job.id}/close`, { session: polly.principal.session, headers: { accept: 'application/json', 'x-csrf-token': polly.csrf }, body: {} });
    expect(script).toMatchObject({ status: 409, body: { error: 'invalid_state', status: 'closed' } });
  });
});

describe('an offer’s buttons pressed again', () => {
  const offerInput = { title: 'Garden design', role: 'garden-designer', industry: 'home-garden', contact_url: 'https://garden.example/contact' };

  it('pausing a paused offer, or resuming an active one, leads back to the offer saying so', async () => {
    const offer = await app.services.offers.create(polly.actor, offerInput);
    await app.services.offers.pause(polly.actor, offer.id);
    expect(await answerOf(`/services/${offer.id}/pause`)).toEqual({
      status: 303,
      location: `/services/${offer.id}`,
      flash: 'This offer is already paused (perhaps in another tab): nothing was done.',
    });
    await app.services.offers.resume(polly.actor, offer.id);
    expect(await answerOf(`/services/${offer.id}/resume`)).toEqual({
      status: 303,
      location: `/services/${offer.id}`,
      flash: 'This offer is already active (perhaps in another tab): nothing was done.',
    });
    expect(await app.services.offers.get(offer.id)).toMatchObject({ status: 'active', version: 3 });
  });

  it('any button on an offer removed meanwhile leads to My offers, saying it was removed', async () => {
    const offer = await app.services.offers.create(polly.actor, offerInput);
    await app.services.offers.remove(polly.actor, offer.id);
    const removed = { status: 303, location: '/my/services' };
    expect(await answerOf(`/services/${offer.id}/pause`)).toEqual({ ...removed, flash: 'This offer was removed meanwhile (perhaps in another tab): nothing was done.' });
    expect(await answerOf(`/services/${offer.id}/resume`)).toEqual({ ...removed, flash: 'This offer was removed meanwhile (perhaps in another tab): nothing was done.' });
    expect(await answerOf(`/services/${offer.id}/remove`)).toEqual({ ...removed, flash: 'This offer is already removed (perhaps in another tab): nothing was done.' });
  });
});

describe('a connection request decided again', () => {
  it('leads to My agents saying which way it was decided', async () => {
    const approved = await app.services.access.deviceFlow.connect({ agent_name: 'Tab agent', scopes: ['jobs:write'] });
    await app.services.access.deviceFlow.approve(polly.actor, { user_code: approved.user_code });
    expect(await answerOf('/connect/deny', { user_code: approved.user_code })).toEqual({
      status: 303,
      location: '/account/agents',
      flash: 'This connection request was already approved: the agent collects its token and then shows under My agents. Nothing was done now.',
    });
    const denied = await app.services.access.deviceFlow.connect({ agent_name: 'Other tab agent', scopes: ['jobs:write'] });
    await app.services.access.deviceFlow.deny(polly.actor, { user_code: denied.user_code });
    expect(await answerOf('/connect/approve', { user_code: denied.user_code })).toEqual({
      status: 303,
      location: '/account/agents',
      flash:
        'This connection request was already denied, or its approval cancelled: the agent gets no access. To act for you, it connects again. Nothing was done now.',
    });
  });
});
