import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, type Actor } from '@svc/kernel';
import { createAccountsService } from '../src/accounts.service.ts';
import { ACCESS_LIMITS } from '../src/limits.ts';
import { hashSecret } from '../src/secrets.ts';
import { SESSION_DAYS, SESSION_IDLE_DAYS, SESSION_SEEN_EVERY_MS } from '../src/sessions.ts';
import { memoryAccessDeps } from './stand-ins.ts';

/**
 * The sign-up, sign-in, session and password-change rules, over the in-memory repository: what a
 * person sees (the error's code and kind, whether a session is accepted) and what is stored after.
 */
const setUp = () => {
  const memory = memoryAccessDeps();
  return { ...memory, accounts: createAccountsService(memory.deps) };
};

const owner = { email: 'owner@example.test', password: 'long enough password', display_name: 'Owner' };

const agentOf = (actor: Actor): Actor => ({ ...actor, via: 'agent', grantId: 'grt_1', agentName: 'Bot', scopes: ['account:read'] });

describe('sign-up', () => {
  it('stores a principal who is not support and opens a 30-day session for them', async () => {
    const { accounts, state, clock } = setUp();
    const session = await accounts.signup(owner, '192.0.2.1');
    expect(session.sessionId).toMatch(/^ses_/);
    expect(session.csrfToken).toMatch(/^csrf_/);
    expect(session.expiresAt).toEqual(new Date(clock.now().getTime() + SESSION_DAYS * DAY_MS));
    expect(session.principal).toEqual({ principal_id: 'prn_1', display_name: 'Owner' });
    expect([...state().principals.values()]).toMatchObject([{ id: 'prn_1', email: 'owner@example.test', displayName: 'Owner', isSupport: false }]);
    expect(state().sessions.get(hashSecret(session.sessionId))).toEqual({
      idHash: hashSecret(session.sessionId),
      principalId: 'prn_1',
      csrfToken: session.csrfToken,
      createdAt: clock.now(),
      expiresAt: session.expiresAt,
      lastSeenAt: clock.now(),
    });
    const resolved = await accounts.resolveSession(session.sessionId);
    expect(resolved).toEqual({
      actor: { principalId: 'prn_1', displayName: 'Owner', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false },
      csrfToken: session.csrfToken,
    });
  });

  it('refuses a taken e-mail address as email_taken (conflict) and opens no session', async () => {
    const { accounts, state } = setUp();
    await accounts.signup(owner);
    await expect(accounts.signup({ ...owner, display_name: 'Someone else' })).rejects.toMatchObject({
      code: 'email_taken',
      kind: 'conflict',
      message: 'An account with this e-mail address exists; sign in instead.',
    });
    expect(state().principals.size).toBe(1);
    expect(state().sessions.size).toBe(1);
  });

  it('tries at most 10 sign-ups from one address in the window, taken addresses included; none counted without an address', async () => {
    const { accounts, count } = setUp();
    await accounts.signup(owner, '192.0.2.1');
    for (let i = 0; i < 9; i++) await expect(accounts.signup(owner, '192.0.2.1')).rejects.toMatchObject({ code: 'email_taken' });
    expect(count(ACCESS_LIMITS.signUpsPerAddress, '192.0.2.1')).toBe(10);
    await expect(accounts.signup({ ...owner, email: 'new@example.test' }, '192.0.2.1')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many sign-ups from this address\. Try again in /),
      extras: { retry_after: 900 },
    });
    // Another address, and callers inside the process, are not held back.
    await accounts.signup({ ...owner, email: 'new@example.test' }, '192.0.2.2');
    await accounts.signup({ ...owner, email: 'third@example.test' });
    expect(count(ACCESS_LIMITS.signUpsPerAddress, 'undefined')).toBe(0);
  });
});

