import { answer, type OperationAnswer } from './operation.ts';

/**
 * RFC 9110 §13.1.2 If-None-Match: `*`, or a list of entity tags compared weakly (a `W/` prefix
 * ignored on either side), as a GET's condition must be.
 */
export const matchesIfNoneMatch = (header: string | undefined, etag: string): boolean => {
  if (!header) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
};

/**
 * A GET answered under its entity tag: 304 without a body when the request's If-None-Match names
 * it, else 200 with the body (built only then); `headers` and the ETag either way.
 */
export const conditionalAnswer = (ifNoneMatch: string | undefined, etag: string, body: () => unknown, headers: Record<string, string> = {}): OperationAnswer => {
  const all = { ...headers, ETag: etag };
  return matchesIfNoneMatch(ifNoneMatch, etag) ? answer(304, undefined, all) : answer(200, body(), all);
};
