import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { NO_CONTACT_DETAILS } from './public-text.ts';
import { AFTER_TIMED_OUT_EDIT, myList, ownedRecord, OWNER_EDIT_ERRORS, OWNER_STATUS_ERRORS } from './owned-records.ts';
import { defineOperation } from '@svc/http';
import type { Scope } from '@svc/access';
import { pagingEntries } from '@svc/kernel';
import {
  feedbackCreateSchema,
  feedbackJsonSchema,
  feedbackListJsonSchema,
  feedbackPatchSchema,
  myOffersQuerySchema,
  offerCreateSchema,
  offerListQuerySchema,
  offerPatchSchema,
  replySchema,
  REPORT_RATE_LIMIT,
  reportCreateSchema,
  reportJsonSchema,
  serviceJsonSchema,
  serviceListJsonSchema,
  SITE_FEEDBACK_RATE_LIMIT,
  siteFeedbackCreateSchema,
  siteFeedbackJsonSchema,
} from '@svc/offers';
import { journalListQuerySchema, journalListSchema, type Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();
const serviceId = v.object({ id: idParam('The service (offer) id (`svc_…`)') });
const feedbackId = v.object({ id: idParam('The feedback id (`fbk_…`)') });
const pagingQuery = v.strictObject({ ...pagingEntries });
const servicesWrite = { scopes: ['services:write'] } as const;
const feedbackWrite = { scopes: ['feedback:write'] } as const;
const offer = ownedRecord({ group: 'services', path: '/api/v1/services/{id}', params: serviceId, schema: serviceJsonSchema, auth: servicesWrite });
const feedback = ownedRecord({ group: 'feedback', path: '/api/v1/feedback/{id}', params: feedbackId, schema: feedbackJsonSchema, auth: feedbackWrite });
/**
 * Public forms that a signed-in browser may also send: its session cookie makes the change a
 * signed-in one, which must come from this site (same Origin or the CSRF header).
 */
const SESSION_FORM = ['csrf_failed'];

/**
 * Offers (services), feedback on them, reports, site feedback and the journal. Scopes are checked
 * here; ownership, relation, visibility and rate limits in the services.
 */
export const OFFERS_OPERATIONS = [
  op({
    id: 'services.list',
    method: 'GET',
    path: '/api/v1/services',
    summary: 'Search and list offers (active by default; status=paused lists paused ones), newest first or by relevance with q',
    auth: 'public',
    request: { query: offerListQuerySchema },
    responses: { 200: serviceListJsonSchema },
    errors: [],
    listRead: true,
    handler: ({ services, query }) => services.offers.list(query),
  }),
  op({
    id: 'services.create',
    method: 'POST',
    path: '/api/v1/services',
    summary: 'Publish an offer (title, role and industry required)',
    description: NO_CONTACT_DETAILS,
    auth: servicesWrite,
    idempotent: {},
    request: { body: offerCreateSchema },
    responses: { 201: serviceJsonSchema, 200: serviceJsonSchema },
    location: { read: '/api/v1/services/{id}' },
    errors: ['blocked_content'],
    handler: ({ services, actor, body }) => services.offers.create(actor, body),
  }),
  op({
    id: 'services.get',
    method: 'GET',
    path: '/api/v1/services/{id}',
    summary: 'Read an offer (a paused one has contact_url null)',
    auth: 'public',
    request: { params: serviceId },
    responses: { 200: serviceJsonSchema },
    errors: ['not_found', 'removed'],
    handler: ({ services, params }) => services.offers.get(params.id),
  }),
  myList(
    {
      group: 'services',
      summary: 'Your own offers, newest first: active and paused ones, or only those of one status',
      description: 'Removed offers are not listed. A paused offer shows contact_url null, as it does to everyone.',
      query: myOffersQuerySchema,
      answer: serviceListJsonSchema,
    },
    ({ offers }, actor, query) => offers.listMine(actor, query),
  ),
  offer.update(
    'Edit your offer at the version you read (expected_version); contact_url null clears the link',
    { body: offerPatchSchema, description: `${AFTER_TIMED_OUT_EDIT} ${NO_CONTACT_DETAILS}`, errors: ['blocked_content'] },
    ({ offers }, actor, id, patch) => offers.update(actor, id, patch),
  ),
  offer.remove('Remove your offer (reads answer 410 afterwards)', OWNER_STATUS_ERRORS, ({ offers }, actor, id, version) => offers.remove(actor, id, version)),
  offer.statusChange('pause', 'Pause your active offer: it stays readable, its contact link is hidden', ({ offers }, actor, id, body) => offers.pause(actor, id, body)),
  offer.statusChange('resume', 'Resume your paused offer: its contact link shows again', ({ offers }, actor, id, body) => offers.resume(actor, id, body)),
  op({
    id: 'feedback.list',
    method: 'GET',
    path: '/api/v1/services/{id}/feedback',
    summary: "An offer's feedback, newest first: published items for everyone; private ones also for their author and the provider",
    description: 'Hidden items are seen only by their author, the provider and support. There are no ratings, counts or averages.',
    auth: 'optional',
    request: { params: serviceId, query: pagingQuery },
    responses: { 200: feedbackListJsonSchema },
    errors: ['not_found', 'removed'],
    handler: ({ services, actor, params, query }) => services.feedback.list(actor, params.id, query),
  }),
  op({
    id: 'feedback.create',
    method: 'POST',
    path: '/api/v1/services/{id}/feedback',
    summary: 'Say whether your needs were met (private unless published); only for someone who shares a thread with the provider that links this offer',
    description: NO_CONTACT_DETAILS,
    auth: feedbackWrite,
    request: { params: serviceId, body: feedbackCreateSchema },
    responses: { 200: feedbackJsonSchema },
    errors: ['not_found', 'removed', 'not_related', 'limit_reached', 'blocked_content'],
    handler: ({ services, actor, params, body }) => services.feedback.leave(actor, params.id, body),
  }),
  feedback.update(
    'Edit your feedback at the version you read (expected_version), e.g. publish it',
    { body: feedbackPatchSchema, description: NO_CONTACT_DETAILS, errors: ['blocked_content'] },
    (services, actor, id, patch) => services.feedback.edit(actor, id, patch),
  ),
  feedback.remove(
    'Remove your feedback (you may leave a new item afterwards); feedback support hid stays (409 invalid_state) until shown again',
    [...OWNER_EDIT_ERRORS, 'invalid_state'],
    (services, actor, id, version) => services.feedback.removeFeedback(actor, id, version),
  ),
  op({
    id: 'feedback.reply',
    method: 'POST',
    path: '/api/v1/feedback/{id}/reply',
    summary: 'Reply once, publicly, to feedback on your offer; answers the feedback item with its reply',
    auth: feedbackWrite,
    description: NO_CONTACT_DETAILS,
    request: { params: feedbackId, body: replySchema },
    responses: { 200: feedbackJsonSchema },
    errors: ['not_found', 'not_owner', 'removed', 'invalid_state', 'blocked_content'],
    handler: ({ services, actor, params, body }) => services.feedback.reply(actor, params.id, body),
  }),
  op({
    id: 'reports.create',
    method: 'POST',
    path: '/api/v1/reports',
    summary: 'Report a public job, offer, directory entry or published feedback (no credentials; rate-limited per client address)',
    description: 'A report never changes its target and stores nothing about who sent it. Past the limit: 429 `rate_limited` with `Retry-After`.',
    auth: 'public',
    request: { body: reportCreateSchema },
    responses: { 200: reportJsonSchema },
    errors: ['not_found', 'rate_limited', ...SESSION_FORM],
    rateLimits: [{ limit: REPORT_RATE_LIMIT, counts: 'reports sent with valid input, per client address' }],
    handler: ({ services, body, ctx }) => services.reports.report(body, ctx.ip),
  }),
  op({
    id: 'site_feedback.create',
    method: 'POST',
    path: '/api/v1/site-feedback',
    summary: 'Send feedback about the site or ask for a capability (no credentials; a token attaches its agent grant, never the token)',
    auth: 'optional',
    request: { body: siteFeedbackCreateSchema },
    responses: { 200: siteFeedbackJsonSchema },
    errors: ['rate_limited', ...SESSION_FORM],
    rateLimits: [{ limit: SITE_FEEDBACK_RATE_LIMIT, counts: 'site feedback sent with valid input, per client address' }],
    handler: ({ services, actor, body, ctx }) => services.siteFeedback.submit(actor, body, ctx.ip),
  }),
  op({
    id: 'journal.list',
    method: 'GET',
    path: '/api/v1/journal',
    summary: 'The journal, newest first: each entry links its page and its Markdown',
    auth: 'public',
    request: { query: journalListQuerySchema },
    responses: { 200: journalListSchema },
    errors: [],
    handler: async ({ services, query }) => services.content.listJournal(query),
  }),
];
