import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DomainError } from '@svc/kernel';
import { runExclusive } from '@svc/db';
import { type DirectoryModule } from '../src/index.ts';
import { createDirectoryCleanupJobs } from '../src/directory.cleanup.ts';
import { createMikroOrmDirectoryRepository, directoryClient } from '../src/directory.repository.mikro-orm.ts';
import { START, days, openHarness, person, registration, uniqueHandle, type Harness } from '../src/testing.ts';

const outcome = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work;
    return 'ok';
  } catch (error) {
    if (error instanceof DomainError) return error.code;
    throw error;
  }
};

const tally = (codes: string[]) => codes.reduce<Record<string, number>>((acc, code) => ({ ...acc, [code]: (acc[code] ?? 0) + 1 }), {});

// Races need real connections: PostgreSQL only (PGlite has one connection and serialises everything).
describe('directory concurrency on postgresql', () => {
  let h: Harness;
  let directory: DirectoryModule['directory'];

  beforeAll(async () => {
    h = await openHarness('postgresql');
    ({ directory } = h.module);
  });
  afterAll(() => h?.db.dispose());

  it('20 principals registering one handle at once leave exactly one entry', async () => {
    const handle = uniqueHandle('race');
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome(directory.register(person(`P${i}`), registration({ handle })))),
    );
    expect(tally(codes)).toEqual({ ok: 1, handle_taken: 19 });
    expect(await h.db.query('select id from directory_entries where handle = $1', [handle])).toHaveLength(1);
  });

  it('at 24 entries, 20 registrations at once let exactly one more in', async () => {
    const owner = person('Busy');
    for (let i = 0; i < 24; i++) await directory.register(owner, registration({ destinations: [] }));
    const codes = await Promise.all(
      Array.from({ length: 20 }, () => outcome(directory.register(owner, registration({ destinations: [] })))),
    );
    expect(tally(codes)).toEqual({ ok: 1, limit_reached: 19 });
    const [row] = await h.db.query<{ n: string }>('select count(*) as n from directory_entries where owner_id = $1', [owner.principalId]);
    expect(Number(row!.n)).toBe(25);
  });

  it('20 edits against one version: exactly one wins, the others get version_conflict', async () => {
    const owner = person('Editor');
    const entry = await directory.register(owner, registration());
    const codes = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        outcome(directory.update(owner, entry.address, { expected_version: 1, description: `edit ${i}` })),
      ),
    );
    expect(tally(codes)).toEqual({ ok: 1, version_conflict: 19 });
    expect((await directory.manage(owner, entry.address)).version).toBe(2);
    expect((await directory.history(owner, entry.address)).total).toBe(2);
  });

  it('two workers cleaning up at once retire each entry exactly once', async () => {
    const owner = person('Leaving');
    h.clock.set(START);
    const handles: string[] = [];
    for (let i = 0; i < 12; i++) {
      const entry = await directory.register(owner, registration({ term: 'ongoing', destinations: [] }));
      await directory.remove(owner, entry.address, 1);
      handles.push(entry.handle);
    }
    const now = new Date(new Date(START).getTime() + days(31));
    const [retire] = h.module.cleanupJobs;
    const worker = () => h.db.withContext(() => runExclusive(h.db, retire!.lockId, () => retire!.run(now)));
    const [first, second] = await Promise.all([worker(), worker()]);
    const retired = [first, second].reduce((sum, result) => sum + (result.ran ? (result.result.retired ?? 0) : 0), 0);
    expect(retired).toBe(12);
    // Either one worker did the job and the other skipped it, or the second came after the first was done.
    expect([first.ran, second.ran]).toContain(true);
    const rows = await h.db.query<{ status: string; version: number }>(
      `select status, version from directory_entries where handle in (${handles.map((_, i) => `$${i + 1}`).join(', ')})`,
      handles,
    );
    // Registered at 1, removed at 2, retired once at 3.
    expect(rows).toEqual(handles.map(() => ({ status: 'retired', version: 3 })));
    // Without the advisory lock too, SKIP LOCKED keeps two runs from retiring one entry twice.
    const more: string[] = [];
    for (let i = 0; i < 6; i++) {
      const entry = await directory.register(owner, registration({ term: 'ongoing', destinations: [] }));
      await directory.remove(owner, entry.address, 1);
      more.push(entry.handle);
    }
    // Batches of 2, so both runs take several turns over the same rows.
    const small = createDirectoryCleanupJobs({ repo: createMikroOrmDirectoryRepository(directoryClient(h.db)), transaction: h.db.transaction }, 2)[0]!;
    const results = await Promise.all([
      h.db.withContext(() => small.run(now)),
      h.db.withContext(() => small.run(now)),
    ]);
    expect(results.reduce((sum, result) => sum + (result.retired ?? 0), 0)).toBe(6);
    const after = await h.db.query<{ version: number }>(
      `select version from directory_entries where handle in (${more.map((_, i) => `$${i + 1}`).join(', ')})`,
      more,
    );
    expect(after).toEqual(more.map(() => ({ version: 3 })));
  });

  it('retiring while owners edit leaves no destination or history on any retired entry', async () => {
    const owner = person('Editing while leaving');
    h.clock.set(START);
    const addresses: string[] = [];
    for (let i = 0; i < 24; i++) addresses.push((await directory.register(owner, registration({ handle: uniqueHandle('late'), term: 'temporary' }))).address);
    // Each owner keeps editing (a new description, again and again) until the entry is retired from
    // under them: each edit's history row commits while a retire statement may be running.
    let retiring = true;
    const edit = async (address: string) => {
      for (let turn = 0; turn < 200; turn++) {
        const entry = await directory.manage(owner, address).catch(() => null);
        if (!retiring || !entry || entry.status === 'retired') return;
        await directory.update(owner, address, { expected_version: entry.version, description: `turn ${turn}` }).catch(() => undefined);
      }
    };
    const now = new Date(new Date(START).getTime() + days(400));
    // Batches of 1: many retire statements, each a chance to meet an edit that commits as it runs.
    const retire = createDirectoryCleanupJobs({ repo: createMikroOrmDirectoryRepository(directoryClient(h.db)), transaction: h.db.transaction }, 1)[0]!;
    const cleanup = async () => {
      try {
        for (let round = 0; round < 50; round++) await h.db.withContext(() => retire.run(now));
      } finally {
        retiring = false;
      }
    };
    await Promise.all([cleanup(), ...addresses.map(edit)]);
    await h.db.withContext(() => retire.run(now));
    const placeholders = addresses.map((_, i) => `$${i + 1}`).join(', ');
    const left = await h.db.query<{ handle: string; destinations: number; history: number }>(
      `select e.handle,
              (select count(*)::int from directory_destinations d where d.entry_id = e.id) as destinations,
              (select count(*)::int from directory_history x where x.entry_id = e.id) as history
         from directory_entries e where e.status = 'retired' and e.handle in (${placeholders})`,
      addresses.map((address) => address.replace(/^aar:/, '')),
    );
    expect(left).toHaveLength(addresses.length);
    expect(left.filter((row) => row.destinations > 0 || row.history > 0)).toEqual([]);
  });
});
