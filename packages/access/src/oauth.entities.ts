import { defineEntity, p } from '@mikro-orm/core';
import { Grant, Principal } from './entities.ts';

// These mappings describe the tables `oauthMigrations` creates, constraint names included; the
// schema-drift test (test/schema-drift.integration.test.ts) fails when the two disagree.

/** A client registered itself (RFC 7591): a public client, no secret; its name is shown to the person. */
export const OAuthClient = defineEntity({
  name: 'OAuthClient',
  tableName: 'oauth_clients',
  properties: {
    id: p.text().primary(),
    clientName: p.text(),
    clientUri: p.text().nullable(),
    redirectUris: p.array().columnType('text[]'),
    createdAt: p.datetime(),
  },
});

/**
 * An authorization code (RFC 6749 §4.1), stored only as its hash: bound to its client, redirect URI,
 * PKCE challenge and resource, single use; `grant_id` is the grant its one exchange issued, revoked
 * when the code comes back a second time.
 */
export const OAuthAuthorizationCode = defineEntity({
  name: 'OAuthAuthorizationCode',
  tableName: 'oauth_authorization_codes',
  properties: {
    codeHash: p.text().primary(),
    clientId: p
      .manyToOne(OAuthClient)
      .mapToPk()
      .fieldName('client_id')
      .foreignKeyName('oauth_authorization_codes_client_id_fkey')
      .deleteRule('cascade')
      .index('oauth_authorization_codes_client_id_index'),
    principalId: p
      .manyToOne(Principal)
      .mapToPk()
      .fieldName('principal_id')
      .foreignKeyName('oauth_authorization_codes_principal_id_fkey')
      .deleteRule('cascade')
      .index('oauth_authorization_codes_principal_id_index'),
    redirectUri: p.text(),
    codeChallenge: p.text(),
    scopes: p.array().columnType('text[]'),
    days: p.integer(),
    resource: p.text().nullable(),
    createdAt: p.datetime(),
    expiresAt: p.datetime().index('oauth_authorization_codes_expires_at_index'),
    usedAt: p.datetime().nullable(),
    grantId: p
      .manyToOne(Grant)
      .mapToPk()
      .fieldName('grant_id')
      .foreignKeyName('oauth_authorization_codes_grant_id_fkey')
      .deleteRule('set null')
      .nullable()
      .index('oauth_authorization_codes_grant_id_index'),
  },
  checks: [{ name: 'oauth_authorization_codes_days_check', expression: 'days >= 1 and days <= 90' }],
});

/**
 * A refresh token (stored as its hash) of a grant issued to a client. Each use replaces it with a
 * new one (`used_at` set); it dies with its grant, so it never outlives what the person approved.
 */
export const OAuthRefreshToken = defineEntity({
  name: 'OAuthRefreshToken',
  tableName: 'oauth_refresh_tokens',
  properties: {
    tokenHash: p.text().primary(),
    grantId: p
      .manyToOne(Grant)
      .mapToPk()
      .fieldName('grant_id')
      .foreignKeyName('oauth_refresh_tokens_grant_id_fkey')
      .deleteRule('cascade')
      .index('oauth_refresh_tokens_grant_id_index'),
    clientId: p
      .manyToOne(OAuthClient)
      .mapToPk()
      .fieldName('client_id')
      .foreignKeyName('oauth_refresh_tokens_client_id_fkey')
      .deleteRule('cascade')
      .index('oauth_refresh_tokens_client_id_index'),
    resource: p.text().nullable(),
    createdAt: p.datetime(),
    usedAt: p.datetime().nullable(),
  },
});

export const oauthEntities = [OAuthClient, OAuthAuthorizationCode, OAuthRefreshToken];
