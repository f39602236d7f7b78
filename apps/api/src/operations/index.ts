import { ACCESS_OPERATIONS } from './access.operations.ts';
import { JOBS_OPERATIONS } from './jobs.operations.ts';

/** Every operation of the API, one declaration each: routes, the OpenAPI document and the tests read this list. */
export const API_OPERATIONS = [...ACCESS_OPERATIONS, ...JOBS_OPERATIONS];
