import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { birthdayParty } from '@svc/templates';
import type { TestApp } from '@svc/runtime/testing';
import { API_OPERATIONS } from '../src/index.ts';
import { startApiTestApp } from './app.ts';
import { connectMcp } from './mcp-client.ts';

/**
 * The text rules the OpenAPI document states as `pattern`s (not blank, no direction-override
 * character, an address's scheme) must compile in every client's validator (Python's `re`, Go's RE2,
 * ECMA-262 with or without `u`): one pattern a validator cannot compile breaks its check of the
 * whole document. And a pattern must never refuse what the API takes.
 */

let app: TestApp;
let token: string;
let document: any;
let toolSchemas: unknown[];

beforeAll(async () => {
  app = await startApiTestApp();
  const owner = await app.signUp('Petra Pattern');
  token = (await app.agentToken(owner, ['jobs:write', 'services:write', 'threads:write', 'account:read'])).token;
  document = (await app.request('GET', '/api/v1/openapi.json')).body;
  const client = await connectMcp(app.url, token);
  toolSchemas = (await client.listTools()).tools.map((tool) => tool.inputSchema);
  await client.close();
});
afterAll(() => app?.close());

/** Every `pattern` in a JSON value, to any depth. */
const patternsIn = (json: unknown): string[] => {
  if (Array.isArray(json)) return json.flatMap(patternsIn);
  if (typeof json !== 'object' || json === null) return [];
  return Object.entries(json).flatMap(([key, value]) => (key === 'pattern' && typeof value === 'string' ? [value] : patternsIn(value)));
};

/**
 * What the portable subset leaves out: lookaround and other `(?` groups, any escape but `\s` / `\S`
 * (`\p{…}`, `\uXXXX`, `\xXX`, backreferences), alternation and `.` (read differently by each engine).
 */
const unportable = (pattern: string): string[] => {
  const plain = pattern.replaceAll(/\\[sS]/g, '');
  return [
    ...(plain.includes('(?') ? ['a (? group'] : []),
    ...(plain.includes('\\') ? ['an escape other than \\s or \\S'] : []),
    ...(/[|.]/.test(plain.replaceAll(/\[[^\]]*\]/g, '')) ? ['| or . outside a class'] : []),
  ];
};

/** Runs Python's `re` on the patterns: compile errors (warnings as errors), and whether each sample matches. */
const python = (patterns: string[], samples: Array<[string, string]>): { errors: string[]; matches: boolean[] } => {
  const script = [
    'import json, re, sys, warnings',
    'warnings.simplefilter("error")',
    'given = json.load(sys.stdin)',
    'errors = []',
    'for p in given["patterns"]:',
    '    try: re.compile(p)',
    '    except Exception as e: errors.append(repr(p) + ": " + str(e))',
    'print(json.dumps({"errors": errors, "matches": [re.search(p, s) is not None for p, s in given["samples"]]}))',
  ].join('\n');
  return JSON.parse(execFileSync('python3', ['-c', script], { input: JSON.stringify({ patterns, samples }), encoding: 'utf8' }));
};

const bodyOf = (path: string) => {
  const schema = document.paths[path].post.requestBody.content['application/json'].schema;
  return schema.$ref ? document.components.schemas[schema.$ref.split('/').pop()] : schema;
};

/** The three fields: where their pattern is published, and a request that sends a text in them. */
const FIELDS = {
  'a job title': {
    pattern: () => bodyOf('/api/v1/jobs').properties.title.pattern as string,
    path: '/api/v1/jobs',
    body: (text: string) => ({ title: text, outcome: 'Paid' }),
    field: 'title',
  },
  "an offer's contact URL": {
    pattern: () => bodyOf('/api/v1/services').properties.contact_url.anyOf.find((part: any) => part.type === 'string').pattern as string,
    path: '/api/v1/services',
    body: (text: string) => ({ title: 'Party planning', role: 'planner', industry: 'events', contact_url: text }),
    field: 'contact_url',
  },
  "an agent's agent_url": {
    pattern: () => bodyOf('/api/v1/agent/connect').properties.agent_url.pattern as string,
    path: '/api/v1/agent/connect',
    body: (text: string) => ({ agent_name: 'Bot', scopes: ['jobs:write'], agent_url: text }),
    field: 'agent_url',
  },
} as const;
type Field = keyof typeof FIELDS;

/** As JSON Schema reads a pattern: searched for, not anchored; ECMA-262 with and without `u` must agree. */
const fits = (pattern: string, text: string): boolean => {
  const [unicode, plain] = [new RegExp(pattern, 'u').test(text), new RegExp(pattern).test(text)];
  expect(unicode, `${pattern} with and without u on ${JSON.stringify(text)}`).toBe(plain);
  return unicode;
};

