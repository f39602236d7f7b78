import type { ClientDatabase, DomainModule, ModuleSchema } from '@svc/db';
import { newId, type Clock } from '@svc/kernel';
import { createDirectoryCleanupJobs } from './directory.cleanup.ts';
import type { DirectoryIdGenerator, GrantLookup } from './directory.deps.ts';
import type { DirectoryRepository } from './directory.repository.ts';
import { createMikroOrmDirectoryRepository, directoryClient } from './directory.repository.mikro-orm.ts';
import { createDirectoryService, type DirectoryService } from './directory.service.ts';
import { directoryEntities } from './entities.ts';
import { directoryMigrations } from './migrations.ts';
import { createModerationService, type ModerationService } from './moderation.service.ts';

export interface DirectoryModuleDeps {
  /** The app's database; the domain reaches it only through its query client (`directoryClient`). */
  db: ClientDatabase;
  clock: Clock;
  /** The agent grants of a principal, answered by the app from the access package. */
  grants: GrantLookup;
  /** The public origin; taken for uniformity with the other modules (directory answers carry no links yet). */
  baseUrl?: string;
  /** Defaults to random prefixed ids (`dir_…`, `dst_…`, `dhi_…`). */
  ids?: DirectoryIdGenerator;
  /** Another storage; defaults to the MikroORM one on `db`. */
  repo?: DirectoryRepository;
}

/** The directory services; the module adds its `cleanupJobs` (`DomainModule`). */
export interface DirectoryServices {
  directory: DirectoryService;
  moderation: ModerationService;
}

/** What `createDirectoryModule` returns: the directory services and the daily retirement and history cleanup. */
export type DirectoryModule = DomainModule<DirectoryServices>;

/**
 * The contact directory: `aar:` addresses with typed destinations, public resolution and discovery,
 * owner management with private history, and moderation. Writes go through `db`, so a registration
 * joins the caller's transaction (an idempotent create).
 *
 * @example
 * ```ts
 * const { directory, moderation } = createDirectoryModule({ db, clock: systemClock, grants, baseUrl });
 * const entry = await directory.register(actor, { handle: 'alice-bakes', display_name: 'Alice', entry_type: 'person' });
 * const { body, etag } = await directory.resolve('aar:alice-bakes', null);
 * ```
 */
export const createDirectoryModule = ({ db, clock, grants, ids = newId, repo }: DirectoryModuleDeps): DirectoryModule => {
  const client = directoryClient(db);
  repo ??= createMikroOrmDirectoryRepository(client);
  const deps = { repo, clock, ids, grants, transaction: client.transaction };
  return {
    directory: createDirectoryService(deps),
    moderation: createModerationService(deps),
    cleanupJobs: createDirectoryCleanupJobs(deps),
  };
};

/** The directory tables' entities and migrations (no SQL functions). */
export const directorySchema = { entities: directoryEntities, migrations: directoryMigrations, routines: [] } satisfies ModuleSchema;
export { directoryEntities, directoryMigrations };
export type { DirectoryIdGenerator, DirectoryIdPrefix, GrantLookup } from './directory.deps.ts';
export type { DirectoryRepository, ManagedEntry } from './directory.repository.ts';
export type { DirectoryService, Resolution, DiscoveryPage, HistoryPage } from './directory.service.ts';
export { resolutionEtag } from './directory.service.ts';
export type { ModerationService } from './moderation.service.ts';
export { OWNER_NOT_DISCLOSED } from './directory.presenter.ts';
export { DIRECTORY_LIMITS, ENTRY_STATUSES, type EntryStatus } from './directory.state.ts';
export { AUDIENCES, DESTINATION_TYPES, ENTRY_TYPES, HISTORY_ACTIONS, TERMS, VISIBILITIES, type Audience, type DestinationType, type EntryType, type HistoryAction, type HistoryActor, type Term, type Visibility } from './directory.records.ts';
export {
  registerSchema,
  entryPatchSchema,
  destinationInputSchema,
  destinationAddSchema,
  destinationPatchSchema,
  versionedBodySchema,
  renewSchema,
  setAgentsSchema,
  suspendSchema,
  discoverQuerySchema,
  historyQuerySchema,
  mineQuerySchema,
  resolutionSchema,
  ownerEntrySchema,
  ownerDestinationSchema,
  historyItemSchema,
  moderatedEntrySchema,
  suspendedQuerySchema,
  FIELD_LIMITS,
  type RegisterInput,
  type DestinationInput,
  type DiscoverQuery,
  type ResolutionJson,
  type OwnerEntryJson,
  type HistoryItemJson,
  type ModeratedEntryJson,
} from './directory.schemas.ts';
export { DIRECTORY_ERRORS } from './directory.errors.ts';
