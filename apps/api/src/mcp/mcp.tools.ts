import { ERROR_MEMBERS, isOpen, jsonSchemaOf, type Operation } from '@svc/http';
import * as v from 'valibot';
import { toIssues, validationFailed } from '@svc/kernel';
import type { Scope } from '@svc/access';
import type { Services } from '@svc/runtime';

type Json = Record<string, unknown>;

/** An operation of the API, with its services and the scopes it may name: what a tool calls. */
export type ApiOperation = Operation<Services, Scope>;

/** What `tools/list` answers for one tool (the MCP `Tool` shape). */
export interface ToolListing {
  name: string;
  title: string;
  description: string;
  inputSchema: Json & { type: 'object' };
  outputSchema?: Json & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean; openWorldHint: false };
}

/** A request as the operation's declaration names it, split back out of one tool's arguments. */
export interface SplitArguments {
  params: Record<string, string>;
  query: Record<string, string | string[] | undefined>;
  body: unknown;
  /** Creates only: the caller's key, or null when none was sent. */
  idempotencyKey: string | null;
}

export interface Tool {
  name: string;
  operation: ApiOperation;
  listing: ToolListing;
  split(args: Record<string, unknown>): SplitArguments;
}

/** MCP tool names: 1 to 128 of letters, digits, `_`, `-` and `.`; operation ids already fit (`jobs.create`). */
const TOOL_NAME = /^[A-Za-z0-9_.-]{1,128}$/;
export const toolNameOf = (operationId: string): string =>
  TOOL_NAME.test(operationId) ? operationId : operationId.replace(/[^A-Za-z0-9_.-]/g, '_').slice(0, 128);

/** Operations that serve documents about the API rather than act in it are never tools. */
const DOCUMENT_OPERATIONS = new Set(['openapi.get']);

/** Agents' operations only: no signed-in-person-only or website action, and nothing outside `/api/v1` (discovery documents). */
export const isToolOperation = (operation: Operation): boolean =>
  operation.auth !== 'human_only' && !operation.websiteOnly && !DOCUMENT_OPERATIONS.has(operation.id) && operation.path.startsWith('/api/v1/');

export const IDEMPOTENCY_ARGUMENT = 'idempotency_key';
/** Printable ASCII (U+0021–U+007E), written as the characters themselves so every client's validator reads it. */
const KEY_PATTERN = '^[!-~]+$';

export const RETRY_RULE =
  'After a timed-out versioned edit, re-read: if version equals expected_version + 1 and the change is present it succeeded; ' +
  'otherwise reapply with the current version. Never retry blindly.';
const CREATE_RULE =
  'Creates are idempotent: pass idempotency_key (1 to MAX visible ASCII characters), or one is made for you and returned ' +
  'in the result; after a timed-out call, repeat it with the same key and arguments to get the original record back (replayed: true).';

/** What a tool needs to be called, said where the model reads it; none for a public tool. */
const accessNeeded = (auth: Operation['auth']): string => {
  if (isOpen(auth) || typeof auth !== 'object') return '';
  const scopes = auth.scopes.length === 0 ? 'a token (any scope)' : `a token with ${auth.scopes.join(' or ')}`;
  return `Needs ${scopes}: called without it, the client is asked to have the person approve it.`;
};

/** The one error body of the API, for the `isError` results of tools that declare an output schema. */
const ERROR_BODY: Json = {
  type: 'object',
  required: ['error', 'message'],
  properties: {
    error: { type: 'string', description: 'A stable code; the message is for people.' },
    message: { type: 'string' },
    current: { description: 'The latest record, with version_conflict and job_changed.' },
    details: { type: 'array', items: { type: 'object', properties: { path: { type: 'string' }, message: { type: 'string' } } } },
    ...ERROR_MEMBERS,
  },
};

const objectParts = (schema: Json | null): { properties: Record<string, Json>; required: string[] } | null => {
  if (!schema || schema.type !== 'object' || typeof schema.properties !== 'object') return null;
  return { properties: schema.properties as Record<string, Json>, required: (schema.required as string[] | undefined) ?? [] };
};

const pathNames = (path: string): string[] => [...path.matchAll(/\{([a-z_]+)\}/g)].map((m) => m[1]!);

/** A path or query value as the REST route would see it: text. */
const asText = (value: unknown): string | undefined =>
  typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : undefined;

/**
 * One tool for one operation. Its input is one flat object: the path parameters, the query fields
 * and the body's fields side by side (no name is used twice in any operation); were a body not a
 * plain object or a name taken twice, the body would go whole under `body`. Creates add
 * `idempotency_key`. The output schema is the first success body (when an object) or the error body.
 */
