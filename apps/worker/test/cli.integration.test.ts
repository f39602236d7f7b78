import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, type TestApp } from '@svc/runtime/testing';
import { startCommandLineTestApp, svcCommand } from './command-line.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startCommandLineTestApp();
});
afterAll(() => app?.close());

const svc = svcCommand(() => app.db.url!);

describe('svc command line', () => {
  it('grants the support role by e-mail, which nothing in the API can do', async () => {
    const person = await app.signUp('Moderator');
    const { stdout } = await svc('admin', 'grant-support', person.email.toUpperCase());
    expect(stdout).toContain('Moderator');
    const [row] = await app.db.query<{ is_support: boolean }>('select is_support from principals where id = $1', [person.id]);
    expect(row!.is_support).toBe(true);
  });

  it('runs the cleanup once as of --now and prints what it did', async () => {
    const { stdout } = await svc('worker', 'cleanup', '--now', '2027-01-01T00:00:00Z');
    const report = JSON.parse(stdout);
    expect(report.now).toBe('2027-01-01T00:00:00.000Z');
    expect(report.reports.map((r: { job: string }) => r.job)).toEqual([
      'idempotency-keys',
      'rate-limit-windows',
      'access',
      'oauth',
      'offers-resolved-reports',
      'directory-retire',
      'directory-history',
      'threads-expired-invites',
    ]);
    expect(report.reports.every((r: { ran: boolean }) => r.ran)).toBe(true);
  });

  it.each(['12', 'soon', '2026-02-30T00:00:00Z', '2026-13-01'])('refuses --now %s, which is no ISO 8601 time (or no day of the calendar), saying what it takes', async (value) => {
    await expect(svc('worker', 'cleanup', '--now', value)).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('--now takes an ISO 8601 time such as') });
  });

  it('prints a day of usage counts', async () => {
    await app.request('GET', '/healthz');
    await app.services.usage.flush();
    const { stdout } = await svc('usage', '--day', '2026-11-21');
    expect(stdout).toContain('Requests on 2026-11-21');
    expect(stdout).toContain('GET /healthz');
  });

  it('refuses unknown commands with the usage text', async () => {
    await expect(svc('frobnicate')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('svc <command>') });
  });

  it.each([
    ['support for an unknown e-mail', ['admin', 'grant-support', 'nobody@example.test'], 'not_found: No such principal.'],
    ['a report that does not exist', ['reports', 'resolve', 'rpt_nope', 'fixed'], 'not_found'],
    ['a day the calendar lacks', ['usage', '--day', '2026-02-30'], '--day takes a day as YYYY-MM-DD, not "2026-02-30"'],
  ])('refuses %s in its own words (exit 2), not a stack trace', async (_case, args, message) => {
    const refused = svc(...args);
    await expect(refused).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
    await expect(refused).rejects.toMatchObject({ stderr: expect.not.stringMatching(/^\s+at /m) });
  });

  it('stops with one line naming DATABASE_URL when nothing accepts connections there (exit 1), not a stack trace', async () => {
    const closed = new URL(app.db.url!);
    closed.host = `127.0.0.1:${await freePort()}`;
    const refused = svcCommand(() => closed.toString())('db', 'migrate');
    await expect(refused).rejects.toMatchObject({ code: 1, stderr: expect.stringContaining('svc: DATABASE_URL: nothing accepts connections at 127.0.0.1:') });
    await expect(refused).rejects.toMatchObject({ stderr: expect.not.stringMatching(/^\s+at /m) });
  });

  it('refuses a CLEANUP_CRON that is no cron expression before opening anything, even with --no-cron', async () => {
    const refused = svcCommand(() => app.db.url!, { CLEANUP_CRON: 'bogus' })('serve', '--no-cron');
    await expect(refused).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('svc: CLEANUP_CRON must be a cron expression') });
    await expect(refused).rejects.toMatchObject({ stderr: expect.not.stringMatching(/^\s+at /m) });
  });

  it.each([
    ['an option without its value', ['worker', 'cleanup', '--now'], "Option '--now <value>' argument missing"],
    ['an unknown option', ['worker', 'cleanup', '--bogus'], "Unknown option '--bogus'"],
  ])('refuses %s with what was wrong and the usage text, not a stack trace', async (_case, args, message) => {
    const refused = svc(...args);
    await expect(refused).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining(message) });
    await expect(refused).rejects.toMatchObject({ stderr: expect.stringContaining('svc <command>') });
    await expect(refused).rejects.toMatchObject({ stderr: expect.not.stringMatching(/^\s+at /m) });
  });
});