describe('sign-in', () => {
  it('opens a session for the right password and counts nothing', async () => {
    const { accounts, count } = setUp();
    await accounts.signup(owner);
    const session = await accounts.login({ email: owner.email, password: owner.password }, '192.0.2.1');
    expect(session.principal).toEqual({ principal_id: 'prn_1', display_name: 'Owner' });
    expect((await accounts.resolveSession(session.sessionId))?.actor.principalId).toBe('prn_1');
    expect(count(ACCESS_LIMITS.signInFailuresPerAddress, '192.0.2.1')).toBe(0);
    expect(count(ACCESS_LIMITS.signInFailuresPerAccountAndAddress, JSON.stringify([owner.email, '192.0.2.1']))).toBe(0);
  });

  it('answers invalid_credentials (unauthenticated) alike for a wrong password and an unknown e-mail, and counts each', async () => {
    const { accounts, count, state } = setUp();
    await accounts.signup(owner);
    const refused = { code: 'invalid_credentials', kind: 'unauthenticated', message: 'The e-mail address or password is not right.' };
    await expect(accounts.login({ email: owner.email, password: 'not the password' }, '192.0.2.1')).rejects.toMatchObject(refused);
    await expect(accounts.login({ email: 'nobody@example.test', password: owner.password }, '192.0.2.1')).rejects.toMatchObject(refused);
    expect(count(ACCESS_LIMITS.signInFailuresPerAddress, '192.0.2.1')).toBe(2);
    expect(count(ACCESS_LIMITS.signInFailuresPerAccountAndAddress, JSON.stringify([owner.email, '192.0.2.1']))).toBe(1);
    expect(count(ACCESS_LIMITS.signInFailuresPerAccountAndAddress, JSON.stringify(['nobody@example.test', '192.0.2.1']))).toBe(1);
    expect(state().sessions.size).toBe(1);
  });

  it('refuses even the right password after 10 failures for the account from that address, and not from another', async () => {
    const { accounts } = setUp();
    await accounts.signup(owner);
    for (let i = 0; i < 10; i++) await expect(accounts.login({ email: owner.email, password: 'wrong password' }, '192.0.2.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(accounts.login({ email: owner.email, password: owner.password }, '192.0.2.1')).rejects.toMatchObject({
      code: 'rate_limited',
      kind: 'rate_limited',
      message: expect.stringMatching(/^Too many failed sign-ins from this address\. Try again in /),
    });
    await expect(accounts.login({ email: owner.email, password: owner.password }, '192.0.2.2')).resolves.toMatchObject({ principal: { principal_id: 'prn_1' } });
  });
});

describe('sessions', () => {
  it('refuses an unknown session id and one that was signed out', async () => {
    const { accounts, state } = setUp();
    const session = await accounts.signup(owner);
    expect(await accounts.resolveSession('ses_unknown')).toBeNull();
    await accounts.logout(session.sessionId);
    expect(await accounts.resolveSession(session.sessionId)).toBeNull();
    expect(state().sessions.size).toBe(0);
  });

  it('accepts a session unused for just under 7 days and refuses one unused for 7 days', async () => {
    const { accounts, clock } = setUp();
    const kept = await accounts.signup(owner);
    const idle = await accounts.signup({ ...owner, email: 'idle@example.test' });
    clock.advance(SESSION_IDLE_DAYS * DAY_MS - 1);
    expect(await accounts.resolveSession(kept.sessionId)).not.toBeNull();
    clock.advance(1);
    expect(await accounts.resolveSession(idle.sessionId)).toBeNull();
    // The use just under the idle limit counted: the kept session is good for another week.
    clock.advance(SESSION_IDLE_DAYS * DAY_MS - 2);
    expect(await accounts.resolveSession(kept.sessionId)).not.toBeNull();
  });

  it('ends a session 30 days after sign-in however often it is used', async () => {
    const { accounts, clock } = setUp();
    const session = await accounts.signup(owner);
    for (let day = 0; day < SESSION_DAYS - 1; day++) {
      clock.advance(DAY_MS);
      expect(await accounts.resolveSession(session.sessionId)).not.toBeNull();
    }
    clock.advance(DAY_MS - 1);
    expect(await accounts.resolveSession(session.sessionId)).not.toBeNull();
    clock.advance(1);
    expect(await accounts.resolveSession(session.sessionId)).toBeNull();
  });

  it('notes use once it is 5 minutes old, with one write, and not before', async () => {
    const FIVE_MINUTES = 5 * 60_000;
    expect(SESSION_SEEN_EVERY_MS).toBe(FIVE_MINUTES);
    const { accounts, clock, state, deps } = setUp();
    const session = await accounts.signup(owner);
    const stored = () => state().sessions.get(hashSecret(session.sessionId))!;
    const signedInAt = clock.now();
    const touch = vi.spyOn(deps.repo, 'touchSession');
    clock.advance(FIVE_MINUTES - 1);
    await accounts.resolveSession(session.sessionId);
    expect(stored().lastSeenAt).toEqual(signedInAt);
    expect(touch).not.toHaveBeenCalled();
    clock.advance(1);
    await accounts.resolveSession(session.sessionId);
    expect(stored().lastSeenAt).toEqual(clock.now());
    expect(touch).toHaveBeenCalledExactlyOnceWith(hashSecret(session.sessionId), clock.now(), FIVE_MINUTES);
  });
});

