import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * A direction-override character (U+202E and its kin) in public text is refused in every domain:
 * "Invoice \u202Efdp.exe" would be shown to people and agents as "Invoice exe.pdf".
 */

let app: TestApp;
let token: string;

beforeAll(async () => {
  app = await startApiTestApp();
  const owner = await app.signUp('Rita Reader');
  token = (await app.agentToken(owner, ['jobs:write', 'services:write', 'threads:write'])).token;
});
afterAll(() => app?.close());

const REFUSED = 'must not contain direction-override characters (U+202A–U+202E, U+2066–U+2069)';
const count = async (table: string) => Number((await app.db.query<{ n: string }>(`select count(*) as n from ${table}`))[0]!.n);

describe('direction-override characters in public text', () => {
  it('refuses a job titled "Invoice \\u202Efdp.exe" with 400 validation_failed naming the title, storing nothing, and takes right-to-left text with its marks', async () => {
    const before = await count('jobs');
    const res = await app.request('POST', '/api/v1/jobs', { token, body: { title: 'Invoice \u202Efdp.exe', outcome: 'Paid' } });
    expect(res).toMatchObject({ status: 400, body: { error: 'validation_failed', details: [{ path: 'title', message: REFUSED }] } });
    expect(await count('jobs')).toBe(before);

    const title = 'حفلة عيد ميلاد \u200F2027';
    const rtl = await app.request<{ title: string }>('POST', '/api/v1/jobs', { token, body: { title, outcome: 'מסיבה מוצלחת' } });
    expect(rtl.status).toBe(201);
    expect(rtl.body.title).toBe(title);
  });

  it.each([
    ['a job outcome (an isolate)', '/api/v1/jobs', { title: 'Plan', outcome: 'Done \u2067by Friday\u2069' }, 'outcome'],
    ['a checklist item (an embedding)', '/api/v1/jobs', { title: 'Plan', completion_checklist: ['ok', '\u202Bbooked'] }, 'completion_checklist.1'],
    ['a template detail', '/api/v1/jobs', { title: 'Plan', template: 'birthday-party', details: { date: '2027-05-01', guest_count: 10, general_area: 'North \u202ELeeds' } }, 'details.general_area'],
    ['an offer title', '/api/v1/services', { title: 'Party \u202Dplanning', role: 'planner', industry: 'events' }, 'title'],
    ['a thread summary', '/api/v1/threads', { title: 'Garden party', summary: 'We \u2066plan it' }, 'summary'],
    ['an agent description', '/api/v1/agent/connect', { agent_name: 'Bot', scopes: ['jobs:write'], description: 'Reads \u202Ayour jobs' }, 'description'],
  ])('refuses one in %s sent to %s, naming %s', async (_what, path, body, field) => {
    const res = await app.request('POST', path, { token, body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: 'validation_failed', details: expect.arrayContaining([{ path: field, message: REFUSED }]) });
  });
});
