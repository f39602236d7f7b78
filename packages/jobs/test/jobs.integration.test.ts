import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock, type Actor } from '@svc/kernel';
import { createIdempotencyStore, type SqlMigration } from '@svc/db';
import { ENGINES, type TestDatabase } from '@svc/db/testing';
import { JOB_NOTICE, type JobJson, type JobsModule } from '../src/index.ts';
import { BASE_URL, PLANNING_CLAUSE, birthdayPartyFill, createPeople, jobInput, openJobsHarness } from '../src/testing.ts';
import { jobsMigrations } from '../src/migrations.ts';

interface StoredJob {
  status: string;
  version: number;
  title: string;
  constraints: string;
  budget_amount: string | number | null;
}

const ids = (list: { jobs: JobJson[] }) => list.jobs.map((job) => job.id);

describe.each(ENGINES)('jobs on %s', (engine) => {
  let db: TestDatabase;
  let jobs: JobsModule['jobs'];
  const clock = manualClock('2026-11-21T12:00:00.000Z');
  const people = createPeople();
  const alice = people.actor('Alice');
  const bob = people.actor('Bob');

  beforeAll(async () => {
    ({ db, jobs } = await openJobsHarness(engine, { clock, people }));
  });
  afterAll(() => db?.dispose());

  const stored = async (id: string): Promise<StoredJob | undefined> =>
    (await db.query<StoredJob>('select status, version, title, constraints, budget_amount from jobs where id = $1', [id]))[0];
  const countJobs = async () => Number((await db.query<{ n: string }>('select count(*) as n from jobs'))[0]!.n);
  const post = (actor: Actor = alice, overrides: Record<string, unknown> = {}) => jobs.create(actor, jobInput(overrides));

  describe('create and get', () => {
    it('stops publishing e-mail addresses stored before the rule (migration 202612290100): each one replaced, the rest kept', async () => {
      const job = await post();
      await db.query('update jobs set title = $1, scope = $2 where id = $3', ['Party, ask ann@example.org', 'Guests RSVP to Jo.Smith+party@Mail.Example.co.uk by Friday.', job.id]);
      const migration = jobsMigrations.find((m) => m.name === '202612290100_jobs_text_without_email') as SqlMigration;
      for (const statement of migration.statements) await db.query(statement);
      expect(await jobs.get(job.id)).toMatchObject({
        title: 'Party, ask [e-mail address removed]',
        scope: 'Guests RSVP to [e-mail address removed] by Friday.',
        outcome: job.outcome,
      });
    });

    it('posts an open job at version 1 and returns the exact Job JSON', async () => {
      const job = await post();
      expect(job.id).toMatch(/^job_[0-9a-z]{26}$/);
      // Every field of the body comes back as it was sent (jobInput's are already in their stored form).
      expect(job).toEqual({
        ...jobInput(),
        id: job.id,
        url: `${BASE_URL}/jobs/${job.id}`,
        rts_url: `${BASE_URL}/jobs/${job.id}?format=rts`,
        status: 'open',
        version: 1,
        template: null,
        posted_by: { principal_id: alice.principalId, display_name: 'Alice', profile: `${BASE_URL}/principals/${alice.principalId}` },
        created_at: '2026-11-21T12:00:00.000Z',
        updated_at: '2026-11-21T12:00:00.000Z',
        notice: JOB_NOTICE,
      });
      expect(await jobs.get(job.id)).toEqual(job);
      expect(await stored(job.id)).toMatchObject({ status: 'open', version: 1 });
    });

    it('fills only the blank fields from a template and always adds its planning clause', async () => {
      const details = { general_area: 'north Leeds', guest_count: 12 };
      const job = await jobs.create(alice, {
        template: 'birthday-party',
        details,
        outcome: 'Mia has a great day.',
        constraints: 'No clowns.',
        tags: [],
      });
      // The template's fill but for the outcome the poster gave; tags: [] is blank, so the template's.
      expect(job).toMatchObject({
        ...birthdayPartyFill('north Leeds'),
        outcome: 'Mia has a great day.',
        constraints: `No clowns.\n\n${PLANNING_CLAUSE}`,
        template: { id: 'birthday-party', details },
        budget: null,
        fee_treatment: 'no_fee',
      });
      expect((await stored(job.id))?.constraints).toBe(`No clowns.\n\n${PLANNING_CLAUSE}`);
    });

    it.each([
      ['an unknown template', { template: 'wedding', details: {} }, 'template'],
      ['bad template details', { template: 'birthday-party', details: { guest_count: 3 } }, 'details.general_area'],
      ['details without a template', { title: 'x', details: {} }, 'details'],
      ['a template without details', { template: 'birthday-party' }, 'details'],
      ['no title', { outcome: 'Something' }, 'title'],
      ['an unknown field', { title: 'x', colour: 'red' }, 'colour'],
    ])('refuses %s with validation_failed naming the field, storing nothing', async (_case, body, path) => {
      const before = await countJobs();
      await expect(jobs.create(alice, body)).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: expect.arrayContaining([expect.objectContaining({ path })]) },
      });
      expect(await countJobs()).toBe(before);
    });

    it('writes inside the caller’s transaction, so an idempotent create stores one job', async () => {
      const store = createIdempotencyStore(db, clock);
      const request = { scope: alice.principalId, route: 'POST /api/v1/jobs', key: `k-${engine}`, body: jobInput({ title: 'Once only' }) };
      const create = async () => ({ status: 201, body: await jobs.create(alice, request.body) });
      const first = await store.run(request, create);
      const again = await store.run(request, create);
      expect(again).toEqual({ ...first, replayed: true });
      const rows = await db.query("select id from jobs where title = 'Once only'");
      expect(rows).toEqual([{ id: (first.body as JobJson).id }]);

      await expect(
        db.transaction(async () => {
          await jobs.create(alice, jobInput({ title: 'Rolled back' }));
          throw new Error('later step failed');
        }),
      ).rejects.toThrow('later step failed');
      expect(await db.query("select id from jobs where title = 'Rolled back'")).toEqual([]);
    });

    it('stores text with quotes, question marks and backslashes exactly', async () => {
      const tricky = String.raw`Who's bringing cake? C:\party\'; drop table jobs; --`;
      const job = await post(alice, { title: tricky, completion_checklist: [tricky], constraints: '?' });
      expect(await jobs.get(job.id)).toMatchObject({ title: tricky, completion_checklist: [tricky], constraints: '?' });
      expect((await jobs.update(alice, job.id, { expected_version: 1, outcome: tricky })).outcome).toBe(tricky);
      expect((await jobs.list({ q: "who's bringing cake?" })).jobs.map((found) => found.id)).toContain(job.id);
    });

    it('answers 404 not_found for an unknown job', async () => {
      await expect(jobs.get('job_unknown')).rejects.toMatchObject({ code: 'not_found' });
      await expect(jobs.getRts('job_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('shows the poster’s current display name', async () => {
      const carol = people.actor('Carol');
      const job = await post(carol);
      people.rename(carol.principalId, 'Carol B.');
      expect((await jobs.get(job.id)).posted_by.display_name).toBe('Carol B.');
    });

    it('returns the RTS 0.2 task form of a job', async () => {
      const job = await post();
      const rts = await jobs.getRts(job.id);
      expect(rts).toMatchObject({ rts_version: '0.2', type: 'task', id: job.id, objective: job.outcome, agreement: false });
    });
  });

  describe('list and search', () => {
    const seeded: Record<string, JobJson> = {};
    beforeAll(async () => {
      const seed = async (name: string, body: Record<string, unknown>) => {
        clock.advance(60_000);
        seeded[name] = await jobs.create(alice, { ...body, tags: ['listing', ...((body.tags as string[]) ?? [])] });
      };
      await seed('party', { title: 'Plan a party', tags: ['party-planning'] });
      await seed('bike', { title: 'Fix a bicycle', outcome: 'A working bike', tags: ['repairs'] });
      await seed('fence', { title: 'Paint a fence' });
      await seed('wedding', { title: 'Plan a wedding' });
      await seed('garden', { title: 'Gardening help' });
      await seed('odd', { title: 'Odd jobs', outcome: 'Some gardening and tidying' });
      await jobs.close(alice, seeded.fence!.id);
      await jobs.remove(alice, seeded.wedding!.id);
    });

    it('lists open jobs newest first with total, limit and offset', async () => {
      const list = await jobs.list({ tag: 'listing' });
      expect(ids(list)).toEqual([seeded.odd!.id, seeded.garden!.id, seeded.bike!.id, seeded.party!.id]);
      expect(list).toMatchObject({ total: 4, limit: 20, offset: 0 });
      expect(list.jobs[0]).toEqual(await jobs.get(seeded.odd!.id));
    });

    it('pages with limit and offset', async () => {
      const list = await jobs.list({ tag: 'listing', limit: '2', offset: '1' });
      expect(ids(list)).toEqual([seeded.garden!.id, seeded.bike!.id]);
      expect(list).toMatchObject({ total: 4, limit: 2, offset: 1 });
    });

    it('matches stemmed words: "planning" finds "Plan a party", "bikes" finds "bike"', async () => {
      expect(ids(await jobs.list({ q: 'planning', tag: 'listing' }))).toEqual([seeded.party!.id]);
      expect(ids(await jobs.list({ q: 'bikes', tag: 'listing' }))).toEqual([seeded.bike!.id]);
    });

    it('ranks a title match above a match in the body', async () => {
      expect(ids(await jobs.list({ q: 'gardening', tag: 'listing' }))).toEqual([seeded.garden!.id, seeded.odd!.id]);
    });

    it('searches tags as text too', async () => {
      expect(ids(await jobs.list({ q: 'repairs' }))).toEqual([seeded.bike!.id]);
    });

    it('filters by one tag', async () => {
      expect(ids(await jobs.list({ tag: 'repairs' }))).toEqual([seeded.bike!.id]);
      expect(await jobs.list({ tag: 'no-such-tag' })).toEqual({ jobs: [], total: 0, total_is_lower_bound: false, older_matches_before: null, limit: 20, offset: 0 });
    });

    it('shows closed jobs only when status=closed, and removed jobs never', async () => {
      expect(ids(await jobs.list({ tag: 'listing', status: 'closed' }))).toEqual([seeded.fence!.id]);
      expect(ids(await jobs.list({ q: 'wedding' }))).toEqual([]);
      expect(ids(await jobs.list({ q: 'wedding', status: 'closed' }))).toEqual([]);
      await expect(jobs.list({ status: 'removed' })).rejects.toMatchObject({ code: 'validation_failed' });
    });

    it.each([
      [{ limit: 'ten' }, 'limit'],
      [{ limit: '101' }, 'limit'],
      [{ limit: '0' }, 'limit'],
      [{ offset: '-1' }, 'offset'],
      [{ tag: 'Not A Slug' }, 'tag'],
      [{ sort: 'price' }, 'sort'],
    ])('refuses the query %o naming %s', async (query, path) => {
      await expect(jobs.list(query)).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [expect.objectContaining({ path })] },
      });
    });
  });

  describe('update', () => {
    it('applies the change, adds exactly 1 to the version and stamps updated_at', async () => {
      const job = await post();
      clock.advance(5_000);
      const updated = await jobs.update(alice, job.id, { expected_version: 1, title: 'Plan a bigger party', budget: null });
      expect(updated).toEqual({
        ...job,
        version: 2,
        title: 'Plan a bigger party',
        budget: null,
        updated_at: clock.now().toISOString(),
      });
      expect(await stored(job.id)).toMatchObject({ version: 2, title: 'Plan a bigger party', budget_amount: null });
      expect(await jobs.get(job.id)).toEqual(updated);
    });

    it('writes nothing for an edit re-sending what the job says: same version and updated_at; a stale version is still 409', async () => {
      const job = await post(alice, { tags: ['party', 'kids'], budget: { amount: 50, currency: 'GBP' } });
      clock.advance(5_000);
      const resent = { expected_version: 1, title: job.title, tags: job.tags, budget: job.budget, fee_treatment: job.fee_treatment, timezone: job.timezone };
      expect(await jobs.update(alice, job.id, resent)).toEqual(job);
      expect(await stored(job.id)).toMatchObject({ version: 1 });
      await expect(jobs.update(alice, job.id, { ...resent, expected_version: 7 })).rejects.toMatchObject({ code: 'version_conflict' });
      await expect(jobs.update(bob, job.id, resent)).rejects.toMatchObject({ code: 'not_owner' });
      // One field that differs is a change, at the version sent.
      expect(await jobs.update(alice, job.id, { ...resent, tags: ['party'] })).toMatchObject({ version: 2, tags: ['party'] });
    });

    it('answers 428 expected_version_required without a version, changing nothing', async () => {
      const job = await post();
      await expect(jobs.update(alice, job.id, { title: 'New' })).rejects.toMatchObject({ code: 'expected_version_required' });
      expect(await stored(job.id)).toMatchObject({ version: 1, title: 'Plan a party' });
    });

    it('answers 409 version_conflict with the current job and changes nothing', async () => {
      const job = await post();
      const current = await jobs.update(alice, job.id, { expected_version: 1, title: 'Second' });
      await expect(jobs.update(alice, job.id, { expected_version: 1, title: 'Stale' })).rejects.toMatchObject({
        code: 'version_conflict',
        extras: { current },
      });
      expect(await stored(job.id)).toMatchObject({ version: 2, title: 'Second' });
    });

    it('lets the poster read their job before a change, and answers anyone else 403 not_owner', async () => {
      const job = await post();
      await expect(jobs.getOwn(alice, job.id)).resolves.toMatchObject({ id: job.id, version: 1 });
      await expect(jobs.getOwn(bob, job.id)).rejects.toMatchObject({ code: 'not_owner' });
      await expect(jobs.getOwn(alice, 'job_unknown')).rejects.toMatchObject({ code: 'not_found' });
    });

    it('answers 403 not_owner to anyone but the poster', async () => {
      const job = await post();
      await expect(jobs.update(bob, job.id, { expected_version: 1, title: 'Mine now' })).rejects.toMatchObject({ code: 'not_owner' });
      expect(await stored(job.id)).toMatchObject({ version: 1, title: 'Plan a party' });
    });

    it.each([
      ['an empty change', { expected_version: 1 }, ''],
      ['an unknown field', { expected_version: 1, colour: 'red' }, 'colour'],
      ['template details', { expected_version: 1, details: {} }, 'details'],
      ['a bad version', { expected_version: 'one', title: 'x' }, 'expected_version'],
      ['a too long title', { expected_version: 1, title: 'x'.repeat(201) }, 'title'],
    ])('refuses %s with validation_failed', async (_case, patch, path) => {
      const job = await post();
      await expect(jobs.update(alice, job.id, patch)).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [expect.objectContaining({ path })] },
      });
      expect(await stored(job.id)).toMatchObject({ version: 1 });
    });

    it('keeps a template job’s planning clause when its constraints are edited', async () => {
      const job = await jobs.create(alice, { template: 'birthday-party', details: { general_area: 'Camden, London' } });
      const updated = await jobs.update(alice, job.id, { expected_version: 1, constraints: 'Quiet music only.' });
      expect(updated.constraints).toBe(`Quiet music only.\n\n${PLANNING_CLAUSE}`);
    });

    it('allows edits on a closed job', async () => {
      const job = await post();
      await jobs.close(alice, job.id);
      expect(await jobs.update(alice, job.id, { expected_version: 2, title: 'Closed but fixed' })).toMatchObject({
        status: 'closed',
        version: 3,
      });
    });

    it('lets exactly one of several concurrent edits with the same version win', async () => {
      const job = await post();
      const attempts = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) => db.withContext(() => jobs.update(alice, job.id, { expected_version: 1, title: `Edit ${i}` }))),
      );
      const winners = attempts.filter((a): a is PromiseFulfilledResult<JobJson> => a.status === 'fulfilled');
      const losers = attempts.filter((a): a is PromiseRejectedResult => a.status === 'rejected');
      expect(winners).toHaveLength(1);
      expect(losers.map((a) => (a.reason as { code: string }).code)).toEqual(Array(5).fill('version_conflict'));
      expect(await stored(job.id)).toMatchObject({ version: 2, title: winners[0]!.value.title });
    });
  });

  describe('close, reopen and remove', () => {
    it('moves open → closed → open → removed, one version each, and then reads 410', async () => {
      const job = await post();
      expect(await jobs.close(alice, job.id)).toMatchObject({ status: 'closed', version: 2 });
      expect(await jobs.reopen(alice, job.id)).toMatchObject({ status: 'open', version: 3 });
      const removed = await jobs.remove(alice, job.id);
      expect(removed).toMatchObject({ id: job.id, status: 'removed', version: 4 });
      expect(await stored(job.id)).toMatchObject({ status: 'removed', version: 4 });
      await expect(jobs.get(job.id)).rejects.toMatchObject({ code: 'removed' });
      await expect(jobs.getRts(job.id)).rejects.toMatchObject({ code: 'removed' });
      await expect(jobs.update(alice, job.id, { expected_version: 4, title: 'Back?' })).rejects.toMatchObject({ code: 'removed' });
    });

    it('removes a closed job', async () => {
      const job = await post();
      await jobs.close(alice, job.id);
      expect(await jobs.remove(alice, job.id)).toMatchObject({ status: 'removed', version: 3 });
    });

    const invalid: [string, ('close' | 'reopen' | 'remove')[], 'close' | 'reopen' | 'remove'][] = [
      ['reopen an open job', [], 'reopen'],
      ['close a closed job', ['close'], 'close'],
      ['close a removed job', ['remove'], 'close'],
      ['reopen a removed job', ['remove'], 'reopen'],
      ['remove a removed job', ['remove'], 'remove'],
    ];
    it.each(invalid)('refuses to %s with 409 invalid_state, changing nothing', async (_case, before, action) => {
      const job = await post();
      for (const step of before) await jobs[step](alice, job.id);
      const version = (await stored(job.id))!.version;
      await expect(jobs[action](alice, job.id)).rejects.toMatchObject({ code: 'invalid_state' });
      expect((await stored(job.id))!.version).toBe(version);
    });

    it('answers not_owner to others, removed once the job is gone, and not_found for unknown jobs', async () => {
      const job = await post();
      await expect(jobs.close(bob, job.id)).rejects.toMatchObject({ code: 'not_owner' });
      await expect(jobs.remove(bob, job.id)).rejects.toMatchObject({ code: 'not_owner' });
      await jobs.remove(alice, job.id);
      await expect(jobs.reopen(bob, job.id)).rejects.toMatchObject({ code: 'removed' });
      await expect(jobs.close(alice, 'job_unknown')).rejects.toMatchObject({ code: 'not_found' });
      expect((await stored(job.id))!.version).toBe(2);
    });

    it('closes once when several closes race: one succeeds, the rest are invalid_state', async () => {
      const job = await post();
      const attempts = await Promise.allSettled(Array.from({ length: 4 }, () => db.withContext(() => jobs.close(alice, job.id))));
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      expect(attempts.flatMap((a) => (a.status === 'rejected' ? [(a.reason as { code: string }).code] : []))).toEqual(
        Array(3).fill('invalid_state'),
      );
      expect(await stored(job.id)).toMatchObject({ status: 'closed', version: 2 });
    });
  });

  describe('deadlines', () => {
    const HOUR = 60 * 60 * 1000;
    const at = (offset: number) => new Date(clock.now().getTime() + offset).toISOString();
    const refusal = (path: string) => expect.objectContaining({ code: 'validation_failed', kind: 'invalid', extras: { details: [expect.objectContaining({ path })] } });

    it('refuses a response deadline in the past and a delivery before the response deadline, naming the field and storing nothing', async () => {
      const before = await countJobs();
      await expect(post(alice, { response_deadline: at(-HOUR), delivery_deadline: null })).rejects.toEqual(refusal('response_deadline'));
      await expect(post(alice, { response_deadline: null, delivery_deadline: at(-1) })).rejects.toEqual(refusal('delivery_deadline'));
      await expect(post(alice, { response_deadline: at(2 * HOUR), delivery_deadline: at(HOUR) })).rejects.toEqual(refusal('delivery_deadline'));
      expect(await countJobs()).toBe(before);

      const same = await post(alice, { response_deadline: at(HOUR), delivery_deadline: at(HOUR) });
      expect(same.delivery_deadline).toBe(same.response_deadline);
    });

    it('checks a moved deadline on edit, against the saved one, and changes nothing when refused', async () => {
      const job = await post(alice, { response_deadline: at(2 * HOUR), delivery_deadline: at(4 * HOUR) });
      await expect(jobs.update(alice, job.id, { expected_version: 1, response_deadline: at(-HOUR) })).rejects.toEqual(refusal('response_deadline'));
      await expect(jobs.update(alice, job.id, { expected_version: 1, delivery_deadline: at(HOUR) })).rejects.toEqual(refusal('delivery_deadline'));
      await expect(jobs.update(alice, job.id, { expected_version: 1, response_deadline: at(5 * HOUR) })).rejects.toEqual(refusal('response_deadline'));
      expect(await jobs.get(job.id)).toEqual(job);

      const moved = await jobs.update(alice, job.id, { expected_version: 1, response_deadline: at(3 * HOUR), delivery_deadline: null });
      expect(moved).toMatchObject({ version: 2, response_deadline: at(3 * HOUR), delivery_deadline: null });
    });

    it('keeps a deadline that has passed when the whole job is sent again, as an edit form does', async () => {
      const responseBy = at(HOUR);
      const job = await post(alice, { response_deadline: responseBy, delivery_deadline: at(3 * HOUR) });
      clock.advance(2 * HOUR);
      const edited = await jobs.update(alice, job.id, { expected_version: 1, title: 'Plan a bigger party', response_deadline: responseBy, delivery_deadline: job.delivery_deadline });
      expect(edited).toMatchObject({ version: 2, title: 'Plan a bigger party', response_deadline: responseBy });
    });

    it('answers version_conflict before judging deadlines against a job the caller has not read', async () => {
      const job = await post(alice, { response_deadline: at(HOUR), delivery_deadline: at(3 * HOUR) });
      await jobs.update(alice, job.id, { expected_version: 1, delivery_deadline: at(10 * HOUR) });
      await expect(jobs.update(alice, job.id, { expected_version: 1, response_deadline: at(5 * HOUR) })).rejects.toMatchObject({ code: 'version_conflict' });
    });
  });

  describe('contact details in public text', () => {
    it('refuses them in a template job’s details as details.<field>, storing nothing', async () => {
      const before = await countJobs();
      await expect(
        jobs.create(alice, { template: 'birthday-party', details: { general_area: 'north Leeds', guest_count: 12, theme: 'Space; call 07700 900123' } }),
      ).rejects.toMatchObject({
        code: 'blocked_content',
        kind: 'refused',
        extras: { details: [{ path: 'details.theme', found: 'phone_number', message: expect.not.stringContaining('07700') }] },
      });
      expect(await countJobs()).toBe(before);
    });

    it('refuses them in a checklist item and a tag on edit, changing nothing', async () => {
      const job = await post();
      await expect(
        jobs.update(alice, job.id, { expected_version: 1, completion_checklist: ['Menu agreed', 'Write to host@example.org'], tags: ['07700900123'] }),
      ).rejects.toMatchObject({
        code: 'blocked_content',
        extras: { details: [{ path: 'completion_checklist.1', found: 'email_address' }, { path: 'tags.0', found: 'phone_number' }] },
      });
      expect(await jobs.get(job.id)).toEqual(job);
    });
  });
});
