import type { Operation } from '@svc/http';
import type { Services } from '@svc/runtime';
import type { Scope } from '@svc/access';
import { DOMAIN_OPERATIONS } from './domain.operations.ts';
import { DISCOVERY_OPERATIONS } from './discovery.operations.ts';
import { openApiOperations } from './openapi.operations.ts';

/** Every operation of the API, one declaration each: routes, the OpenAPI document and the tests read this list. */
export const API_OPERATIONS: Operation<Services, Scope>[] = [...DOMAIN_OPERATIONS, ...openApiOperations(() => API_OPERATIONS), ...DISCOVERY_OPERATIONS];
