import { describe, expect, it, vi } from 'vitest';
import type { Actor } from '@svc/kernel';
import { createAccountsService } from '../src/accounts.service.ts';
import { ACCESS_LIMITS } from '../src/limits.ts';
import { createRecoveryService, SUPPORT_RECOVERY_CODE_MINUTES } from '../src/recovery.service.ts';
import { hashSecret } from '../src/secrets.ts';
import { memoryAccessDeps } from './stand-ins.ts';

/**
 * Recovery codes and password resets over the in-memory repository: who may make a code, how long
 * support's code works, what a reset ends and opens, and the one refusal for every wrong try.
 */
const HOUR = 60 * 60_000;
const password = 'the original password';
const newPassword = 'a brand new password';

const setUp = async () => {
  const memory = memoryAccessDeps();
  const accounts = createAccountsService(memory.deps);
  const recovery = createRecoveryService(memory.deps);
  const signedIn = await accounts.signup({ email: 'owner@example.test', password, display_name: 'Owner' });
  const { actor } = (await accounts.resolveSession(signedIn.sessionId))!;
  return { ...memory, accounts, recovery, actor, signedIn };
};

const agentOf = (actor: Actor): Actor => ({ ...actor, via: 'agent', grantId: 'grt_1', agentName: 'Bot', scopes: ['account:read'] });

describe('making a code', () => {
  it('asks the person for their current password, shows the code once and stores its hash only', async () => {
    const { recovery, actor, state, clock } = await setUp();
    await expect(recovery.create(actor, { current_password: 'not my password' })).rejects.toMatchObject({
      code: 'invalid_credentials',
      extras: { details: [{ path: 'current_password' }] },
    });
    expect(state().recoveryCodes.size).toBe(0);
    const made = await recovery.create(actor, { current_password: password });
    expect(made).toEqual({ recovery_code: expect.stringMatching(/^[0-9A-Z]{5}(-[0-9A-Z]{5}){4}$/), created_at: clock.now().toISOString(), expires_at: null });
    expect([...state().recoveryCodes.values()]).toEqual([
      { codeHash: hashSecret(made.recovery_code.replace(/-/g, '')), principalId: actor.principalId, issuedBy: 'person', createdAt: clock.now(), expiresAt: null },
    ]);
    expect(await recovery.status(actor)).toEqual({ own: { created_at: clock.now().toISOString() }, support: null });
  });

  it('refuses an agent before reading its input: it can neither make a code nor see whether one exists', async () => {
    const { recovery, actor, state } = await setUp();
    await expect(recovery.create(agentOf(actor), {})).rejects.toMatchObject({ code: 'human_only', kind: 'forbidden' });
    await expect(recovery.create(agentOf(actor), { current_password: password })).rejects.toMatchObject({ code: 'human_only' });
    await expect(recovery.status(agentOf(actor))).rejects.toMatchObject({ code: 'human_only' });
    expect(state().recoveryCodes.size).toBe(0);
  });

  it('gives support a code for the e-mail as typed that works for an hour, beside the person’s own', async () => {
    const { recovery, actor, clock } = await setUp();
    expect(SUPPORT_RECOVERY_CODE_MINUTES).toBe(60);
    const own = await recovery.create(actor, { current_password: password });
    const given = await recovery.issueForSupport('  Owner@Example.TEST ');
    expect(given).toEqual({
      recovery_code: expect.any(String),
      created_at: clock.now().toISOString(),
      expires_at: new Date(clock.now().getTime() + HOUR).toISOString(),
      principal: { principal_id: actor.principalId, display_name: 'Owner' },
    });
    expect(await recovery.status(actor)).toEqual({
      own: { created_at: clock.now().toISOString() },
      support: { created_at: clock.now().toISOString(), expires_at: given.expires_at },
    });
    clock.advance(HOUR);
    expect(await recovery.status(actor)).toEqual({ own: { created_at: given.created_at }, support: null });
    expect(own.recovery_code).not.toBe(given.recovery_code);
    await expect(recovery.issueForSupport('nobody@example.test')).rejects.toMatchObject({ code: 'not_found', message: 'No such principal.' });
  });
});