describe('password change and signing out everywhere', () => {
  it('checks the current password, sets the new one and ends every other session of the person only', async () => {
    const { accounts } = setUp();
    const here = await accounts.signup(owner);
    const elsewhere = await accounts.login({ email: owner.email, password: owner.password }, '192.0.2.1');
    const someoneElse = await accounts.signup({ ...owner, email: 'other@example.test' });
    const { actor } = (await accounts.resolveSession(here.sessionId))!;

    await expect(accounts.changePassword(actor, { current_password: 'not the password', new_password: 'a new long password' }, here.sessionId)).rejects.toMatchObject({
      code: 'invalid_credentials',
      extras: { details: [{ path: 'current_password' }] },
    });
    expect(await accounts.resolveSession(elsewhere.sessionId)).not.toBeNull();

    expect(await accounts.changePassword(actor, { current_password: owner.password, new_password: 'a new long password' }, here.sessionId)).toEqual({ sessions_ended: 1 });
    expect(await accounts.resolveSession(here.sessionId)).not.toBeNull();
    expect(await accounts.resolveSession(elsewhere.sessionId)).toBeNull();
    expect(await accounts.resolveSession(someoneElse.sessionId)).not.toBeNull();
    await expect(accounts.login({ email: owner.email, password: owner.password }, '192.0.2.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(accounts.login({ email: owner.email, password: 'a new long password' }, '192.0.2.1')).resolves.toBeDefined();
  });

  it('refuses an agent: it can neither change the password nor end the sessions', async () => {
    const { accounts, state } = setUp();
    const here = await accounts.signup(owner);
    const { actor } = (await accounts.resolveSession(here.sessionId))!;
    const before = state().principals.get('prn_1')!.passwordHash;
    await expect(accounts.changePassword(agentOf(actor), { current_password: owner.password, new_password: 'a new long password' }, 'ses_x')).rejects.toMatchObject({ code: 'human_only' });
    await expect(accounts.endAllSessions(agentOf(actor))).rejects.toMatchObject({ code: 'human_only' });
    // Refused as an agent before its input is read: the agent learns nothing about the password rules.
    await expect(accounts.changePassword(agentOf(actor), {}, 'ses_x')).rejects.toMatchObject({ code: 'human_only', kind: 'forbidden' });
    expect(state().principals.get('prn_1')!.passwordHash).toBe(before);
    expect(state().sessions.size).toBe(1);
  });

  it('signs the person out everywhere, this session included, and no one else', async () => {
    const { accounts } = setUp();
    const here = await accounts.signup(owner);
    const elsewhere = await accounts.login({ email: owner.email, password: owner.password }, '192.0.2.1');
    const someoneElse = await accounts.signup({ ...owner, email: 'other@example.test' });
    const { actor } = (await accounts.resolveSession(here.sessionId))!;
    expect(await accounts.endAllSessions(actor)).toEqual({ sessions_ended: 2 });
    expect(await accounts.resolveSession(here.sessionId)).toBeNull();
    expect(await accounts.resolveSession(elsewhere.sessionId)).toBeNull();
    expect(await accounts.resolveSession(someoneElse.sessionId)).not.toBeNull();
  });
});
