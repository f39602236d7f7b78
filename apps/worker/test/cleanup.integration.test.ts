import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerApiRoutes } from '@svc/api';
import { startTestApp, type TestApp } from '@svc/runtime/testing';
import { runCleanup } from '../src/cleanup.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ registrars: [registerApiRoutes] });
});
afterAll(() => app?.close());

const count = async (table: string) => Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

describe('daily cleanup', () => {
  it('deletes idempotency keys past retention, old rate-limit windows and expired access records', async () => {
    const person = await app.signUp();
    await app.request('POST', '/api/v1/agent-introductions', {
      body: { schema_version: '1', agent_name: 'Old' },
      headers: { 'idempotency-key': 'old-key' },
    });
    await app.agentToken(person, ['account:read']);
    expect(await count('idempotency_keys')).toBe(1);
    expect(await count('rate_limit_windows')).toBeGreaterThan(0);

    const soon = new Date(app.clock.now().getTime() + 60 * 60 * 1000);
    const early = await runCleanup(app.services, soon);
    expect(early.every((r) => r.ran)).toBe(true);
    expect(await count('idempotency_keys')).toBe(1);

    const later = new Date(app.clock.now().getTime() + 40 * 24 * 60 * 60 * 1000);
    const reports = await runCleanup(app.services, later);
    expect(reports.find((r) => r.job === 'idempotency-keys')?.counts).toEqual({ deleted: 1 });
    expect(await count('idempotency_keys')).toBe(0);
    expect(await count('rate_limit_windows')).toBe(0);
    expect(await count('agent_introductions')).toBe(0);
    expect(await count('sessions')).toBe(0);
    expect(await count('device_authorizations')).toBe(0);
    expect(await count('grants')).toBe(1);
  });

  it('skips a job another worker is running (advisory lock)', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holder = app.db.withContext(() =>
      app.db.transaction(async () => {
        await app.db.query('select pg_advisory_xact_lock($1)', [7_320_001]);
        await held;
      }),
    );
    await new Promise((r) => setTimeout(r, 100));
    const reports = await runCleanup(app.services, app.clock.now());
    release();
    await holder;
    expect(reports.find((r) => r.job === 'idempotency-keys')).toEqual({ job: 'idempotency-keys', ran: false });
    expect(reports.find((r) => r.job === 'access')?.ran).toBe(true);
  });
});
