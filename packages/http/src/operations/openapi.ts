import { toJsonSchema, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import type { ErrorCatalog } from '@svc/kernel';
import { KIND_STATUS } from '../error-status.ts';
import { impliedErrors, type AnySchema, type OperationDeclaration } from './operation.ts';

export interface OpenApiInfo {
  title: string;
  version: string;
  description: string;
  /** The public base URL (`BASE_URL`). */
  serverUrl: string;
  /** Every error code of the service with its kind, merged from the domains' catalogs. */
  errors: ErrorCatalog;
  /** Schemas published once under `components.schemas` and referenced by name. */
  schemas: Record<string, AnySchema>;
  /** Extra members of an operation, e.g. its rate limits (`x-rate-limit`). */
  extensions?: (operation: OperationDeclaration) => Record<string, unknown>;
}

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No content', 304: 'Not modified', 400: 'Bad request', 401: 'Unauthenticated',
  403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict', 410: 'Gone', 413: 'Body too large',
  415: 'Unsupported media type', 422: 'Refused content', 428: 'Expected version required', 429: 'Too many requests',
};

/**
 * Text limits are declared with the kernel's `maxChars` / `minChars` (valibot's code-point actions),
 * which count characters as JSON Schema's `maxLength` / `minLength` do: shown as those.
 */
const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  const { type, requirement } = valibotAction as { type: string; requirement?: number };
  if (type === 'max_code_points') return { ...jsonSchema, maxLength: requirement };
  if (type === 'min_code_points') return { ...jsonSchema, minLength: requirement };
  return undefined;
};

/** valibot → JSON Schema 2020-12 (OpenAPI 3.1), with named schemas as `$ref`s into components. */
const converter = (definitions: Record<string, AnySchema>) => (schema: AnySchema, typeMode: 'input' | 'output'): Json => {
  const config: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore', typeMode, definitions, overrideAction };
  const json = toJsonSchema(schema as v.GenericSchema, config) as Json;
  delete json.$schema;
  delete json.$defs;
  return JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/')) as Json;
};

/**
 * One valibot schema as a self-contained JSON Schema 2020-12 (named schemas inline, no `$ref`), the
 * form an MCP tool's `inputSchema` and `outputSchema` take.
 */
export const jsonSchemaOf = (schema: AnySchema, typeMode: 'input' | 'output'): Json => {
  const json = toJsonSchema(schema as v.GenericSchema, { target: 'draft-2020-12', errorMode: 'ignore', typeMode, overrideAction }) as Json;
  delete json.$schema;
  return json;
};

const errorBodyRef = { $ref: '#/components/schemas/Error' };

/**
 * The OpenAPI 3.1 document of the given operations: every operation with its parameters, body,
 * each status with its schema, the error codes each error status can carry, its security and
 * `x-operation-status: live`.
 */
