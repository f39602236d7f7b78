import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readScrape, TEST_METRICS_TOKEN, type Scrape } from '@svc/runtime/testing';
import { startStack, type Stack } from '../src/stack.ts';
import { runEveryDomain } from '../src/workload/every-domain.ts';
import { createPeople } from '../src/workload/people.ts';
import { createScratchDatabase, type ScratchDatabase } from '../src/workload/scratch-database.ts';

// Every domain, end to end over HTTP only, through the balancer: requests land on either API process
// in turn, each reaching PostgreSQL through PgBouncer in transaction mode. Prometheus scrapes each
// process on its own (docs/operations.md, "Metrics"): together the scrapes count what the balancer sent.

/** Operations a user of each domain goes through; the run must have answered every one. */
const JOURNEY = [
  'POST /api/v1/jobs',
  'GET /api/v1/jobs',
  'GET /api/v1/jobs/{id}',
  'PATCH /api/v1/jobs/{id}',
  'POST /api/v1/jobs/{id}/close',
  'POST /api/v1/jobs/{id}/reopen',
  'DELETE /api/v1/jobs/{id}',
  'POST /api/v1/jobs/{id}/responses',
  'GET /api/v1/jobs/{id}/responses',
  'POST /api/v1/responses/{id}/withdraw',
  'POST /api/v1/services',
  'PATCH /api/v1/services/{id}',
  'POST /api/v1/services/{id}/pause',
  'POST /api/v1/services/{id}/resume',
  'POST /api/v1/services/{id}/feedback',
  'GET /api/v1/services/{id}/feedback',
  'PATCH /api/v1/feedback/{id}',
  'POST /api/v1/feedback/{id}/reply',
  'POST /api/v1/directory',
  'GET /api/v1/directory/{address}',
  'PATCH /api/v1/directory/{address}',
  'GET /api/v1/directory/{address}/history',
  'POST /api/v1/directory/{address}/history/{id}/restore',
  'POST /api/v1/directory/{address}/remove',
  'POST /api/v1/directory/{address}/restore',
  'POST /api/v1/threads',
  'PATCH /api/v1/threads/{id}',
  'POST /api/v1/threads/{id}/entries',
  'POST /api/v1/threads/{id}/checklist',
  'PATCH /api/v1/threads/{id}/checklist/{item_id}',
  'POST /api/v1/threads/{id}/invites',
  'POST /api/v1/threads/invitations/{invite_id}/accept',
  'GET /api/v1/threads/{id}/export',
];

let database: ScratchDatabase;
let stack: Stack;
const unexpectedExits: string[] = [];

describe('every domain through the balancer', () => {
  beforeAll(async () => {
    database = await createScratchDatabase();
    stack = await startStack({
      databaseUrl: database.url,
      env: { METRICS_TOKEN: TEST_METRICS_TOKEN },
      onUnexpectedExit: (name, exit, output) => unexpectedExits.push(`${name} exited (${exit}):\n${output.slice(-2_000)}`),
    });
  });

  afterAll(async () => {
    await stack?.stop();
    await database?.drop();
  });

  it('answers every operation of every domain as the contract says, and never with a server error', async () => {
    const [poster, responder, stranger] = await createPeople(stack.databaseUrl, stack.url, ['Ada Poster', 'Ben Responder', 'Cy Stranger']);
    const log = await runEveryDomain(stack.url, { poster: poster!, responder: responder!, stranger: stranger! });

    expect(log.filter((exchange) => exchange.status >= 500 || exchange.status === 0)).toEqual([]);
    const answered = new Set(log.map((exchange) => `${exchange.method} ${exchange.path}`));
    expect(JOURNEY.filter((operation) => !answered.has(operation))).toEqual([]);
    // The refusals a careful client meets on the way, each as the contract names it.
    expect([...new Set(log.map((exchange) => exchange.status))].sort((a, b) => a - b)).toEqual([200, 201, 401, 403, 404, 409, 410, 428]);
    expect(unexpectedExits).toEqual([]);

    // Each process is scraped on its own; both served part of the journey, none answered 5xx, and
    // the creates they counted add up to the creates the balancer passed on.
    const scrapes = await Promise.all(stack.apis.map((api) => scrape(api.url)));
    const requests = (one: Scrape, operation: string, statusClass: string) => one.histogram('svc_http_request_duration_seconds', { operation, status_class: statusClass }).count;
    const created = log.filter((exchange) => exchange.method === 'POST' && exchange.path === '/api/v1/jobs' && exchange.status >= 200 && exchange.status < 300).length;
    expect(created).toBeGreaterThan(0);
    expect(scrapes.map((one) => requests(one, 'jobs.create', '2xx')).reduce((a, b) => a + b, 0)).toBe(created);
    for (const one of scrapes) {
      expect(one.names()).toContain('svc_http_request_duration_seconds');
      expect(one.value('svc_change_feed_hearing')).toBe(1);
      expect(one.labelValues().filter((value) => value === '5xx')).toEqual([]);
      // Round robin: each process answered operations of the journey (named by operation id, `jobs.get`).
      expect(one.labelValues().filter((value) => /^[a-z_]+\.[a-z_.]+$/.test(value)).length).toBeGreaterThan(0);
    }
  });
});

/** One process's metrics, read the way Prometheus reads them: straight from the process, with the bearer secret. */
const scrape = async (url: string): Promise<Scrape> => {
  const res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
  expect(res.status).toBe(200);
  return readScrape(await res.text());
};
