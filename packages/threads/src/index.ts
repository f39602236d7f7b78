import { mapColumns, type ClientDatabase, type DomainModule, type ModuleSchema, type SelectColumns, type SqlOperand } from '@svc/db';
import { newId, type Clock } from '@svc/kernel';
import { createChecklistService, type ChecklistService } from './checklist.service.ts';
import { createEntriesService, type EntriesService } from './entries.service.ts';
import { threadsEntities } from './entities.ts';
import { createInvitesService, type InvitesService } from './invites.service.ts';
import { createRelatedService, type RelatedService } from './related.service.ts';
import { threadsMigrations } from './migrations.ts';
import { createThreadsCleanupJobs } from './threads.cleanup.ts';
import { createThreadContext } from './thread.context.ts';
import type { LinkedRecords, PrincipalDirectory, ThreadIdGenerator, ThreadsDeps } from './threads.deps.ts';
import { createMikroOrmThreadsRepository, threadsClient } from './threads.repository.mikro-orm.ts';
import type { ThreadsRepository } from './threads.repository.ts';
import type { LinkKind } from './threads.schemas.ts';
import { createThreadLifecycleService, type ThreadLifecycleService } from './threads.service.ts';

export interface ThreadsModuleDeps {
  /** The app's database; the domain reaches it only through its query client (`threadsClient`). */
  db: ClientDatabase;
  clock: Clock;
  /** The public origin for thread and invitation links, e.g. `https://example.org`. */
  baseUrl: string;
  principals: PrincipalDirectory;
  links: LinkedRecords;
  /** Defaults to random prefixed ids (`thr_…`, `ten_…`, `tck_…`, `tin_…`). */
  ids?: ThreadIdGenerator;
  /** Another storage; defaults to the MikroORM one on `db`. */
  repo?: ThreadsRepository;
}

/**
 * Every thread operation, one method per endpoint or website action. Each takes the calling
 * `Actor`; scopes are the HTTP layer's job, `human_only` and ownership are checked here.
 */
export interface ThreadsService extends ThreadLifecycleService, EntriesService, ChecklistService, InvitesService, RelatedService {}

/** The threads services; the module adds its `cleanupJobs` (`DomainModule`). */
export interface ThreadsServices {
  threads: ThreadsService;
  /**
   * For offers' feedback: true when both principals are current participants of one thread that
   * links this record.
   */
  sharesThreadLinking(principalA: string, principalB: string, kind: LinkKind, id: string): Promise<boolean>;
  /**
   * For offers' feedback: true when `participant` takes part in a thread that links this record and
   * an invitation named for `invitee` to it is waiting (pending, unexpired): the invitee has not joined yet.
   */
  invitedToThreadLinking(participant: string, invitee: string, kind: LinkKind, id: string): Promise<boolean>;
  /**
   * Invitations waiting for the principal now (`invitations_waiting`: pending, unexpired, for threads
   * they are not in), as columns of a shared select: the website's navigation reads it on every page.
   */
  navigationCounts(principal: SqlOperand): SelectColumns<{ invitations_waiting: number }>;
}

/** What `createThreadsModule` returns: the threads services and the daily cleanup of expired invitations. */
export type ThreadsModule = DomainModule<ThreadsServices>;

/**
 * The threads domain: private work threads with entries, a checklist, a versioned summary and
 * invitations, stored through `db` (so writes join the caller's transaction, e.g. an idempotent create).
 *
 * @example
 * ```ts
 * const { threads } = createThreadsModule({ db, clock: systemClock, baseUrl, principals, links });
 * const thread = await threads.create(actor, { title: 'Garden party' });
 * await threads.addEntry(actor, thread.id, { kind: 'update', text: 'Hall booked.' });
 * ```
 */
