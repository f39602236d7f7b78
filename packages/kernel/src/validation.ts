import * as v from 'valibot';
import { validationFailed, type ValidationIssue } from './errors.ts';

const issuePath = (issue: v.BaseIssue<unknown>): string =>
  issue.path?.map((item) => String(item.key)).join('.') ?? '';

export const toIssues = (issues: readonly v.BaseIssue<unknown>[]): ValidationIssue[] =>
  issues.map((issue) => ({ path: issuePath(issue), message: issue.message }));

/**
 * Parses untrusted input with a valibot schema.
 * Throws `validation_failed` with one `{path, message}` per problem.
 */
export const parseInput = <S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, input, { abortPipeEarly: true });
  if (!result.success) throw validationFailed(toIssues(result.issues));
  return result.output;
};
