import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import * as v from 'valibot';
import { createThreadsModule, threadExportJsonSchema, type ThreadsModule } from '../src/index.ts';
import { BASE_URL, createLinks, createPeople, sequentialIds, openThreadsTestDatabase } from '../src/testing.ts';

/**
 * Exports are deterministic for a fixed clock, fixed ids and fixed names, so they are compared with
 * golden files (`vitest run -u` rewrites them after a deliberate change of format).
 */
describe('thread export (postgresql)', () => {
  let db: TestDatabase;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const alice = people.person('Alice', 'prn_alice');
  const bob = people.person('Bob', 'prn_bob');
  const links = createLinks();
  links.add('job', 'job_party', {
    id: 'job_party',
    title: 'Plan a birthday party',
    budget: { amount: 120, currency: 'GBP' },
    notice: 'Posting or responding creates no agreement.',
    code: 'Uses ``` inside',
  });
  let threadId = '';

  beforeAll(async () => {
    db = await openThreadsTestDatabase('postgresql');
    ({ threads } = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people.directory, links, ids: sequentialIds() }));
    const step = () => clock.advance(60_000);
    const thread = await threads.create(alice, {
      title: 'Mia’s birthday party',
      summary: 'Saturday 5 December, 14:00-17:00.\nAbout 12 children.',
      link: { kind: 'job', id: 'job_party' },
    });
    threadId = thread.id;
    step();
    const invite = await threads.createInvite(alice, thread.id, {});
    step();
    await threads.acceptInvite(bob, invite.token!);
    step();
    await threads.addEntry(alice, thread.id, { kind: 'update', text: 'The community hall is free that afternoon.' });
    step();
    const blocker = await threads.addEntry(bob, thread.id, { kind: 'blocker', text: 'The hall needs a deposit by Friday.' });
    step();
    await threads.editEntry(bob, thread.id, blocker.id, { text: 'The hall needs a deposit by Thursday.' });
    step();
    const wrong = await threads.addEntry(bob, thread.id, { kind: 'next_step', text: 'Call the wrong caterer.' });
    step();
    await threads.deleteEntry(bob, thread.id, wrong.id);
    step();
    await threads.addEntry(alice, thread.id, { kind: 'deliverable', text: '## Running order\n\n1. Games\n2. Cake' });
    step();
    const hall = await threads.addItem(alice, thread.id, { text: 'Book the hall' });
    await threads.addItem(bob, thread.id, { text: 'Order the cake' });
    step();
    await threads.updateItem(bob, thread.id, hall.id, { done: true });
    step();
    await threads.update(bob, thread.id, { summary: 'Saturday 5 December, 14:00-17:00.\nAbout 12 children; hall booked.', expected_version: 1 });
    step();
    await threads.archive(alice, thread.id);
    step();
  });
  afterAll(() => db?.dispose());

  it('exports Markdown that matches the golden file', async () => {
    const exported = await threads.export(bob, threadId, 'md');
    expect(exported).toMatchObject({ format: 'md', content_type: 'text/markdown; charset=utf-8', filename: 'thr_0001.md' });
    await expect(exported.body).toMatchFileSnapshot('./golden/thread.md');
  });

  it('exports JSON that matches the golden file and its schema', async () => {
    const exported = await threads.export(alice, threadId, 'json');
    expect(exported).toMatchObject({ format: 'json', content_type: 'application/json', filename: 'thr_0001.json' });
    expect(v.is(threadExportJsonSchema, exported.body)).toBe(true);
    await expect(`${JSON.stringify(exported.body, null, 2)}\n`).toMatchFileSnapshot('./golden/thread.json');
  });

  it('gives the same export twice and holds no invitation tokens', async () => {
    const first = await threads.export(alice, threadId, 'json');
    expect(await threads.export(alice, threadId, 'json')).toEqual(first);
    expect(JSON.stringify(first)).not.toMatch(/tin_|token/);
  });

  it.each([['pdf'], [undefined], ['MD']])('refuses the format %j', async (format) => {
    await expect(threads.export(alice, threadId, format)).rejects.toMatchObject({ code: 'validation_failed', extras: { details: [{ path: 'format', message: 'must be md or json' }] } });
  });
});
