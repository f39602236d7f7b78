import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRateLimiter, dbEntities, dbMigrations, type SqlMigration } from '@svc/db';
import { ENGINES, openTestDatabase, type TestDatabase } from '@svc/db/testing';
import { DAY_MS, manualClock, type Actor } from '@svc/kernel';
import { accessSchema, accessMigrations, createAccessModule, type AccessModule } from '../src/index.ts';
import { hashSecret } from '../src/secrets.ts';

describe.each(ENGINES)('display name, password changes and sessions on %s', (engine) => {
  let db: TestDatabase;
  let access: AccessModule;
  let person: Actor;
  let personSession: string;
  const clock = manualClock('2026-11-21T12:00:00.000Z');

  beforeAll(async () => {
    db = await openTestDatabase(engine, { entities: [...dbEntities, ...accessSchema.entities], migrations: [...dbMigrations, ...accessSchema.migrations] });
    access = createAccessModule({ db, clock, limiter: createRateLimiter(db, clock), baseUrl: 'https://tasks.test' });
    const session = await access.accounts.signup({ email: 'owner@example.test', password: 'long enough password', display_name: 'Owner' });
    personSession = session.sessionId;
    person = (await access.accounts.resolveSession(session.sessionId))!.actor;
  });
  afterAll(() => db?.dispose());

  it('renames the principal; the public profile shows the new name', async () => {
    const renamed = await access.principals.rename(person, { display_name: '  Ada Lovelace ' });
    expect(renamed.display_name).toBe('Ada Lovelace');
    expect((await access.principals.profile(person.principalId)).display_name).toBe('Ada Lovelace');
  });

  it('refuses an empty name, and any rename by an agent', async () => {
    await expect(access.principals.rename(person, { display_name: ' ' })).rejects.toMatchObject({ code: 'validation_failed' });
    await expect(access.principals.rename({ ...person, via: 'agent' }, { display_name: 'Bot' })).rejects.toMatchObject({ code: 'human_only' });
  });

  it('refuses a display name holding a contact detail (it is shown beside all the principal posts): 422 blocked_content, the name unchanged', async () => {
    const before = (await access.principals.profile(person.principalId)).display_name;
    await expect(access.principals.rename(person, { display_name: 'ada@example.org' })).rejects.toMatchObject({
      code: 'blocked_content',
      extras: { details: [{ path: 'display_name', found: 'email_address' }] },
    });
    expect((await access.principals.profile(person.principalId)).display_name).toBe(before);
    await expect(access.accounts.signup({ email: 'fred@example.test', password: 'long enough password', display_name: 'fred@example.test' })).rejects.toMatchObject({
      code: 'blocked_content',
    });
    expect(await db.query('select 1 from principals where email = $1', ['fred@example.test'])).toEqual([]);
  });

  it('a name given before that rule stops publishing its e-mail address once the migration ran; other names stay', async () => {
    const insert = (id: string, name: string) =>
      db.query('insert into principals (id, email, password_hash, display_name, is_support, created_at) values ($1, $2, $3, $4, false, now())', [id, `${id}@example.test`, 'x', name]);
    await insert('prn_named_by_mail', 'Jo.Smith+party@Mail.Example.co.uk');
    await insert('prn_named_at_home', 'Ada @home, 2 × 3');
    const migration = accessMigrations.find((m) => m.name === '202612220100_access_display_names_without_email') as SqlMigration;
    for (const statement of migration.statements) await db.query(statement);
    const names = await db.query<{ id: string; display_name: string }>("select id, display_name from principals where id in ('prn_named_by_mail', 'prn_named_at_home') order by id");
    expect(names).toEqual([
      { id: 'prn_named_at_home', display_name: 'Ada @home, 2 × 3' },
      { id: 'prn_named_by_mail', display_name: 'Member' },
    ]);
  });

  it('changes the password only with the current one; the new one signs in, the old one no longer does', async () => {
    await expect(
      access.accounts.changePassword(person, { current_password: 'wrong password', new_password: 'a brand new password' }, personSession),
    ).rejects.toMatchObject({ code: 'invalid_credentials', extras: { details: [{ path: 'current_password' }] } });
    await expect(
      access.accounts.changePassword(person, { current_password: 'long enough password', new_password: 'short' }, personSession),
    ).rejects.toMatchObject({ code: 'validation_failed' });
    await access.accounts.changePassword(person, { current_password: 'long enough password', new_password: 'a brand new password' }, personSession);
    await expect(access.accounts.login({ email: 'owner@example.test', password: 'a brand new password' }, '192.0.2.1')).resolves.toBeTruthy();
    await expect(access.accounts.login({ email: 'owner@example.test', password: 'long enough password' }, '192.0.2.1')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('counts wrong current passwords: past 10 in 15 minutes both doors answer 429 before checking one, the right one too', async () => {
    const session = await access.accounts.signup({ email: 'guessed@example.test', password: 'the real password', display_name: 'Guessed' });
    const stolen = (await access.accounts.resolveSession(session.sessionId))!.actor;
    const change = (current: string) => access.accounts.changePassword(stolen, { current_password: current, new_password: 'taken over now' }, session.sessionId);
    for (let guess = 1; guess <= 10; guess++) {
      const door = guess % 2 === 0 ? change(`guess ${guess}`) : access.recovery.create(stolen, { current_password: `guess ${guess}` });
      await expect(door).rejects.toMatchObject({ code: 'invalid_credentials' });
    }
    await expect(change('the real password')).rejects.toMatchObject({ code: 'rate_limited', extras: { retry_after: expect.any(Number) } });
    await expect(access.recovery.create(stolen, { current_password: 'the real password' })).rejects.toMatchObject({ code: 'rate_limited' });
    clock.advance(15 * 60 * 1000);
    await change('the real password');
    await expect(access.accounts.login({ email: 'guessed@example.test', password: 'taken over now' }, '203.0.113.9')).resolves.toMatchObject({ sessionId: expect.any(String) });
    await access.accounts.endAllSessions(stolen);
  });

  it('ends every other session on a password change and keeps the one that made it; agents keep their grants', async () => {
    const signIn = async () => (await access.accounts.login({ email: 'owner@example.test', password: 'a brand new password' }, '192.0.2.2')).sessionId;
    const [current, laptop, phone] = [await signIn(), await signIn(), await signIn()];
    const started = await access.deviceFlow.connect({ agent_name: 'Helper', scopes: ['account:read'] });
    await access.deviceFlow.approve(person, { user_code: started.user_code });
    const { access_token } = await access.deviceFlow.poll({ device_code: started.device_code });

    const changed = await access.accounts.changePassword(person, { current_password: 'a brand new password', new_password: 'another new password' }, current);
    // The two others just opened, the one from sign-up and the sign-in of the test before.
    expect(changed).toEqual({ sessions_ended: 4 });
    expect(await access.accounts.resolveSession(laptop)).toBeNull();
    expect(await access.accounts.resolveSession(phone)).toBeNull();
    expect(await access.accounts.resolveSession(current)).toMatchObject({ actor: { principalId: person.principalId } });
    expect(await db.query('select 1 from sessions where principal_id = $1', [person.principalId])).toHaveLength(1);
    expect(await access.grants.resolveToken(access_token)).toMatchObject({ principalId: person.principalId, via: 'agent' });
    person = (await access.accounts.resolveSession(current))!.actor;
    personSession = current;
  });

  it('signs out everywhere (this session too) and revokes every agent in one step; an agent may do neither', async () => {
    const other = (await access.accounts.login({ email: 'owner@example.test', password: 'another new password' }, '192.0.2.2')).sessionId;
    const tokens: string[] = [];
    for (const name of ['First', 'Second']) {
      const started = await access.deviceFlow.connect({ agent_name: name, scopes: ['account:read'] });
      await access.deviceFlow.approve(person, { user_code: started.user_code });
      tokens.push((await access.deviceFlow.poll({ device_code: started.device_code })).access_token);
    }
    const agent = (await access.grants.resolveToken(tokens[0]!))!;
    await expect(access.grants.revokeAll(agent)).rejects.toMatchObject({ code: 'human_only' });
    await expect(access.accounts.endAllSessions(agent)).rejects.toMatchObject({ code: 'human_only' });

    // The grant of the test before, and these two.
    expect(await access.grants.revokeAll(person)).toEqual({ grants_revoked: 3 });
    for (const token of tokens) expect(await access.grants.resolveToken(token)).toBeNull();
    expect(await access.grants.revokeAll(person)).toEqual({ grants_revoked: 0 });
    expect((await access.grants.list(person)).map((grant) => grant.status)).toEqual(['revoked', 'revoked', 'revoked']);

    expect(await access.accounts.endAllSessions(person)).toEqual({ sessions_ended: 2 });
    expect(await access.accounts.resolveSession(other)).toBeNull();
    expect(await access.accounts.resolveSession(personSession)).toBeNull();
  });

  it('ends a session unused for 7 days, notes use at most every 5 minutes, and still ends every session after 30 days', async () => {
    const lastSeen = async (sessionId: string) =>
      new Date((await db.query<{ last_seen_at: Date | string }>('select last_seen_at from sessions where id_hash = $1', [hashSecret(sessionId)]))[0]!.last_seen_at);
    const signIn = async () => (await access.accounts.login({ email: 'owner@example.test', password: 'another new password' }, '192.0.2.3')).sessionId;
    const idle = await signIn();
    const busy = await signIn();
    const opened = clock.now();

    clock.advance(4 * 60_000);
    expect(await access.accounts.resolveSession(busy)).not.toBeNull();
    expect(await lastSeen(busy)).toEqual(opened);
    clock.advance(60_000);
    expect(await access.accounts.resolveSession(busy)).not.toBeNull();
    expect(await lastSeen(busy)).toEqual(clock.now());

    clock.advance(7 * DAY_MS - 5 * 60_000);
    expect(await access.accounts.resolveSession(idle)).toBeNull();
    expect(await access.accounts.resolveSession(busy)).not.toBeNull();
    // Used every 6 days, the busy one still ends 30 days after sign-in.
    for (let day = 7; day < 30; day += 6) {
      clock.advance(6 * DAY_MS);
      expect(await access.accounts.resolveSession(busy), `day ${day + 6}`).toEqual(day + 6 < 30 ? expect.anything() : null);
    }
    // The daily cleanup deletes both.
    const [job] = access.cleanupJobs;
    expect(await job!.run(clock.now())).toMatchObject({ sessions: 2 });
  });

  it('revokes with every agent the approvals no agent has collected yet: that device code and that OAuth code then issue no token', async () => {
    const waiting = await access.deviceFlow.connect({ agent_name: 'Collects later', scopes: ['account:read'] });
    await access.deviceFlow.approve(person, { user_code: waiting.user_code });
    const redirect = 'https://app.test/callback';
    const verifier = 'a-verifier-of-this-client'.padEnd(50, 'x');
    const { client_id } = await access.oauth.register({ client_name: 'App', redirect_uris: [redirect] });
    const request = {
      client_id,
      redirect_uri: redirect,
      response_type: 'code',
      code_challenge: createHash('sha256').update(verifier).digest('base64url'),
      code_challenge_method: 'S256',
      scope: 'account:read',
      state: 'the-state',
    };
    const decided = await access.oauth.decide(person, request, 'approve');
    const code = new URL((decided as { to: string }).to).searchParams.get('code')!;
    const liveBefore = (await access.grants.list(person)).filter((grant) => grant.status === 'active').length;

    expect(await access.grants.revokeAll(person)).toEqual({ grants_revoked: liveBefore + 2 });
    await expect(access.deviceFlow.poll({ device_code: waiting.device_code })).rejects.toMatchObject({ code: 'access_denied' });
    await expect(
      access.oauth.token({ grant_type: 'authorization_code', code, code_verifier: verifier, redirect_uri: redirect, client_id }),
    ).rejects.toMatchObject({ code: 'invalid_grant', message: 'The person revoked every agent’s access before this authorization code was exchanged; ask them to approve again.' });
    expect((await access.grants.list(person)).filter((grant) => grant.status === 'active')).toEqual([]);
  });
});
