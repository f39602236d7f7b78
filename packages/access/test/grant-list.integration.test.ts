import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { DAY_MS, manualClock } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule } from '../src/index.ts';

/**
 * A person's list of agents, on both engines: the live grants first, newest first, then those that
 * ended (revoked or expired, whichever came first) in the last 90 days, the latest to end first.
 * Older ended grants stay in the database, off the list.
 */
describe.each(ENGINES)('the list of a person’s grants on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  const signUp = async (email: string, name: string) => {
    const session = await access.accounts.signup({ email, password: 'long enough password', display_name: name });
    return (await access.accounts.resolveSession(session.sessionId))!.actor;
  };

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
  });
  afterAll(() => db?.dispose());

  it('lists live grants first, newest first, then those ended in the last 90 days, the latest to end first; another person’s never', async () => {
    const lister = await signUp('lister@example.test', 'Lister');
    const now = clock.now().getTime();
    const at = (days: number) => new Date(now + days * DAY_MS);
    const insert = (id: string, created: number, expires: number, revoked: number | null) =>
      db.query(
        `insert into grants (id, principal_id, agent_name, scopes, token_hash, created_at, expires_at, revoked_at)
         values ($1, $2, $3, '{account:read}', $4, $5, $6, $7)`,
        [id, lister.principalId, id, `hash-${id}`, at(created), at(expires), revoked === null ? null : at(revoked)],
      );
    await insert('grt_live_older', -10, 20, null);
    await insert('grt_live_newer', -1, 29, null);
    await insert('grt_revoked_5_days_ago', -30, 60, -5);
    await insert('grt_expired_2_days_ago', -32, -2, null);
    // Revoked after it had expired: it ended at its expiry.
    await insert('grt_expired_20_days_ago', -40, -20, -1);
    await insert('grt_expired_100_days_ago', -150, -100, null);
    await insert('grt_revoked_95_days_ago', -96, -10, -95);

    const other = await signUp('other@example.test', 'Other');
    expect(await access.grants.list(other)).toEqual([]);
    expect((await access.grants.list(lister)).map((g) => [g.grant_id, g.status])).toEqual([
      ['grt_live_newer', 'active'],
      ['grt_live_older', 'active'],
      ['grt_expired_2_days_ago', 'expired'],
      ['grt_revoked_5_days_ago', 'revoked'],
      ['grt_expired_20_days_ago', 'revoked'],
    ]);
    // Left off the list, still kept.
    expect(await db.query('select id from grants where principal_id = $1', [lister.principalId])).toHaveLength(7);
  });
});