export const toolFor = (operation: ApiOperation): Tool => {
  const name = toolNameOf(operation.id);
  const request = operation.request ?? {};
  const params = pathNames(operation.path);
  const paramSchemas = objectParts(request.params ? jsonSchemaOf(request.params, 'input') : null)?.properties ?? {};
  const query = objectParts(request.query ? jsonSchemaOf(request.query, 'input') : null) ?? { properties: {}, required: [] };
  const bodySchema = request.body ? jsonSchemaOf(request.body, 'input') : null;
  const bodyParts = objectParts(bodySchema);
  const taken = new Set([...params, ...Object.keys(query.properties), ...(operation.idempotent ? [IDEMPOTENCY_ARGUMENT] : [])]);
  const nestBody = bodySchema !== null && (!bodyParts || Object.keys(bodyParts.properties).some((field) => taken.has(field) || field === 'body'));

  const properties: Record<string, Json> = {};
  const required: string[] = [];
  for (const param of params) {
    properties[param] = paramSchemas[param] ?? { type: 'string' };
    required.push(param);
  }
  Object.assign(properties, query.properties);
  required.push(...query.required);
  if (bodySchema && nestBody) {
    properties.body = bodySchema;
    required.push('body');
  } else if (bodyParts) {
    Object.assign(properties, bodyParts.properties);
    required.push(...bodyParts.required);
  }
  const maxKeyLength = operation.idempotent?.maxKeyLength ?? 100;
  if (operation.idempotent) {
    properties[IDEMPOTENCY_ARGUMENT] = {
      type: 'string',
      minLength: 1,
      maxLength: maxKeyLength,
      pattern: KEY_PATTERN,
      description: 'Repeat a create with the same key and arguments to get the original record back instead of a second one.',
    };
  }
  const inputSchema = { type: 'object' as const, properties, ...(required.length > 0 ? { required } : {}), additionalProperties: false };

  const successStatus = Number(Object.keys(operation.responses)[0]);
  const successSchema = operation.responses[successStatus];
  const success = successSchema ? jsonSchemaOf(successSchema, 'output') : null;
  let outputSchema: (Json & { type: 'object' }) | undefined;
  // An operation that may answer another media type (an export as Markdown) promises no structure.
  if (success?.type === 'object' && !operation.alsoAnswers) {
    const withCreate =
      operation.idempotent && success.properties
        ? { ...success, properties: { ...(success.properties as Json), [IDEMPOTENCY_ARGUMENT]: { type: 'string' }, replayed: { type: 'boolean' } } }
        : success;
    outputSchema = { type: 'object', anyOf: [withCreate, ERROR_BODY] };
  }

  // A versioned edit; a create that takes the version it saw (a response) follows the create rule.
  const versioned = 'expected_version' in properties && !operation.idempotent;
  // REST's idempotency header is no argument of a tool: the create rule below says the tool's way.
  const told = (operation.description ?? '').replace(/Send an `Idempotency-Key`[^.]*\.\s*/g, '');
  const description = [
    operation.summary + '.',
    accessNeeded(operation.auth),
    told,
    versioned && !/retry blindly/i.test(told) ? RETRY_RULE : '',
    operation.idempotent ? CREATE_RULE.replace('MAX', String(maxKeyLength)) : '',
  ]
    .filter(Boolean)
    .join('\n\n');
  const method = operation.method;

  return {
    name,
    operation,
    listing: {
      name,
      title: operation.summary,
      description,
      inputSchema,
      ...(outputSchema ? { outputSchema } : {}),
      annotations: {
        title: operation.summary,
        readOnlyHint: method === 'GET',
        destructiveHint: method === 'DELETE',
        idempotentHint: method === 'GET' || method === 'PUT' || versioned || Boolean(operation.idempotent),
        openWorldHint: false,
      },
    },
    split: (args) => {
      const problems: { path: string; message: string }[] = [];
      const splitParams: Record<string, string> = {};
      for (const param of params) {
        const value = asText(args[param]);
        if (value === undefined || value === '') problems.push({ path: param, message: 'required: a non-empty string' });
        else splitParams[param] = value;
      }
      // The bounds the tool's schema states for its path arguments (an id's length), as the REST route checks them.
      if (request.params && problems.length === 0) {
        const checked = v.safeParse(request.params, splitParams);
        if (!checked.success) problems.push(...toIssues(checked.issues, request.params));
      }
      const splitQuery: Record<string, string | string[] | undefined> = {};
      for (const field of Object.keys(query.properties)) {
        const value = args[field];
        if (value === undefined || value === null) continue;
        const text = Array.isArray(value) ? value.map(asText) : asText(value);
        if (text === undefined || (Array.isArray(text) && text.some((item) => item === undefined))) {
          problems.push({ path: field, message: 'must be a string (or a list of strings)' });
        } else splitQuery[field] = text as string | string[];
      }
      let idempotencyKey: string | null = null;
      if (operation.idempotent && args[IDEMPOTENCY_ARGUMENT] !== undefined) {
        const key = args[IDEMPOTENCY_ARGUMENT];
        if (typeof key !== 'string') problems.push({ path: IDEMPOTENCY_ARGUMENT, message: 'must be a string' });
        else idempotencyKey = key;
      }
      const rest = Object.fromEntries(Object.entries(args).filter(([field]) => !taken.has(field)));
      let body: unknown;
      if (!bodySchema) {
        for (const field of Object.keys(rest)) problems.push({ path: field, message: `unknown argument "${field}"; this tool takes none of that name` });
      } else if (nestBody) {
        body = rest.body;
        for (const field of Object.keys(rest).filter((f) => f !== 'body')) problems.push({ path: field, message: `unknown argument "${field}"; put the body's fields under "body"` });
      } else {
        // Unknown fields stay in the body, so the service refuses them exactly as it refuses them over REST.
        body = rest;
      }
      if (problems.length > 0) throw validationFailed(problems);
      return { params: splitParams, query: splitQuery, body, idempotencyKey };
    },
  };
};

/** The tools of an operations table, by name; two operations may not map to one name. */
export const buildTools = (operations: readonly ApiOperation[]): Map<string, Tool> => {
  const tools = new Map<string, Tool>();
  for (const operation of operations.filter(isToolOperation)) {
    const tool = toolFor(operation);
    if (tools.has(tool.name)) throw new Error(`Two operations map to the MCP tool name ${tool.name}`);
    tools.set(tool.name, tool);
  }
  return tools;
};
