import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValues, runGuide, type GuideRun } from './doc-blocks.ts';

/**
 * docs/access.md promises that its shell blocks run as written, in order, in one shell. This test
 * keeps the promise: it starts the real service (the `svc serve` command behind `pnpm start`) on a
 * free port over a scratch PostgreSQL database, runs the blocks with bash and checks what they print.
 */

describe('docs/access.md, run as written', () => {
  let guide: GuideRun;
  let outputs: string[] = [];
  let blocks: string[] = [];
  let workDir = '';
  let outputOf: GuideRun['outputOf'];

  beforeAll(async () => {
    guide = await runGuide('access.md', { timeoutMs: 90_000 });
    ({ outputs, blocks, workDir, outputOf } = guide);
  }, 240_000);

  afterAll(() => guide?.close());

  it('runs every block', () => {
    expect(outputs).toHaveLength(blocks.length);
    expect(blocks.length).toBeGreaterThanOrEqual(9);
  });

  it('signs the person up and keeps the session in the cookie jar', async () => {
    expect(jsonValues(outputOf('/auth/signup'))).toEqual([{ principal_id: expect.stringMatching(/^prn_/), display_name: 'Ada' }]);
    expect(await readFile(join(workDir, 'cookies'), 'utf8')).toContain('svc_session');
  });

  it('connects, is told to wait, is approved with the cookie and collects a token', () => {
    const [connect] = jsonValues(outputOf('/api/v1/agent/connect'));
    expect(connect).toMatchObject({ device_code: expect.stringMatching(/^dc_/), user_code: expect.any(String), interval: 5 });
    const pendingBlock = blocks.findIndex((code) => code.includes('/api/v1/agent/token') && !code.includes('while'));
    expect(jsonValues(outputs[pendingBlock]!)).toEqual([expect.objectContaining({ error: 'authorization_pending' })]);
    expect(jsonValues(outputOf('/connect/approve'))).toEqual([
      expect.objectContaining({ status: 'approved', connection: expect.objectContaining({ user_code: connect!.user_code }) }),
    ]);
    expect(jsonValues(outputOf('while :'))).toEqual([
      expect.objectContaining({ access_token: expect.stringMatching(/^tds_/), token_type: 'Bearer', scopes: ['jobs:write', 'account:read'] }),
    ]);
  });

  it('the token works, and without one the API says how to get one', () => {
    expect(jsonValues(outputOf('/api/v1/me -H'))).toEqual([
      expect.objectContaining({
        principal: expect.objectContaining({ display_name: 'Ada' }),
        grant: expect.objectContaining({ agent_name: 'Party planner', scopes: ['jobs:write', 'account:read'] }),
        counts: { open_jobs: 0, closed_jobs: 0, active_responses: 0, active_services: 0, paused_services: 0 },
      }),
    ]);
    const anonymous = outputOf('curl -s -i $B/api/v1/me\n');
    expect(anonymous).toMatch(/^HTTP\/1\.1 401 Unauthorized/);
    expect(anonymous).toMatch(/^WWW-Authenticate: Bearer realm="task-and-directory", resource_metadata="http:\/\/[^"]+\/\.well-known\/oauth-protected-resource"\r?$/m);
    expect(jsonValues(anonymous)).toEqual([expect.objectContaining({ error: 'unauthenticated' })]);
  });

  it('the person sees the grant and its last use', () => {
    const [answer] = jsonValues(outputOf('/account/grants'));
    expect(answer!.grants).toEqual([expect.objectContaining({ agent_name: 'Party planner', status: 'active', last_used_at: expect.any(String) })]);
  });

  it('the person takes a scope away, and the agent’s next request for it is refused', () => {
    expect(jsonValues(outputOf('/scopes'))).toEqual([
      { grant: expect.objectContaining({ agent_name: 'Party planner', scopes: ['account:read'], status: 'active' }) },
      expect.objectContaining({ error: 'insufficient_scope', required_scopes: ['jobs:write'] }),
    ]);
  });

  it('after the agent gives its access up, the token is refused at once', () => {
    expect(jsonValues(outputOf('-X DELETE $B/api/v1/agent/grant'))).toEqual([
      expect.objectContaining({ revoked: true, grant: expect.objectContaining({ status: 'revoked' }) }),
      expect.objectContaining({ error: 'invalid_token' }),
    ]);
  });

  it('an introduction is taken and grants nothing', () => {
    expect(jsonValues(outputOf('/api/v1/agent-introductions'))).toEqual([
      expect.objectContaining({ introduction_id: expect.stringMatching(/^int_/), evidence: 'self_declared' }),
    ]);
  });
});
