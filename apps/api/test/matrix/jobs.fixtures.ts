import type { MatrixFixtures } from './types.ts';
import type { MatrixOwner } from './types.ts';
import type { TestApp } from '@svc/runtime/testing';

const postJob = (app: TestApp, owner: MatrixOwner, title = 'Plan a garden party') =>
  app.services.jobs.create(owner.actor, { title, outcome: 'A plan' });

/** A job by someone else, so the owner (and the stranger) may respond to it. */
const othersJob = async (app: TestApp) => {
  const poster = await app.signUp('Matrix poster');
  const actor = (await app.services.access.accounts.resolveSession(poster.session))!.actor;
  return app.services.jobs.create(actor, { title: 'Help wanted', outcome: 'Help' });
};

const ownJob = (changes: (id: string, version: number) => { body?: unknown; query?: Record<string, string> }) => ({
  setup: async ({ app, owner }: { app: TestApp; owner: MatrixOwner }) => {
    const job = await postJob(app, owner);
    return { params: { id: job.id }, ...changes(job.id, job.version) };
  },
});

export const JOBS_FIXTURES: MatrixFixtures = {
  'jobs.list': { setup: async () => ({ query: { q: 'garden' } }), stranger: 'success' },
  'jobs.create': { setup: async () => ({ body: { title: 'Plan a garden party', outcome: 'A plan' } }), stranger: 'success' },
  'jobs.get': { ...ownJob(() => ({})), stranger: 'success' },
  'jobs.rts': { ...ownJob(() => ({})), stranger: 'success' },
  'jobs.update': { ...ownJob((_id, version) => ({ body: { expected_version: version, title: 'Changed' } })), stranger: 'not_owner' },
  'jobs.remove': { ...ownJob(() => ({})), stranger: 'not_owner' },
  'jobs.close': { ...ownJob(() => ({})), stranger: 'not_owner' },
  'jobs.reopen': {
    setup: async ({ app, owner }) => {
      const job = await postJob(app, owner);
      await app.services.jobs.close(owner.actor, job.id);
      return { params: { id: job.id } };
    },
    stranger: 'not_owner',
  },
  // Anyone signed in may list their own; a stranger gets their own list (empty), never the owner's.
  'jobs.mine': {
    setup: async ({ app, owner }) => {
      await postJob(app, owner);
      return { query: { status: 'open', limit: '5' } };
    },
    stranger: 'success',
  },
  'responses.mine': {
    setup: async ({ app, owner }) => {
      await app.services.responses.create(owner.actor, (await othersJob(app)).id, { kind: 'offer', message: 'I can help.' });
      return { query: { status: 'active' } };
    },
    stranger: 'success',
  },
  // Anyone signed in may list; a stranger sees only their own responses (none).
  'responses.list': { ...ownJob(() => ({ query: { limit: '5' } })), stranger: 'success' },
  'responses.create': {
    setup: async ({ app }) => ({ params: { id: (await othersJob(app)).id }, body: { kind: 'question', message: 'When?' } }),
    stranger: 'success',
  },
  'responses.withdraw': {
    setup: async ({ app, owner }) => {
      const job = await othersJob(app);
      const response = await app.services.responses.create(owner.actor, job.id, { kind: 'offer', message: 'I can help.' });
      return { params: { id: response.id } };
    },
    stranger: 'not_found',
  },
};
