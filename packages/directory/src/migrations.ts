import { sqlMigration, SQL_EMAIL_ADDRESS, withoutEmailAddresses, type MigrationObject } from '@svc/db';
import { DIRECTORY_SEARCH_EXPRESSION } from './entities.ts';

// Value lists are written out, not taken from the code's constants: an applied migration never changes.
const list = (values: readonly string[]) => values.map((value) => `'${value}'`).join(', ');

/** A destination shown to everyone whose label, or link, holds an e-mail address. */
const PUBLIC_WITH_EMAIL = `audience = 'public' and (label ~ '${SQL_EMAIL_ADDRESS}' or (type in ('web', 'mcp', 'a2a_agent_card') and value ~ '${SQL_EMAIL_ADDRESS}'))`;

export const directoryMigrations: MigrationObject[] = [
  sqlMigration('202611220300_directory_core', [
    `create table directory_entries (
      id text not null primary key,
      handle text not null,
      owner_id text not null,
      display_name text not null,
      description text not null,
      entry_type text check (entry_type in (${list(['agent', 'person', 'organisation'])})) not null,
      visibility text check (visibility in (${list(['public', 'restricted'])})) not null,
      term text check (term in (${list(['temporary', 'ongoing'])})) not null,
      status text check (status in (${list(['active', 'paused', 'removed', 'retired'])})) not null,
      status_before_removal text check (status_before_removal in (${list(['active', 'paused'])})) null,
      expires_at timestamptz null,
      version integer not null,
      locked boolean not null,
      agent_limit text[] null,
      suspended boolean not null,
      suspension_reason text null,
      suspended_at timestamptz null,
      removed_at timestamptz null,
      retired_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      search tsvector generated always as (${DIRECTORY_SEARCH_EXPRESSION}) stored,
      constraint directory_entries_handle_unique unique (handle)
    )`,
    'create index directory_entries_owner_id_index on directory_entries (owner_id)',
    'create index directory_entries_search_index on directory_entries using gin (search)',
    'create index directory_entries_discovery_index on directory_entries (status, visibility, created_at desc)',
    'create index directory_entries_removed_at_index on directory_entries (status, removed_at)',
    'create index directory_entries_expires_at_index on directory_entries (term, expires_at)',
    `create table directory_destinations (
      id text not null primary key,
      entry_id text not null,
      position integer not null,
      type text check (type in (${list(['web', 'email', 'a2a_agent_card', 'mcp', 'phone'])})) not null,
      value text not null,
      label text not null,
      audience text check (audience in (${list(['public', 'signed_in'])})) not null,
      preferred boolean not null,
      approved_for_disclosure boolean not null,
      constraint directory_destinations_entry_id_foreign foreign key (entry_id) references directory_entries (id)
    )`,
    'create index directory_destinations_entry_id_position_index on directory_destinations (entry_id, position)',
    `create table directory_history (
      id text not null primary key,
      entry_id text not null,
      actor jsonb not null,
      action text check (action in (${list([
        'register', 'update', 'destination_add', 'destination_update', 'destination_remove', 'pause', 'reactivate',
        'renew', 'remove', 'restore', 'lock', 'unlock', 'set_agents', 'history_restore', 'suspend', 'unsuspend',
      ])})) not null,
      at timestamptz not null,
      version integer not null,
      previous jsonb null,
      constraint directory_history_entry_id_foreign foreign key (entry_id) references directory_entries (id)
    )`,
    'create index directory_history_entry_id_at_index on directory_history (entry_id, at desc)',
    'create index directory_history_at_index on directory_history (at)',
  ]),
  // Text stored before contact details were refused in it (docs/decisions.md, "Contact details in
  // public text") stops publishing e-mail addresses.
  sqlMigration('202612290100_directory_text_without_email', [withoutEmailAddresses('directory_entries', 'display_name'), withoutEmailAddresses('directory_entries', 'description')]),
  // E-mail destinations shown to anyone became shown to signed-in callers only (docs/directory.md,
  // "E-mail destinations"); their entries take a new version, so no cached resolution stays valid.
  sqlMigration('202612300100_directory_email_destinations_signed_in', [
    `update directory_entries set version = version + 1
      where id in (select entry_id from directory_destinations where type = 'email' and audience = 'public')`,
    `update directory_destinations set audience = 'signed_in' where type = 'email' and audience = 'public'`,
  ]),
  // Public destinations whose label or link held an e-mail address became shown to signed-in callers
  // only (docs/directory.md, "What a public destination publishes"); their entries take a new version.
  sqlMigration('202612300200_directory_public_destinations_without_email', [
    `update directory_entries set version = version + 1
      where id in (select entry_id from directory_destinations where ${PUBLIC_WITH_EMAIL})`,
    `update directory_destinations set audience = 'signed_in' where ${PUBLIC_WITH_EMAIL}`,
  ]),
];
