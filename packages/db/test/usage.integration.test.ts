import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '@svc/kernel';
import { createUsageCounter, dbSchema } from '../src/index.ts';
import { ENGINES, openTestDatabase, type TestDatabase } from '../src/testing.ts';

describe.each(ENGINES)('usage counts on %s', (engine) => {
  let db: TestDatabase;
  const clock = manualClock('2026-11-22T23:59:59.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, dbSchema);
  });
  afterAll(() => db?.dispose());

  it('adds each flush to the day it was counted in, whatever the batch size, and two counters add up', async () => {
    const first = createUsageCounter(db, clock);
    const second = createUsageCounter(db, clock);
    first.record('GET /api/v1/jobs', 'ok');
    first.record('GET /api/v1/jobs', 'ok');
    first.record("POST /api/v1/jobs 'quoted'", 'error:validation_error');
    await first.flush();
    second.record('GET /api/v1/jobs', 'ok');
    await second.flush();
    clock.advance(1_000);
    first.record('GET /api/v1/jobs', 'ok');
    await first.flush();
    // Nothing pending: no statement, no change.
    await first.flush();

    expect(await first.day('2026-11-22')).toEqual([
      { route: 'GET /api/v1/jobs', outcome: 'ok', count: 3 },
      { route: "POST /api/v1/jobs 'quoted'", outcome: 'error:validation_error', count: 1 },
    ]);
    expect(await second.day('2026-11-23')).toEqual([{ route: 'GET /api/v1/jobs', outcome: 'ok', count: 1 }]);
  });

  it('keeps the counts of a failed flush for the next one', async () => {
    const counter = createUsageCounter(db, clock);
    counter.record('GET /api/v1/failing', 'ok');
    await db.query('alter table usage_counts rename to usage_counts_away');
    try {
      await expect(counter.flush()).rejects.toThrow();
    } finally {
      await db.query('alter table usage_counts_away rename to usage_counts');
    }
    counter.record('GET /api/v1/failing', 'ok');
    await counter.flush();
    expect((await counter.day('2026-11-23')).find((row) => row.route === 'GET /api/v1/failing')).toEqual({
      route: 'GET /api/v1/failing',
      outcome: 'ok',
      count: 2,
    });
  });
});
