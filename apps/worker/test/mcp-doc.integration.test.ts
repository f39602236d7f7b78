import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonValues, runGuide, type GuideRun } from './doc-blocks.ts';

/**
 * docs/mcp.md promises that its shell blocks run as written against the started service: the 406
 * for a request that does not accept both media types, initialize, the anonymous tools/list, a
 * public tool's answer and a tool error, the 401 challenge and the 405. The test checks each shape.
 */

describe('docs/mcp.md, run as written', () => {
  let guide: GuideRun;
  let outputOf: GuideRun['outputOf'];
  const lines = (output: string) => output.split('\n').map((line) => line.trimEnd()).filter(Boolean);

  beforeAll(async () => {
    guide = await runGuide('mcp.md');
    ({ outputOf } = guide);
  }, 240_000);

  afterAll(() => guide?.close());

  it('runs every block', () => {
    expect(guide.outputs).toHaveLength(guide.blocks.length);
    expect(guide.blocks.length).toBeGreaterThanOrEqual(4);
  });

  it('refuses a request that does not accept both media types with 406, and initializes one that does', () => {
    expect(lines(outputOf('INITIALIZE='))).toEqual([
      '{"jsonrpc":"2.0","error":{"code":-32000,"message":"Not Acceptable: Client must accept both application/json and text/event-stream"},"id":null}406',
      '{"protocolVersion":"2025-06-18","server":"task-and-directory"}',
    ]);
  });

  it('lists every agent’s tool to an anonymous caller, those that need a token too', () => {
    const [names] = lines(outputOf('"tools/list"'));
    const tools = JSON.parse(names!) as string[];
    expect(tools).toEqual(['jobs.list', 'jobs.create', 'jobs.get', 'jobs.update', 'jobs.remove', 'jobs.close', 'jobs.reopen', 'jobs.rts', 'jobs.mine']);
  });

  it('answers a public tool with structured content, and a refusal as a tool error with the REST body', () => {
    expect(jsonValues(outputOf('"name":"jobs.list"'))).toEqual([
      { total: 0, total_is_lower_bound: false, limit: 5 },
      { isError: true, structuredContent: { error: 'not_found', message: 'No such job.' } },
    ]);
  });

  it('challenges a call that needs a token with 401 and the scope, and answers GET with 405', () => {
    expect(lines(outputOf('"name":"jobs.create"'))).toEqual([
      'HTTP/1.1 401 Unauthorized',
      `WWW-Authenticate: Bearer realm="task-and-directory", resource_metadata="${guide.base}/.well-known/oauth-protected-resource/mcp", scope="jobs:write"`,
      'HTTP/1.1 405 Method Not Allowed',
      'Allow: POST',
    ]);
  });
});
