import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { createRateLimiter, dbSchema, type RateLimiter } from '../src/index.ts';
import { createSqlBuilder } from '../src/sql-builder.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../src/testing.ts';

const q = createSqlBuilder<unknown>();

describe.each(ENGINES)('rate limits on %s', (engine) => {
  let db: TestDatabase;
  let limiter: RateLimiter;
  const clock = manualClock('2026-11-22T12:00:10.000Z');
  const limit = { name: 'tests', limit: 2, windowSeconds: 60 };

  beforeAll(async () => {
    db = await openTestDatabase(engine, dbSchema);
    limiter = createRateLimiter(db, clock);
  });
  afterAll(() => db?.dispose());

  it('counts each event in its window, refuses past the limit, and peeks at the same count', async () => {
    expect(await limiter.peek(limit, 'alice')).toEqual({ allowed: true, retryAfter: 50, remaining: 2 });
    expect(await limiter.hit(limit, 'alice')).toEqual({ allowed: true, retryAfter: 50, remaining: 1 });
    expect(await limiter.hit(limit, 'alice')).toEqual({ allowed: true, retryAfter: 50, remaining: 0 });
    expect(await limiter.peek(limit, 'alice')).toEqual({ allowed: false, retryAfter: 50, remaining: 0 });
    expect(await limiter.hit(limit, 'alice')).toEqual({ allowed: false, retryAfter: 50, remaining: 0 });
    // Another subject, and the next window, start from nothing.
    expect(await limiter.hit(limit, "bob's")).toEqual({ allowed: true, retryAfter: 50, remaining: 1 });
    clock.advance(60_000);
    expect(await limiter.hit(limit, 'alice')).toEqual({ allowed: true, retryAfter: 50, remaining: 1 });
  });

  it('counts as a column of another statement, once for each row it returns', async () => {
    const column = limiter.hitColumn({ ...limit, name: 'tests-column' }, sql.ref('subjects.name'));
    const rows = await db.compiled.query<Record<string, unknown>>(
      sql`select subjects.name, ${column.sql} from (values ('carol'), ('carol'), ('dave')) as subjects (name) where subjects.name <> ${'dave'}`.compile(q),
    );
    expect(rows.map(column.read)).toEqual([
      { allowed: true, retryAfter: 50, remaining: 1 },
      { allowed: true, retryAfter: 50, remaining: 0 },
    ]);
    expect(await limiter.peek({ ...limit, name: 'tests-column' }, 'dave')).toMatchObject({ remaining: 2 });
  });

  it('commits its own statement asynchronously, never a transaction it joins', async () => {
    const column = limiter.hitColumn({ ...limit, name: 'tests-async' }, sql.val('erin'));
    const [alone] = await db.compiled.query<{ mode: string }>(sql`select ${column.sql}, current_setting('synchronous_commit') as mode`.compile(q));
    expect(alone!.mode).toBe('off');
    await db.transaction(async () => {
      await limiter.hit({ ...limit, name: 'tests-async' }, 'erin');
      const [joined] = await db.query<{ mode: string }>("select current_setting('synchronous_commit') as mode");
      expect(joined!.mode).toBe('on');
    });
    expect(await limiter.peek({ ...limit, name: 'tests-async' }, 'erin')).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('takes only while below the limit: of 12 concurrent takes exactly 4 are counted, and a refused one counts nothing', async () => {
    const four = { name: 'tests-take', limit: 4, windowSeconds: 60 };
    const takes = await Promise.all(Array.from({ length: 12 }, () => db.withContext(() => limiter.take(four, 'frank'))));
    expect(takes.filter((take) => take.allowed)).toHaveLength(4);
    expect(takes.filter((take) => !take.allowed).map(({ retryAfter, remaining }) => ({ retryAfter, remaining }))).toEqual(
      Array.from({ length: 8 }, () => ({ retryAfter: 50, remaining: 0 })),
    );
    expect(await limiter.peek(four, 'frank')).toMatchObject({ allowed: false, remaining: 0 });
  });

  it('gives a taken event back once, in the window it was taken in', async () => {
    const two = { name: 'tests-give-back', limit: 2, windowSeconds: 60 };
    const first = await limiter.take(two, 'gina');
    const second = await limiter.take(two, 'gina');
    expect(await limiter.take(two, 'gina')).toMatchObject({ allowed: false });
    await second.giveBack();
    await second.giveBack();
    expect(await limiter.peek(two, 'gina')).toMatchObject({ allowed: true, remaining: 1 });
    // In the next window a give-back of the last one leaves the new window's count alone.
    clock.advance(60_000);
    const next = await limiter.take(two, 'gina');
    expect(next).toMatchObject({ allowed: true, remaining: 1 });
    await first.giveBack();
    expect(await limiter.peek(two, 'gina')).toMatchObject({ remaining: 1 });
  });
});