export const buildOpenApi = (operations: readonly OperationDeclaration[], info: OpenApiInfo): Json => {
  const convert = converter(info.schemas);
  const paths: Record<string, Json> = {};
  const tags = new Set<string>();
  for (const operation of operations) {
    const tag = operation.id.split('.')[0]!;
    tags.add(tag);
    const pathNames = [...operation.path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);
    const paramSchemas = (operation.request?.params ? convert(operation.request.params, 'input').properties : {}) as Record<string, Json>;
    const parameters: Json[] = pathNames.map((name) => ({ name, in: 'path', required: true, schema: paramSchemas[name] ?? { type: 'string' } }));
    if (operation.request?.query) {
      const query = convert(operation.request.query, 'input');
      const required = new Set((query.required as string[] | undefined) ?? []);
      for (const [name, schema] of Object.entries((query.properties ?? {}) as Record<string, Json>)) {
        parameters.push({ name, in: 'query', required: required.has(name), schema });
      }
    }
    if (operation.idempotent) {
      const max = operation.idempotent.maxKeyLength ?? 100;
      parameters.push({
        name: 'Idempotency-Key',
        in: 'header',
        required: false,
        description: 'Repeat a create with the same key and body to get the original record back (200, `replayed: true`) instead of a second one.',
        schema: { type: 'string', minLength: 1, maxLength: max, pattern: '^[\\x21-\\x7e]+$' },
      });
    }
    const responses: Record<string, Json> = {};
    for (const [status, schema] of Object.entries(operation.responses)) {
      const others = Object.entries(operation.alsoAnswers ?? {}).map(([type, other]) => [type, { schema: convert(other, 'output') }]);
      responses[status] = {
        description: STATUS_TEXT[Number(status)] ?? 'Success',
        ...(schema ? { content: { [operation.responseType ?? 'application/json']: { schema: convert(schema, 'output') }, ...Object.fromEntries(others) } } : {}),
      };
    }
    const byStatus = new Map<number, string[]>();
    for (const code of new Set([...impliedErrors(operation), ...operation.errors])) {
      const kind = info.errors[code];
      if (!kind) throw new Error(`${operation.id} declares the error code ${code}, which no catalog knows`);
      const status = code === 'validation_failed' && operation.errors.includes('refused_content') ? 400 : KIND_STATUS[kind];
      byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      responses[String(status)] = {
        description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((c) => `\`${c}\``).join(', ')}`,
        ...(status === 401 ? { headers: { 'WWW-Authenticate': { description: 'Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string', schema: { type: 'string' } } } } : {}),
        ...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the window ends', schema: { type: 'integer' } } } } : {}),
        content: {
          'application/json': {
            schema: { allOf: [errorBodyRef, { type: 'object', properties: { error: { type: 'string', enum: codes } } }] },
          },
        },
      };
    }
    const auth = operation.auth;
    const security =
      auth === 'public' || auth === 'anonymous'
        ? []
        : auth === 'optional'
          ? [{}, { bearer: [] }, { session: [] }]
          : auth === 'human_only'
            ? [{ session: [] }]
            : [{ bearer: [...auth.scopes] }, { session: [] }];
    const body = operation.request?.body;
    (paths[operation.path] ??= {})[operation.method.toLowerCase()] = {
      operationId: operation.id,
      summary: operation.summary,
      ...(operation.description ? { description: operation.description } : {}),
      tags: [tag],
      ...(parameters.length > 0 ? { parameters } : {}),
      // A body declared `v.optional` may be left out (a status change that may name its version).
      ...(body ? { requestBody: { required: body.type !== 'optional', content: { [operation.request?.form ? 'application/x-www-form-urlencoded' : 'application/json']: { schema: convert(body, 'input') } } } } : {}),
      responses,
      security,
      'x-operation-status': 'live',
      ...(operation.websiteOnly ? { 'x-website-only': true } : {}),
      ...info.extensions?.(operation),
    };
  }
  const components: Json = {
    schemas: {
      // Each named schema inline, referring to the others by name (not to itself).
      ...Object.fromEntries(
        Object.entries(info.schemas).map(([name, schema]) => {
          const others = Object.fromEntries(Object.entries(info.schemas).filter(([other]) => other !== name));
          return [name, converter(others)(schema, 'output')];
        }),
      ),
      Error: {
        type: 'object',
        required: ['error', 'message'],
        properties: {
          error: { type: 'string', enum: Object.keys(info.errors).sort(), description: 'A stable code; the message is for people.' },
          message: { type: 'string' },
          current: { description: 'The latest record, with `version_conflict` and `job_changed`.' },
          details: {
            type: 'array',
            description: 'With `validation_failed`: each problem, naming its field.',
            items: { type: 'object', required: ['path', 'message'], properties: { path: { type: 'string' }, message: { type: 'string' } } },
          },
          retry_after: { type: 'integer', description: 'With `rate_limited`: seconds to wait.' },
        },
      },
    },
    securitySchemes: {
      bearer: { type: 'http', scheme: 'bearer', description: 'An agent token approved by a person; scopes limit what it may do.' },
      session: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'A signed-in website session (named `__Host-svc_session` when the service is served over https).' },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description },
    servers: [{ url: info.serverUrl }],
    tags: [...tags].map((name) => ({ name, description: `${name} operations` })),
    paths,
    components,
  };
};
