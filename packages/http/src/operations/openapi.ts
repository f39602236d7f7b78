import { toJsonSchema, toJsonSchemaDefs, type ConversionConfig } from '@valibot/to-json-schema';
import type * as v from 'valibot';
import { CONTACT_DETAIL_KINDS, DomainError, fieldPattern, type ErrorCatalog } from '@svc/kernel';
import { KIND_STATUS } from '../error-status.ts';
import { answersConditionally, checkLocations, createdLocation, impliedErrors, type AnySchema, type OperationDeclaration } from './operation.ts';

/**
 * The members some refusals add to `{error, message}`, as the error schema declares them; the MCP
 * tools' error body declares the same.
 */
export const ERROR_MEMBERS = {
  retry_after: { type: 'integer', description: 'With `rate_limited`, `busy`, `query_timeout` and `database_unavailable`: seconds to wait.' },
  instructions_url: { type: 'string', description: 'With `unauthenticated` and `invalid_token`: the page that says how an agent gets a token.' },
  connect: { type: 'string', description: 'With `unauthenticated` and `invalid_token`: where an agent asks a person for access.' },
  required_scopes: { type: 'array', items: { type: 'string' }, description: 'With `insufficient_scope` (and an MCP `unauthenticated`): the scopes the operation takes, any one of them.' },
  error_description: { type: 'string', description: 'On every refusal of the OAuth endpoints (RFC 6749 §5.2): the same text as `message`.' },
  interval: { type: 'integer', description: 'With `authorization_pending` and `slow_down`: seconds to wait between polls.' },
  status: {
    type: 'string',
    description:
      'With `invite_unavailable`, and with `invalid_state` when the state a record is in refuses the change (a closed job, hidden feedback): that state. ' +
      'Absent when something else refuses it (the owner leaving their own thread, a second reply, a session giving up a grant it does not hold).',
  },
  action: { type: 'string', description: 'With `invalid_state`: the change refused.' },
  destination_id: { type: 'string', description: 'With `destination_exists`: the destination of the entry that already has this type and value.' },
} as const;

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
  /** Where people and agents learn more about the service (the info object's contact). */
  contactUrl: string;
  /**
   * The OAuth 2 device flow (RFC 8628) that issues agent tokens: its endpoints and every scope with
   * what it allows. Operations that take a token name the scopes they need from it.
   */
  oauth: { deviceAuthorizationUrl: string; authorizationUrl: string; tokenUrl: string; scopes: Record<string, string> };
  /** The rate-limit policies an operation counts against, with their values (`x-rate-limit`, `RateLimit` headers, 429). */
  rateLimits?: (operation: OperationDeclaration) => readonly RateLimitPolicy[];
}

export interface RateLimitPolicy {
  policy: string;
  limit: number;
  windowSeconds: number;
  /** What a call adds to and whose count it is, for the header descriptions (`every write sent with an agent token, per grant`). */
  counts: string;
}

type Json = Record<string, unknown>;

const STATUS_TEXT: Record<number, string> = {
  200: 'OK', 201: 'Created', 204: 'No content', 304: 'Not modified', 400: 'Bad request', 401: 'Unauthenticated',
  403: 'Forbidden', 404: 'Not found', 405: 'Method not allowed', 409: 'Conflict', 410: 'Gone', 413: 'Body too large',
  415: 'Unsupported media type', 422: 'Refused content', 428: 'Expected version required', 429: 'Too many requests',
  503: 'Service unavailable',
};

/**
 * Text limits are declared with the kernel's `maxChars` / `minChars` (valibot's code-point actions),
 * which count characters as JSON Schema's `maxLength` / `minLength` do: shown as those. A text's
 * regexes (not blank, no direction-override character, an address's scheme, a slug) are shown as its
 * one `pattern`, the kernel's written-out pattern for them (`fieldPattern`): the converter would show
 * the first regex's escaped source alone.
 */
const overrideAction: ConversionConfig['overrideAction'] = ({ valibotAction, jsonSchema }) => {
  const { type, requirement } = valibotAction as { type: string; requirement?: unknown };
  if (type === 'max_code_points') return { ...jsonSchema, maxLength: requirement as number };
  if (type === 'min_code_points') return { ...jsonSchema, minLength: requirement as number };
  if (type === 'regex') {
    // The converter has just set this regex's source as the pattern when it was the field's first.
    const regex = requirement as RegExp;
    const earlier = jsonSchema.pattern === regex.source ? undefined : jsonSchema.pattern;
    return { ...jsonSchema, pattern: fieldPattern(earlier, regex) };
  }
  return undefined;
};

