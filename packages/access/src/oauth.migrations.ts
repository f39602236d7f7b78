import { sqlMigration, type MigrationObject } from '@svc/db';

/** The OAuth authorization code flow's tables: registered clients, authorization codes, refresh tokens. */
export const oauthMigrations: MigrationObject[] = [
  sqlMigration('202612200100_access_oauth', [
    `create table oauth_clients (
      id text primary key,
      client_name text not null,
      client_uri text null,
      redirect_uris text[] not null,
      created_at timestamptz not null
    )`,
    `create table oauth_authorization_codes (
      code_hash text primary key,
      client_id text not null references oauth_clients (id) on delete cascade,
      principal_id text not null references principals (id) on delete cascade,
      redirect_uri text not null,
      code_challenge text not null,
      scopes text[] not null,
      days integer not null check (days between 1 and 90),
      resource text null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz null,
      grant_id text null references grants (id) on delete set null
    )`,
    'create index oauth_authorization_codes_client_id_index on oauth_authorization_codes (client_id)',
    'create index oauth_authorization_codes_principal_id_index on oauth_authorization_codes (principal_id)',
    'create index oauth_authorization_codes_expires_at_index on oauth_authorization_codes (expires_at)',
    'create index oauth_authorization_codes_grant_id_index on oauth_authorization_codes (grant_id)',
    `create table oauth_refresh_tokens (
      token_hash text primary key,
      grant_id text not null references grants (id) on delete cascade,
      client_id text not null references oauth_clients (id) on delete cascade,
      resource text null,
      created_at timestamptz not null,
      used_at timestamptz null
    )`,
    'create index oauth_refresh_tokens_grant_id_index on oauth_refresh_tokens (grant_id)',
    'create index oauth_refresh_tokens_client_id_index on oauth_refresh_tokens (client_id)',
  ]),
];
