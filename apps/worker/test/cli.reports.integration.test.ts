import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { startCommandLineTestApp, svcCommand } from './command-line.ts';

let app: TestApp;
beforeAll(async () => {
  app = await startCommandLineTestApp();
});
afterAll(() => app?.close());

const svc = svcCommand(() => app.db.url!);

describe('svc reports', () => {
  it('lists open reports, resolves one, and lists it among the resolved', async () => {
    const person = await app.signUp('Pat Provider');
    const actor = (await app.services.access.accounts.resolveSession(person.session))!.actor;
    const offer = await app.services.offers.create(actor, { title: 'Party planning', role: 'planner', industry: 'events' });
    const report = await app.services.reports.report({ target_kind: 'service', target_id: offer.id, reason: 'spam', details: 'Copied text' }, '192.0.2.1');

    const open = await svc('reports', 'list');
    expect(open.stdout).toContain('1 open report');
    expect(open.stdout).toContain(`${report.id}  ${report.created_at}  service ${offer.id}  spam — Copied text`);

    const resolved = await svc('reports', 'resolve', report.id, 'Checked,', 'nothing', 'wrong');
    expect(resolved.stdout).toContain(`${report.id} is resolved: Checked, nothing wrong`);
    const [row] = await app.db.query<{ status: string; resolution: string }>('select status, resolution from reports where id = $1', [report.id]);
    expect(row).toEqual({ status: 'resolved', resolution: 'Checked, nothing wrong' });

    expect((await svc('reports', 'list')).stdout).toContain('0 open reports');
    expect((await svc('reports', 'list', 'resolved')).stdout).toContain('[resolved: Checked, nothing wrong]');
    await expect(svc('reports', 'resolve', report.id, 'Again')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('invalid_state') });
    // Five processes start from source here: on a loaded machine each takes seconds.
  }, 120_000);

  it('refuses a resolve without a resolution and an unknown status with the usage', async () => {
    await expect(svc('reports', 'resolve', 'rep_x')).rejects.toMatchObject({ code: 2, stderr: expect.stringContaining('svc reports resolve') });
    await expect(svc('reports', 'list', 'closed')).rejects.toMatchObject({ code: 2 });
  });
});
