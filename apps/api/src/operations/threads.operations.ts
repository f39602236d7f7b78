import * as v from 'valibot';
import { idParam } from './path-params.ts';
import { SIGNED_IN_ONLY } from './signed-in-only.ts';
import { answer, defineOperation, type AnySchema } from '@svc/http';
import type { Scope } from '@svc/access';
import { maxChars, parseInput, type Actor } from '@svc/kernel';
import {
  checklistItemCreateSchema,
  checklistItemJsonSchema,
  checklistItemPatchSchema,
  deletedThreadJsonSchema,
  entryCreateSchema,
  entryJsonSchema,
  entryPatchSchema,
  exportQuerySchema,
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

type Threads = Services['threads'];

/**
 * One kind of thing within a thread (its entries, checklist items or invitations), declared alike: added
 * by a POST to `/api/v1/threads/{id}/{collection}`, changed (PATCH) and removed (DELETE) at
 * `…/{collection}/{key}`, each answering the thing as `schema`. The handler hands the threads service
 * the ids the path names, in order, then the body. `errors`: those beyond the thread's `not_found`.
 */
const withinThread = <K extends string>(part: { collection: string; key: K; params: v.GenericSchema<Record<'id' | K, string>>; schema: AnySchema }) => {
  const path = `/api/v1/threads/{id}/${part.collection}`;
  const member = `${path}/{${part.key}}`;
  const answers = { 200: part.schema };
  return {
    add: (
      name: string,
      summary: string,
      add: { body: AnySchema; description?: string; idempotent?: true; errors: readonly string[] },
      call: (threads: Threads, actor: Actor, id: string, body: unknown) => Promise<unknown>,
    ) =>
      op({
        id: `threads.${name}`,
        method: 'POST',
        path,
        summary,
        ...(add.description ? { description: add.description } : {}),
        auth: write,
        // A replay answers only a participant still: a removed or departed one gets not_found, as on every thread route.
        ...(add.idempotent ? { idempotent: { recheck: ({ services, actor, params }) => services.threads.get(actor!, params.id!) } } : {}),
        request: { params: thread, body: add.body },
        responses: answers,
        errors: [notFound, ...add.errors],
        handler: ({ services, actor, params, body }) => call(services.threads, actor, params.id, body),
      }),
    change: (
      name: string,
      summary: string,
      patch: AnySchema,
      errors: readonly string[],
      call: (threads: Threads, actor: Actor, id: string, partId: string, body: unknown) => Promise<unknown>,
    ) =>
      op({
        id: `threads.${name}`,
        method: 'PATCH',
        path: member,
        summary,
        auth: write,
        request: { params: part.params, body: patch },
        responses: answers,
        errors: [notFound, ...errors],
        handler: ({ services, actor, params, body }) => call(services.threads, actor, params.id, params[part.key], body),
      }),
    remove: (name: string, summary: string, errors: readonly string[], call: (threads: Threads, actor: Actor, id: string, partId: string) => Promise<unknown>) =>
      op({
        id: `threads.${name}`,
        method: 'DELETE',
        path: member,
        summary,
        auth: write,
        request: { params: part.params },
        responses: answers,
        errors: [notFound, ...errors],
        handler: ({ services, actor, params }) => call(services.threads, actor, params.id, params[part.key]),
      }),
  };
};

const entries = withinThread({ collection: 'entries', key: 'entry_id', params: entry, schema: entryJsonSchema });
const items = withinThread({ collection: 'checklist', key: 'item_id', params: item, schema: checklistItemJsonSchema });
const invites = withinThread({ collection: 'invites', key: 'invite_id', params: invite, schema: inviteJsonSchema });
/** Editing or deleting your own entry: the entry may be missing, someone else's or deleted already. */
const ENTRY_ERRORS = ['archived', 'entry_not_found', 'not_author', 'deleted'];

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
    ...SIGNED_IN_ONLY,
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
    ...SIGNED_IN_ONLY,
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
    request: { params: thread, query: exportQuerySchema },
    responses: { 200: threadExportJsonSchema },
    alsoAnswers: { 'text/markdown': v.pipe(v.string(), v.description('format=md: the thread as one Markdown document (`text/markdown; charset=utf-8`)')) },
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
    ...SIGNED_IN_ONLY,
    request: { params: thread },
    responses: { 200: deletedThreadJsonSchema },
    errors: [notFound, 'owner_only', 'archived', 'has_contributions'],
    handler: ({ services, actor, params }) => services.threads.deleteThread(actor, params.id),
  }),
  entries.add(
    'add_entry',
    'Write an entry: an update, next step, blocker, deliverable or completion',
    { body: entryCreateSchema, idempotent: true, errors: ['archived', 'limit_reached'] },
    (threads, actor, id, body) => threads.addEntry(actor, id, body),
  ),
  entries.change('edit_entry', 'Edit your own entry', entryPatchSchema, ENTRY_ERRORS, (threads, actor, id, entryId, body) => threads.editEntry(actor, id, entryId, body)),
  entries.remove('delete_entry', 'Delete your own entry: its text goes, a visible tombstone stays', ENTRY_ERRORS, (threads, actor, id, entryId) =>
    threads.deleteEntry(actor, id, entryId),
  ),
  items.add('add_item', 'Add a checklist item', { body: checklistItemCreateSchema, errors: ['archived', 'limit_reached'] }, (threads, actor, id, body) =>
    threads.addItem(actor, id, body),
  ),
  items.change(
    'update_item',
    'Tick or untick a checklist item (an explicit `done`, so repeats are harmless) or reword it',
    checklistItemPatchSchema,
    ['archived', 'item_not_found'],
    (threads, actor, id, itemId, body) => threads.updateItem(actor, id, itemId, body),
  ),
  items.remove('remove_item', 'Remove a checklist item you added', ['archived', 'item_not_found', 'not_author'], (threads, actor, id, itemId) =>
    threads.removeItem(actor, id, itemId),
  ),
  invites.add(
    'create_invite',
    'Invite by a one-time link, optionally for one named principal (owner); the link is shown once',
    {
      body: inviteCreateSchema,
      description: 'Nothing is sent: share `url` yourself. An invitation for a named principal also waits on their Threads page. It expires after 7 days.',
      errors: ['owner_only', 'archived', 'already_participant', 'limit_reached'],
    },
    (threads, actor, id, body) => threads.createInvite(actor, id, body ?? {}),
  ),
  invites.remove(
    'revoke_invite',
    'Revoke an invitation (owner); revoking it again is harmless',
    ['owner_only', 'archived', 'invite_not_found', 'invite_unavailable'],
    (threads, actor, id, inviteId) => threads.revokeInvite(actor, id, inviteId),
  ),
  op({
    id: 'threads.remove_participant',
    method: 'DELETE',
    path: '/api/v1/threads/{id}/participants/{principal_id}',
    summary: 'Remove someone from the thread (owner; signed-in person only)',
    ...SIGNED_IN_ONLY,
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
    ...SIGNED_IN_ONLY,
    request: { params: thread },
    responses: { 200: leftThreadJsonSchema },
    errors: [notFound, 'invalid_state', 'not_participant'],
    handler: ({ services, actor, params }) => services.threads.leave(actor, params.id),
  }),
  ownerStateChange('archive', 'Archive a thread (owner): read-only, still readable and exportable'),
  ownerStateChange('reopen', 'Reopen an archived thread (owner)'),
];
