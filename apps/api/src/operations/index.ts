import type { Services } from '@svc/runtime';
import type { TokenAlongside } from '@svc/access';
import { ACCESS_OPERATIONS, ACCESS_READS_WITH_TOKEN } from './access.operations.ts';
import { DIRECTORY_OPERATIONS } from './directory.operations.ts';
import { DISCOVERY_OPERATIONS } from './discovery.operations.ts';
import { JOBS_OPERATIONS } from './jobs.operations.ts';
import { OFFERS_OPERATIONS } from './offers.operations.ts';
import { OPENAPI_OPERATIONS } from './openapi.operations.ts';
import { THREADS_OPERATIONS } from './threads.operations.ts';

/** Every operation of the API, one declaration each: routes, the OpenAPI document and the tests read this list. */
export const API_OPERATIONS = [
  ...ACCESS_OPERATIONS,
  ...JOBS_OPERATIONS,
  ...OFFERS_OPERATIONS,
  ...DIRECTORY_OPERATIONS,
  ...THREADS_OPERATIONS,
  ...OPENAPI_OPERATIONS,
  ...DISCOVERY_OPERATIONS,
];

/** What routes read in their bearer token's statement, by `METHOD /path` (see `services.readsWithToken`). */
export const READS_WITH_TOKEN = (services: Services): [string, TokenAlongside<unknown>][] => [...ACCESS_READS_WITH_TOKEN(services)];
