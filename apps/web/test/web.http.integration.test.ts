import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { referenceOf } from './html.ts';

/** The website served alone (no API routes), over the same services, on PostgreSQL. */

let app: TestApp;
let alice: Principal;
let aliceActor: Actor;

beforeAll(async () => {
  app = await startWebTestApp();
  alice = await app.signUp('Alice Poster');
  aliceActor = (await app.services.access.accounts.resolveSession(alice.session))!.actor;
});
afterAll(() => app?.close());

const HTML = { accept: 'text/html' };

describe('the website alone', () => {
  it('serves the job page of a job posted through the same services', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Plan a garden party for Ada', outcome: 'A plan' });
    const res = await app.request<string>('GET', `/jobs/${job.id}`, { headers: HTML });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.body).toContain('Plan a garden party for Ada');
    expect(res.body).toContain('Alice Poster');
  });

  it('shows the edit and remove pages of a job to its poster only: anyone else gets 403 not_owner from the jobs service', async () => {
    const job = await app.services.jobs.create(aliceActor, { title: 'Paint the shed for Ada', outcome: 'A painted shed' });
    const bob = await app.signUp('Bob Stranger');
    for (const path of [`/jobs/${job.id}/edit`, `/jobs/${job.id}/remove`]) {
      const theirs = await app.request<string>('GET', path, { headers: HTML, session: bob.session });
      expect(theirs.status).toBe(403);
      expect(referenceOf(theirs.body)).toBe('not_owner');
      const own = await app.request<string>('GET', path, { headers: HTML, session: alice.session });
      expect(own.status).toBe(200);
      expect(own.body).toContain('Paint the shed for Ada');
    }
  });

  it('does not serve the API: its routes belong to the API process', async () => {
    const res = await app.request('GET', '/api/v1/jobs');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: 'not_found' });
  });
});
