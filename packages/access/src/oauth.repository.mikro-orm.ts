import { createQueryClient, type ClientDatabase, type QueryClient } from '@svc/db';
import { Grant } from './entities.ts';
import { OAuthAuthorizationCode, OAuthClient, OAuthRefreshToken, oauthEntities } from './oauth.entities.ts';
import type { AuthorizationCodeRecord, OAuthClientRecord, OAuthRepository, RefreshTokenRecord } from './oauth.repository.ts';
import type { Scope } from './scopes.ts';

/** The OAuth tables, and the grants table whose access token a refresh replaces. */
const oauthClientEntities = [...oauthEntities, Grant];

/** What the OAuth repository may run: statements on its tables, typed from their entities, and transactions. */
export type OAuthClientDb = QueryClient<(typeof oauthClientEntities)[number]>;

export const oauthClient = (db: ClientDatabase): OAuthClientDb => createQueryClient(db, oauthClientEntities);

const one = <R, T>(rows: R[], read: (row: R) => T): T | null => (rows[0] ? read(rows[0]) : null);

/**
 * OAuth storage: every statement built with Kysely on the tables the entities describe. Single use
 * is one conditional `UPDATE … WHERE used_at IS NULL`, so of two concurrent exchanges one wins.
 */
export const createMikroOrmOAuthRepository = (db: OAuthClientDb): OAuthRepository => {
  const { builder: q } = db;
  const clients = db.table(OAuthClient);
  const codes = db.table(OAuthAuthorizationCode);
  const refreshTokens = db.table(OAuthRefreshToken);

  const clientOf = (row: Parameters<typeof clients.read>[0]): OAuthClientRecord => {
    const client = clients.read(row);
    return { ...client, redirectUris: client.redirectUris as string[] };
  };
  const codeOf = (row: Parameters<typeof codes.read>[0]): AuthorizationCodeRecord => {
    const { codeHash: _hash, ...code } = codes.read(row);
    return { ...code, scopes: code.scopes as Scope[] };
  };
  const refreshOf = (row: Parameters<typeof refreshTokens.read>[0]): RefreshTokenRecord => {
    const { tokenHash: _hash, ...token } = refreshTokens.read(row);
    return token;
  };
  const findRefresh = async (tokenHash: string) =>
    one(await db.query(q.selectFrom('oauth_refresh_tokens').select(refreshTokens.columns).where('token_hash', '=', tokenHash)), refreshOf);

  return {
    insertClient: (client) => db.insert(OAuthClient, client),
    findClient: async (id) => one(await db.query(q.selectFrom('oauth_clients').select(clients.columns).where('id', '=', id)), clientOf),

    insertCode: (code) => db.insert(OAuthAuthorizationCode, code),

    useCode: async (codeHash, at) => {
      const used = await db.query(
        q.updateTable('oauth_authorization_codes').set({ used_at: at }).where('code_hash', '=', codeHash).where('used_at', 'is', null).returning(codes.columns),
      );
      if (used[0]) return { code: codeOf(used[0]), firstUse: true };
      const seen = await db.query(q.selectFrom('oauth_authorization_codes').select(codes.columns).where('code_hash', '=', codeHash));
      return seen[0] ? { code: codeOf(seen[0]), firstUse: false } : null;
    },

    spendCodesOf: async (principalId, at) =>
      (
        await db.query(
          q
            .updateTable('oauth_authorization_codes')
            .set({ used_at: at })
            .where('principal_id', '=', principalId)
            .where('used_at', 'is', null)
            .where('expires_at', '>', at)
            .returning('code_hash'),
        )
      ).length,

    setCodeGrant: async (codeHash, grantId) => {
      await db.query(q.updateTable('oauth_authorization_codes').set({ grant_id: grantId }).where('code_hash', '=', codeHash));
    },

    insertRefreshToken: (token) => db.insert(OAuthRefreshToken, token),

    useRefreshToken: async (tokenHash, at) => {
      const used = await db.query(
        q.updateTable('oauth_refresh_tokens').set({ used_at: at }).where('token_hash', '=', tokenHash).where('used_at', 'is', null).returning('token_hash'),
      );
      const token = await findRefresh(tokenHash);
      return token ? { token, firstUse: used.length > 0 } : null;
    },

    findRefreshToken: findRefresh,

    findClientOfGrant: async (grantId) =>
      one(await db.query(q.selectFrom('oauth_refresh_tokens').select('client_id').where('grant_id', '=', grantId).limit(1)), (row) => row.client_id),

    rotateGrantToken: async (grantId, tokenHash, now) =>
      (
        await db.query(
          q
            .updateTable('grants')
            .set({ token_hash: tokenHash })
            .where('id', '=', grantId)
            .where('revoked_at', 'is', null)
            .where('expires_at', '>', now)
            .returning('id'),
        )
      ).length > 0,

    purgeExpired: async (before) => {
      const purgedCodes = await db.query(q.deleteFrom('oauth_authorization_codes').where('expires_at', '<', before).returning('code_hash'));
      // A used refresh token is kept while its grant lives, so that a replay of it is recognised.
      const purgedTokens = await db.query(
        q
          .deleteFrom('oauth_refresh_tokens')
          .where((eb) =>
            eb.exists(
              eb
                .selectFrom('grants')
                .select(eb.lit(1).as('one'))
                .whereRef('grants.id', '=', 'oauth_refresh_tokens.grant_id')
                .where((inner) => inner.or([inner('grants.expires_at', '<', before), inner('grants.revoked_at', '<', before)])),
            ),
          )
          .returning('token_hash'),
      );
      return { codes: purgedCodes.length, refreshTokens: purgedTokens.length };
    },
  };
};