/**
 * Every integer with its JSON Schema `format`: `int32` when its bounds fit 32 bits, else `int64`
 * (valibot's integer and value actions give the bounds; the format says how wide a client's type must be).
 */
const withIntegerFormats = (json: unknown): unknown => {
  if (Array.isArray(json)) return json.map(withIntegerFormats);
  if (typeof json !== 'object' || json === null) return json;
  const out = Object.fromEntries(Object.entries(json).map(([key, value]) => [key, withIntegerFormats(value)])) as Json;
  if (out.type === 'integer' && out.format === undefined) {
    const fits = (bound: unknown) => typeof bound === 'number' && bound >= -(2 ** 31) && bound <= 2 ** 31 - 1;
    out.format = fits(out.minimum) && fits(out.maximum) ? 'int32' : 'int64';
  }
  return out;
};

/** A recursive schema (`v.lazy`) that is not a named one gets a made-up name, which no component has: refused. */
const refuseUnnamed = (names: readonly string[], definitions: Record<string, AnySchema>): void => {
  const unnamed = names.filter((name) => !(name in definitions));
  if (unnamed.length > 0) throw new Error(`A recursive schema must be published by name (it would be called ${unnamed.join(', ')})`);
};

/** A converted schema's references to definitions, as references into the document's components. */
const intoComponents = (json: Json): Json => withIntegerFormats(JSON.parse(JSON.stringify(json).replaceAll('"#/$defs/', '"#/components/schemas/'))) as Json;

/** valibot → JSON Schema 2020-12 (OpenAPI 3.1), with named schemas as `$ref`s into components. */
const converter = (definitions: Record<string, AnySchema>) => (schema: AnySchema, typeMode: 'input' | 'output'): Json => {
  const config: ConversionConfig = { target: 'draft-2020-12', errorMode: 'ignore', typeMode, definitions, overrideAction };
  const json = toJsonSchema(schema as v.GenericSchema, config) as Json;
  refuseUnnamed(Object.keys((json.$defs ?? {}) as Json), definitions);
  delete json.$schema;
  delete json.$defs;
  return intoComponents(json);
};

/**
 * The named schemas as components, each inline and referring to the others by name; a recursive one
 * (`v.lazy` back to itself, a template's field) refers to itself by name too.
 */
