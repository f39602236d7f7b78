import type { DatabaseOptions } from './database.ts';
import type { CleanupJob } from './cleanup-job.ts';

/**
 * What a domain keeps in the one database: its MikroORM entities, its checked-in migrations and the
 * SQL functions they rely on (none: `[]`). Every domain's `index.ts` exports one as `<domain>Schema`;
 * the runtime opens the database with all of them.
 */
export interface ModuleSchema {
  entities: DatabaseOptions['entities'];
  migrations: DatabaseOptions['migrations'];
  routines: NonNullable<DatabaseOptions['routines']>;
}

/**
 * The one shape every `create<Domain>Module(deps)` returns: the domain's services (`TServices`, a
 * TSDoc'd interface of the domain) plus its daily cleanup jobs, which the worker runs under their
 * advisory locks. A domain that keeps everything it holds has `cleanupJobs: []`.
 */
export type DomainModule<TServices extends object> = TServices & {
  /** The domain's daily cleanup jobs, built over the module's own storage. */
  cleanupJobs: CleanupJob[];
};
