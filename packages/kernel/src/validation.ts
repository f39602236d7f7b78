import * as v from 'valibot';
import { validationFailed, type ValidationIssue } from './errors.ts';

type SchemaNode = {
  type?: string;
  entries?: Record<string, SchemaNode>;
  item?: SchemaNode;
  wrapped?: SchemaNode;
  pipe?: SchemaNode[];
  options?: unknown[];
};

/** A JSON object: not null, not an array (what a request body or a message must be to have fields). */
export const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const issuePath = (issue: v.BaseIssue<unknown>): string[] => issue.path?.map((item) => String(item.key)) ?? [];

/** The object or array schema under optional/nullable wrappers and pipes. */
const unwrap = (schema: SchemaNode | undefined): SchemaNode | undefined => {
  let node = schema;
  for (let i = 0; node && i < 10; i++) {
    if (node.wrapped) node = node.wrapped;
    else if (node.pipe && node.pipe[0] !== node) node = node.pipe[0];
    else break;
  }
  return node;
};

/** The field names an object accepts at `path` of `schema`, for naming what is allowed. */
const allowedAt = (schema: v.GenericSchema, path: string[]): string[] => {
  let node = unwrap(schema as unknown as SchemaNode);
  for (const key of path) {
    node = unwrap(node?.entries?.[key] ?? node?.item);
  }
  return Object.keys(node?.entries ?? {});
};

const TYPE_WORDS: Record<string, string> = {
  string: 'text',
  number: 'a number',
  boolean: 'true or false',
  Array: 'a list',
  Object: 'an object',
  null: 'null',
};

/** A library message put in the caller's words: what the field must be, or which fields are allowed. */
const describe = (issue: v.BaseIssue<unknown>, schema: v.GenericSchema): string => {
  // Messages we wrote ourselves in the schemas already speak to the caller.
  if (!issue.message.startsWith('Invalid ')) return issue.message;
  const path = issuePath(issue);
  const key = path.at(-1) ?? '';
  if (issue.type.endsWith('object') && issue.received === 'undefined') return 'is required';
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    const allowed = allowedAt(schema, path.slice(0, -1));
    return `unknown field "${key}"; allowed: ${allowed.join(', ') || 'none'}`;
  }
  if (issue.type === 'picklist' || issue.type === 'enum' || issue.type === 'literal') {
    return `must be one of: ${(issue.expected ?? '').replace(/^\(|\)$/g, '').replaceAll('"', '').split(' | ').join(', ')}`;
  }
  if (issue.kind === 'schema') {
    const expected = issue.expected ?? '';
    return `must be ${TYPE_WORDS[expected] ?? expected.replaceAll('"', '')}`;
  }
  return `is not a valid ${issue.type.replaceAll('_', ' ')}`;
};

/** What a problem is, for pages that put it in their own words: valibot's issue type and its limit. */
export interface IssueReason {
  kind: string;
  requirement?: unknown;
  /** Whether the value was a list (an item count) rather than text or a number. */
  list?: boolean;
}

/**
 * Attaches the reason to an issue without making it part of the API's body: the property is not
 * enumerable, so JSON and spreads leave it out and `details` stays `[{path, message}]`.
 */
export const withReason = <I extends ValidationIssue>(issue: I, reason: IssueReason | undefined): I => {
  if (reason) Object.defineProperty(issue, 'reason', { value: reason, enumerable: false });
  return issue;
};

export const reasonOf = (issue: ValidationIssue): IssueReason | undefined => (issue as { reason?: IssueReason }).reason;

const reasonFrom = (issue: v.BaseIssue<unknown>): IssueReason => ({
  kind: issue.kind === 'schema' && issue.received === 'undefined' ? 'required' : issue.type,
  requirement: (issue as { requirement?: unknown }).requirement,
  list: Array.isArray(issue.input),
});

export const toIssues = (issues: readonly v.BaseIssue<unknown>[], schema?: v.GenericSchema): ValidationIssue[] =>
  issues.map((issue) => withReason({ path: issuePath(issue).join('.'), message: schema ? describe(issue, schema) : issue.message }, reasonFrom(issue)));

/**
 * Parses untrusted input with a valibot schema.
 * Throws `validation_failed` with one `{path, message}` per problem, in words for the caller
 * (`unknown field "bogus"; allowed: agent_name, scopes, …`), never the library's.
 */
export const parseInput = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw validationFailed(toIssues(result.issues, schema));
  return result.output;
};

/** A timestamp as the API answers it (`toIso`), in output schemas. */
export const isoTimestamp = v.pipe(v.string(), v.isoTimestamp());

/** `isoTimestamp` with its format said in the API document. */
export const describedIsoTimestamp = v.pipe(v.string(), v.isoTimestamp(), v.description('ISO 8601 UTC with milliseconds'));
