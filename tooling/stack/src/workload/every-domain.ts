import { randomBytes } from 'node:crypto';
import { check } from './checks.ts';
import { directoryFlow } from './directory-flow.ts';
import type { FlowContext } from './flow.ts';
import { createClient, type Exchange } from './http.ts';
import { jobsFlow } from './jobs-flow.ts';
import { offersFlow } from './offers-flow.ts';
import type { Person } from './people.ts';
import { threadsFlow } from './threads-flow.ts';

export interface EveryDomainPeople {
  poster: Person;
  responder: Person;
  stranger: Person;
}

/** Lower-case letters only: a word full-text search keeps whole, and a valid part of a handle or slug. */
const runWord = () => [...randomBytes(8)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

/**
 * Drives every domain end to end over HTTP, as agents and people would through `baseUrl`: jobs with
 * responses, offers with feedback, the directory lifecycle with history and restore, threads with
 * entries, checklist and invitations, and the access basics. Each step checks the status and what a
 * user would notice in the answer, throwing at the first surprise; the answer is every exchange.
 */
export const runEveryDomain = async (baseUrl: string, people: EveryDomainPeople): Promise<Exchange[]> => {
  const client = createClient(baseUrl);
  const context: FlowContext = { client, ...people, run: runWord() };
  const { call } = client;

  await call(null, 'GET', '/healthz', { expect: 200 });
  const intro = { schema_version: '1', agent_name: 'Stack agent', purpose: 'Trying every domain' };
  const introduced = await call(null, 'POST', '/api/v1/agent-introductions', { key: `intro-${context.run}`, body: intro, expect: 201 });
  const introAgain = await call(null, 'POST', '/api/v1/agent-introductions', { key: `intro-${context.run}`, body: intro, expect: 200 });
  check(introAgain.body.introduction_id === introduced.body.introduction_id, 'repeating an introduction with its key answers the same one');
  const anonymous = await call(null, 'GET', '/api/v1/me', { expect: 401 });
  check(anonymous.headers.get('www-authenticate')?.startsWith('Bearer realm='), 'a missing token is answered with a Bearer challenge');

  await jobsFlow(context);
  await offersFlow(context);
  await directoryFlow(context);
  await threadsFlow(context);
  return client.log;
};
