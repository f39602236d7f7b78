import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Actor } from '@svc/kernel';
import { registration } from '@svc/directory/testing';
import { relateToOffer, signUpEach, type Principal, type TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml } from './html.ts';

/**
 * What assistive technology and search engines read on every page, public and signed in: links keep
 * the link role (no `<a role="button">`), exactly one meta description written from the page's own
 * content, and headings that start at one h1 and never skip a level.
 */

let app: TestApp;
let polly: Principal;
let hal: Principal;
let sam: Principal;
const actors = {} as Record<'polly' | 'hal' | 'sam', Actor>;
/** Records the pages show, made once through the same services. */
const made = {} as Record<'job' | 'party' | 'closed' | 'removed' | 'response' | 'offer' | 'address' | 'thread' | 'grant' | 'userCode' | 'inviteToken' | 'feedback', string>;

beforeAll(async () => {
  app = await startWebTestApp();
  const cast = await signUpEach(app, { polly: 'Polly Poster', hal: 'Hal Helper', sam: 'Sam Support' }, { support: ['sam'] });
  ({ polly, hal, sam } = cast.principals);
  Object.assign(actors, cast.actors);
  const { jobs, responses, offers, directory, threads, access } = app.services;
  made.job = (await jobs.create(actors.polly, { title: 'Translate a garden club newsletter', outcome: 'The spring newsletter in plain Welsh, ready to print.', tags: ['translation'] })).id;
  made.party = (await jobs.create(actors.polly, { template: 'birthday-party', details: { date: '2026-12-05', guest_count: 12, general_area: 'north Leeds' } })).id;
  made.closed = (await jobs.create(actors.polly, { title: 'Count the village hall chairs', outcome: 'A number, written down.' })).id;
  await jobs.close(actors.polly, made.closed);
  made.removed = (await jobs.create(actors.polly, { title: 'Paint the scout hut door', outcome: 'A green door.' })).id;
  await responses.create(actors.hal, made.removed, { kind: 'offer', message: 'I have green paint.' });
  await jobs.remove(actors.polly, made.removed);
  made.response = (await responses.create(actors.hal, made.job, { kind: 'question', message: 'Which dialect do the readers use?' })).id;
  made.offer = (
    await offers.create(actors.polly, {
      title: 'Welsh translation for small clubs',
      summary: 'Newsletters, posters and minutes translated by a native speaker within a week.',
      role: 'translator',
      industry: 'language',
      contact_url: 'https://polly.example/contact',
      capabilities: ['Newsletters'],
    })
  ).id;
  await relateToOffer(app, actors.polly, actors.hal, made.offer);
  made.feedback = (await app.services.feedback.leave(actors.hal, made.offer, { needs_met: 'yes', comment: 'Clear Welsh, on time.', published: true })).id;
  const entry = registration({ handle: 'polly-translates', display_name: 'Polly Translates', description: 'Welsh and English translation for clubs and societies.' });
  made.address = (await directory.register(actors.polly, entry)).address;
  made.thread = (await threads.create(actors.polly, { title: 'Newsletter translation', summary: 'Who translates which page.' })).id;
  made.inviteToken = (await threads.createInvite(actors.polly, made.thread, {})).token!;
  made.grant = (await app.agentToken(polly, ['jobs:write'])).grantId;
  made.userCode = (await access.deviceFlow.connect({ agent_name: 'Newsletter bot', scopes: ['jobs:write'] })).user_code;
});
afterAll(() => app?.close());

interface Markup {
  status: number;
  descriptions: string[];
  headings: number[];
  buttonLinks: string[];
}

/** Reads a page as a browser gets it. */
const read = async (path: string, session?: string): Promise<Markup> => {
  const res = await app.request<string>('GET', path, { headers: { accept: 'text/html' }, ...(session ? { session } : {}) });
  const page = parseHtml(res.body);
  return {
    status: res.status,
    descriptions: page.all('meta[name="description"]').map((meta) => meta.getAttribute('content') ?? ''),
    headings: page
      .all('*')
      .filter((element) => /^H[1-6]$/.test(element.tagName))
      .map((heading) => Number(heading.tagName[1])),
    buttonLinks: page.all('a[role="button"]').map((link) => link.outerHTML),
  };
};

