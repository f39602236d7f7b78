import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStack, type Stack } from '../src/stack.ts';
import { runEveryDomain } from '../src/workload/every-domain.ts';
import { createPeople } from '../src/workload/people.ts';
import { createScratchDatabase, type ScratchDatabase } from '../src/workload/scratch-database.ts';

// Every domain, end to end over HTTP only, through the balancer: requests land on either API process
// in turn, each reaching PostgreSQL through PgBouncer in transaction mode.

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
  });
});
