import { attachAnnounceChangesSql, sqlMigration, type MigrationObject } from '@svc/db';

export const accessMigrations: MigrationObject[] = [
  sqlMigration('202611210100_access_core', [
    `create table principals (
      id text primary key,
      email text not null,
      password_hash text not null,
      display_name text not null,
      is_support boolean not null default false,
      created_at timestamptz not null,
      constraint principals_email_unique unique (email),
      constraint principals_email_lower check (email = lower(email))
    )`,
    `create table sessions (
      id_hash text primary key,
      principal_id text not null references principals (id) on delete cascade,
      csrf_token text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`,
    'create index sessions_principal_id_index on sessions (principal_id)',
    `create table grants (
      id text primary key,
      principal_id text not null references principals (id) on delete cascade,
      agent_name text not null,
      description text null,
      agent_url text null,
      built_with text null,
      model text null,
      scopes text[] not null,
      token_hash text not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      revoked_at timestamptz null,
      last_used_at timestamptz null,
      constraint grants_token_hash_unique unique (token_hash),
      constraint grants_lifetime check (expires_at <= created_at + interval '90 days')
    )`,
    'create index grants_principal_id_index on grants (principal_id)',
    `create table device_authorizations (
      id text primary key,
      device_code_hash text not null,
      user_code text not null,
      agent_name text not null,
      description text null,
      agent_url text null,
      built_with text null,
      model text null,
      scopes text[] not null,
      days integer not null check (days between 1 and 90),
      status text not null check (status in ('pending', 'approved', 'denied', 'consumed')),
      principal_id text null references principals (id) on delete cascade,
      grant_id text null references grants (id) on delete set null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      decided_at timestamptz null,
      last_poll_at timestamptz null,
      constraint device_authorizations_device_code_hash_unique unique (device_code_hash),
      constraint device_authorizations_user_code_unique unique (user_code)
    )`,
    `create table agent_introductions (
      id text primary key,
      agent_name text not null,
      details jsonb not null,
      created_at timestamptz not null,
      expires_at timestamptz not null
    )`,
    'create index agent_introductions_expires_at_index on agent_introductions (expires_at)',
  ]),
  // Every committed change to principals is announced on the `svc_changes` channel, so that processes caching
  // answers built from it drop them (see docs/scaling.md, "Answer cache"). The same trigger is declared
  // on the entity (`announceChangesTrigger`), in MikroORM's form: the function is named after table and trigger.
  sqlMigration('202612050100_access_announce_changes', [
    `create or replace function "principals_announce_changes_fn"() returns trigger as $$ begin perform pg_notify('svc_changes', 'principals'); return null; end; $$ language plpgsql`,
    'create trigger "announce_changes" after insert or update or delete on "principals" for each statement execute function "principals_announce_changes_fn"()',
  ]),
  // Our own transactions announce their changes to principals right after their commit, from a transaction
  // that waits for no disk; the trigger only notes the table for them (see @svc/db change-feed.ts: a
  // notifying transaction holds a database-wide lock until its commit is on disk).
  sqlMigration('202612060100_access_announce_after_commit', [
    `create or replace function "principals_announce_changes_fn"() returns trigger as $$ begin if current_setting('svc.announce', true) = 'after_commit' then perform set_config('svc.changed', concat_ws(',', nullif(current_setting('svc.changed', true), ''), 'principals'), false); else perform pg_notify('svc_changes', 'principals'); end if; return null; end; $$ language plpgsql`,
  ]),
  // The trigger now calls the one function @svc/db defines for every announcing table (svc_announce_changes).
  sqlMigration('202612070100_access_announce_changes_shared', [
    'drop trigger "announce_changes" on "principals"',
    'drop function "principals_announce_changes_fn"()',
    attachAnnounceChangesSql('principals'),
  ]),
  // Sessions end after 7 days without use as well as 30 days after sign-in. A session already open
  // counts as last used when it was opened (one opened over 7 days ago asks to sign in once more).
  sqlMigration('202612080100_access_session_last_seen', [
    'alter table sessions add column last_seen_at timestamptz null',
    'update sessions set last_seen_at = created_at',
    'alter table sessions alter column last_seen_at set not null',
  ]),
  // Recovery codes for people who forgot their password (the service sends no e-mail): a new table,
  // so the release before it runs on this schema unchanged.
  sqlMigration('202612210100_access_recovery_codes', [
    `create table recovery_codes (
      code_hash text primary key,
      principal_id text not null references principals (id) on delete cascade,
      issued_by text not null check (issued_by in ('person', 'support')),
      created_at timestamptz not null,
      expires_at timestamptz null,
      constraint recovery_codes_principal_id_issued_by_unique unique (principal_id, issued_by)
    )`,
  ]),
  // A display name is public text and may no longer hold an e-mail address (docs/decisions.md,
  // "Contact details in public text"); names given before that rule stop publishing theirs, and their
  // people see "Member" on their account page, where they may choose another name.
  sqlMigration('202612220100_access_display_names_without_email', [
    `update principals set display_name = 'Member' where display_name ~* '[[:alnum:]._%+''-]+@([[:alnum:]]([[:alnum:]-]*[[:alnum:]])?\\.)+[[:alpha:]]{2,}'`,
  ]),
];
