import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { startCommandLineTestApp, svcCommand } from './command-line.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startCommandLineTestApp();
});
afterAll(() => app?.close());

const svc = svcCommand(() => app.db.url!, { BASE_URL: 'https://tasks.example' });

describe('svc accounts recovery-code', () => {
  it('prints a one-time code for the person, stored only as a hash, that sets a new password within the hour', async () => {
    const person = await app.signUp('Lost Password');
    const { stdout } = await svc('accounts', 'recovery-code', ` ${person.email.toUpperCase()} `);
    expect(stdout).toContain(`Recovery code for Lost Password (${person.id}):`);
    expect(stdout).toContain('https://tasks.example/auth/reset');
    const code = /^ {2}([0-9A-Z]{5}(?:-[0-9A-Z]{5}){4})$/m.exec(stdout)![1]!;

    const [row] = await app.db.query<{ code_hash: string; issued_by: string; created_at: Date | string; expires_at: Date | string }>(
      'select code_hash, issued_by, created_at, expires_at from recovery_codes where principal_id = $1',
      [person.id],
    );
    expect(row!.issued_by).toBe('support');
    expect(row!.code_hash).not.toContain(code.replace(/-/g, ''));
    const madeAt = new Date(row!.created_at).getTime();
    expect(new Date(row!.expires_at).getTime() - madeAt).toBe(60 * 60_000);
    expect(stdout).toContain(`until ${new Date(row!.expires_at).toISOString()}`);

    // The person, 59 minutes later (the command ran on the real clock, the service here on the test's).
    app.clock.set(new Date(madeAt + 59 * 60_000));
    const reset = await app.services.access.recovery.reset({ email: person.email, recovery_code: code, new_password: 'chosen after a call' }, '192.0.2.1');
    expect(reset).toMatchObject({ recovery_code_used: 'support', sessions_ended: 1 });
    expect(await app.services.access.accounts.resolveSession(person.session)).toBeNull();
    await expect(app.services.access.accounts.login({ email: person.email, password: 'chosen after a call' }, '192.0.2.1')).resolves.toBeTruthy();
  }, 60_000);

  it('names the reset page by its path, not a made-up address, when BASE_URL is not set for the command', async () => {
    const person = await app.signUp('Lost Again');
    const { stdout } = await svcCommand(() => app.db.url!, { BASE_URL: undefined })('accounts', 'recovery-code', person.email);
    expect(stdout).toContain("password at the website's /auth/reset page (set BASE_URL to print its address)");
    expect(stdout).not.toContain('localhost');
  }, 60_000);

  it('says so for an e-mail without an account, and shows the usage without one', async () => {
    const codes = () => app.db.query('select code_hash from recovery_codes');
    const before = await codes();
    await expect(svc('accounts', 'recovery-code', 'nobody@example.test')).rejects.toMatchObject({
      code: 2,
      stderr: expect.stringContaining('No account has the e-mail address nobody@example.test.'),
    });
    await expect(svc('accounts', 'recovery-code')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('Usage: svc accounts recovery-code <email>') });
    expect(await codes()).toEqual(before);
  }, 60_000);
});
