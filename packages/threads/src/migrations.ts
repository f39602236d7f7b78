import { sqlMigration, type MigrationObject } from '@svc/db';

export const threadsMigrations: MigrationObject[] = [
  sqlMigration('202611220300_threads_core', [
    `create table threads (
      id text not null primary key,
      title text not null,
      summary text not null,
      summary_version integer not null,
      status text check (status in ('open', 'archived')) not null,
      owner_id text not null,
      summary_edited_by_others boolean not null,
      linked_kind text check (linked_kind in ('job', 'service')) null,
      linked_id text null,
      linked_snapshot jsonb null,
      linked_taken_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null
    )`,
    'create index threads_linked_index on threads (linked_kind, linked_id)',
    `create table thread_participants (
      thread_id text not null,
      principal_id text not null,
      joined_at timestamptz not null,
      constraint thread_participants_pkey primary key (thread_id, principal_id),
      constraint thread_participants_thread_id_foreign foreign key (thread_id) references threads (id) on delete cascade
    )`,
    'create index thread_participants_principal_id_index on thread_participants (principal_id)',
    `create table thread_entries (
      id text not null primary key,
      thread_id text not null,
      kind text check (kind in ('update', 'next_step', 'blocker', 'deliverable', 'completion')) not null,
      text text null,
      author_id text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      deleted_at timestamptz null,
      constraint thread_entries_thread_id_foreign foreign key (thread_id) references threads (id) on delete cascade
    )`,
    'create index thread_entries_thread_id_created_at_index on thread_entries (thread_id, created_at)',
    `create table thread_checklist_items (
      id text not null primary key,
      thread_id text not null,
      text text not null,
      done boolean not null,
      added_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint thread_checklist_items_thread_id_foreign foreign key (thread_id) references threads (id) on delete cascade
    )`,
    'create index thread_checklist_items_thread_id_created_at_index on thread_checklist_items (thread_id, created_at)',
    `create table thread_invites (
      id text not null primary key,
      thread_id text not null,
      token_hash text not null,
      invitee_principal_id text null,
      created_by text not null,
      status text check (status in ('pending', 'accepted', 'revoked')) not null,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      accepted_by text null,
      closed_at timestamptz null,
      constraint thread_invites_token_hash_unique unique (token_hash),
      constraint thread_invites_thread_id_foreign foreign key (thread_id) references threads (id) on delete cascade
    )`,
    'create index thread_invites_thread_id_index on thread_invites (thread_id)',
    'create index thread_invites_invitee_principal_id_index on thread_invites (invitee_principal_id)',
  ]),
  // Someone else's rewording or tick of a checklist item is a contribution too (the owner may then no
  // longer delete the thread). Older threads start false: who changed their items was never kept.
  sqlMigration('202612300100_threads_checklist_edited_by_others', [
    'alter table threads add column checklist_edited_by_others boolean not null default false',
  ]),
];
