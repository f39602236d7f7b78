/**
 * The PostgreSQL settings the embedded database starts with.
 *
 * PGlite runs PostgreSQL inside the process's WebAssembly memory, which grows and never shrinks,
 * so every buffer PostgreSQL fills stays in the process's resident set. The data files themselves
 * are ordinary files: pages not in shared buffers are read through the operating system's page
 * cache, which is not the process's memory.
 *
 * The first part is PGlite's own `PGlite.defaultStartParams` (giving `startParams` replaces them,
 * so they are repeated here; `pglite-settings.test.ts` fails when an upgrade changes them). It is
 * not imported from `@electric-sql/pglite` so that loading these settings does not load PGlite.
 */
const PGLITE_DEFAULTS = [
  '--single', '-F', '-O', '-j',
  '-c', 'search_path=public',
  '-c', 'exit_on_error=false',
  '-c', 'log_checkpoints=false',
  '-c', 'max_worker_processes=0',
  '-c', 'max_parallel_workers=0',
  '-c', 'max_parallel_workers_per_gather=0',
  '-c', 'io_method=sync',
  '-c', 'max_parallel_maintenance_workers=0',
];

/**
 * `shared_buffers`: PostgreSQL's default of 128 MB is touched page by page as the cache fills and
 * then stays resident (about 120 MB of the API's idle memory on a 2,000-job database). 16 MB holds
 * the indexes and hot rows of one person's data; measured in docs/performance.md ("Fourth round:
 * memory").
 */
export const PGLITE_START_PARAMS: readonly string[] = [...PGLITE_DEFAULTS, '-c', 'shared_buffers=16MB'];
