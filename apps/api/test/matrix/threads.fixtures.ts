import type { Actor } from '@svc/kernel';
import type { TestApp } from '@svc/runtime/testing';
import type { MatrixFixtures, MatrixOwner } from './types.ts';

/**
 * Threads: every route naming a thread answers a stranger the one 404 `not_found`; accepting an
 * invitation depends on who it is for; the lists and create succeed for anyone with the scope.
 */

/** Someone else than the owner and the stranger, signed in: an owner of threads the owner is invited to, or a participant. */
const thirdPerson = async (app: TestApp): Promise<Actor> => {
  const person = await app.signUp('Third person');
  return (await app.services.access.accounts.resolveSession(person.session))!.actor;
};

const ownThread = (app: TestApp, owner: MatrixOwner, title = 'Garden party planning') => app.services.threads.create(owner.actor, { title, summary: 'Draft plan' });

/** `actor` joins `threadId` (owned by `by`) through a one-time link. */
const join = async (app: TestApp, by: Actor, threadId: string, actor: Actor) => {
  const invite = await app.services.threads.createInvite(by, threadId, {});
  await app.services.threads.acceptInvite(actor, invite.token!);
};

export const THREADS_FIXTURES: MatrixFixtures = {
  'threads.list': {
    setup: async ({ app, owner }) => {
      await ownThread(app, owner);
      return { query: { status: 'open' } };
    },
    stranger: 'success',
  },
  'threads.invitations': {
    setup: async ({ app, owner }) => {
      const host = await thirdPerson(app);
      const thread = await app.services.threads.create(host, { title: 'Host thread' });
      await app.services.threads.createInvite(host, thread.id, { invitee_principal_id: owner.id });
      return {};
    },
    stranger: 'success',
  },
  'threads.accept_invite': {
    // A link named for the owner: the owner joins; the stranger holding the link may not.
    setup: async ({ app, owner }) => {
      const host = await thirdPerson(app);
      const thread = await app.services.threads.create(host, { title: 'Host thread' });
      const invite = await app.services.threads.createInvite(host, thread.id, { invitee_principal_id: owner.id });
      return { body: { token: invite.token } };
    },
    stranger: 'not_for_you',
  },
  'threads.accept_invitation': {
    // Invitation ids come from one's own list: someone else's is unknown to the stranger.
    setup: async ({ app, owner }) => {
      const host = await thirdPerson(app);
      const thread = await app.services.threads.create(host, { title: 'Host thread' });
      const invite = await app.services.threads.createInvite(host, thread.id, { invitee_principal_id: owner.id });
      return { params: { invite_id: invite.id } };
    },
    stranger: 'invite_not_found',
  },
  'threads.create': {
    setup: async () => ({ body: { title: 'A new thread', summary: 'What we do next' } }),
    stranger: 'success',
  },
  'threads.get': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id } }),
    stranger: 'not_found',
  },
  'threads.export': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id }, query: { format: 'md' } }),
    stranger: 'not_found',
  },
  'threads.update': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      return { params: { id: thread.id }, body: { summary: 'Date fixed', expected_version: thread.summary_version } };
    },
    stranger: 'not_found',
  },
  'threads.delete': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id } }),
    stranger: 'not_found',
  },
  'threads.add_entry': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id }, body: { kind: 'update', text: 'Hall booked.' } }),
    stranger: 'not_found',
  },
  'threads.edit_entry': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const entry = await app.services.threads.addEntry(owner.actor, thread.id, { kind: 'update', text: 'Hall booked.' });
      return { params: { id: thread.id, entry_id: entry.id }, body: { text: 'Hall booked for Saturday.' } };
    },
    stranger: 'not_found',
  },
  'threads.delete_entry': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const entry = await app.services.threads.addEntry(owner.actor, thread.id, { kind: 'blocker', text: 'No hall yet.' });
      return { params: { id: thread.id, entry_id: entry.id } };
    },
    stranger: 'not_found',
  },
  'threads.add_item': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id }, body: { text: 'Book the hall' } }),
    stranger: 'not_found',
  },
  'threads.update_item': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const item = await app.services.threads.addItem(owner.actor, thread.id, { text: 'Book the hall' });
      return { params: { id: thread.id, item_id: item.id }, body: { done: true } };
    },
    stranger: 'not_found',
  },
  'threads.remove_item': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const item = await app.services.threads.addItem(owner.actor, thread.id, { text: 'Book the hall' });
      return { params: { id: thread.id, item_id: item.id } };
    },
    stranger: 'not_found',
  },
  'threads.create_invite': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id }, body: {} }),
    stranger: 'not_found',
  },
  'threads.revoke_invite': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const invite = await app.services.threads.createInvite(owner.actor, thread.id, {});
      return { params: { id: thread.id, invite_id: invite.id } };
    },
    stranger: 'not_found',
  },
  'threads.remove_participant': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      const helper = await thirdPerson(app);
      await join(app, owner.actor, thread.id, helper);
      return { params: { id: thread.id, principal_id: helper.principalId } };
    },
    stranger: 'not_found',
  },
  'threads.leave': {
    // The owner of the fixture takes part in someone else's thread, which they leave.
    setup: async ({ app, owner }) => {
      const host = await thirdPerson(app);
      const thread = await app.services.threads.create(host, { title: 'Host thread' });
      await join(app, host, thread.id, owner.actor);
      return { params: { id: thread.id } };
    },
    stranger: 'not_found',
  },
  'threads.archive': {
    setup: async ({ app, owner }) => ({ params: { id: (await ownThread(app, owner)).id } }),
    stranger: 'not_found',
  },
  'threads.reopen': {
    setup: async ({ app, owner }) => {
      const thread = await ownThread(app, owner);
      await app.services.threads.archive(owner.actor, thread.id);
      return { params: { id: thread.id } };
    },
    stranger: 'not_found',
  },
};