describe('a password reset', () => {
  it('uses the code up, sets the new password, ends every earlier session and opens one', async () => {
    const { recovery, accounts, actor, signedIn, state, count } = await setUp();
    const elsewhere = await accounts.login({ email: 'owner@example.test', password }, '192.0.2.9');
    const made = await recovery.create(actor, { current_password: password });
    // Typed as a person might: lower case, without the dashes.
    const done = await recovery.reset({ email: 'owner@example.test', recovery_code: made.recovery_code.replace(/-/g, '').toLowerCase(), new_password: newPassword }, '192.0.2.1');
    expect(done).toMatchObject({ sessions_ended: 2, recovery_code_used: 'person', session: { principal: { principal_id: actor.principalId } } });
    expect(await accounts.resolveSession(signedIn.sessionId)).toBeNull();
    expect(await accounts.resolveSession(elsewhere.sessionId)).toBeNull();
    expect(await accounts.resolveSession(done.session.sessionId)).toMatchObject({ actor: { principalId: actor.principalId } });
    expect(state().recoveryCodes.size).toBe(0);
    await expect(accounts.login({ email: 'owner@example.test', password }, '192.0.2.1')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(accounts.login({ email: 'owner@example.test', password: newPassword }, '192.0.2.1')).resolves.toBeDefined();
    // The reset was sound: it used up none of the sign-in limit.
    expect(count(ACCESS_LIMITS.signInFailuresPerAddress, '192.0.2.1')).toBe(1);
    // Used once, it works no more.
    await expect(recovery.reset({ email: 'owner@example.test', recovery_code: made.recovery_code, new_password: 'yet another password' }, '192.0.2.1')).rejects.toMatchObject({
      code: 'invalid_credentials',
    });
  });

  it('refuses a wrong code, another person’s e-mail and an expired support code alike, and counts each as a failed sign-in', async () => {
    const { recovery, accounts, clock, count, state } = await setUp();
    await accounts.signup({ email: 'other@example.test', password, display_name: 'Other' });
    const given = await recovery.issueForSupport('owner@example.test');
    const refused = { code: 'invalid_credentials', kind: 'unauthenticated', message: 'The e-mail address or recovery code is not right.' };
    const reset = (email: string, code: string) => recovery.reset({ email, recovery_code: code, new_password: newPassword }, '192.0.2.1');
    await expect(reset('owner@example.test', '00000-00000-00000-00000-00000')).rejects.toMatchObject(refused);
    await expect(reset('other@example.test', given.recovery_code)).rejects.toMatchObject(refused);
    clock.advance(HOUR - 1);
    expect(await recovery.status((await accounts.resolveSession((await accounts.login({ email: 'owner@example.test', password }, '192.0.2.2')).sessionId))!.actor)).toMatchObject({
      support: { expires_at: given.expires_at },
    });
    clock.advance(1);
    await expect(reset('owner@example.test', given.recovery_code)).rejects.toMatchObject(refused);
    expect(count(ACCESS_LIMITS.signInFailuresPerAddress, '192.0.2.1')).toBe(3);
    expect(count(ACCESS_LIMITS.signInFailuresPerAccountAndAddress, JSON.stringify(['owner@example.test', '192.0.2.1']))).toBe(2);
    expect(state().recoveryCodes.size).toBe(1);
  });

  it('is refused after 10 failures for the account from one address, even with the right code', async () => {
    const { recovery } = await setUp();
    const given = await recovery.issueForSupport('owner@example.test');
    const reset = (code: string) => recovery.reset({ email: 'owner@example.test', recovery_code: code, new_password: newPassword }, '192.0.2.1');
    for (let i = 0; i < 10; i++) await expect(reset('00000-00000-00000-00000-00000')).rejects.toMatchObject({ code: 'invalid_credentials' });
    await expect(reset(given.recovery_code)).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many failed sign-ins and password resets from this address\. Try again in /),
    });
    await expect(recovery.reset({ email: 'owner@example.test', recovery_code: given.recovery_code, new_password: newPassword }, '192.0.2.2')).resolves.toMatchObject({
      recovery_code_used: 'support',
    });
  });

  it('leaves the code and the sessions as they were when the principal is gone mid-reset', async () => {
    const { recovery, accounts, signedIn, state, deps } = await setUp();
    const given = await recovery.issueForSupport('owner@example.test');
    vi.spyOn(deps.repo, 'setPasswordHash').mockResolvedValueOnce(null);
    await expect(recovery.reset({ email: 'owner@example.test', recovery_code: given.recovery_code, new_password: newPassword }, '192.0.2.1')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No such principal.',
    });
    expect(state().recoveryCodes.size).toBe(1);
    expect(await accounts.resolveSession(signedIn.sessionId)).not.toBeNull();
  });
});
