import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValues, runGuide, type GuideRun } from './doc-blocks.ts';

/**
 * docs/agents.md promises that its shell blocks run as written, in order, in one shell: an agent that
 * knows only the base URL discovers the OAuth metadata, runs the form-encoded device flow (the person's
 * approval with a session cookie), writes with its token and resolves an address through WebFinger.
 * The test starts the real service (the `svc serve` command behind `pnpm start`) on a free port over a
 * scratch PostgreSQL database, runs the blocks with bash and checks what they print.
 */

describe('docs/agents.md, run as written', () => {
  let guide: GuideRun;
  let outputs: string[] = [];
  let blocks: string[] = [];
  let workDir = '';
  let base = '';
  let outputOf: GuideRun['outputOf'];

  beforeAll(async () => {
    guide = await runGuide('agents.md');
    ({ outputs, blocks, workDir, base, outputOf } = guide);
  }, 240_000);

  afterAll(() => guide?.close());

  const lines = (output: string) => output.split('\n').map((line) => line.trimEnd()).filter(Boolean);

  it('runs every block', () => {
    expect(outputs).toHaveLength(blocks.length);
    expect(blocks.length).toBeGreaterThanOrEqual(12);
  });

  it('starts from llms.txt and follows the metadata to the device flow endpoints', () => {
    expect(lines(outputOf('/llms.txt'))).toEqual([
      '# Task-and-Directory Service',
      `- [Protected resource metadata](${base}/.well-known/oauth-protected-resource): RFC 9728`,
    ]);
    expect(jsonValues(outputOf('AS_METADATA='))).toEqual([
      {
        issuer: base,
        device_authorization_endpoint: `${base}/api/v1/oauth/device_authorization`,
        token_endpoint: `${base}/api/v1/oauth/token`,
        grant_types_supported: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      },
    ]);
  });

  it('shows the challenge without a token', () => {
    const block = blocks.findIndex((code) => code.trim() === "curl -s -i $B/api/v1/me | grep -i '^www-authenticate'");
    expect(lines(outputs[block]!)).toEqual([
      `WWW-Authenticate: Bearer realm="task-and-directory", resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    ]);
  });

  it('asks for access form-encoded, waits, is approved with the cookie and collects a token', async () => {
    const [device] = jsonValues(outputOf('$DEVICE_ENDPOINT'));
    expect(device).toEqual({
      device_code: expect.stringMatching(/^dc_/),
      user_code: expect.any(String),
      verification_uri: `${base}/connect`,
      verification_uri_complete: `${base}/connect?user_code=${device!.user_code}`,
      expires_in: 900,
      interval: 5,
    });
    const pendingBlock = blocks.findIndex((code) => code.includes('$TOKEN_ENDPOINT') && !code.includes('while'));
    expect(jsonValues(outputs[pendingBlock]!)).toEqual([
      expect.objectContaining({ error: 'authorization_pending', error_description: expect.any(String), interval: 5 }),
    ]);
    expect(jsonValues(outputOf('/connect/approve'))).toEqual([
      { principal_id: expect.stringMatching(/^prn_/), display_name: 'Grace' },
      { status: 'approved' },
    ]);
    expect(await readFile(join(workDir, 'cookies'), 'utf8')).toContain('svc_session');
    expect(jsonValues(outputOf('while :'))).toEqual([{ token_type: 'Bearer', scope: 'jobs:write account:read directory:write' }]);
  });

  it('is refused a scope the person did not grant, with the scope named', () => {
    expect(lines(outputOf('/api/v1/services -H'))).toEqual([
      `WWW-Authenticate: Bearer realm="task-and-directory", error="insufficient_scope", scope="services:write", resource_metadata="${base}/.well-known/oauth-protected-resource"`,
    ]);
  });

  it('writes with the token and reads the rate limit headers and the x-rate-limit declaration', () => {
    const output = lines(outputOf('grep -i \'^ratelimit\''));
    expect(JSON.parse(output[0]!)).toEqual({ id: expect.stringMatching(/^job_/), title: 'Plan a garden party', version: 1 });
    expect(output[1]).toBe('RateLimit-Policy: "writes";q=600;w=60');
    expect(output[2]).toMatch(/^RateLimit: "writes";r=59\d;t=\d+$/);
    expect(JSON.parse(output[3]!)).toEqual([
      { policy: 'writes', limit: 600, window_seconds: 60 },
      { policy: 'session-writes', limit: 120, window_seconds: 60 },
    ]);
  });

  it('reads the agent card', () => {
    expect(jsonValues(outputOf('agent-card.json'))).toEqual([
      {
        protocolVersion: '0.3.0',
        url: `${base}/api/v1`,
        preferredTransport: 'HTTP+JSON',
        skills: ['agent', 'me', 'introductions', 'jobs', 'responses', 'services', 'feedback', 'reports', 'site_feedback', 'journal', 'directory', 'threads'],
      },
    ]);
  });

  it('registers an address, resolves it through WebFinger and revalidates it with a 304', () => {
    expect(jsonValues(outputOf('-X POST $B/api/v1/directory'))).toEqual([
      { address: 'aar:grace-bakes', display_name: 'Grace bakes' },
      {
        subject: 'aar:grace-bakes',
        aliases: [`${base}/api/v1/directory/aar%3Agrace-bakes`],
        links: [{ rel: 'http://webfinger.net/rel/profile-page', href: 'https://grace.example', type: 'text/html', titles: { und: 'Site' } }],
      },
    ]);
    expect(lines(outputOf('If-None-Match'))).toEqual(['304', '{"error":"unavailable"}']);
  });
});
