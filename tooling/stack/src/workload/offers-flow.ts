import { check } from './checks.ts';
import { session, token, type FlowContext } from './flow.ts';

const OFFER = '/api/v1/services/{id}';
const CONTACT = 'https://painters.example/contact';

/**
 * Offers with feedback: publish (and replay), read and list, a versioned edit, pause and resume
 * (the contact link hides and shows), then feedback from a client who shares a thread linking the
 * offer: leave it, publish it by a versioned edit, the provider's one reply, and removal of the offer.
 */
export const offersFlow = async ({ client: { call }, poster, responder, stranger, run }: FlowContext): Promise<void> => {
  const input = {
    title: `Lighthouse painting ${run}`,
    summary: 'Coastal towers, weatherproof paint.',
    role: 'painter',
    industry: `maritime-${run}`,
    capabilities: ['Exterior painting', 'Rope access'],
    contact_url: CONTACT,
    tags: ['painting'],
    templates: ['birthday-party'],
  };
  const published = await call(token(poster), 'POST', '/api/v1/services', { key: `svc-${run}`, body: input, expect: 201 });
  const offer = published.body;
  check(offer.status === 'active' && offer.version === 1 && offer.contact_url === CONTACT, 'a new offer is active at version 1 with its link');
  const replayed = await call(token(poster), 'POST', '/api/v1/services', { key: `svc-${run}`, body: input, expect: 200 });
  check(replayed.body.replayed === true && replayed.body.id === offer.id, 'repeating a publish with its key answers the same offer');

  await call(null, 'GET', OFFER, { params: { id: offer.id }, expect: 200 });
  const listed = await call(null, 'GET', '/api/v1/services', { query: { role: 'painter', industry: input.industry }, expect: 200 });
  check(listed.body.services.some((item: { id: string }) => item.id === offer.id), 'the offer is listed by its role and industry');
  const found = await call(null, 'GET', '/api/v1/services', { query: { q: `lighthouse ${run}` }, expect: 200 });
  check(found.body.services.some((item: { id: string }) => item.id === offer.id), 'the offer is found by searching its title');

  const edited = await call(token(poster), 'PATCH', OFFER, { params: { id: offer.id }, body: { expected_version: 1, pricing_note: 'Quoted per tower' }, expect: 200 });
  check(edited.body.version === 2, 'an edit makes version 2');
  const stale = await call(token(poster), 'PATCH', OFFER, { params: { id: offer.id }, body: { expected_version: 1, pricing_note: 'Lost' }, expect: 409 });
  check(stale.body.error === 'version_conflict' && stale.body.current?.version === 2, 'a stale edit is refused with the current offer');
  await call(token(stranger), 'PATCH', OFFER, { params: { id: offer.id }, body: { expected_version: 2, title: 'Not mine' }, expect: 403 });

  const paused = await call(token(poster), 'POST', '/api/v1/services/{id}/pause', { params: { id: offer.id }, expect: 200 });
  check(paused.body.status === 'paused' && paused.body.contact_url === null, 'a paused offer hides its contact link');
  const whilePaused = await call(null, 'GET', OFFER, { params: { id: offer.id }, expect: 200 });
  check(whilePaused.body.contact_url === null, 'readers of a paused offer see no contact link');
  const resumed = await call(token(poster), 'POST', '/api/v1/services/{id}/resume', { params: { id: offer.id }, expect: 200 });
  check(resumed.body.status === 'active' && resumed.body.contact_url === CONTACT && resumed.body.version === 4, 'resuming shows the link again');

  // Feedback is for someone who shares a thread with the provider that links the offer.
  const refused = await call(token(responder), 'POST', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, body: { needs_met: 'yes' }, expect: 403 });
  check(refused.body.error === 'not_related', 'feedback from someone unrelated is refused');
  const thread = await call(token(poster), 'POST', '/api/v1/threads', {
    key: `svc-thread-${run}`,
    body: { title: 'Painting the lighthouse', link: { kind: 'service', id: offer.id } },
    expect: 200,
  });
  check(thread.body.linked?.kind === 'service' && thread.body.linked.snapshot?.id === offer.id, 'a thread keeps a snapshot of the offer it links');
  const invite = await call(token(poster), 'POST', '/api/v1/threads/{id}/invites', {
    params: { id: thread.body.id },
    body: { invitee_principal_id: responder.principalId },
    expect: 200,
  });
  const waiting = await call(token(responder), 'GET', '/api/v1/threads/invitations', { expect: 200 });
  check(waiting.body.invitations.some((item: { id: string }) => item.id === invite.body.id), 'the invitation waits in its invitee’s list');
  const byAgent = await call(token(responder), 'POST', '/api/v1/threads/invitations/{invite_id}/accept', { params: { invite_id: invite.body.id }, expect: 403 });
  check(byAgent.body.error === 'human_only', 'only the person accepts an invitation');
  await call(session(responder), 'POST', '/api/v1/threads/invitations/{invite_id}/accept', { params: { invite_id: invite.body.id }, expect: 200 });

  const feedbackBody = { needs_met: 'partly', comment: 'Good finish, one day late.', capability: 'Exterior painting' };
  const left = await call(token(responder), 'POST', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, body: feedbackBody, expect: 200 });
  const item = left.body;
  check(item.published === false && item.version === 1, 'feedback is private until its author publishes it');
  const second = await call(token(responder), 'POST', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, body: feedbackBody, expect: 409 });
  check(second.body.error === 'limit_reached', 'one active feedback item per author and offer');
  await call(token(stranger), 'POST', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, body: feedbackBody, expect: 403 });
  const hidden = await call(null, 'GET', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, expect: 200 });
  check(!hidden.body.feedback.some((entry: { id: string }) => entry.id === item.id), 'private feedback is not shown to the public');
  const forProvider = await call(token(poster), 'GET', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, expect: 200 });
  check(forProvider.body.feedback.some((entry: { id: string }) => entry.id === item.id), 'the provider sees private feedback');

  const publishedItem = await call(token(responder), 'PATCH', '/api/v1/feedback/{id}', { params: { id: item.id }, body: { expected_version: 1, published: true }, expect: 200 });
  check(publishedItem.body.published === true && publishedItem.body.version === 2, 'publishing is a versioned edit');
  await call(token(responder), 'PATCH', '/api/v1/feedback/{id}', { params: { id: item.id }, body: { expected_version: 1, comment: 'Lost' }, expect: 409 });
  const reply = await call(token(poster), 'POST', '/api/v1/feedback/{id}/reply', { params: { id: item.id }, body: { text: 'Thank you, the weather held us up.' }, expect: 200 });
  check(reply.body.reply?.text.startsWith('Thank you'), 'the reply is on the item');
  const secondReply = await call(token(poster), 'POST', '/api/v1/feedback/{id}/reply', { params: { id: item.id }, body: { text: 'Again' }, expect: 409 });
  check(secondReply.body.error === 'invalid_state', 'a provider replies once');
  const shown = await call(null, 'GET', '/api/v1/services/{id}/feedback', { params: { id: offer.id }, expect: 200 });
  const publicItem = shown.body.feedback.find((entry: { id: string }) => entry.id === item.id);
  check(publicItem?.reply?.text.startsWith('Thank you'), 'published feedback and its reply are public');
  check(!('rating' in publicItem) && !('average' in shown.body), 'no ratings or averages anywhere');
  await call(null, 'POST', '/api/v1/reports', { body: { target_kind: 'feedback', target_id: item.id, reason: 'off-topic' }, expect: 200 });

  const removedItem = await call(token(responder), 'DELETE', '/api/v1/feedback/{id}', { params: { id: item.id }, expect: 200 });
  check(removedItem.body.status === 'removed', 'removed feedback says so');
  await call(token(poster), 'DELETE', OFFER, { params: { id: offer.id }, expect: 200 });
  await call(null, 'GET', OFFER, { params: { id: offer.id }, expect: 410 });
  await call(null, 'POST', '/api/v1/site-feedback', { body: { kind: 'feedback', message: `Everything worked in run ${run}.` }, expect: 200 });
};
