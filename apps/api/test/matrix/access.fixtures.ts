import type { MatrixFixtures } from './types.ts';

const introduction = { schema_version: '1', agent_name: 'Matrix agent' };

export const ACCESS_FIXTURES: MatrixFixtures = {
  'agent.connect': {
    setup: async () => ({ body: { agent_name: 'Matrix agent', scopes: ['account:read'] } }),
    stranger: 'success',
  },
  'agent.token': {
    // An approved connect request: whoever polls first gets its one token.
    setup: async ({ app, owner }) => {
      const connect = await app.services.access.deviceFlow.connect({ agent_name: 'Matrix agent', scopes: ['account:read'] });
      await app.services.access.deviceFlow.approve(owner.actor, { user_code: connect.user_code });
      return { body: { device_code: connect.device_code } };
    },
    stranger: 'success',
  },
  'agent.revoke_grant': {
    setup: async () => ({}),
    stranger: 'success',
    // A website session has no grant to give up.
    expected: { owner_session: 'invalid_state' },
  },
  'me.get': { setup: async () => ({}), stranger: 'success' },
  'introductions.create': { setup: async () => ({ body: introduction }), stranger: 'success' },
};
