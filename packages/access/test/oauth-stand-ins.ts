import type { AuthorizationCodeRecord, OAuthClientRecord, OAuthRepository, RefreshTokenRecord } from '../src/oauth.repository.ts';
import type { AccessState } from './stand-ins.ts';

/** What the in-memory OAuth repository holds: read it to see what a call left behind. */
export interface OAuthState {
  clients: Map<string, OAuthClientRecord>;
  codes: Map<string, AuthorizationCodeRecord & { codeHash: string }>;
  refreshTokens: Map<string, RefreshTokenRecord & { tokenHash: string }>;
}

/**
 * The OAuth repository in memory, answering as `oauth.repository.mikro-orm.ts` does; it shares the
 * grants of the in-memory access repository (`access`), whose token a refresh rotates. `snapshot` and
 * `restore` let a test's transaction roll this state back with the access state.
 */
export const memoryOAuthRepository = (access: () => AccessState) => {
  let state: OAuthState = { clients: new Map(), codes: new Map(), refreshTokens: new Map() };
  const withoutHash = <T extends object>(record: T): Omit<T, 'codeHash' | 'tokenHash'> => {
    const { codeHash: _c, tokenHash: _t, ...rest } = structuredClone(record) as T & { codeHash?: string; tokenHash?: string };
    return rest;
  };

  const oauthRepo: OAuthRepository = {
    insertClient: async (client) => {
      state.clients.set(client.id, structuredClone(client));
    },
    findClient: async (id) => structuredClone(state.clients.get(id) ?? null),
    insertCode: async (code) => {
      state.codes.set(code.codeHash, structuredClone(code));
    },
    useCode: async (codeHash, at) => {
      const code = state.codes.get(codeHash);
      if (!code) return null;
      const firstUse = code.usedAt === null;
      if (firstUse) code.usedAt = new Date(at);
      return { code: withoutHash(code), firstUse };
    },
    spendCodesOf: async (principalId, at) => {
      let spent = 0;
      for (const code of state.codes.values()) {
        if (code.principalId === principalId && code.usedAt === null && code.expiresAt > at) {
          code.usedAt = new Date(at);
          spent += 1;
        }
      }
      return spent;
    },
    setCodeGrant: async (codeHash, grantId) => {
      const code = state.codes.get(codeHash);
      if (code) code.grantId = grantId;
    },
    insertRefreshToken: async (token) => {
      state.refreshTokens.set(token.tokenHash, structuredClone(token));
    },
    useRefreshToken: async (tokenHash, at) => {
      const token = state.refreshTokens.get(tokenHash);
      if (!token) return null;
      const firstUse = token.usedAt === null;
      if (firstUse) token.usedAt = new Date(at);
      return { token: withoutHash(token), firstUse };
    },
    findRefreshToken: async (tokenHash) => {
      const token = state.refreshTokens.get(tokenHash);
      return token ? withoutHash(token) : null;
    },
    findClientOfGrant: async (grantId) => [...state.refreshTokens.values()].find((token) => token.grantId === grantId)?.clientId ?? null,
    rotateGrantToken: async (grantId, tokenHash, now) => {
      const grant = access().grants.get(grantId);
      if (!grant || grant.revokedAt !== null || !(grant.expiresAt > now)) return false;
      grant.tokenHash = tokenHash;
      return true;
    },
    purgeExpired: () => {
      throw new Error('The in-memory OAuth repository has no purgeExpired: the unit tests do not use it.');
    },
  };

  return {
    oauthRepo,
    state: () => state,
    snapshot: () => structuredClone(state),
    restore: (saved: OAuthState) => {
      state = saved;
    },
  };
};
