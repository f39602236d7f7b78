import * as v from 'valibot';
import { conditionalAnswer, defineOperation, type Operation } from '@svc/http';
import type { Scope } from '@svc/access';
import { callerLimits, type Services } from '@svc/runtime';
import { openApiDocumentFor } from '../openapi.ts';

/**
 * The published contract: generated from the operations table at start, revalidated by its ETag.
 * `all` hands over the whole table, this operation included, once it exists.
 */
export const openApiOperations = (all: () => readonly Operation[]) => [
  defineOperation<Services, Scope>()({
    id: 'openapi.get',
    method: 'GET',
    path: '/api/v1/openapi.json',
    summary: 'The OpenAPI 3.1 document of this API, generated from its operation declarations',
    auth: 'public',
    responses: { 200: v.looseObject({ openapi: v.literal('3.1.0'), paths: v.record(v.string(), v.unknown()) }), 304: null },
    errors: [],
    handler: async ({ services, ctx }) => {
      const { document, etag } = openApiDocumentFor(all(), services.baseUrl, callerLimits(services));
      return conditionalAnswer(ctx.get('if-none-match'), etag, () => document, { 'Cache-Control': 'public, max-age=300, must-revalidate' });
    },
  }),
];