const componentsOf = (definitions: Record<string, AnySchema>): Record<string, Json> => {
  const converted = toJsonSchemaDefs(definitions as Record<string, v.GenericSchema>, { target: 'draft-2020-12', errorMode: 'ignore', typeMode: 'output', overrideAction }) as Record<string, Json>;
  refuseUnnamed(Object.keys(converted), definitions);
  return Object.fromEntries(Object.keys(definitions).map((name) => [name, intoComponents(converted[name]!)]));
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
 * The record an idempotent create answers, as a replay answers it too: with `replayed: true`
 * beside its fields (a record schema that allows no other field must name it).
 */
const withReplayed = (json: Json): Json =>
  json.type === 'object' && typeof json.properties === 'object'
    ? { ...json, properties: { ...(json.properties as Json), replayed: { type: 'boolean', const: true, description: 'Only on the answer to a replayed create (same Idempotency-Key and body): the original record, not a new one.' } } }
    : json;

/** The headers of an answer counted against rate limits, as the process sends them (draft-ietf-httpapi-ratelimit-headers). */
const rateLimitHeaders = (policies: readonly RateLimitPolicy[]): Json => {
  const each = policies.map(({ policy, limit, windowSeconds, counts }) => `\`"${policy}";q=${limit};w=${windowSeconds}\` (${counts})`).join('; ');
  return {
    'RateLimit-Policy': {
      description:
        `The policies of \`x-rate-limit\` this call counted against, with the quota \`q\` per window of \`w\` seconds: ${each}. ` +
        'Sent on every answer once the call is counted, refusals included.',
      schema: { type: 'string', maxLength: 1000 },
    },
    RateLimit: {
      description: 'Per policy, the calls remaining (`r`) and the seconds until the window ends (`t`), e.g. `"writes";r=599;t=60`. Sent with `RateLimit-Policy`.',
      schema: { type: 'string', maxLength: 1000 },
    },
  };
};

/** The `ETag` of a conditional read's 200 and 304, to send back as If-None-Match. */
const etagHeader = (operation: OperationDeclaration): Json =>
  answersConditionally(operation)
    ? {
        ETag: {
          description: 'The entity tag of this answer; send it as If-None-Match to get 304 without a body while it still holds.',
          required: true,
          schema: { type: 'string', maxLength: 100 },
        },
      }
    : {};

const SECONDS = { type: 'integer', format: 'int32', minimum: 0, maximum: 2147483647 } as const;

/**
 * The headers the document declares on an error status that answers these codes: those the error
 * handler sends (`refusalHeaders`). Every 401 carries the challenge (RFC 6750, and the contract); a
 * 403 carries it only for `insufficient_scope`, so there it is declared but not required.
 */
export const refusalHeaderDeclarations = (status: number, codes: readonly string[]): Record<string, { description: string; required: boolean; schema: Json }> => ({
  ...(status === 401
    ? { 'WWW-Authenticate': { description: 'Bearer realm and resource_metadata (RFC 9728), and `error="invalid_token"` for a bad token or one sent in the query string', required: true, schema: { type: 'string', maxLength: 1000 } } }
    : {}),
  ...(status === 403 && codes.includes('insufficient_scope')
    ? {
        'WWW-Authenticate': {
          description: 'With `insufficient_scope` only (RFC 6750 §3.1): `Bearer realm="…", error="insufficient_scope", scope="<the scopes the operation takes, any one of them>", resource_metadata="…"`',
          required: false,
          schema: { type: 'string', maxLength: 1000 },
        },
      }
    : {}),
  ...(status === 429 ? { 'Retry-After': { description: 'Seconds until the window of the exhausted policy ends', required: true, schema: SECONDS } } : {}),
  ...(status === 503 ? { 'Retry-After': { description: 'Seconds to wait before asking again', required: true, schema: SECONDS } } : {}),
});

/** A 201's `Location`, or the reason it has none, as the operation declares it (`location`). */
const createdAnswer = (operation: OperationDeclaration): { description: string; headers: Json } => {
  const location = createdLocation(operation)!;
  if ('none' in location) return { description: `Created. No \`Location\`: ${location.none}`, headers: {} };
  return {
    description: 'Created',
    headers: {
      Location: {
        description: `The created record's own address: \`GET ${location.read}\` reads it (absolute, under the server URL).`,
        required: true,
        schema: { type: 'string', format: 'uri', maxLength: 2000 },
      },
    },
  };
};

/**
 * The OpenAPI 3.1 document of the given operations: every operation with its parameters, body,
 * each status with its schema, the error codes each error status can carry, its security and
 * `x-operation-status: live`.
 */
export const buildOpenApi = (operations: readonly OperationDeclaration[], info: OpenApiInfo): Json => {
  checkLocations(operations);
  const convert = converter(info.schemas);
  // The named records that idempotent creates answer (200 on a replay): each names `replayed`.
  const replayedNames = new Set(
    operations.filter((operation) => operation.idempotent).flatMap((operation) => Object.entries(info.schemas).filter(([, named]) => named === operation.responses[200]).map(([name]) => name)),
  );
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
        // Printable ASCII (U+0021–U+007E), written as the characters themselves so every client's validator reads it.
        schema: { type: 'string', minLength: 1, maxLength: max, pattern: '^[!-~]+$' },
      });
    }
    const policies = info.rateLimits?.(operation) ?? [];
    const limitHeaders = policies.length > 0 ? rateLimitHeaders(policies) : {};
    const responses: Record<string, Json> = {};
    for (const [status, schema] of Object.entries(operation.responses)) {
      const others = Object.entries(operation.alsoAnswers ?? {}).map(([type, other]) => [type, { schema: convert(other, 'output') }]);
      const created = status === '201' ? createdAnswer(operation) : undefined;
      const headers: Json = {
        ...(status.startsWith('2') ? limitHeaders : {}),
        ...(status === '200' || status === '304' ? etagHeader(operation) : {}),
        ...created?.headers,
      };
      responses[status] = {
        description: created?.description ?? STATUS_TEXT[Number(status)] ?? 'Success',
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
        ...(schema
          ? { content: { [operation.responseType ?? 'application/json']: { schema: (operation.idempotent && status === '200' ? withReplayed : (json: Json) => json)(convert(schema, 'output')) }, ...Object.fromEntries(others) } }
          : {}),
      };
    }
    const byStatus = new Map<number, string[]>();
    // As the operation words them (an OAuth endpoint's malformed request is invalid_request).
    const answered = (code: string) => (operation.refusals ? operation.refusals(new DomainError(code as never, '')).code : code);
    for (const code of new Set([...impliedErrors(operation), ...operation.errors].map(answered))) {
      const kind = info.errors[code];
      if (!kind) throw new Error(`${operation.id} declares the error code ${code}, which no catalog knows`);
      const statuses = code === 'validation_failed' && operation.refusesContent ? [KIND_STATUS[kind], KIND_STATUS.refused] : [KIND_STATUS[kind]];
      for (const status of statuses) byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
    }
    // A 429 names the policy it ran out of, so a client can pace itself: none without the other.
    if (info.rateLimits && byStatus.has(429) !== policies.length > 0) {
      throw new Error(`${operation.id}: ${policies.length > 0 ? 'counts against rate limits but answers no 429' : 'answers 429 but counts against no declared rate limit'}`);
    }
    // Every operation can fail unexpectedly; the answer is then the same error body.
    byStatus.set(500, ['internal_error']);
    for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
      const headers: Json = {
        // A refusal after the count (a missing scope, a body that is not JSON, the limit itself) carries the count too.
        ...(status >= 400 && status < 500 ? limitHeaders : {}),
        ...refusalHeaderDeclarations(status, codes),
      };
      responses[String(status)] = {
        description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((c) => `\`${c}\``).join(', ')}`,
        ...(Object.keys(headers).length > 0 ? { headers } : {}),
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
            : // Any one of the scopes will do: in OpenAPI, scopes listed in one requirement are all required.
              [...(auth.scopes.length > 0 ? auth.scopes.map((scope) => ({ bearer: [scope] })) : [{ bearer: [] }]), { session: [] }];
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
      ...(policies.length > 0 ? { 'x-rate-limit': policies.map(({ policy, limit, windowSeconds }) => ({ policy, limit, window_seconds: windowSeconds })) } : {}),
    };
  }
  const components: Json = {
    schemas: {
      ...Object.fromEntries(Object.entries(componentsOf(info.schemas)).map(([name, json]) => [name, replayedNames.has(name) ? withReplayed(json) : json])),
      Error: {
        type: 'object',
        required: ['error', 'message'],
        properties: {
          error: { type: 'string', enum: Object.keys(info.errors).sort(), description: 'A stable code; the message is for people.' },
          message: { type: 'string' },
          current: { description: 'The latest record, with `version_conflict` and `job_changed`.' },
          details: {
            type: 'array',
            description: 'With `validation_failed` and `blocked_content`: each problem, naming its field.',
            items: {
              type: 'object',
              required: ['path', 'message'],
              properties: {
                path: { type: 'string' },
                message: { type: 'string' },
                found: {
                  type: 'string',
                  enum: [...CONTACT_DETAIL_KINDS],
                  description: 'With `blocked_content`: the kind of contact detail the field holds (the detail itself is never repeated).',
                },
              },
            },
          },
          ...ERROR_MEMBERS,
          limit: { type: 'string', description: 'With `limit_reached`: which limit was met (`directory_entries`, `destinations`, `feedback`, `threads`, `participants`, `entries` of a thread, `checklist_items`).' },
          max: { type: 'integer', description: 'With `limit_reached`: how many that limit allows.' },
        },
      },
    },
    securitySchemes: {
      bearer: {
        type: 'oauth2',
        description:
          'An agent token a person approved, sent as `Authorization: Bearer <token>`; its scopes limit what it may do. Tokens are opaque (not JWTs). ' +
          'Two grants issue them: the device flow (RFC 8628) for headless agents, whose token expires 1 to 90 days after approval and has no refresh token, ' +
          'and the authorization code grant with PKCE (S256) for MCP clients and apps that can open the person’s browser (registered by RFC 7591 dynamic client registration), ' +
          'whose grant lasts 30 days and whose refresh tokens rotate on each use. ' +
          'OpenAPI 3.1 has no device flow object, so that flow is described under `x-deviceAuthorization` in the form OpenAPI 3.2 gives `deviceAuthorization`.',
        flows: {
          authorizationCode: { authorizationUrl: info.oauth.authorizationUrl, tokenUrl: info.oauth.tokenUrl, refreshUrl: info.oauth.tokenUrl, scopes: info.oauth.scopes },
          'x-deviceAuthorization': { deviceAuthorizationUrl: info.oauth.deviceAuthorizationUrl, tokenUrl: info.oauth.tokenUrl, scopes: info.oauth.scopes },
        },
      },
      session: { type: 'apiKey', in: 'cookie', name: 'svc_session', description: 'A signed-in website session (named `__Host-svc_session` when the service is served over https).' },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: info.title, version: info.version, description: info.description, contact: { name: info.title, url: info.contactUrl } },
    // The one public server of the deployment (BASE_URL): meant for anyone, not internal.
    servers: [{ url: info.serverUrl, 'x-internal': false }],
    tags: [...tags].map((name) => ({ name, description: `${name} operations` })),
    paths,
    components,
  };
};
