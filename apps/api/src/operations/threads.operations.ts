import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { answer, defineOperation } from '@svc/http';
import type { Scope } from '@svc/access';
import { maxChars, parseInput } from '@svc/kernel';
import {
  checklistItemCreateSchema,
  checklistItemJsonSchema,
  checklistItemPatchSchema,
  deletedThreadJsonSchema,
  entryCreateSchema,
  entryJsonSchema,
  entryPatchSchema,
  exportFormatSchema,
  invitationListJsonSchema,
  invitationListQuerySchema,
  inviteCreateSchema,
  inviteJsonSchema,
  leftThreadJsonSchema,
  threadCreateSchema,
  threadExportJsonSchema,
  threadJsonSchema,
  threadListJsonSchema,
  threadListQuerySchema,
  threadPatchSchema,
} from '@svc/threads';
import type { Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();

const threadId = idParam('The thread id (`thr_…`)');
const thread = v.object({ id: threadId });
const entry = v.object({ id: threadId, entry_id: idParam('The entry id (`ten_…`)') });
const item = v.object({ id: threadId, item_id: idParam('The checklist item id (`tck_…`)') });
const invite = v.object({ id: threadId, invite_id: idParam('The invitation id (`tin_…`)') });
const participant = v.object({ id: threadId, principal_id: idParam('The participant (`prn_…`)') });
const invitation = v.object({ invite_id: idParam('The invitation id (`tin_…`) from your invitations list') });

/** Accepting a one-time link: the token travels in the body, never in a path that proxies might record. */
const acceptLinkSchema = v.strictObject({
  token: v.pipe(v.string('must be the token of the invitation link'), maxChars(200), v.description('The last part of the link `{base_url}/threads/invites/{token}`')),
});

const exportQuery = v.object({ format: v.pipe(exportFormatSchema, v.description('`md` (text/markdown; charset=utf-8) or `json`')) });
const exportAnswer = v.union([
  v.pipe(v.string(), v.description('The Markdown export, served as `text/markdown; charset=utf-8` (format=md)')),
  threadExportJsonSchema,
]);

const write = { scopes: ['threads:write'] } as const;
/** Every route that names a thread answers this one 404 to anyone who is not a current participant. */
const notFound = 'not_found';
/**
 * Joining by link or by an invitation addressed to you: the invitation (gone, used, revoked, expired,
 * someone else's), whether you are in already, the thread's state and the participant and thread limits.
 */
const JOIN_ERRORS = ['invite_not_found', 'invite_unavailable', 'not_for_you', 'already_participant', 'archived', 'limit_reached'] as const;

/** The owner archives a thread or reopens it: `POST /threads/{id}/{change}`, refused when it is in that state already. */
const ownerStateChange = (change: 'archive' | 'reopen', summary: string) =>
  op({
    id: `threads.${change}`,
    method: 'POST',
    path: `/api/v1/threads/{id}/${change}`,
    summary,
    auth: write,
    request: { params: thread },
    responses: { 200: threadJsonSchema },
    errors: [notFound, 'owner_only', 'invalid_state'],
    handler: ({ services, actor, params }) => services.threads[change](actor, params.id),
  });

/**
 * Private work threads. Only current participants see a thread: anyone else (never invited, removed,
 * left) gets the same 404 `not_found` on every route naming it. Accepting, removing people, leaving
 * and deleting are the signed-in person's own (website only): an agent token gets 403 `human_only`.
 * The list and the invitations are registered before `/threads/{id}` so their literal paths win.
 */
export const THREADS_OPERATIONS = [
  op({
    id: 'threads.list',
    method: 'GET',
    path: '/api/v1/threads',
    summary: 'The threads you take part in, most recently changed first',
    auth: { scopes: ['account:read', 'threads:write'] },
    request: { query: threadListQuerySchema },
    responses: { 200: threadListJsonSchema },
    errors: [],
    handler: ({ services, actor, query }) => services.threads.list(actor, query),
  }),
  op({
    id: 'threads.invitations',
    method: 'GET',
    path: '/api/v1/threads/invitations',
    summary: 'Pending invitations addressed to you (accept them on the website)',
    auth: { scopes: ['account:read'] },
    request: { query: invitationListQuerySchema },
    responses: { 200: invitationListJsonSchema },
    errors: [],
    handler: ({ services, actor, query }) => services.threads.invitations(actor, query),
  }),
  op({
    id: 'threads.accept_invite',
    method: 'POST',
    path: '/api/v1/threads/invitations/accept',
    summary: 'Join a thread with a one-time invitation link (signed-in person only)',
    auth: 'human_only',
    websiteOnly: true,
    request: { body: acceptLinkSchema },
    responses: { 200: threadJsonSchema },
    errors: JOIN_ERRORS,
    handler: ({ services, actor, body }) => services.threads.acceptInvite(actor, parseInput(acceptLinkSchema, body).token),
  }),
  op({
    id: 'threads.accept_invitation',
    method: 'POST',
    path: '/api/v1/threads/invitations/{invite_id}/accept',
    summary: 'Join a thread with an invitation addressed to you (signed-in person only)',
    auth: 'human_only',
    websiteOnly: true,
    request: { params: invitation },
    responses: { 200: threadJsonSchema },
    errors: JOIN_ERRORS,
    handler: ({ services, actor, params }) => services.threads.acceptInvitation(actor, params.invite_id),
  }),
  op({
    id: 'threads.create',
    method: 'POST',
    path: '/api/v1/threads',
    summary: 'Start a thread, optionally linking a job or an offer (a snapshot is kept; it is not a contract)',
    auth: write,
    idempotent: {},
    request: { body: threadCreateSchema },
    responses: { 200: threadJsonSchema },
    errors: ['limit_reached'],
    handler: ({ services, actor, body }) => services.threads.create(actor, body),
  }),
  op({
    id: 'threads.get',
    method: 'GET',
    path: '/api/v1/threads/{id}',
    summary: 'Read a thread: entries, checklist, summary and people (invitations for its owner only)',
    auth: write,
    request: { params: thread },
    responses: { 200: threadJsonSchema },
    errors: [notFound],
    handler: ({ services, actor, params }) => services.threads.get(actor, params.id),
  }),
  op({
    id: 'threads.export',
    method: 'GET',
    path: '/api/v1/threads/{id}/export',
    summary: 'Export a thread as Markdown or JSON (also when archived)',
    description: '`format=md` answers `text/markdown; charset=utf-8`; `format=json` answers the JSON below. Both come with a `Content-Disposition` file name.',
    auth: write,
    request: { params: thread, query: exportQuery },
    responses: { 200: exportAnswer },
    errors: [notFound],
    handler: async ({ services, actor, params, query }) => {
      const exported = await services.threads.export(actor, params.id, query.format);
      return answer(200, exported.body, {
        'Content-Type': exported.content_type,
        'Content-Disposition': `attachment; filename="${exported.filename}"`,
        'Cache-Control': 'private, no-store',
      });
    },
  }),
  op({
    id: 'threads.update',
    method: 'PATCH',
    path: '/api/v1/threads/{id}',
    summary: 'Change the summary (any participant, at the summary_version you read) or the title (owner)',
    description: 'A summary change needs `expected_version`, the `summary_version` you read: 428 without it, 409 `version_conflict` with `current` when someone changed it meanwhile.',
    auth: write,
    request: { params: thread, body: threadPatchSchema },
    responses: { 200: threadJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'version_conflict', 'expected_version_required'],
    handler: ({ services, actor, params, body }) => services.threads.update(actor, params.id, body),
  }),
  op({
    id: 'threads.delete',
    method: 'DELETE',
    path: '/api/v1/threads/{id}',
    summary: 'Delete a thread nobody else has contributed to (owner; signed-in person only)',
    auth: 'human_only',
    websiteOnly: true,
    request: { params: thread },
    responses: { 200: deletedThreadJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'has_contributions'],
    handler: ({ services, actor, params }) => services.threads.deleteThread(actor, params.id),
  }),
  op({
    id: 'threads.add_entry',
    method: 'POST',
    path: '/api/v1/threads/{id}/entries',
    summary: 'Write an entry: an update, next step, blocker, deliverable or completion',
    auth: write,
    idempotent: {},
    request: { params: thread, body: entryCreateSchema },
    responses: { 200: entryJsonSchema },
    errors: [notFound, 'archived', 'limit_reached'],
    handler: ({ services, actor, params, body }) => services.threads.addEntry(actor, params.id, body),
  }),
  op({
    id: 'threads.edit_entry',
    method: 'PATCH',
    path: '/api/v1/threads/{id}/entries/{entry_id}',
    summary: 'Edit your own entry',
    auth: write,
    request: { params: entry, body: entryPatchSchema },
    responses: { 200: entryJsonSchema },
    errors: [notFound, 'archived', 'entry_not_found', 'not_author', 'deleted'],
    handler: ({ services, actor, params, body }) => services.threads.editEntry(actor, params.id, params.entry_id, body),
  }),
  op({
    id: 'threads.delete_entry',
    method: 'DELETE',
    path: '/api/v1/threads/{id}/entries/{entry_id}',
    summary: 'Delete your own entry: its text goes, a visible tombstone stays',
    auth: write,
    request: { params: entry },
    responses: { 200: entryJsonSchema },
    errors: [notFound, 'archived', 'entry_not_found', 'not_author', 'deleted'],
    handler: ({ services, actor, params }) => services.threads.deleteEntry(actor, params.id, params.entry_id),
  }),
  op({
    id: 'threads.add_item',
    method: 'POST',
    path: '/api/v1/threads/{id}/checklist',
    summary: 'Add a checklist item',
    auth: write,
    request: { params: thread, body: checklistItemCreateSchema },
    responses: { 200: checklistItemJsonSchema },
    errors: [notFound, 'archived', 'limit_reached'],
    handler: ({ services, actor, params, body }) => services.threads.addItem(actor, params.id, body),
  }),
  op({
    id: 'threads.update_item',
    method: 'PATCH',
    path: '/api/v1/threads/{id}/checklist/{item_id}',
    summary: 'Tick or untick a checklist item (an explicit `done`, so repeats are harmless) or reword it',
    auth: write,
    request: { params: item, body: checklistItemPatchSchema },
    responses: { 200: checklistItemJsonSchema },
    errors: [notFound, 'archived', 'item_not_found'],
    handler: ({ services, actor, params, body }) => services.threads.updateItem(actor, params.id, params.item_id, body),
  }),
  op({
    id: 'threads.remove_item',
    method: 'DELETE',
    path: '/api/v1/threads/{id}/checklist/{item_id}',
    summary: 'Remove a checklist item you added',
    auth: write,
    request: { params: item },
    responses: { 200: checklistItemJsonSchema },
    errors: [notFound, 'archived', 'item_not_found', 'not_author'],
    handler: ({ services, actor, params }) => services.threads.removeItem(actor, params.id, params.item_id),
  }),
  op({
    id: 'threads.create_invite',
    method: 'POST',
    path: '/api/v1/threads/{id}/invites',
    summary: 'Invite by a one-time link, optionally for one named principal (owner); the link is shown once',
    description: 'Nothing is sent: share `url` yourself. An invitation for a named principal also waits on their Threads page. It expires after 7 days.',
    auth: write,
    request: { params: thread, body: inviteCreateSchema },
    responses: { 200: inviteJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'already_participant', 'limit_reached'],
    handler: ({ services, actor, params, body }) => services.threads.createInvite(actor, params.id, body ?? {}),
  }),
  op({
    id: 'threads.revoke_invite',
    method: 'DELETE',
    path: '/api/v1/threads/{id}/invites/{invite_id}',
    summary: 'Revoke an invitation (owner); revoking it again is harmless',
    auth: write,
    request: { params: invite },
    responses: { 200: inviteJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'invite_not_found', 'invite_unavailable'],
    handler: ({ services, actor, params }) => services.threads.revokeInvite(actor, params.id, params.invite_id),
  }),
  op({
    id: 'threads.remove_participant',
    method: 'DELETE',
    path: '/api/v1/threads/{id}/participants/{principal_id}',
    summary: 'Remove someone from the thread (owner; signed-in person only)',
    auth: 'human_only',
    websiteOnly: true,
    request: { params: participant },
    responses: { 200: threadJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'invalid_state', 'not_participant'],
    handler: ({ services, actor, params }) => services.threads.removeParticipant(actor, params.id, params.principal_id),
  }),
  op({
    id: 'threads.leave',
    method: 'POST',
    path: '/api/v1/threads/{id}/leave',
    summary: 'Leave a thread (signed-in person only; the owner archives or deletes instead)',
    auth: 'human_only',
    websiteOnly: true,
    request: { params: thread },
    responses: { 200: leftThreadJsonSchema },
    errors: [notFound, 'invalid_state', 'not_participant'],
    handler: ({ services, actor, params }) => services.threads.leave(actor, params.id),
  }),
  ownerStateChange('archive', 'Archive a thread (owner): read-only, still readable and exportable'),
  ownerStateChange('reopen', 'Reopen an archived thread (owner)'),
];
