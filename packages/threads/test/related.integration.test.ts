import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestDatabase } from '@svc/db/testing';
import { manualClock } from '@svc/kernel';
import { createThreadsModule, type ThreadsModule } from '../src/index.ts';
import { BASE_URL, codeOf, createLinks, createPeople, openThreadsTestDatabase } from '../src/testing.ts';

/**
 * Threads between the people a record connects (the website's "Start a private thread" and inviting
 * by choice): one thread per pair and record, the relation decided by the `links` port, and the
 * landing page's preview of a one-time link.
 */
describe('threads between the people a record connects (postgresql)', () => {
  let db: TestDatabase;
  let threads: ThreadsModule['threads'];
  const clock = manualClock('2026-11-22T09:00:00.000Z');
  const people = createPeople();
  const poster = people.person('Polly Poster');
  const helper = people.person('Hal Helper');
  const other = people.person('Rita Responder');
  const stranger = people.person('Sam Stranger');
  const links = createLinks();
  const job = { kind: 'job' as const, id: 'job_lights' };

  beforeAll(async () => {
    db = await openThreadsTestDatabase('postgresql');
    ({ threads } = createThreadsModule({ db, clock, baseUrl: BASE_URL, principals: people.directory, links }));
    links.add('job', job.id, { id: job.id, title: 'Hang the\ngarden lights' });
    links.relate('job', job.id, poster.principalId, [helper.principalId, other.principalId]);
    links.relate('job', job.id, helper.principalId, [poster.principalId]);
  });
  afterAll(() => db?.close());

  /** `startWith` answering a thread (not an invitation waiting for the caller). */
  const inThread = async (...args: Parameters<ThreadsModule['threads']['startWith']>) => {
    const answer = await threads.startWith(...args);
    if (!('thread' in answer)) throw new Error('an invitation waits instead');
    return answer;
  };

  it('starts a thread titled after the record, linking it, with the person invited; a second call opens it', async () => {
    const started = await inThread(poster, { link: job, with_principal_id: helper.principalId });
    expect(started).toMatchObject({ created: true, invited: true, with: { display_name: 'Hal Helper' } });
    expect(started.thread).toMatchObject({ title: 'Hang the garden lights', linked: { kind: 'job', id: job.id } });
    expect(started.thread.invites).toEqual([expect.objectContaining({ invitee_principal_id: helper.principalId, status: 'pending' })]);
    const again = await inThread(poster, { link: job, with_principal_id: helper.principalId });
    expect(again).toMatchObject({ created: false, invited: false, thread: { id: started.thread.id } });
    expect(again.thread.invites).toHaveLength(1);
    // Two clicks at once still make one thread for another pair.
    const [a, b] = await Promise.all([0, 1].map(() => inThread(poster, { link: job, with_principal_id: other.principalId })));
    expect(a!.thread.id).toBe(b!.thread.id);
    expect([a!.created, b!.created].sort()).toEqual([false, true]);
    // Each person's thread about the job, for the page's "Open your private thread" links; nobody else's.
    expect(await threads.sharedThreads(poster, job)).toEqual({ [helper.principalId]: started.thread.id, [other.principalId]: a!.thread.id });
    expect(await threads.sharedThreads(stranger, job)).toEqual({});
    expect(await codeOf(threads.sharedThreads(poster, { kind: 'task', id: job.id }))).toBe('validation_failed');
  });

  it('invites again into the same thread when the earlier invitation was revoked', async () => {
    const { thread } = await inThread(poster, { link: job, with_principal_id: helper.principalId });
    await threads.revokeInvite(poster, thread.id, thread.invites![0]!.id);
    const again = await inThread(poster, { link: job, with_principal_id: helper.principalId });
    expect(again).toMatchObject({ created: false, invited: true, thread: { id: thread.id } });
    expect((await threads.invitations(helper)).invitations.map((item) => item.thread.id)).toContain(thread.id);
  });

  it('counts a thread as shared only while the person takes part in it or holds a pending invitation', async () => {
    const shed = { kind: 'job' as const, id: 'job_shed' };
    links.add('job', shed.id, { id: shed.id, title: 'Build the shed' });
    links.relate('job', shed.id, poster.principalId, [helper.principalId, other.principalId]);
    links.relate('job', shed.id, helper.principalId, [poster.principalId]);
    const { thread } = await inThread(poster, { link: shed, with_principal_id: helper.principalId });
    const withOther = await inThread(poster, { link: shed, with_principal_id: other.principalId });
    expect(await threads.sharedThreads(poster, shed)).toEqual({ [helper.principalId]: thread.id, [other.principalId]: withOther.thread.id });
    // Hal's invitation revoked: no longer shared, and "Start" invites him again into the same thread.
    await threads.revokeInvite(poster, thread.id, thread.invites![0]!.id);
    expect(await threads.sharedThreads(poster, shed)).toEqual({ [other.principalId]: withOther.thread.id });
    expect(await inThread(poster, { link: shed, with_principal_id: helper.principalId })).toMatchObject({ invited: true, thread: { id: thread.id } });
    expect(await threads.sharedThreads(poster, shed)).toEqual({ [helper.principalId]: thread.id, [other.principalId]: withOther.thread.id });
    // Hal joins, then leaves; Rita joins and is removed: neither thread is shared any more, on either side.
    const [invitation] = (await threads.invitations(helper)).invitations.filter((item) => item.thread.id === thread.id);
    await threads.acceptInvitation(helper, invitation!.id);
    expect(await threads.sharedThreads(helper, shed)).toEqual({ [poster.principalId]: thread.id });
    await threads.leave(helper, thread.id);
    const [ritas] = (await threads.invitations(other)).invitations.filter((item) => item.thread.id === withOther.thread.id);
    await threads.acceptInvitation(other, ritas!.id);
    await threads.removeParticipant(poster, withOther.thread.id, other.principalId);
    expect(await threads.sharedThreads(poster, shed)).toEqual({});
    expect(await threads.sharedThreads(helper, shed)).toEqual({});
    // And "Start" brings Hal back into the thread he left.
    expect(await inThread(poster, { link: shed, with_principal_id: helper.principalId })).toMatchObject({ created: false, invited: true, thread: { id: thread.id } });
  });

  it('answers the invitation waiting for the caller to a thread with that person, and makes nothing', async () => {
    const fence = { kind: 'job' as const, id: 'job_fence' };
    links.add('job', fence.id, { id: fence.id, title: 'Paint the fence' });
    links.relate('job', fence.id, poster.principalId, [helper.principalId]);
    links.relate('job', fence.id, helper.principalId, [poster.principalId]);
    const { thread } = await inThread(poster, { link: fence, with_principal_id: helper.principalId });
    const answer = await threads.startWith(helper, { link: fence, with_principal_id: poster.principalId });
    expect(answer).toEqual({
      invitation: expect.objectContaining({ id: thread.invites![0]!.id, thread: expect.objectContaining({ id: thread.id, title: 'Paint the fence' }) }),
      with: { principal_id: poster.principalId, display_name: 'Polly Poster' },
    });
    expect((await threads.list(helper, {})).total).toBe(0);
    expect((await threads.get(poster, thread.id)).invites).toHaveLength(1);
  });

  it('makes one thread when both people press Start at the same moment', async () => {
    const gate = { kind: 'job' as const, id: 'job_gate' };
    links.add('job', gate.id, { id: gate.id, title: 'Fix the gate' });
    links.relate('job', gate.id, poster.principalId, [helper.principalId]);
    links.relate('job', gate.id, helper.principalId, [poster.principalId]);
    const answers = await Promise.all([
      threads.startWith(poster, { link: gate, with_principal_id: helper.principalId }),
      threads.startWith(helper, { link: gate, with_principal_id: poster.principalId }),
    ]);
    const made = answers.flatMap((answer) => ('thread' in answer && answer.created ? [answer.thread.id] : []));
    const waiting = answers.flatMap((answer) => ('invitation' in answer ? [answer.invitation.thread.id] : []));
    expect(made).toHaveLength(1);
    expect(waiting).toEqual(made);
  });

  it('answers not_found for a person the record does not connect the caller with, and for oneself', async () => {
    expect(await codeOf(threads.startWith(stranger, { link: job, with_principal_id: helper.principalId }))).toBe('not_found');
    expect(await codeOf(threads.startWith(helper, { link: job, with_principal_id: other.principalId }))).toBe('not_found');
    expect(await codeOf(threads.startWith(poster, { link: job, with_principal_id: poster.principalId }))).toBe('not_found');
    expect((await threads.list(stranger, {})).total).toBe(0);
  });

  it('lists the related people outside the thread for its owner, and invites only one of them', async () => {
    const thread = await threads.create(poster, { title: 'Lights, second thread', link: job });
    expect(await threads.relatedPeople(poster, thread.id)).toEqual([
      { principal_id: helper.principalId, display_name: 'Hal Helper', invited: false },
      { principal_id: other.principalId, display_name: 'Rita Responder', invited: false },
    ]);
    await threads.inviteRelated(poster, thread.id, { invitee_principal_id: helper.principalId });
    expect((await threads.relatedPeople(poster, thread.id))[0]).toMatchObject({ principal_id: helper.principalId, invited: true });
    expect(await codeOf(threads.inviteRelated(poster, thread.id, { invitee_principal_id: helper.principalId }))).toBe('validation_failed');
    expect(await codeOf(threads.inviteRelated(poster, thread.id, { invitee_principal_id: stranger.principalId }))).toBe('validation_failed');
    expect(await codeOf(threads.inviteRelated(stranger, thread.id, { invitee_principal_id: helper.principalId }))).toBe('not_found');
    const unlinked = await threads.create(poster, { title: 'No link' });
    expect(await threads.relatedPeople(poster, unlinked.id)).toEqual([]);
  });

  it('previews a pending one-time link with the thread and who invited, and nothing else', async () => {
    const thread = await threads.create(poster, { title: 'Preview me' });
    const open = await threads.createInvite(poster, thread.id, {});
    expect(await threads.previewInvite(stranger, open.token!)).toMatchObject({
      thread: { id: thread.id, title: 'Preview me', owner: { display_name: 'Polly Poster' } },
      invited_by: { display_name: 'Polly Poster' },
    });
    const named = await threads.createInvite(poster, thread.id, { invitee_principal_id: helper.principalId });
    expect(await codeOf(threads.previewInvite(stranger, named.token!))).toBe('not_for_you');
    await threads.acceptInvite(helper, named.token!);
    expect(await codeOf(threads.previewInvite(helper, named.token!))).toBe('invite_unavailable');
    expect(await codeOf(threads.previewInvite(helper, 'x'.repeat(43)))).toBe('invite_not_found');
    expect(await codeOf(threads.previewInvite(people.agentOf(helper), open.token!))).toBe('human_only');
  });
});
