import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { TestApp } from '@svc/runtime/testing';
import { startApiTestApp } from './app.ts';

/**
 * Text limits count characters as the contract's JSON Schema does: code points. An emoji outside
 * the Basic Multilingual Plane is one character (two UTF-16 units), so a field holds exactly its
 * limit of them, and one more is refused.
 */
describe.each(ENGINES)('text lengths on %s', (engine) => {
  let app: TestApp;
  let token: string;
  beforeAll(async () => {
    app = await startApiTestApp({ engine });
    const person = await app.signUp('Emoji Writer');
    ({ token } = await app.agentToken(person, ['jobs:write', 'directory:write']));
  });
  afterAll(() => app?.close());

  const CAKE = '\u{1F382}'; // 🎂: one code point, two UTF-16 units
  let counter = 0;

  const lengthsOf = async (sql: string, params: unknown[]) =>
    (await app.db.query<{ chars: number | string; bytes: number | string }>(sql, params)).map((row) => ({
      chars: Number(row.chars),
      bytes: Number(row.bytes),
    }));

  it('accepts a directory display name of exactly 120 emoji and stores 120 characters (480 bytes of UTF-8)', async () => {
    const handle = `emoji-${++counter}`;
    const display_name = CAKE.repeat(120);
    expect(display_name.length).toBe(240);
    const res = await app.request('POST', '/api/v1/directory', { token, body: { handle, display_name, entry_type: 'person' } });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.display_name).toBe(display_name);
    expect(
      await lengthsOf('select char_length(display_name) as chars, octet_length(display_name) as bytes from directory_entries where handle = $1', [handle]),
    ).toEqual([{ chars: 120, bytes: 480 }]);
  });

  it('refuses 121 emoji with 400 validation_failed naming display_name, storing nothing', async () => {
    const handle = `emoji-${++counter}`;
    const res = await app.request('POST', '/api/v1/directory', { token, body: { handle, display_name: CAKE.repeat(121), entry_type: 'person' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      error: 'validation_failed',
      details: [{ path: 'display_name', message: 'must be at most 120 characters' }],
    });
    expect(await app.db.query('select id from directory_entries where handle = $1', [handle])).toEqual([]);
  });

  it('holds a job title of exactly 200 emoji and refuses 201', async () => {
    const title = CAKE.repeat(200);
    const created = await app.request('POST', '/api/v1/jobs', { token, body: { title } });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(await lengthsOf('select char_length(title) as chars, octet_length(title) as bytes from jobs where id = $1', [created.body.id])).toEqual([
      { chars: 200, bytes: 800 },
    ]);
    const refused = await app.request('POST', '/api/v1/jobs', { token, body: { title: `${title}${CAKE}` } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'title', message: 'must be at most 200 characters' }] });
    expect(Number((await app.db.query<{ n: string }>('select count(*) as n from jobs where title like $1', [`${CAKE}%`]))[0]!.n)).toBe(1);
  });

  it('counts a minimum in characters too: one emoji is not the two a general area needs', async () => {
    const details = { date: '2027-03-06', guest_count: 12 };
    const refused = await app.request('POST', '/api/v1/jobs', { token, body: { template: 'birthday-party', details: { ...details, general_area: CAKE } } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      error: 'validation_failed',
      details: [{ path: 'details.general_area', message: 'must be at least 2 characters' }],
    });
    const accepted = await app.request('POST', '/api/v1/jobs', { token, body: { template: 'birthday-party', details: { ...details, general_area: CAKE.repeat(2) } } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    expect(accepted.body.template).toEqual({ id: 'birthday-party', details: expect.objectContaining({ general_area: CAKE.repeat(2) }) });
  });

  it('applies to connect details too: built_with holds 60 emoji, not 61', async () => {
    const body = { agent_name: 'Emoji agent', scopes: ['jobs:write'] };
    const accepted = await app.request('POST', '/api/v1/agent/connect', { body: { ...body, built_with: CAKE.repeat(60) } });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(201);
    const refused = await app.request('POST', '/api/v1/agent/connect', { body: { ...body, built_with: CAKE.repeat(61) } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: 'validation_failed', details: [{ path: 'built_with', message: 'must be at most 60 characters' }] });
  });
});
