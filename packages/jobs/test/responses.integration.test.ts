import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { type JobsModule } from '../src/index.ts';
import { createPeople, jobInput, openJobsHarness } from '../src/testing.ts';

describe.each(ENGINES)('responses on %s', (engine) => {
  let db: TestDatabase;
  let jobs: JobsModule['jobs'];
  let responses: JobsModule['responses'];
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  const people = createPeople();
  const poster = people.actor('Poster');
  const bob = people.actor('Bob');
  const carol = people.actor('Carol');
  const dave = people.actor('Dave');

  beforeAll(async () => {
    ({ db, jobs, responses } = await openJobsHarness(engine, { clock, people }));
  });
  afterAll(() => db?.dispose());

  const storedResponses = (jobId: string) =>
    db.query<{ id: string; status: string; job_version_seen: number }>(
      'select id, status, job_version_seen from job_responses where job_id = $1 order by created_at, id',
      [jobId],
    );
  const offer = { kind: 'offer', message: 'I can plan this for you.' };

  describe('create', () => {
    it('stores an active response with the job version the responder saw', async () => {
      const job = await jobs.create(poster, jobInput());
      clock.advance(1_000);
      const response = await responses.create(bob, job.id, { ...offer, expected_version: 1 });
      expect(response.id).toMatch(/^rsp_[0-9a-z]{26}$/);
      expect(response).toEqual({
        id: response.id,
        job_id: job.id,
        kind: 'offer',
        message: 'I can plan this for you.',
        status: 'active',
        responder: { principal_id: bob.principalId, display_name: 'Bob' },
        job_version_seen: 1,
        created_at: clock.now().toISOString(),
        updated_at: clock.now().toISOString(),
      });
      expect(await storedResponses(job.id)).toEqual([{ id: response.id, status: 'active', job_version_seen: 1 }]);
    });

    it('answers 409 own_job when the poster responds to their own job', async () => {
      const job = await jobs.create(poster, jobInput());
      await expect(responses.create(poster, job.id, offer)).rejects.toMatchObject({ code: 'own_job' });
      expect(await storedResponses(job.id)).toEqual([]);
    });

    it.each([['close'], ['remove']] as const)('answers 409 job_closed after %s', async (action) => {
      const job = await jobs.create(poster, jobInput());
      await jobs[action](poster, job.id);
      await expect(responses.create(bob, job.id, { kind: 'question', message: 'Still on?' })).rejects.toMatchObject({
        code: 'job_closed',
      });
      expect(await storedResponses(job.id)).toEqual([]);
    });

    it('answers 409 job_changed with the current job when the version seen is old, and stores nothing', async () => {
      const job = await jobs.create(poster, jobInput());
      const current = await jobs.update(poster, job.id, { expected_version: 1, title: 'Plan a party for 30' });
      await expect(responses.create(bob, job.id, { ...offer, expected_version: 1 })).rejects.toMatchObject({
        code: 'job_changed',
        extras: { current },
      });
      expect(await storedResponses(job.id)).toEqual([]);
      const response = await responses.create(bob, job.id, { ...offer, expected_version: 2 });
      expect(response.job_version_seen).toBe(2);
    });

    it('stores the version read when no expected_version is given', async () => {
      const job = await jobs.create(poster, jobInput());
      await jobs.update(poster, job.id, { expected_version: 1, title: 'Changed' });
      expect((await responses.create(bob, job.id, offer)).job_version_seen).toBe(2);
    });

    it('answers 404 not_found for an unknown job', async () => {
      await expect(responses.create(bob, 'job_unknown', offer)).rejects.toMatchObject({ code: 'not_found' });
    });

    it.each([
      [{ kind: 'bid', message: 'Hi' }, 'kind'],
      [{ kind: 'offer', message: '   ' }, 'message'],
      [{ kind: 'offer', message: 'x'.repeat(4001) }, 'message'],
      [{ kind: 'offer', message: 'Hi', expected_version: 1.5 }, 'expected_version'],
      [{ kind: 'offer', message: 'Hi', price: 10 }, 'price'],
    ])('refuses %o naming %s', async (input, path) => {
      const job = await jobs.create(poster, jobInput());
      await expect(responses.create(bob, job.id, input)).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [expect.objectContaining({ path })] },
      });
      expect(await storedResponses(job.id)).toEqual([]);
    });
  });

  describe('visibility', () => {
    let jobId: string;
    let bobs: string;
    let carols: string;
    beforeAll(async () => {
      jobId = (await jobs.create(poster, jobInput())).id;
      clock.advance(1_000);
      bobs = (await responses.create(bob, jobId, offer)).id;
      clock.advance(1_000);
      carols = (await responses.create(carol, jobId, { kind: 'question', message: 'Indoors or out?' })).id;
    });
    const seen = async (actor: typeof bob) => (await responses.listForJob(actor, jobId)).responses.map((r) => r.id);

    it('shows the poster every response, oldest first', async () => {
      expect(await seen(poster)).toEqual([bobs, carols]);
    });

    it('shows a responder only their own responses, and others none', async () => {
      expect(await seen(bob)).toEqual([bobs]);
      expect(await seen(carol)).toEqual([carols]);
      expect(await seen(dave)).toEqual([]);
    });

    it('keeps responses visible to their participants after the job is removed', async () => {
      const job = await jobs.create(poster, jobInput());
      const response = await responses.create(bob, job.id, offer);
      await jobs.remove(poster, job.id);
      expect((await responses.listForJob(bob, job.id)).responses).toEqual([response]);
      expect((await responses.listForJob(poster, job.id)).responses).toEqual([response]);
      expect((await responses.listForJob(dave, job.id)).responses).toEqual([]);
    });

    it('answers 404 not_found for an unknown job', async () => {
      await expect(responses.listForJob(bob, 'job_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('withdraw', () => {
    it('withdraws once; a second withdraw is 409 invalid_state', async () => {
      const job = await jobs.create(poster, jobInput());
      const response = await responses.create(bob, job.id, offer);
      clock.advance(30_000);
      const withdrawn = await responses.withdraw(bob, response.id);
      expect(withdrawn).toEqual({ ...response, status: 'withdrawn', updated_at: clock.now().toISOString() });
      await expect(responses.withdraw(bob, response.id)).rejects.toMatchObject({ code: 'invalid_state' });
      expect(await storedResponses(job.id)).toEqual([{ id: response.id, status: 'withdrawn', job_version_seen: 1 }]);
      expect((await responses.listForJob(poster, job.id)).responses).toEqual([withdrawn]);
    });

    it('answers the poster 403 not_owner and anyone else 404 not_found', async () => {
      const job = await jobs.create(poster, jobInput());
      const response = await responses.create(bob, job.id, offer);
      await expect(responses.withdraw(poster, response.id)).rejects.toMatchObject({ code: 'not_owner' });
      await expect(responses.withdraw(carol, response.id)).rejects.toMatchObject({ code: 'not_found' });
      await expect(responses.withdraw(bob, 'rsp_unknown')).rejects.toMatchObject({ code: 'not_found' });
      expect(await storedResponses(job.id)).toEqual([{ id: response.id, status: 'active', job_version_seen: 1 }]);
    });

    it('withdraws once when two withdraws race', async () => {
      const job = await jobs.create(poster, jobInput());
      const response = await responses.create(bob, job.id, offer);
      const attempts = await Promise.allSettled([1, 2, 3].map(() => db.withContext(() => responses.withdraw(bob, response.id))));
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      expect(attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as { code: string }).code] : []))).toEqual([
        'invalid_state',
        'invalid_state',
      ]);
    });
  });

  it('never stores a response against a job closed at the same moment', async () => {
    const job = await jobs.create(poster, jobInput());
    const [response, closed] = await Promise.allSettled([
      db.withContext(() => responses.create(bob, job.id, offer)),
      db.withContext(() => jobs.close(poster, job.id)),
    ]);
    expect(closed.status).toBe('fulfilled');
    const stored = await storedResponses(job.id);
    // Either the response got in before the close (and is stored), or it was refused as job_closed.
    if (response.status === 'fulfilled') expect(stored).toHaveLength(1);
    else {
      expect((response.reason as { code: string }).code).toBe('job_closed');
      expect(stored).toEqual([]);
    }
  });
});
