import { attachAnnounceChangesSql, createIndexOnline, dropIndexOnline, sqlMigration, withoutEmailAddresses, type MigrationObject } from '@svc/db';
import { JOB_SEARCH_EXPRESSION } from './entities.ts';

export const jobsMigrations: MigrationObject[] = [
  sqlMigration('202611210200_jobs_core', [
    // `array_to_string` is STABLE (for some element types its output depends on settings), so a
    // generated column may not call it. For text[] the result never varies, so this wrapper may
    // honestly be declared IMMUTABLE.
    `create function jobs_tags_text(tags text[]) returns text
      language sql immutable strict parallel safe
      return array_to_string(tags, ' ')`,
    `create table jobs (
      id text not null primary key,
      status text check (status in ('open', 'closed', 'removed')) not null,
      version integer not null,
      title text not null,
      outcome text not null,
      scope text not null,
      deliverables text not null,
      constraints text not null,
      budget_amount numeric null,
      budget_currency text null,
      fee_treatment text check (fee_treatment in ('no_fee', 'fee_included', 'fee_extra')) not null,
      response_deadline timestamptz null,
      delivery_deadline timestamptz null,
      timezone text null,
      completion_checklist jsonb not null,
      tags text[] not null,
      template jsonb null,
      posted_by text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      search tsvector generated always as (${JOB_SEARCH_EXPRESSION}) stored
    )`,
    'create index jobs_search_index on jobs using gin (search)',
    'create index jobs_tags_index on jobs using gin (tags)',
    'create index jobs_status_created_at_index on jobs (status, created_at desc)',
    'create index jobs_posted_by_index on jobs (posted_by)',
    `create table job_responses (
      id text not null primary key,
      job_id text not null,
      kind text check (kind in ('offer', 'question')) not null,
      message text not null,
      status text check (status in ('active', 'withdrawn')) not null,
      responder_id text not null,
      job_version_seen integer not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint job_responses_job_id_foreign foreign key (job_id) references jobs (id)
    )`,
    'create index job_responses_job_id_created_at_index on job_responses (job_id, created_at)',
    'create index job_responses_responder_id_index on job_responses (responder_id)',
  ]),
  // Lists page newest first with `id` as the tie-break: the index carries both, so a page is the
  // first rows of one index range with no sort. A poster's own open jobs and counts likewise.
  // `jobs` holds rows by now: the indexes are built and the old ones dropped without stopping its
  // writes, each new one before the one it replaces goes. Databases that ran this migration in its
  // first, transactional form find every step done already.
  sqlMigration('202612010100_jobs_list_indexes', [], [
    createIndexOnline('jobs_status_created_at_id_index', 'jobs (status, created_at desc, id desc)'),
    dropIndexOnline('jobs_status_created_at_index'),
    createIndexOnline('jobs_posted_by_status_created_at_index', 'jobs (posted_by, status, created_at desc)'),
    dropIndexOnline('jobs_posted_by_index'),
  ]),
  // Every committed change to jobs is announced on the `svc_changes` channel, so that processes caching
  // answers built from it drop them (see docs/scaling.md, "Answer cache"). The same trigger is declared
  // on the entity (`announceChangesTrigger`), in MikroORM's form: the function is named after table and trigger.
  sqlMigration('202612050100_jobs_announce_changes', [
    `create or replace function "jobs_announce_changes_fn"() returns trigger as $$ begin perform pg_notify('svc_changes', 'jobs'); return null; end; $$ language plpgsql`,
    'create trigger "announce_changes" after insert or update or delete on "jobs" for each statement execute function "jobs_announce_changes_fn"()',
  ]),
  // Our own transactions announce their changes to jobs right after their commit, from a transaction
  // that waits for no disk; the trigger only notes the table for them (see @svc/db change-feed.ts: a
  // notifying transaction holds a database-wide lock until its commit is on disk).
  sqlMigration('202612060100_jobs_announce_after_commit', [
    `create or replace function "jobs_announce_changes_fn"() returns trigger as $$ begin if current_setting('svc.announce', true) = 'after_commit' then perform set_config('svc.changed', concat_ws(',', nullif(current_setting('svc.changed', true), ''), 'jobs'), false); else perform pg_notify('svc_changes', 'jobs'); end if; return null; end; $$ language plpgsql`,
  ]),
  // The trigger now calls the one function @svc/db defines for every announcing table (svc_announce_changes).
  sqlMigration('202612070100_jobs_announce_changes_shared', [
    'drop trigger "announce_changes" on "jobs"',
    'drop function "jobs_announce_changes_fn"()',
    attachAnnounceChangesSql('jobs'),
  ]),
  // Text stored before contact details were refused in it (docs/decisions.md, "Contact details in
  // public text") stops publishing e-mail addresses.
  sqlMigration(
    '202612290100_jobs_text_without_email',
    ['title', 'outcome', 'scope', 'deliverables', 'constraints'].map((column) => withoutEmailAddresses('jobs', column)),
  ),
];
