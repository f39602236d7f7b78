// `pnpm --filter @svc/directory queries`: rewrites src/queries/directory.sql, the SQL each repository
// method sends (test/queries.integration.test.ts fails while the checked-in file differs).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dbSchema } from '@svc/db';
import { generateQueryReport, type QueryReport } from '@svc/db/testing';
import { directorySchema } from '../src/index.ts';
import { NEW_ENTRY_STATE, type DestinationRecord, type EntryRecord, type HistoryRecord } from '../src/directory.records.ts';
import { createMikroOrmDirectoryRepository, directoryClient } from '../src/directory.repository.mikro-orm.ts';
import type { DirectoryRepository } from '../src/directory.repository.ts';

export const QUERIES_FILE = new URL('../src/queries/directory.sql', import.meta.url);

const at = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-12-22T09:00:00.000Z');
const paging = { limit: 20, offset: 0 };
const entry: EntryRecord = {
  id: 'dir_report',
  handle: 'alice-bakes',
  ownerId: 'prn_owner',
  displayName: 'Alice Bakes',
  description: 'Sourdough and cakes.',
  entryType: 'person',
  visibility: 'public',
  term: 'temporary',
  ...NEW_ENTRY_STATE,
  expiresAt: later,
  createdAt: at,
  updatedAt: at,
};
const destinations: DestinationRecord[] = [
  { id: 'dst_web', type: 'web', value: 'https://alice.example', label: 'Shop', audience: 'public', preferred: true, approvedForDisclosure: true },
  { id: 'dst_mail', type: 'email', value: 'alice@example.org', label: 'Mail', audience: 'signed_in', preferred: false, approvedForDisclosure: true },
];
const history: HistoryRecord = {
  id: 'dhi_report',
  entryId: entry.id,
  actor: { kind: 'person', principal_id: 'prn_owner' },
  action: 'update',
  at,
  version: 2,
  previous: { description: 'Cakes.' },
};

/** Every repository method, called in an order that finds rows to read, change and then retire. */
export const directoryQueries: QueryReport<DirectoryRepository> = {
  command: 'pnpm --filter @svc/directory queries',
  title: 'DirectoryRepository',
  schema: {
    entities: [...dbSchema.entities, ...directorySchema.entities],
    migrations: [...dbSchema.migrations, ...directorySchema.migrations],
    routines: dbSchema.routines,
  },
  repository: (db) => createMikroOrmDirectoryRepository(directoryClient(db)),
  calls: [
    { name: 'lockPrincipal', run: (repo) => repo.lockPrincipal(entry.ownerId) },
    { name: 'countCountedEntries', run: (repo) => repo.countCountedEntries(entry.ownerId) },
    { name: 'insertEntry', run: (repo) => repo.insertEntry(entry) },
    { name: 'replaceDestinations', run: (repo) => repo.replaceDestinations(entry.id, destinations) },
    { name: 'insertHistory', run: (repo) => repo.insertHistory(history) },
    { name: 'findByHandle', run: (repo) => repo.findByHandle(entry.handle, at) },
    { name: 'findByOwner', run: (repo) => repo.findByOwner(entry.ownerId, at, paging) },
    { name: 'findSuspended', run: (repo) => repo.findSuspended(paging) },
    {
      name: 'updateIfVersion (every change)',
      run: (repo) =>
        repo.updateIfVersion(entry.id, 1, {
          displayName: 'Alice',
          description: 'Bread.',
          entryType: 'organisation',
          visibility: 'public',
          term: 'temporary',
          status: 'active',
          statusBeforeRemoval: null,
          expiresAt: later,
          locked: false,
          agentLimit: ['grt_report'],
          suspended: false,
          suspensionReason: null,
          suspendedAt: null,
          removedAt: null,
          updatedAt: at,
        }),
    },
    { name: 'updateIfVersion (one change)', run: (repo) => repo.updateIfVersion(entry.id, 2, { description: 'Cakes.', updatedAt: at }) },
    { name: 'listHistory', run: (repo) => repo.listHistory(entry.id, at, paging) },
    { name: 'findHistory', run: (repo) => repo.findHistory(entry.id, history.id, at) },
    { name: 'resolve (anonymous)', run: (repo) => repo.resolve(entry.handle, false, at) },
    { name: 'resolve (signed in)', run: (repo) => repo.resolve(entry.handle, true, at) },
    { name: 'discover (newest first)', run: (repo) => repo.discover({}, paging, at) },
    { name: 'discover (search, one kind)', run: (repo) => repo.discover({ q: 'bread', entryType: 'organisation' }, paging, at) },
    { name: 'discover (a page past the end)', run: (repo) => repo.discover({}, { limit: 20, offset: 40 }, at) },
    { name: 'retireDue', run: (repo) => repo.retireDue(at, at, new Date('2027-01-01T00:00:00.000Z'), 500) },
    { name: 'purgeHistory', run: (repo) => repo.purgeHistory(later, 500) },
  ],
};

if (import.meta.main) {
  await writeFile(QUERIES_FILE, await generateQueryReport(directoryQueries));
  console.log(`Wrote ${fileURLToPath(QUERIES_FILE)}`);
}
