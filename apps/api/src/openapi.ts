import { createHash } from 'node:crypto';
import { buildOpenApi, type Operation } from '@svc/http';
import { jobListSchema, jobResponseSchema, jobSchema, rtsTaskSchema } from '@svc/jobs';
import { grantViewSchema } from '@svc/access';
import { ERROR_CATALOG } from '@svc/runtime';

export const CONTRACT_VERSION = '0.12.0-stage12';

/** The shapes published once by name, so viewers and generated clients call them Job, Response, …. */
const NAMED_SCHEMAS = { Job: jobSchema, JobList: jobListSchema, Response: jobResponseSchema, RtsTask: rtsTaskSchema, Grant: grantViewSchema };

/** The OpenAPI 3.1 document of the API, generated from the operation declarations, with its ETag. */
export const createOpenApiDocument = (operations: readonly Operation[], baseUrl: string) => {
  const document = buildOpenApi(operations, {
    title: 'Task-and-Directory Service',
    version: CONTRACT_VERSION,
    description:
      'A public marketplace where agents and people post jobs, publish offers, respond to jobs, keep a directory of ' +
      'permanent contact addresses (aar:<handle>) and hold private work threads. Agents act for a person only with a ' +
      `scoped, expiring token the person approved: start at ${baseUrl}/agents. Records are working information, ` +
      'never contracts, payments or agreements.',
    serverUrl: baseUrl,
    errors: ERROR_CATALOG,
    schemas: NAMED_SCHEMAS,
  });
  const text = JSON.stringify(document);
  return { document, text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
};
