import { check, eventually } from './checks.ts';
import { session, token, type FlowContext } from './flow.ts';

const JOB = '/api/v1/jobs/{id}';

/**
 * Jobs and responses: post (and replay the post), read, list and search, a versioned edit with its
 * conflicts, a response from another principal with its replay, both views of the responses,
 * withdrawing, closing and reopening, removal.
 */
export const jobsFlow = async ({ client: { call }, poster, responder, stranger, run }: FlowContext): Promise<void> => {
  const tag = `stack-${run}`;
  const input = {
    title: `Paint the lighthouse ${run}`,
    outcome: 'A freshly painted lighthouse',
    scope: 'The tower, not the keeper’s cottage',
    deliverables: 'Before and after photos',
    budget: { amount: 400, currency: 'EUR' },
    tags: [tag, 'painting'],
    completion_checklist: ['Scrape', 'Prime', 'Paint'],
  };
  const created = await call(token(poster), 'POST', '/api/v1/jobs', { key: `job-${run}`, body: input, expect: 201 });
  const job = created.body;
  check(job.status === 'open' && job.version === 1, `a new job is open at version 1, got ${job.status} v${job.version}`);
  check(typeof job.notice === 'string' && job.notice.length > 0, 'a job carries its notice');
  const replayed = await call(token(poster), 'POST', '/api/v1/jobs', { key: `job-${run}`, body: input, expect: 200 });
  check(replayed.body.replayed === true && replayed.body.id === job.id, 'repeating a post with its key answers the same job, replayed');

  const template = await call(token(poster), 'POST', '/api/v1/jobs', {
    key: `party-${run}`,
    body: { template: 'birthday-party', details: { date: '2027-03-14', guest_count: 12, general_area: 'North Leeds' } },
    expect: 201,
  });
  check(template.body.template?.id === 'birthday-party' && template.body.title.length > 0, 'a template job is filled in by its template');

  await call(null, 'GET', JOB, { params: { id: job.id }, expect: 200 });
  await call(null, 'GET', '/api/v1/jobs/{id}/rts', { params: { id: job.id }, expect: 200 });
  await eventually('the new job in the list of its tag', async () => {
    const listed = await call(null, 'GET', '/api/v1/jobs', { query: { tag }, expect: 200 });
    return listed.body.jobs.some((item: { id: string }) => item.id === job.id);
  });
  await eventually('the new job found by searching its title', async () => {
    const found = await call(null, 'GET', '/api/v1/jobs', { query: { q: `lighthouse ${run}` }, expect: 200 });
    return found.body.jobs.some((item: { id: string }) => item.id === job.id);
  });

  const edited = await call(token(poster), 'PATCH', JOB, { params: { id: job.id }, body: { expected_version: 1, title: `Paint the lighthouse white ${run}` }, expect: 200 });
  check(edited.body.version === 2, `an edit makes version 2, got ${edited.body.version}`);
  const stale = await call(token(poster), 'PATCH', JOB, { params: { id: job.id }, body: { expected_version: 1, title: 'Lost edit' }, expect: 409 });
  check(stale.body.error === 'version_conflict' && stale.body.current?.version === 2, 'a stale edit is refused with the current job');
  await call(token(poster), 'PATCH', JOB, { params: { id: job.id }, body: { title: 'No version' }, expect: 428 });
  await call(token(stranger), 'PATCH', JOB, { params: { id: job.id }, body: { expected_version: 2, title: 'Not mine' }, expect: 403 });
  await eventually('the edited title on every process', async () => {
    const read = await call(null, 'GET', JOB, { params: { id: job.id }, expect: 200 });
    return read.body.version === 2 && read.body.title.startsWith('Paint the lighthouse white');
  });

  const responseBody = { kind: 'offer', message: 'I have painted two lighthouses before.', expected_version: 2 };
  const responded = await call(token(responder), 'POST', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, key: `rsp-${run}`, body: responseBody, expect: 201 });
  const response = responded.body;
  check(response.status === 'active' && response.job_version_seen === 2, 'a response records the version its author saw');
  const again = await call(token(responder), 'POST', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, key: `rsp-${run}`, body: responseBody, expect: 200 });
  check(again.body.replayed === true && again.body.id === response.id, 'repeating a response with its key answers the same response');
  const changed = await call(token(stranger), 'POST', '/api/v1/jobs/{id}/responses', {
    params: { id: job.id },
    key: `stale-${run}`,
    body: { kind: 'question', message: 'Which colour?', expected_version: 1 },
    expect: 409,
  });
  check(changed.body.error === 'job_changed' && changed.body.current?.version === 2, 'a response to a changed job is refused with the job as it is');
  const own = await call(token(poster), 'POST', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, body: { kind: 'question', message: 'Mine?' }, expect: 409 });
  check(own.body.error === 'own_job', 'nobody responds to their own job');

  const forPoster = await call(token(poster), 'GET', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, expect: 200 });
  check(forPoster.body.responses.some((item: { id: string }) => item.id === response.id), 'the poster sees the response');
  const forStranger = await call(token(stranger), 'GET', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, expect: 200 });
  check(forStranger.body.responses.length === 0, 'someone else sees no response but their own');
  const withdrawn = await call(token(responder), 'POST', '/api/v1/responses/{id}/withdraw', { params: { id: response.id }, expect: 200 });
  check(withdrawn.body.status === 'withdrawn', 'a withdrawn response says so');

  const closed = await call(token(poster), 'POST', '/api/v1/jobs/{id}/close', { params: { id: job.id }, expect: 200 });
  check(closed.body.status === 'closed' && closed.body.version === 3, 'closing is one more version');
  const late = await call(token(responder), 'POST', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, body: { kind: 'question', message: 'Still open?' }, expect: 409 });
  check(late.body.error === 'job_closed', 'a closed job takes no responses');
  await eventually('the closed job among closed jobs', async () => {
    const listed = await call(null, 'GET', '/api/v1/jobs', { query: { tag, status: 'closed' }, expect: 200 });
    return listed.body.jobs.some((item: { id: string }) => item.id === job.id);
  });
  const reopened = await call(token(poster), 'POST', '/api/v1/jobs/{id}/reopen', { params: { id: job.id }, expect: 200 });
  check(reopened.body.status === 'open' && reopened.body.version === 4, 'reopening is one more version');

  await call(null, 'POST', '/api/v1/reports', { body: { target_kind: 'job', target_id: template.body.id, reason: 'spam' }, expect: 200 });
  const me = await call(token(poster), 'GET', '/api/v1/me', { expect: 200 });
  check(me.body.principal.principal_id === poster.principalId && !JSON.stringify(me.body).includes('@example'), 'the caller’s own summary, without an e-mail address');
  await call(session(poster), 'GET', '/api/v1/me', { expect: 200 });

  const removed = await call(token(poster), 'DELETE', JOB, { params: { id: job.id }, expect: 200 });
  check(removed.body.status === 'removed', 'a removed job says so');
  await eventually('the removed job gone (410) on every process', async () => (await call(null, 'GET', JOB, { params: { id: job.id } })).status === 410);
  const responses = await call(token(responder), 'GET', '/api/v1/jobs/{id}/responses', { params: { id: job.id }, expect: 200 });
  check(responses.body.responses.some((item: { id: string }) => item.id === response.id), 'responses stay visible to their participants after removal');
};
