import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { DAY_MS, manualClock, requireScope, type Actor } from '@svc/kernel';
import { accessSchema, createAccessModule, type AccessModule, type Scope } from '../src/index.ts';

/**
 * A person narrows what a connected agent may do, on both engines: only their own live grant, only
 * by taking scopes away and never all of them, and the agent's very next request has the scopes
 * left (the token is looked up with its grant on every request). An OAuth client's grant narrows
 * alike, and its refreshes keep to what is left.
 */
describe.each(ENGINES)('narrowing an agent’s scopes on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  let person: Actor;
  let stranger: Actor;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  const signUp = async (email: string, name: string) => {
    const session = await access.accounts.signup({ email, password: 'long enough password', display_name: name });
    return (await access.accounts.resolveSession(session.sessionId))!.actor;
  };
  /** An agent of `owner` connected through the device flow: its token and grant. */
  const connect = async (owner: Actor, scopes: Scope[], days = 30) => {
    const started = await access.deviceFlow.connect({ agent_name: 'Helper', scopes, days });
    await access.deviceFlow.approve(owner, { user_code: started.user_code });
    const issued = await access.deviceFlow.poll({ device_code: started.device_code });
    return { token: issued.access_token, grantId: issued.grant_id };
  };
  const scopesInDatabase = async (grantId: string) => (await db.query<{ scopes: string[] }>('select scopes from grants where id = $1', [grantId]))[0]!.scopes;
  /** The actor the agent's next request is made as. */
  const nextRequest = async (token: string) => (await access.grants.resolveToken(token))!;

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
    person = await signUp('owner@example.test', 'Owner');
    stranger = await signUp('stranger@example.test', 'Stranger');
  });
  afterAll(() => db?.dispose());

  it('takes scopes away: the agent’s next request is refused insufficient_scope for a removed one and allowed the kept one', async () => {
    const { token, grantId } = await connect(person, ['jobs:write', 'account:read', 'threads:write']);
    const before = await nextRequest(token);
    expect(() => requireScope(before, 'jobs:write')).not.toThrow();

    // Asked in another order, kept in the grant's.
    const narrowed = await access.grants.narrow(person, grantId, { scopes: ['threads:write', 'account:read'] });
    expect(narrowed).toMatchObject({ grant_id: grantId, scopes: ['account:read', 'threads:write'], status: 'active', revoked_at: null });
    expect(await scopesInDatabase(grantId)).toEqual(['account:read', 'threads:write']);

    const after = await nextRequest(token);
    expect(after.scopes).toEqual(['account:read', 'threads:write']);
    expect(() => requireScope(after, 'jobs:write')).toThrow(expect.objectContaining({ code: 'insufficient_scope', kind: 'forbidden' }));
    expect(() => requireScope(after, 'account:read')).not.toThrow();
    expect(await access.grants.current(after)).toMatchObject({ scopes: ['account:read', 'threads:write'] });
    expect((await access.grants.list(person)).find((g) => g.grant_id === grantId)?.scopes).toEqual(['account:read', 'threads:write']);
  });

  it('answers not_found for another person’s grant and an unknown one; the grant keeps its scopes', async () => {
    const { token, grantId } = await connect(person, ['jobs:write', 'account:read']);
    await expect(access.grants.narrow(stranger, grantId, { scopes: ['account:read'] })).rejects.toMatchObject({ code: 'not_found', kind: 'not_found', message: 'No such grant.' });
    await expect(access.grants.narrow(person, 'grt_unknown', { scopes: ['account:read'] })).rejects.toMatchObject({ code: 'not_found' });
    expect(await scopesInDatabase(grantId)).toEqual(['jobs:write', 'account:read']);
    expect((await nextRequest(token)).scopes).toEqual(['jobs:write', 'account:read']);
  });

  it('refuses a scope the grant does not hold (a removed one included), none kept, and an agent, changing nothing', async () => {
    const { token, grantId } = await connect(person, ['jobs:write', 'account:read', 'services:write']);
    await access.grants.narrow(person, grantId, { scopes: ['jobs:write', 'account:read'] });

    await expect(access.grants.narrow(person, grantId, { scopes: ['account:read', 'services:write', 'feedback:write'] })).rejects.toMatchObject({
      code: 'validation_failed',
      kind: 'invalid',
      extras: {
        details: [
          { path: 'scopes.1', message: 'services:write is not a scope this agent holds: scopes can only be taken away' },
          { path: 'scopes.2', message: 'feedback:write is not a scope this agent holds: scopes can only be taken away' },
        ],
      },
    });
    await expect(access.grants.narrow(person, grantId, { scopes: [] })).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { details: [{ path: 'scopes', message: 'keep at least one: to take every scope away, revoke the agent instead' }] },
    });
    await expect(access.grants.narrow(person, grantId, { scopes: ['admin'] })).rejects.toMatchObject({
      code: 'validation_failed',
      extras: { details: [expect.objectContaining({ path: 'scopes.0' })] },
    });
    await expect(access.grants.narrow(person, grantId, { scopes: ['jobs:write', 'jobs:write'] })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(access.grants.narrow(person, grantId, {})).rejects.toMatchObject({ code: 'validation_failed' });
    // Not even its own grant, not even narrower: only the person, on the website.
    const agent = await nextRequest(token);
    await expect(access.grants.narrow(agent, grantId, { scopes: ['account:read'] })).rejects.toMatchObject({ code: 'human_only', kind: 'forbidden' });

    expect(await scopesInDatabase(grantId)).toEqual(['jobs:write', 'account:read']);
    expect((await nextRequest(token)).scopes).toEqual(['jobs:write', 'account:read']);
  });

  it('narrows an OAuth client’s grant too: its next request and its refreshes keep to what is left', async () => {
    const verifier = 'a-verifier-long-enough-for-pkce'.padEnd(50, 'x');
    const redirect = 'https://app.test/callback';
    const { client_id } = await access.oauth.register({ client_name: 'Desk app', redirect_uris: [redirect] });
    const decided = await access.oauth.decide(
      person,
      {
        client_id,
        redirect_uri: redirect,
        response_type: 'code',
        code_challenge: createHash('sha256').update(verifier).digest('base64url'),
        code_challenge_method: 'S256',
        scope: 'jobs:write account:read',
        state: 's',
      },
      'approve',
    );
    if (decided.kind !== 'redirect') throw new Error(`expected a redirect, got ${JSON.stringify(decided)}`);
    const code = new URL(decided.to).searchParams.get('code')!;
    const issued = (await access.oauth.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id }))!;

    await access.grants.narrow(person, issued.grant_id, { scopes: ['account:read'] });
    const agent = await nextRequest(issued.access_token);
    expect(() => requireScope(agent, 'jobs:write')).toThrow(expect.objectContaining({ code: 'insufficient_scope' }));
    expect(() => requireScope(agent, 'account:read')).not.toThrow();

    await expect(access.oauth.token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id, scope: 'jobs:write' })).rejects.toMatchObject({
      code: 'invalid_scope',
    });
    const refreshed = (await access.oauth.token({ grant_type: 'refresh_token', refresh_token: issued.refresh_token, client_id }))!;
    expect(refreshed.scope).toBe('account:read');
    expect((await nextRequest(refreshed.access_token)).scopes).toEqual(['account:read']);
  });

  it('refuses a revoked or an expired grant as invalid_state, naming its status', async () => {
    const revoked = await connect(person, ['jobs:write', 'account:read']);
    await access.grants.revoke(person, revoked.grantId);
    await expect(access.grants.narrow(person, revoked.grantId, { scopes: ['account:read'] })).rejects.toMatchObject({
      code: 'invalid_state',
      kind: 'conflict',
      extras: { status: 'revoked', action: 'narrow' },
    });
    const short = await connect(person, ['jobs:write', 'account:read'], 1);
    clock.advance(DAY_MS);
    await expect(access.grants.narrow(person, short.grantId, { scopes: ['account:read'] })).rejects.toMatchObject({
      code: 'invalid_state',
      extras: { status: 'expired' },
    });
    expect(await scopesInDatabase(short.grantId)).toEqual(['jobs:write', 'account:read']);
  });
});
