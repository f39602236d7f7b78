import type * as v from 'valibot';
import { defineOperation, type AnySchema } from '@svc/http';
import type { Scope } from '@svc/access';
import { optionalVersionQuerySchema, statusChangeSchema, versionFromQuery, type Actor } from '@svc/kernel';
import type { Services } from '@svc/runtime';

const op = defineOperation<Services, Scope>();

/**
 * What an owner's versioned edit of a record that can be removed (a job, an offer, a feedback item)
 * answers beyond its auth and body: the record (`not_found`, `not_owner`, 410 `removed`) and the
 * version it was read at (`version_conflict`, or 428 when an edit that needs one has none).
 */
export const OWNER_EDIT_ERRORS = ['not_found', 'not_owner', 'removed', 'version_conflict', 'expected_version_required'] as const;

/** An owner's status change (remove, close, pause…): an edit the record's present state may also refuse. */
export const OWNER_STATUS_ERRORS = ['not_found', 'not_owner', 'removed', 'invalid_state', 'version_conflict', 'expected_version_required'] as const;

/** A record its owner edits at the version they read and may remove: a job, an offer, a feedback item. */
export interface OwnedRecord {
  /** The operation group: `jobs` declares `jobs.update`, `jobs.remove`, `jobs.close`… */
  group: string;
  /** The record's own path, `/api/v1/jobs/{id}`; a status change is POSTed below it. */
  path: string;
  params: v.GenericSchema<{ id: string }>;
  /** The record as every change answers it (200). */
  schema: AnySchema;
  auth: { scopes: readonly Scope[] };
}

/** A service call that changes the record `id` for `actor` with what the request sent. */
type Change = (services: Services, actor: Actor, id: string, sent: unknown) => Promise<unknown>;

/** Re-reading after a timed-out edit, as the edits of jobs and offers describe it. */
export const AFTER_TIMED_OUT_EDIT =
  'After a timed-out edit, re-read: if `version` is your expected_version + 1 and your change is there, it succeeded; otherwise reapply with the current version.';

/** The owner's changes of one kind of record, declared alike: the edit, the removal and the status changes. */
export const ownedRecord = (record: OwnedRecord) => ({
  /** PATCH the record with `body` at the version read (expected_version); `errors`: those beyond `OWNER_EDIT_ERRORS`. */
  update: (summary: string, edit: { body: AnySchema; description?: string; errors?: readonly string[] }, update: Change) =>
    op({
      id: `${record.group}.update`,
      method: 'PATCH',
      path: record.path,
      summary,
      ...(edit.description ? { description: edit.description } : {}),
      auth: record.auth,
      request: { params: record.params, body: edit.body },
      responses: { 200: record.schema },
      errors: [...OWNER_EDIT_ERRORS, ...(edit.errors ?? [])],
      handler: ({ services, actor, params, body }) => update(services, actor, params.id, body),
    }),
  /** DELETE the record; the version, optional, is in the query. */
  remove: (summary: string, errors: readonly string[], remove: Change) =>
    op({
      id: `${record.group}.remove`,
      method: 'DELETE',
      path: record.path,
      summary: `${summary}; query expected_version, when sent, must match`,
      auth: record.auth,
      request: { params: record.params, query: optionalVersionQuerySchema },
      responses: { 200: record.schema },
      errors,
      handler: ({ services, actor, params, query }) => remove(services, actor, params.id, versionFromQuery(query)),
    }),
  /** POST `{path}/{verb}`: a change of status (close, pause…); the version, optional, is in the body. */
  statusChange: (verb: string, summary: string, change: Change) =>
    op({
      id: `${record.group}.${verb}`,
      method: 'POST',
      path: `${record.path}/${verb}`,
      summary: `${summary}; body expected_version, when sent, must match`,
      auth: record.auth,
      request: { params: record.params, body: statusChangeSchema },
      responses: { 200: record.schema },
      errors: OWNER_STATUS_ERRORS,
      handler: ({ services, actor, params, body }) => change(services, actor, params.id, body),
    }),
});

/** The groups whose records a token writes with the scope `{group}:write`. */
type WritableGroup<S extends Scope = Scope> = S extends `${infer G}:write` ? G : never;

/** The caller's own records of a group, newest first: `GET /api/v1/me/{group}`, for a token that may also write them. */
export const myList = (
  list: { group: WritableGroup; summary: string; description?: string; query: AnySchema; answer: AnySchema },
  read: (services: Services, actor: Actor, query: unknown) => Promise<unknown>,
) =>
  op({
    id: `${list.group}.mine`,
    method: 'GET',
    path: `/api/v1/me/${list.group}`,
    summary: list.summary,
    ...(list.description ? { description: list.description } : {}),
    auth: { scopes: ['account:read', `${list.group}:write`] },
    request: { query: list.query },
    responses: { 200: list.answer },
    errors: [],
    handler: ({ services, actor, query }) => read(services, actor, query),
  });