/** Whether the API takes `text` in the field: the operation's own body schema, as it parses a request. */
const serverTakes = (name: Field, text: string): boolean => {
  const { path, body, field } = FIELDS[name];
  const schema = API_OPERATIONS.find((op) => op.method === 'POST' && op.path === path)!.request!.body!;
  const result = v.safeParse(schema as v.GenericSchema, body(text), { abortPipeEarly: true });
  return result.success || !result.issues.some((issue) => v.getDotPath(issue) === field);
};

describe('the published patterns', () => {
  it('all compile in the portable subset: in JavaScript with and without u and in Python’s re (the document, the MCP tools, a template’s description)', () => {
    const patterns = [...new Set([...patternsIn(document), ...patternsIn(toolSchemas), ...patternsIn(birthdayParty.describe())])];
    // The text rules are among them, in all three places.
    expect(patterns).toEqual(expect.arrayContaining(Object.values(FIELDS).map((field) => field.pattern())));
    expect(patternsIn(toolSchemas)).toContain(FIELDS['a job title'].pattern());
    expect(patternsIn(birthdayParty.describe())).toContain(FIELDS['a job title'].pattern());

    expect(patterns.map((pattern) => ({ pattern, problems: unportable(pattern) })).filter(({ problems }) => problems.length > 0)).toEqual([]);
    for (const pattern of patterns) {
      expect(() => new RegExp(pattern)).not.toThrow();
      expect(() => new RegExp(pattern, 'u')).not.toThrow();
    }
    expect(python(patterns, []).errors).toEqual([]);
  });

  const SAMPLES: Record<Field, string[]> = {
    'a job title': ['Garden party', 'حفلة عيد ميلاد \u200F2027', ' x ', '   ', '\u200b', '\u200b\u2060\ufeff', 'Invoice \u202Efdp.exe', 'a \u2066b'],
    "an offer's contact URL": [
      'https://planner.example/contact', 'HTTPS://x.example', ' https://planner.example ', 'http://planner.example', 'javascript:alert(1)',
      'https://planner.example/a b', 'https://planner.example/\u202Eexe.pdf',
    ],
    "an agent's agent_url": ['https://bot.example', 'HTTP://bot.example/help', 'ftp://bot.example', 'javascript:alert(1)', 'https://bot.example/\u202Eexe'],
  };

  it.each(Object.keys(SAMPLES) as Field[])('for %s take what the API takes and refuse what it refuses, in JavaScript and Python', async (name) => {
    const { pattern, path, body, field } = FIELDS[name];
    const samples = SAMPLES[name];
    const api: boolean[] = [];
    for (const text of samples) {
      const res = await app.request('POST', path, { token, body: body(text) });
      if (res.status >= 400) expect(res.body, `${JSON.stringify(text)} refused for another reason`).toMatchObject({ error: 'validation_failed', details: [{ path: field }] });
      api.push(res.status < 400);
    }
    const sorted = (taken: boolean[]) => ({ taken: samples.filter((_, i) => taken[i]), refused: samples.filter((_, i) => !taken[i]) });
    expect(sorted(samples.map((text) => fits(pattern(), text)))).toEqual(sorted(api));
    expect(sorted(python([], samples.map((text) => [pattern(), text])).matches)).toEqual(sorted(api));
  });

  it.each(Object.keys(FIELDS) as Field[])('for %s are never stricter than the API, and a title’s says the same as it for text below U+10000 (property)', (name) => {
    const piece = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 6 }),
      fc.string({ unit: 'binary', maxLength: 3 }),
      fc.constantFrom('https://', 'HTTPS://', 'http://', 'ftp://', ' ', '\t', '\n', '\u00a0', '\u0085', '\u200b', '\u2060', '\ufeff', '\u200f', '\u202e', '\u2066', '\u2069', '\u{E0001}', 'a', 'ب', '@'),
    );
    // An address starts with a scheme and a host often enough to reach the URL parser.
    const start = name === 'a job title' ? fc.constant('') : fc.constantFrom('https://', 'HTTPS://', 'hTTp://', 'ftp://', ' https://', 'javascript:', '').chain((scheme) => fc.constantFrom(scheme, `${scheme}a.example`, `${scheme}bot.example/x`));
    const pattern = FIELDS[name].pattern();
    fc.assert(
      fc.property(start, fc.array(piece, { maxLength: 6 }), (head, pieces) => {
        const text = head + pieces.join('');
        const [taken, fitted] = [serverTakes(name, text), fits(pattern, text)];
        if (taken) expect(fitted, JSON.stringify(text)).toBe(true);
        // Above U+FFFF the pattern may take what the API refuses (a format character such as U+E0001), or a URL the parser refuses.
        if (!/[\u{10000}-\u{10FFFF}\0]/u.test(text) && name === 'a job title') expect(fitted, JSON.stringify(text)).toBe(taken);
      }),
      { numRuns: 300 },
    );
  });
});