/** One h1 first, then each heading at most one level deeper than the one before. */
const skippedLevels = (headings: number[]): string[] => {
  const problems: string[] = [];
  if (headings[0] !== 1) problems.push(`starts at h${headings[0] ?? '-'}`);
  if (headings.filter((level) => level === 1).length !== 1) problems.push('not exactly one h1');
  headings.forEach((level, i) => {
    if (i > 0 && level > headings[i - 1]! + 1) problems.push(`h${headings[i - 1]} then h${level}`);
  });
  return problems;
};

const literally = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));

/** Public pages, each with words of its own content its description must carry. */
const publicPages = (): [string, RegExp, number?][] => [
  ['/', /jobs/i],
  ['/jobs', /open jobs/i],
  ['/jobs?status=closed', /closed jobs/i],
  ['/jobs?q=newsletter', /newsletter/],
  ['/jobs?tag=translation', /translation/],
  [`/jobs/${made.job}`, /The spring newsletter in plain Welsh/],
  [`/jobs/${made.party}`, /Leeds|birthday/i],
  [`/jobs/${made.closed}`, /village hall chairs|A number, written down/],
  ['/services', /offers|services/i],
  ['/services?q=welsh', /welsh/i],
  [`/services/${made.offer}`, /Newsletters, posters and minutes/],
  ['/directory', /contact addresses/i],
  ['/directory?q=polly', /polly/i],
  [`/directory/${made.address}`, /Welsh and English translation for clubs/],
  ['/directory/aar:nobody-here', /not available/i, 404],
  [`/principals/${actors.polly.principalId}`, /Polly Poster/],
  ['/templates/birthday-party', /birthday/i],
  ['/agents', /agent/i],
  ['/journal', /journal/i],
  ...app.services.content.journal.slice(0, 2).map((entry): [string, RegExp] => [`/journal/${entry.slug}`, literally(entry.summary.slice(0, 40))]),
  ['/examples', /example/i],
  ['/login', /sign in/i],
  ['/signup', /account/i],
  ['/auth/reset', /recovery code/i],
  [`/reports/new?target_kind=job&target_id=${made.job}`, /report/i],
  ['/site-feedback', /feedback/i],
  ['/jobs/job_nothing_here', /no such job/i, 404],
];

/** Pages behind sign-in, read by the person they are for. */
const signedInPages = (): [string, () => Principal][] => [
  ['/account', () => polly],
  ['/account/agents', () => polly],
  [`/account/grants/${made.grant}/revoke`, () => polly],
  ['/connect', () => polly],
  [`/connect?user_code=${made.userCode}`, () => polly],
  ['/my/jobs', () => polly],
  ['/my/jobs?status=closed', () => polly],
  ['/my/jobs?status=removed', () => polly],
  [`/jobs/${made.removed}`, () => polly],
  [`/jobs/${made.removed}`, () => hal],
  ['/my/responses', () => hal],
  [`/responses/${made.response}/withdraw`, () => hal],
  ['/jobs/new', () => polly],
  ['/jobs/new?template=birthday-party', () => polly],
  [`/jobs/${made.job}`, () => polly],
  [`/jobs/${made.job}`, () => hal],
  [`/jobs/${made.job}/edit`, () => polly],
  [`/jobs/${made.job}/remove`, () => polly],
  ['/my/services', () => polly],
  ['/services/new', () => polly],
  [`/services/${made.offer}`, () => polly],
  [`/services/${made.offer}/edit`, () => polly],
  [`/services/${made.offer}`, () => hal],
  [`/feedback/${made.feedback}/edit`, () => hal],
  ['/my/directory', () => polly],
  ['/my/directory/new', () => polly],
  [`/my/directory/${made.address}`, () => polly],
  ['/threads', () => polly],
  [`/threads/${made.thread}`, () => polly],
  [`/threads/invites/${made.inviteToken}`, () => hal],
  ['/support/reports', () => sam],
  ['/support/feedback', () => sam],
  ['/support/site-feedback', () => sam],
  ['/support/directory', () => sam],
];

