// `pnpm --filter @svc/access queries`: rewrites src/queries/access.sql, the SQL each repository
// method sends (test/queries.integration.test.ts fails while the checked-in file differs).
import { sql } from 'kysely';
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { dbSchema } from '@svc/db';
import { generateQueryReport, type QueryReport } from '@svc/db/testing';
import { accessSchema } from '../src/index.ts';
import type { DeviceRecord, GrantRecord, PrincipalRecord } from '../src/access.records.ts';
import { accessClient, createMikroOrmAccessRepository } from '../src/access.repository.mikro-orm.ts';
import type { AccessRepository } from '../src/access.repository.ts';

export const QUERIES_FILE = new URL('../src/queries/access.sql', import.meta.url);

const at = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-11-29T09:00:00.000Z');
const principal: PrincipalRecord = {
  id: 'prn_report',
  email: 'ada@example.test',
  passwordHash: 'scrypt$report',
  displayName: 'Ada',
  isSupport: false,
  createdAt: at,
};
const agent = { agentName: 'Report agent', description: null, agentUrl: null, builtWith: null, model: null };
const device: DeviceRecord & { deviceCodeHash: string } = {
  id: 'dev_report',
  deviceCodeHash: 'device-code-hash',
  userCode: 'ABCD-EFGH',
  ...agent,
  scopes: ['account:read'],
  days: 30,
  status: 'pending',
  principalId: null,
  grantId: null,
  createdAt: at,
  expiresAt: later,
  decidedAt: null,
  lastPollAt: null,
};
const grant: GrantRecord & { tokenHash: string } = {
  id: 'grt_report',
  principalId: principal.id,
  ...agent,
  scopes: ['account:read'],
  tokenHash: 'token-hash',
  createdAt: at,
  expiresAt: later,
  revokedAt: null,
  lastUsedAt: null,
};
const recoveryCode = { codeHash: 'recovery-code-hash', principalId: principal.id, issuedBy: 'support' as const, createdAt: at, expiresAt: later };
const session = { idHash: 'session-hash', principalId: principal.id, csrfToken: 'csrf', createdAt: at, expiresAt: later, lastSeenAt: at };

/** Every repository method, called in an order that finds rows to read, change and then delete. */
export const accessQueries: QueryReport<AccessRepository> = {
  command: 'pnpm --filter @svc/access queries',
  title: 'AccessRepository',
  schema: {
    entities: [...dbSchema.entities, ...accessSchema.entities],
    migrations: [...dbSchema.migrations, ...accessSchema.migrations],
    routines: dbSchema.routines,
  },
  repository: (db) => createMikroOrmAccessRepository(accessClient(db)),
  calls: [
    { name: 'insertPrincipal', run: (repo) => repo.insertPrincipal(principal) },
    { name: 'findPrincipalByEmail', run: (repo) => repo.findPrincipalByEmail(principal.email) },
    { name: 'findPrincipals', run: (repo) => repo.findPrincipals([principal.id, 'prn_other']) },
    { name: 'displayNameSql (an expression for another statement: it sends none)', run: async (repo) => repo.displayNameSql?.('jobs.posted_by') },
    { name: 'setSupport', run: (repo) => repo.setSupport(principal.email, true) },
    { name: 'setDisplayName', run: (repo) => repo.setDisplayName(principal.id, 'Ada L.') },
    { name: 'setPasswordHash', run: (repo) => repo.setPasswordHash(principal.id, 'scrypt$changed') },
    { name: 'replacePasswordHash', run: (repo) => repo.replacePasswordHash(principal.id, 'scrypt$changed', 'scrypt$replaced') },
    { name: 'insertSession', run: (repo) => repo.insertSession(session) },
    { name: 'findSession', run: (repo) => repo.findSession(session.idHash, at, new Date(at.getTime() - 60_000)) },
    { name: 'touchSession', run: (repo) => repo.touchSession(session.idHash, later, 60_000) },
    { name: 'deleteSessionsOf', run: (repo) => repo.deleteSessionsOf(principal.id, session.idHash) },
    { name: 'deleteSession', run: (repo) => repo.deleteSession(session.idHash) },
    { name: 'insertDevice', run: (repo) => repo.insertDevice(device) },
    { name: 'findDeviceByCodeHash', run: (repo) => repo.findDeviceByCodeHash(device.deviceCodeHash) },
    { name: 'findDeviceByUserCode', run: (repo) => repo.findDeviceByUserCode(device.userCode) },
    { name: 'decideDevice', run: (repo) => repo.decideDevice(device.id, { status: 'approved', principalId: principal.id, at }, at) },
    { name: 'acceptPoll', run: (repo) => repo.acceptPoll(device.id, at, 5_000) },
    { name: 'insertGrant', run: (repo) => repo.insertGrant(grant) },
    { name: 'consumeDevice', run: (repo) => repo.consumeDevice(device.id, grant.id) },
    { name: 'listUncollectedDevices', run: (repo) => repo.listUncollectedDevices(principal.id, at) },
    { name: 'cancelUncollectedDevice', run: (repo) => repo.cancelUncollectedDevice(device.id, principal.id, at) },
    { name: 'findLiveGrantByTokenHash', run: (repo) => repo.findLiveGrantByTokenHash(grant.tokenHash, at) },
    {
      name: 'findLiveGrantByTokenHash (with another domain’s columns)',
      run: (repo) =>
        repo.findLiveGrantByTokenHash(grant.tokenHash, at, ({ principal: owner }) => ({
          sql: sql`(select count(*) from grants where principal_id = ${owner} and created_at > ${at}) as recent_grants`,
          read: (row) => Number(row.recent_grants),
        })),
    },
    { name: 'findGrant', run: (repo) => repo.findGrant(grant.id) },
    { name: 'listGrants', run: (repo) => repo.listGrants(principal.id, at) },
    { name: 'narrowGrant', run: (repo) => repo.narrowGrant(grant.id, principal.id, ['account:read'], at) },
    { name: 'touchGrant', run: (repo) => repo.touchGrant(grant.id, later) },
    { name: 'revokeGrant', run: (repo) => repo.revokeGrant(grant.id, principal.id, at) },
    { name: 'revokeAllGrants', run: (repo) => repo.revokeAllGrants(principal.id, at) },
    {
      name: 'insertIntroduction',
      run: (repo) => repo.insertIntroduction({ id: 'int_report', agentName: 'Report agent', details: { purpose: 'report' }, createdAt: at, expiresAt: later }),
    },
    { name: 'putRecoveryCode', run: (repo) => repo.putRecoveryCode(recoveryCode) },
    { name: 'listRecoveryCodes', run: (repo) => repo.listRecoveryCodes(principal.id, at) },
    { name: 'useRecoveryCode', run: (repo) => repo.useRecoveryCode(principal.email, recoveryCode.codeHash, at) },
    { name: 'purgeExpired', run: (repo) => repo.purgeExpired(later, at, at) },
  ],
};

if (import.meta.main) {
  await writeFile(QUERIES_FILE, await generateQueryReport(accessQueries));
  console.log(`Wrote ${fileURLToPath(QUERIES_FILE)}`);
}
