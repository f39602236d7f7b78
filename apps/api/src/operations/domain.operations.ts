import { ACCESS_OPERATIONS } from './access.operations.ts';
import { DIRECTORY_OPERATIONS } from './directory.operations.ts';
import { JOBS_OPERATIONS } from './jobs.operations.ts';
import { OFFERS_OPERATIONS } from './offers.operations.ts';
import { THREADS_OPERATIONS } from './threads.operations.ts';

/**
 * The operations of the domains, in table order: what discovery describes to agents as capabilities
 * (the discovery and OpenAPI operations describe these, so they are listed apart, in index.ts).
 */
export const DOMAIN_OPERATIONS = [...ACCESS_OPERATIONS, ...JOBS_OPERATIONS, ...OFFERS_OPERATIONS, ...DIRECTORY_OPERATIONS, ...THREADS_OPERATIONS];
