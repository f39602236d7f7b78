import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { manualClock, type Actor } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule, type TokenAlongside } from '../src/index.ts';

describe.each(ENGINES)('device flow and tokens on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  let person: Actor;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
    const session = await access.accounts.signup({ email: 'owner@example.test', password: 'long enough password', display_name: 'Owner' });
    person = (await access.accounts.resolveSession(session.sessionId))!.actor;
  });
  afterAll(() => db?.dispose());

  it('issues one token with exactly the approved scopes, resolving to an agent actor', async () => {
    const started = await access.deviceFlow.connect({ agent_name: 'Bot', scopes: ['jobs:write', 'threads:write'], days: 3 });
    await access.deviceFlow.approve(person, { user_code: started.user_code });
    const issued = await access.deviceFlow.poll({ device_code: started.device_code });
    expect(issued.scopes).toEqual(['jobs:write', 'threads:write']);
    expect(issued.expires_at).toBe('2026-11-24T12:00:00.000Z');
    const actor = await access.grants.resolveToken(issued.access_token);
    expect(actor).toEqual({
      principalId: person.principalId,
      displayName: 'Owner',
      via: 'agent',
      grantId: issued.grant_id,
      agentName: 'Bot',
      scopes: ['jobs:write', 'threads:write'],
      isSupport: false,
    });
  });

  it('yields at most one token when polls race after approval', async () => {
    clock.advance(60_000);
    const started = await access.deviceFlow.connect({ agent_name: 'Racer', scopes: ['account:read'] });
    await access.deviceFlow.approve(person, { user_code: started.user_code });
    const polls = await Promise.allSettled(
      Array.from({ length: 5 }, () => db.withContext(() => access.deviceFlow.poll({ device_code: started.device_code }))),
    );
    expect(polls.filter((p) => p.status === 'fulfilled')).toHaveLength(1);
    for (const p of polls) if (p.status === 'rejected') expect(['slow_down', 'invalid_grant']).toContain(p.reason.code);
    const grants = await db.query("select id from grants where agent_name = 'Racer'");
    expect(grants).toHaveLength(1);
  });

  it('refuses an agent that approves, and a second decision', async () => {
    const started = await access.deviceFlow.connect({ agent_name: 'Twice', scopes: ['account:read'] });
    const agent: Actor = { ...person, via: 'agent', grantId: 'grt_x', agentName: 'Bot', scopes: ['account:read'] };
    await expect(access.deviceFlow.approve(agent, { user_code: started.user_code })).rejects.toMatchObject({ code: 'human_only' });
    await access.deviceFlow.deny(person, { user_code: started.user_code });
    await expect(access.deviceFlow.approve(person, { user_code: started.user_code })).rejects.toMatchObject({ code: 'invalid_state' });
  });

  it('lists grants with their state and revokes only the owner’s', async () => {
    const grants = await access.grants.list(person);
    expect(grants.length).toBeGreaterThanOrEqual(2);
    const stranger: Actor = { ...person, principalId: 'prn_someone_else' };
    await expect(access.grants.revoke(stranger, grants[0]!.grant_id)).rejects.toMatchObject({ code: 'not_found' });
    const revoked = await access.grants.revoke(person, grants[0]!.grant_id);
    expect(revoked.status).toBe('revoked');
  });

  it('reads another domain\'s columns for the token\'s principal in the token\'s statement, and nothing for a revoked token', async () => {
    const started = await access.deviceFlow.connect({ agent_name: 'Alongside', scopes: ['account:read'] });
    await access.deviceFlow.approve(person, { user_code: started.user_code });
    const issued = await access.deviceFlow.poll({ device_code: started.device_code });
    // Columns as a domain writes them: keyed on the operands (here the grant's own columns), read back by name.
    const agentGrants: TokenAlongside<number> = ({ principal, grant }) => ({
      sql: sql`(select count(*) from grants where principal_id = ${principal} and agent_name = ${'Alongside'} and id = ${grant}) as alongside_grants`,
      read: (row) => Number(row.alongside_grants),
    });
    const resolved = await access.grants.resolveTokenWith(issued.access_token, agentGrants);
    expect(resolved?.actor).toMatchObject({ principalId: person.principalId, grantId: issued.grant_id });
    expect(resolved?.alongside).toBe(1);
    await access.grants.revoke(person, issued.grant_id);
    expect(await access.grants.resolveTokenWith(issued.access_token, agentGrants)).toBeNull();
  });

  it('returns public summaries without e-mail addresses', async () => {
    const summaries = await access.principals.summaries([person.principalId, 'prn_unknown']);
    expect([...summaries.values()]).toEqual([
      { principal_id: person.principalId, display_name: 'Owner', profile: `https://tasks.test/principals/${person.principalId}` },
    ]);
  });
});
