import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { type JobsModule } from '../src/index.ts';
import { BASE_URL, createPeople, jobInput, openJobsHarness } from '../src/testing.ts';

describe.each(ENGINES)("a person's own jobs and responses on %s", (engine) => {
  let db: TestDatabase;
  let jobs: JobsModule['jobs'];
  let responses: JobsModule['responses'];
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  const people = createPeople();
  const poster = people.actor('Poster');
  const other = people.actor('Other poster');
  const bob = people.actor('Bob');

  // Made once: the poster's jobs, oldest first (open, closed, removed, open), and Bob's responses.
  const made: Record<string, string> = {};

  beforeAll(async () => {
    ({ db, jobs, responses } = await openJobsHarness(engine, { clock, people }));
    const create = async (name: string, actor = poster) => {
      clock.advance(60_000);
      made[name] = (await jobs.create(actor, jobInput({ title: name }))).id;
    };
    await create('first open');
    await create('closed');
    await create('removed');
    await create('second open');
    await create('someone else’s', other);
    await jobs.close(poster, made.closed!);
    await jobs.remove(poster, made.removed!);
  });
  afterAll(() => db?.dispose());

  describe('jobs.listMine', () => {
    it('lists open and closed jobs, newest first, not removed ones unless asked for, nor anyone else’s', async () => {
      const list = await jobs.listMine(poster, {});
      expect(list.jobs.map((job) => job.title)).toEqual(['second open', 'closed', 'first open']);
      expect(list).toMatchObject({ total: 3, limit: 20, offset: 0 });
      expect(list.jobs.map((job) => job.status)).toEqual(['open', 'closed', 'open']);
    });

    it.each([
      ['open', ['second open', 'first open']],
      ['closed', ['closed']],
      // The poster's way back to a removed job and its responses.
      ['removed', ['removed']],
    ])('filters by status %s', async (status, titles) => {
      const list = await jobs.listMine(poster, { status });
      expect(list.jobs.map((job) => job.title)).toEqual(titles);
      expect(list.total).toBe(titles.length);
    });

    it('pages with limit and offset, counting every match', async () => {
      const list = await jobs.listMine(poster, { limit: '1', offset: '1' });
      expect(list.jobs.map((job) => job.title)).toEqual(['closed']);
      expect(list).toMatchObject({ total: 3, limit: 1, offset: 1 });
    });

    it('is empty for someone with no jobs', async () => {
      expect(await jobs.listMine(bob, {})).toEqual({ jobs: [], total: 0, total_is_lower_bound: false, older_matches_before: null, limit: 20, offset: 0 });
    });

    it.each([
      [{ status: 'deleted' }, 'status'],
      [{ limit: '0' }, 'limit'],
      [{ posted_by: 'prn_x' }, 'posted_by'],
    ])('refuses %j with validation_failed', async (query, path) => {
      await expect(jobs.listMine(poster, query)).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [expect.objectContaining({ path })] },
      });
    });
  });

  describe('jobs.readAs', () => {
    let gone: string;
    let helper: ReturnType<typeof people.actor>;
    let withdrew: ReturnType<typeof people.actor>;

    beforeAll(async () => {
      helper = people.actor('Helper');
      withdrew = people.actor('Withdrew');
      gone = (await jobs.create(other, jobInput({ title: 'removed with responses' }))).id;
      await responses.create(helper, gone, { kind: 'offer', message: 'I can do it.' });
      await responses.withdraw(withdrew, (await responses.create(withdrew, gone, { kind: 'question', message: 'When?' })).id);
      await jobs.remove(other, gone);
    });

    it('reads open and closed jobs for anyone, signed out too', async () => {
      expect(await jobs.readAs(null, made['first open']!)).toMatchObject({ title: 'first open', status: 'open' });
      expect(await jobs.readAs(bob, made.closed!)).toMatchObject({ title: 'closed', status: 'closed' });
    });

    it('keeps a removed job readable by its poster and by each person who responded, withdrawn or not', async () => {
      for (const actor of [other, helper, withdrew]) {
        expect(await jobs.readAs(actor, gone)).toMatchObject({ id: gone, title: 'removed with responses', status: 'removed' });
      }
      // The public read is unchanged.
      await expect(jobs.get(gone)).rejects.toMatchObject({ code: 'removed' });
    });

    it('answers 410 removed to everyone else, signed out or not, and not_found for an unknown job', async () => {
      await expect(jobs.readAs(null, gone)).rejects.toMatchObject({ code: 'removed' });
      await expect(jobs.readAs(bob, gone)).rejects.toMatchObject({ code: 'removed' });
      // A removed job without responses: only its poster.
      expect(await jobs.readAs(poster, made.removed!)).toMatchObject({ status: 'removed' });
      await expect(jobs.readAs(bob, made.removed!)).rejects.toMatchObject({ code: 'removed' });
      await expect(jobs.readAs(bob, 'job_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });
  });

  describe('responses.listMine and getMine', () => {
    let active: string;
    let withdrawn: string;
    let onClosed: string;

    beforeAll(async () => {
      const other2 = await jobs.create(other, jobInput({ title: 'to be closed' }));
      clock.advance(1_000);
      withdrawn = (await responses.create(bob, made['first open']!, { kind: 'question', message: 'Is the date fixed?' })).id;
      clock.advance(1_000);
      onClosed = (await responses.create(bob, other2.id, { kind: 'offer', message: 'I can help.' })).id;
      clock.advance(1_000);
      active = (await responses.create(bob, made['someone else’s']!, { kind: 'offer', message: 'Happy to plan it.' })).id;
      await responses.create(other, made['first open']!, { kind: 'offer', message: 'Not Bob’s.' });
      await responses.withdraw(bob, withdrawn);
      await jobs.close(other, other2.id);
    });

    it('lists the caller’s responses newest first, withdrawn ones included, each with its job', async () => {
      const list = await responses.listMine(bob, {});
      expect(list).toMatchObject({ total: 3, limit: 20, offset: 0 });
      expect(list.responses.map((response) => [response.id, response.status, response.job.title, response.job.status])).toEqual([
        [active, 'active', 'someone else’s', 'open'],
        [onClosed, 'active', 'to be closed', 'closed'],
        [withdrawn, 'withdrawn', 'first open', 'open'],
      ]);
      expect(list.responses[0]).toMatchObject({
        responder: { principal_id: bob.principalId, display_name: 'Bob' },
        message: 'Happy to plan it.',
        job: { id: made['someone else’s'], url: `${BASE_URL}/jobs/${made['someone else’s']}` },
      });
    });

    it('pages', async () => {
      const list = await responses.listMine(bob, { limit: '2', offset: '2' });
      expect(list.responses.map((response) => response.id)).toEqual([withdrawn]);
      expect(list).toMatchObject({ total: 3, limit: 2, offset: 2 });
    });

    it('shows a response to a job since removed, with the job marked removed', async () => {
      const job = await jobs.create(other, jobInput({ title: 'gone later' }));
      clock.advance(1_000);
      const response = await responses.create(bob, job.id, { kind: 'question', message: 'Still on?' });
      await jobs.remove(other, job.id);
      const [first] = (await responses.listMine(bob, { limit: '1' })).responses;
      expect(first).toMatchObject({ id: response.id, job: { title: 'gone later', status: 'removed' } });
    });

    it('is empty for someone who never responded, and refuses unknown query strings', async () => {
      expect(await responses.listMine(poster, {})).toEqual({ responses: [], total: 0, limit: 20, offset: 0 });
      await expect(responses.listMine(bob, { sort: 'oldest' })).rejects.toMatchObject({ code: 'validation_failed' });
      await expect(responses.listMine(bob, { status: 'open' })).rejects.toMatchObject({ code: 'validation_failed' });
    });

    it('getMine reads one of the caller’s own responses with its job; anyone else gets not_found', async () => {
      expect(await responses.getMine(bob, active)).toMatchObject({ id: active, job: { title: 'someone else’s', status: 'open' } });
      // Even the poster of the job, who can read the response on the job page, is not its author.
      await expect(responses.getMine(other, active)).rejects.toMatchObject({ code: 'not_found' });
      await expect(responses.getMine(bob, 'rsp_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });
  });
});