/** What is wrong with one page, in words (empty when nothing is). */
const problemsOf = (path: string, page: Markup, status: number): string[] => [
  ...(page.status === status ? [] : [`answers ${page.status}`]),
  ...page.buttonLinks.map((link) => `link dressed as a button: ${link}`),
  ...(page.descriptions.length === 1 ? [] : [`${page.descriptions.length} meta descriptions`]),
  ...skippedLevels(page.headings).map((problem) => `headings ${problem} (h${page.headings.join(', h')})`),
].map((problem) => `${path}: ${problem}`);

describe('every public page', () => {
  it('has no link dressed as a button, one description of its own content, and ordered headings', async () => {
    const problems: string[] = [];
    const seen = new Map<string, string>();
    for (const [path, content, status = 200] of publicPages()) {
      const page = await read(path);
      problems.push(...problemsOf(path, page, status));
      const description = page.descriptions[0] ?? '';
      if (!content.test(description)) problems.push(`${path}: description "${description}" does not say ${content}`);
      if (description.length > 160) problems.push(`${path}: description over 160 characters`);
      // Two public pages never share a description.
      if (seen.has(description)) problems.push(`${path}: same description as ${seen.get(description)}`);
      seen.set(description, path);
    }
    expect(problems).toEqual([]);
  });
});

describe('every signed-in page', () => {
  it('has no link dressed as a button, one description, and ordered headings', async () => {
    const problems: string[] = [];
    for (const [path, who] of signedInPages()) {
      const page = await read(path, who().session);
      problems.push(...problemsOf(`${path} (${who().displayName})`, page, 200));
      if ((page.descriptions[0] ?? '').length < 20) problems.push(`${path}: description too short`);
    }
    expect(problems).toEqual([]);
  });
});

/** Served by the API process beside the website (apps/api), not by this website-only app. */
const apiPath = (href: string) => /^\/(api\/|\.well-known\/|llms\.txt|mcp)/.test(href);

describe('every link on the public pages', () => {
  it('opens something: no website link a signed-out visitor follows answers 4xx or 5xx', async () => {
    const links = new Set<string>();
    for (const [path, , status = 200] of publicPages()) {
      if (status !== 200) continue;
      const res = await app.request<string>('GET', path, { headers: { accept: 'text/html' } });
      for (const { href } of parseHtml(res.body).links()) if (href.startsWith('/') && !href.startsWith('//') && !apiPath(href)) links.add(href.split('#')[0]!);
    }
    const broken: string[] = [];
    for (const href of links) {
      const res = await app.request<string>('GET', href, { headers: { accept: 'text/html' } });
      if (res.status >= 400) broken.push(`${href} answers ${res.status}`);
    }
    expect(links.size).toBeGreaterThan(20);
    expect(broken).toEqual([]);
  });
});

describe('the agents page', () => {
  it('links the documents a browser opens, and writes out the endpoints only a client posts to', async () => {
    const page = parseHtml((await app.request<string>('GET', '/agents', { headers: { accept: 'text/html' } })).body);
    const hrefs = page.links('main').map((link) => link.href);
    expect(hrefs).toEqual(expect.arrayContaining(['/api/v1/openapi.json', '/llms.txt', '/.well-known/agent-card.json']));
    expect(hrefs.filter((href) => /^\/mcp|device_authorization|webfinger/.test(href))).toEqual([]);
    expect(page.text('main')).toContain('/api/v1/oauth/device_authorization');
    expect(page.text('main')).toContain('/.well-known/webfinger?resource=aar:example');
  });

  it('tells MCP clients the authorization code flow with PKCE, as a page and as JSON', async () => {
    const page = parseHtml((await app.request<string>('GET', '/agents', { headers: { accept: 'text/html' } })).body);
    expect(page.text('#authorization-code')).toBe('MCP clients and apps with a browser');
    expect(page.text('main')).toContain('/api/v1/oauth/register');
    expect(page.text('main')).toContain('code_challenge_method=S256');
    expect(page.links('main').map((link) => link.href)).toEqual(expect.arrayContaining(['/.well-known/oauth-protected-resource/mcp', '/.well-known/oauth-authorization-server']));
    const json = await app.request<{ authorization_code: Record<string, string> }>('GET', '/agents', { headers: { accept: 'application/json' } });
    expect(Object.keys(json.body.authorization_code)).toEqual(['register', 'authorize', 'token']);
    expect(json.body.authorization_code.token).toContain('grant_type=authorization_code');
  });
});