export const createThreadsModule = ({ db, clock, baseUrl, principals, links, ids = newId, repo }: ThreadsModuleDeps): ThreadsModule => {
  const client = threadsClient(db);
  repo ??= createMikroOrmThreadsRepository(client);
  const deps: ThreadsDeps = { repo, clock, ids, principals, links, baseUrl, transaction: client.transaction };
  const context = createThreadContext(deps);
  const lifecycle = createThreadLifecycleService(deps, context);
  const invites = createInvitesService(deps, context);
  return {
    threads: {
      ...lifecycle,
      ...createEntriesService(deps, context),
      ...createChecklistService(deps, context),
      ...invites,
      ...createRelatedService(deps, context, { create: lifecycle.create, createInvite: invites.createInvite }),
    },
    sharesThreadLinking: (principalA, principalB, kind, id) => repo.sharesThreadLinking(principalA, principalB, kind, id),
    invitedToThreadLinking: (participant, invitee, kind, id) => repo.invitedToThreadLinking(participant, invitee, kind, id, clock.now()),
    navigationCounts: (principal) =>
      mapColumns(repo.waitingInvitationsColumns(principal, clock.now()), (counts) => ({ invitations_waiting: counts.waitingInvitations })),
    cleanupJobs: createThreadsCleanupJobs(deps),
  };
};

/** Storage of the threads domain, for the app's database (no SQL functions). */
export const threadsSchema = { entities: threadsEntities, migrations: threadsMigrations, routines: [] } satisfies ModuleSchema;

export { EXPIRED_INVITE_RETENTION_DAYS } from './threads.cleanup.ts';
export { threadsEntities } from './entities.ts';
export { threadsMigrations } from './migrations.ts';
export type { ThreadLifecycleService } from './threads.service.ts';
export type { EntriesService } from './entries.service.ts';
export type { ChecklistService } from './checklist.service.ts';
export type { InvitesService } from './invites.service.ts';
export type { RelatedService } from './related.service.ts';
export type { ThreadsRepository } from './threads.repository.ts';
export type { LinkedRecords, PrincipalDirectory, PrincipalSummary, ThreadIdGenerator, ThreadIdPrefix } from './threads.deps.ts';
export { THREAD_NOTICE, LINK_NOTICE, renderMarkdown } from './threads.presenter.ts';
export {
  THREAD_STATUSES,
  ENTRY_KINDS,
  LINK_KINDS,
  INVITE_STATUSES,
  EXPORT_FORMATS,
  LIMITS,
  threadCreateSchema,
  threadPatchSchema,
  threadListQuerySchema,
  invitationListQuerySchema,
  entryCreateSchema,
  entryPatchSchema,
  checklistItemCreateSchema,
  checklistItemPatchSchema,
  inviteCreateSchema,
  startWithSchema,
  inviteRelatedSchema,
  exportFormatSchema,
  exportQuerySchema,
  principalSummaryJsonSchema,
  participantJsonSchema,
  linkedJsonSchema,
  entryJsonSchema,
  checklistItemJsonSchema,
  inviteJsonSchema,
  threadJsonSchema,
  threadListItemJsonSchema,
  threadListJsonSchema,
  invitationJsonSchema,
  invitationListJsonSchema,
  threadExportJsonSchema,
  deletedThreadJsonSchema,
  leftThreadJsonSchema,
  type ThreadStatus,
  type EntryKind,
  type LinkKind,
  type InviteStatus,
  type ExportFormat,
  type ThreadCreateInput,
  type ThreadPatchInput,
  type ThreadListQuery,
  type EntryCreateInput,
  type EntryPatchInput,
  type ChecklistItemCreateInput,
  type ChecklistItemPatchInput,
  type InviteCreateInput,
  type StartWithInput,
  type StartedThreadJson,
  type RelatedPersonJson,
  type InvitePreviewJson,
  type PrincipalSummaryJson,
  type ParticipantJson,
  type LinkedJson,
  type EntryJson,
  type ChecklistItemJson,
  type InviteJson,
  type ThreadJson,
  type ThreadListItemJson,
  type ThreadListJson,
  type InvitationJson,
  type InvitationListJson,
  type ThreadExportJson,
  type ThreadExport,
  type DeletedThreadJson,
  type LeftThreadJson,
} from './threads.schemas.ts';
export { THREADS_ERRORS } from './threads.errors.ts';
