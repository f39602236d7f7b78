import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { offersEntities, offersMigrations } from '../src/index.ts';

describe.each(ENGINES)('offers schema on %s', (engine) => {
  let db: TestDatabase;

  beforeAll(async () => {
    db = await openTestDatabase(engine, {
      entities: [...dbEntities, ...offersEntities],
      migrations: [...dbMigrations, ...offersMigrations],
    });
  });
  afterAll(() => db?.dispose());

  it('matches the entities: the migrated offers tables need no change', async () => {
    const diff: string = await db.orm.schema.getUpdateSchemaSQL({ wrap: false });
    const statements = diff
      .split('\n')
      .filter((line) => /"(offers|offer_feedback|reports|site_feedback)"/.test(line))
      // The IMMUTABLE wrapper behind the search column is created by the migration; routines are
      // not registered with the ORM, so its diff always offers to drop it.
      .filter((line) => !line.startsWith('drop function if exists "offers_text_list"'));
    expect(statements).toEqual([]);
  });

  it('enforces statuses, the offer reference and one active feedback item per author', async () => {
    const insertOffer = (id: string, status: string) =>
      db.query(
        `insert into offers (id, status, version, title, summary, role, industry, capabilities, pricing_note, tags, templates,
           provider_id, created_at, updated_at)
         values (?, ?, 1, 'Tents and marquees', '', 'hire', 'events', array['big tents']::text[], '', array[]::text[],
           array[]::text[], 'prn_x', now(), now())`,
        [id, status],
      );
    await expect(insertOffer('svc_bad', 'archived')).rejects.toThrow();
    await insertOffer('svc_ok', 'active');
    const insertFeedback = (id: string, offerId: string, removed: boolean) =>
      db.query(
        `insert into offer_feedback (id, offer_id, author_id, version, needs_met, comment, source_links, published,
           removed_at, created_at, updated_at)
         values (?, ?, 'prn_y', 1, 'yes', '', array[]::text[], false, ${removed ? 'now()' : 'null'}, now(), now())`,
        [id, offerId],
      );
    await expect(insertFeedback('fbk_missing', 'svc_missing', false)).rejects.toThrow();
    await insertFeedback('fbk_1', 'svc_ok', true);
    await insertFeedback('fbk_2', 'svc_ok', false);
    await expect(insertFeedback('fbk_3', 'svc_ok', false)).rejects.toThrow();
    expect(await db.query("select search::text as search from offers where id = 'svc_ok'")).toEqual([
      { search: "'big':4B 'event':7B 'hire':6B 'marque':3A 'tent':1A,5B" },
    ]);
  });
});
