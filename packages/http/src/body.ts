import type { Context } from 'koa';
import { DomainError, isDomainError, validationFailed } from '@svc/kernel';
import { checkJsonValue, checkQueryString, utf8Text } from './input-edge.ts';

export const DEFAULT_BODY_LIMIT = 256 * 1024;

const hasBody = (ctx: Context): boolean =>
  ctx.request.length > 0 || (ctx.request.length === undefined && ctx.get('transfer-encoding') !== '');

/**
 * Bodies are read as sent: a compressed one (gzip, br, …) would be read as its compressed bytes, or
 * a coding this service does not know as plain text. RFC 9110 §15.5.16: 415, naming what is taken.
 */
const refuseContentCoding = (ctx: Context): void => {
  const coding = ctx.get('content-encoding').trim().toLowerCase();
  if (coding === '' || coding === 'identity') return;
  ctx.set('Accept-Encoding', 'identity');
  throw new DomainError('unsupported_media_type', 'Send the body uncompressed, without Content-Encoding.');
};

const readRaw = async (ctx: Context, limit: number): Promise<Buffer> => {
  refuseContentCoding(ctx);
  const declared = ctx.request.length;
  if (declared !== undefined && declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of ctx.req) {
      size += (chunk as Buffer).length;
      if (size > limit) throw tooLarge(limit);
      chunks.push(chunk as Buffer);
    }
  } catch (error) {
    // The client went away mid-body (or was cut at the request timeout): its refusal, not a server
    // error, so it is neither logged as one nor counted against the service's error ratio.
    if (isDomainError(error) || !clientGone(error)) throw error;
    throw validationFailed([{ path: 'body', message: 'ended before it was complete: the connection closed' }]);
  }
  return Buffer.concat(chunks);
};

/** Node's error for a request whose connection closed before its body was complete. */
const clientGone = (error: unknown): boolean => {
  const { code, message } = error as { code?: unknown; message?: unknown };
  return code === 'ECONNRESET' || message === 'aborted';
};

const tooLarge = (limit: number) =>
  new DomainError('body_too_large', `The request body is larger than ${Math.round(limit / 1024)} KiB.`);

/**
 * Reads a JSON request body: 415 for another content type, 413 over the limit,
 * 400 `invalid_json` for malformed JSON. An absent body reads as `undefined`. `check` refuses what
 * cannot be stored (a NUL, a lone surrogate, nesting past 64 levels): the whole value unless the
 * caller checks parts of it elsewhere (an MCP tool's arguments, refused as a tool error).
 */
export const readJsonBody = async (ctx: Context, limit = DEFAULT_BODY_LIMIT, check: (parsed: unknown) => void = (parsed) => checkJsonValue(parsed, '')): Promise<unknown> => {
  if (!hasBody(ctx)) return undefined;
  if (!ctx.is('application/json', '+json')) {
    throw new DomainError('unsupported_media_type', 'Send the body as application/json.');
  }
  const raw = await readRaw(ctx, limit);
  if (raw.length === 0) return undefined;
  // JSON is UTF-8 (RFC 8259): bytes that are not are refused, never stored as U+FFFD.
  const text = utf8Text(raw);
  if (text === null) throw new DomainError('invalid_json', 'The request body is not valid UTF-8.');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new DomainError('invalid_json', 'The request body is not valid JSON.');
  }
  check(parsed);
  return parsed;
};

/** Reads an HTML form post (application/x-www-form-urlencoded) into a plain object of strings. */
export const readFormBody = async (ctx: Context, limit = DEFAULT_BODY_LIMIT): Promise<Record<string, string>> => {
  if (!hasBody(ctx)) return {};
  if (!ctx.is('application/x-www-form-urlencoded')) {
    throw new DomainError('unsupported_media_type', 'Send the form as application/x-www-form-urlencoded.');
  }
  const raw = await readRaw(ctx, limit);
  const text = utf8Text(raw);
  if (text === null) throw validationFailed([{ path: 'body', message: 'must be valid UTF-8' }]);
  checkQueryString(text);
  const params = new URLSearchParams(text);
  // A field sent twice is refused, never read as its last copy: OAuth forbids repeats (RFC 6749
  // §3.1), and no form of ours sends one (each box has a name of its own), as no query string may.
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of params.keys()) (seen.has(key) ? repeated : seen).add(key);
  if (repeated.size > 0) throw validationFailed([...repeated].map((path) => ({ path, message: 'must be sent once' })));
  const form = Object.fromEntries(params);
  checkJsonValue(form, '');
  return form;
};
