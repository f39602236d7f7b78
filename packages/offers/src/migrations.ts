import { sqlMigration, withoutEmailAddresses, type MigrationObject } from '@svc/db';
import { OFFER_SEARCH_EXPRESSION } from './entities.ts';

export const offersMigrations: MigrationObject[] = [
  sqlMigration('202611220300_offers_core', [
    // `array_to_string` is STABLE (for some element types its output depends on settings), so a
    // generated column may not call it. For text[] the result never varies, so this wrapper may
    // honestly be declared IMMUTABLE.
    `create function offers_text_list(list text[]) returns text
      language sql immutable strict parallel safe
      return array_to_string(list, ' ')`,
    `create table offers (
      id text not null primary key,
      status text check (status in ('active', 'paused', 'removed')) not null,
      version integer not null,
      title text not null,
      summary text not null,
      role text not null,
      industry text not null,
      capabilities text[] not null,
      contact_url text null,
      pricing_note text not null,
      tags text[] not null,
      templates text[] not null,
      provider_id text not null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      search tsvector generated always as (${OFFER_SEARCH_EXPRESSION}) stored
    )`,
    'create index offers_search_index on offers using gin (search)',
    'create index offers_status_created_at_index on offers (status, created_at desc)',
    'create index offers_provider_id_index on offers (provider_id)',
    'create index offers_role_index on offers (role)',
    'create index offers_industry_index on offers (industry)',
    `create table offer_feedback (
      id text not null primary key,
      offer_id text not null,
      author_id text not null,
      version integer not null,
      needs_met text check (needs_met in ('yes', 'partly', 'no')) not null,
      comment text not null,
      source_links text[] not null,
      capability text null,
      published boolean not null,
      hidden_at timestamptz null,
      hidden_reason text null,
      reply_text text null,
      reply_at timestamptz null,
      removed_at timestamptz null,
      created_at timestamptz not null,
      updated_at timestamptz not null,
      constraint offer_feedback_offer_id_foreign foreign key (offer_id) references offers (id)
    )`,
    'create index offer_feedback_offer_id_created_at_index on offer_feedback (offer_id, created_at)',
    // One active item per author per offer; a removed item frees the place for a new one.
    'create unique index offer_feedback_one_active_index on offer_feedback (offer_id, author_id) where removed_at is null',
    `create table reports (
      id text not null primary key,
      target_kind text check (target_kind in ('job', 'service', 'directory_entry', 'feedback')) not null,
      target_id text not null,
      reason text not null,
      details text not null,
      status text check (status in ('open', 'resolved')) not null,
      resolution text null,
      resolved_by text null,
      resolved_at timestamptz null,
      created_at timestamptz not null
    )`,
    'create index reports_status_created_at_index on reports (status, created_at)',
    `create table site_feedback (
      id text not null primary key,
      kind text check (kind in ('feedback', 'capability_request')) not null,
      message text not null,
      contact_ok boolean not null,
      principal_id text null,
      grant_id text null,
      agent_name text null,
      created_at timestamptz not null
    )`,
    'create index site_feedback_created_at_index on site_feedback (created_at)',
  ]),
  // Text stored before contact details were refused in it (docs/decisions.md, "Contact details in
  // public text") stops publishing e-mail addresses.
  sqlMigration('202612290100_offers_feedback_without_email', [withoutEmailAddresses('offer_feedback', 'comment'), withoutEmailAddresses('offer_feedback', 'reply_text')]),
  sqlMigration(
    '202612290200_offers_text_without_email',
    ['title', 'summary', 'role', 'industry', 'pricing_note'].map((column) => withoutEmailAddresses('offers', column)),
  ),
];
