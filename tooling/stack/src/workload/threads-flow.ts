import { check } from './checks.ts';
import { session, token, type FlowContext } from './flow.ts';

const THREAD = '/api/v1/threads/{id}';

/**
 * Threads with entries, checklist and invites: start one (and replay it), a versioned summary,
 * entries (keyed, edited, deleted to a tombstone), checklist items ticked twice harmlessly,
 * an invitation accepted by the invited person and a link revoked, exports, archive and reopen.
 */
export const threadsFlow = async ({ client: { call }, poster, responder, stranger, run }: FlowContext): Promise<void> => {
  const input = { title: `Lighthouse repaint ${run}`, summary: 'Scrape, prime, paint.' };
  const started = await call(token(poster), 'POST', '/api/v1/threads', { key: `thr-${run}`, body: input, expect: 200 });
  const thread = started.body;
  const params = { id: thread.id };
  check(thread.status === 'open' && thread.summary_version === 1 && thread.participants.length === 1, 'a new thread is open, at summary version 1, with its owner');
  const replayed = await call(token(poster), 'POST', '/api/v1/threads', { key: `thr-${run}`, body: input, expect: 200 });
  check(replayed.body.replayed === true && replayed.body.id === thread.id, 'repeating a start with its key answers the same thread');
  const listed = await call(token(poster), 'GET', '/api/v1/threads', { expect: 200 });
  check(listed.body.threads.some((item: { id: string }) => item.id === thread.id), 'the owner lists the thread');
  const hidden = await call(token(stranger), 'GET', THREAD, { params, expect: 404 });
  check(hidden.body.error === 'not_found', 'a thread does not exist for anyone outside it');

  const summary = await call(token(poster), 'PATCH', THREAD, { params, body: { expected_version: 1, summary: 'Scrape, prime, paint; two coats.' }, expect: 200 });
  check(summary.body.summary_version === 2, 'a summary change is one more summary version');
  const stale = await call(token(poster), 'PATCH', THREAD, { params, body: { expected_version: 1, summary: 'Lost' }, expect: 409 });
  check(stale.body.error === 'version_conflict' && stale.body.current?.summary_version === 2, 'a stale summary is refused with the thread as it is');
  await call(token(poster), 'PATCH', THREAD, { params, body: { summary: 'No version' }, expect: 428 });
  await call(token(poster), 'PATCH', THREAD, { params, body: { title: `Lighthouse repaint, spring ${run}` }, expect: 200 });

  const entryBody = { kind: 'update', text: 'Scaffolding is up.' };
  const entry = (await call(token(poster), 'POST', '/api/v1/threads/{id}/entries', { params, key: `ten-${run}`, body: entryBody, expect: 200 })).body;
  const entryAgain = await call(token(poster), 'POST', '/api/v1/threads/{id}/entries', { params, key: `ten-${run}`, body: entryBody, expect: 200 });
  check(entryAgain.body.replayed === true && entryAgain.body.id === entry.id, 'repeating an entry with its key answers the same entry');
  const entryPath = '/api/v1/threads/{id}/entries/{entry_id}';
  const reworded = await call(token(poster), 'PATCH', entryPath, { params: { id: thread.id, entry_id: entry.id }, body: { text: 'Scaffolding is up on the north side.' }, expect: 200 });
  check(reworded.body.text.endsWith('north side.'), 'an entry is edited by its author');
  const blocker = (await call(token(poster), 'POST', '/api/v1/threads/{id}/entries', { params, key: `ten-b-${run}`, body: { kind: 'blocker', text: 'Gale warning.' }, expect: 200 })).body;
  const tombstone = await call(token(poster), 'DELETE', entryPath, { params: { id: thread.id, entry_id: blocker.id }, expect: 200 });
  check(tombstone.body.deleted === true && tombstone.body.text === null, 'a deleted entry leaves a tombstone without its text');

  const item = (await call(token(poster), 'POST', '/api/v1/threads/{id}/checklist', { params, body: { text: 'Buy primer' }, expect: 200 })).body;
  const itemPath = '/api/v1/threads/{id}/checklist/{item_id}';
  const ticked = await call(token(poster), 'PATCH', itemPath, { params: { id: thread.id, item_id: item.id }, body: { done: true }, expect: 200 });
  const tickedAgain = await call(token(poster), 'PATCH', itemPath, { params: { id: thread.id, item_id: item.id }, body: { done: true }, expect: 200 });
  check(ticked.body.done === true && tickedAgain.body.updated_at === ticked.body.updated_at, 'ticking a ticked item again changes nothing');
  const spare = (await call(token(poster), 'POST', '/api/v1/threads/{id}/checklist', { params, body: { text: 'Spare brushes' }, expect: 200 })).body;
  await call(token(poster), 'DELETE', itemPath, { params: { id: thread.id, item_id: spare.id }, expect: 200 });

  const invite = (await call(token(poster), 'POST', '/api/v1/threads/{id}/invites', { params, body: { invitee_principal_id: responder.principalId }, expect: 200 })).body;
  check(typeof invite.token === 'string' && invite.status === 'pending', 'an invitation is shown once with its link');
  const link = (await call(token(poster), 'POST', '/api/v1/threads/{id}/invites', { params, body: {}, expect: 200 })).body;
  const revoked = await call(token(poster), 'DELETE', '/api/v1/threads/{id}/invites/{invite_id}', { params: { id: thread.id, invite_id: link.id }, expect: 200 });
  check(revoked.body.status === 'revoked', 'a revoked link says so');
  await call(token(responder), 'POST', '/api/v1/threads/{id}/invites', { params, body: {}, expect: 404 });
  await call(session(stranger), 'POST', '/api/v1/threads/invitations/accept', { body: { token: link.token }, expect: 409 });
  await call(session(responder), 'POST', '/api/v1/threads/invitations/accept', { body: { token: invite.token }, expect: 200 });
  const joined = await call(token(responder), 'GET', THREAD, { params, expect: 200 });
  check(joined.body.participants.length === 2 && joined.body.invites === null, 'the invited person is in, and sees no invitations');
  await call(token(responder), 'POST', '/api/v1/threads/{id}/entries', { params, key: `ten-r-${run}`, body: { kind: 'next_step', text: 'I bring the paint.' }, expect: 200 });
  const notAuthor = await call(token(responder), 'PATCH', entryPath, { params: { id: thread.id, entry_id: entry.id }, body: { text: 'Not mine' }, expect: 403 });
  check(notAuthor.body.error === 'not_author', 'only its author edits an entry');
  await call(token(responder), 'PATCH', itemPath, { params: { id: thread.id, item_id: item.id }, body: { done: false }, expect: 200 });

  const markdown = await call(token(responder), 'GET', '/api/v1/threads/{id}/export', { params, query: { format: 'md' }, expect: 200 });
  check(markdown.headers.get('content-type')?.startsWith('text/markdown') && String(markdown.body).includes('I bring the paint.'), 'the Markdown export holds the entries');
  const exported = await call(token(poster), 'GET', '/api/v1/threads/{id}/export', { params, query: { format: 'json' }, expect: 200 });
  check(JSON.stringify(exported.body).includes('Scaffolding is up on the north side.'), 'the JSON export holds the entries');

  const archived = await call(token(poster), 'POST', '/api/v1/threads/{id}/archive', { params, expect: 200 });
  check(archived.body.status === 'archived', 'an archived thread says so');
  const readOnly = await call(token(responder), 'POST', '/api/v1/threads/{id}/entries', { params, key: `ten-late-${run}`, body: { kind: 'update', text: 'Too late.' }, expect: 409 });
  check(readOnly.body.error === 'archived', 'an archived thread is read-only');
  await call(token(responder), 'GET', '/api/v1/threads/{id}/export', { params, query: { format: 'md' }, expect: 200 });
  const reopened = await call(token(poster), 'POST', '/api/v1/threads/{id}/reopen', { params, expect: 200 });
  check(reopened.body.status === 'open', 'a reopened thread takes changes again');
  const final = await call(token(poster), 'GET', THREAD, { params, expect: 200 });
  check(final.body.entries.length === 3 && final.body.checklist.length === 1, 'the thread holds its three entries and one item');
};
