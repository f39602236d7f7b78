import type { MatrixFixtures } from './types.ts';

let counter = 0;
const open = { setup: async () => ({}), stranger: 'success' };

export const DISCOVERY_FIXTURES: MatrixFixtures = {
  'discovery.protected_resource': open,
  'discovery.protected_resource_mcp': open,
  'discovery.authorization_server': open,
  'discovery.llms_txt': open,
  'discovery.agent_card': open,
  'oauth.device_authorization': {
    setup: async () => ({ form: { client_id: 'Matrix agent', scope: 'account:read jobs:write' } }),
    stranger: 'success',
  },
  'oauth.token': {
    // An approved connect request: whoever polls first gets its one token.
    setup: async ({ app, owner }) => {
      const connect = await app.services.access.deviceFlow.connect({ agent_name: 'Matrix agent', scopes: ['account:read'] });
      await app.services.access.deviceFlow.approve(owner.actor, { user_code: connect.user_code });
      return { form: { grant_type: 'urn:ietf:params:oauth:grant-type:device_code', device_code: connect.device_code, client_id: 'Matrix agent' } };
    },
    stranger: 'success',
  },
  'oauth.register': {
    setup: async () => ({ body: { client_name: 'Matrix client', redirect_uris: ['https://matrix.example/callback'] } }),
    stranger: 'success',
  },
  'oauth.revoke': {
    // Revocation answers 200 to anyone holding a token string, known or not (RFC 7009 §2.2).
    setup: async ({ app, owner }) => ({ form: { token: (await app.agentToken(owner, ['account:read'])).token } }),
    stranger: 'success',
  },
  'directory.webfinger': {
    // A public entry (a fresh owner per operation holds a handful): everyone, signed in or not, may resolve it.
    setup: async ({ app, owner }) => {
      const entry = await app.services.directory.register(owner.actor, {
        handle: `finger-${Date.now().toString(36)}-${++counter}`,
        display_name: 'Matrix entry',
        description: 'An entry set up for the authorisation matrix.',
        entry_type: 'person',
        destinations: [{ type: 'web', value: 'https://matrix.example', label: 'Site', approved_for_disclosure: true }],
      });
      return { query: { resource: entry.address } };
    },
    stranger: 'success',
  },
};
