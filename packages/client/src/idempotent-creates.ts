import { sleep as realSleep, type Sleep } from './sleep.ts';

/**
 * The creates of the API that accept an `Idempotency-Key` (spec: Versioning): repeating one with the
 * same key returns the original record with `replayed: true`, so these, and only these, are safe to
 * repeat when the outcome is unknown. A test keeps this list equal to the OpenAPI document's.
 */
export const IDEMPOTENT_CREATES = [
  '/api/v1/agent-introductions',
  '/api/v1/jobs',
  '/api/v1/jobs/{id}/responses',
  '/api/v1/services',
  '/api/v1/directory',
  '/api/v1/threads',
  '/api/v1/threads/{id}/entries',
] as const;

const CREATE_PATHS = IDEMPOTENT_CREATES.map((template) => new RegExp(`^${template.replace(/\{[^}]+\}/g, '[^/]+')}/?$`));

/** Whether a request is one of the idempotent creates. */
export const isIdempotentCreate = (method: string, url: string): boolean =>
  method.toUpperCase() === 'POST' && CREATE_PATHS.some((path) => path.test(new URL(url).pathname));

export interface IdempotentCreatesOptions {
  /** Tries in all, the first included (default 3). */
  attempts?: number;
  /** Wait before the second try, doubled for each later one (default 500 ms). */
  backoffMs?: number;
  /** A try that takes longer is abandoned and repeated with the same key (default: no limit). */
  attemptTimeoutMs?: number;
  /** New keys (default `crypto.randomUUID()`). */
  newKey?: () => string;
  sleep?: Sleep;
}

type Fetch = (input: Request | string | URL, init?: RequestInit) => Promise<Response>;
/** All the wrapper needs of the `fetch` it wraps. */
type BaseFetch = (input: Request) => Promise<Response>;

/**
 * Wraps `fetch` so that every create carries an `Idempotency-Key` (a fresh UUID unless the caller sent
 * one) and is repeated with that same key after a lost connection, an abandoned try or a 5xx, a
 * bounded number of times. Any other request passes through untouched: repeating an edit blindly is
 * never safe (use `editVersioned`).
 *
 * @example
 * const api = createClient<paths>({ baseUrl, fetch: idempotentCreates(fetch) });
 */
export const idempotentCreates = (fetch: BaseFetch = globalThis.fetch, options: IdempotentCreatesOptions = {}): Fetch => {
  const { attempts = 3, backoffMs = 500, attemptTimeoutMs, newKey = () => crypto.randomUUID(), sleep = realSleep } = options;
  return async (input, init) => {
    const original = new Request(input, init);
    if (!isIdempotentCreate(original.method, original.url)) return fetch(original);

    const headers = new Headers(original.headers);
    if (!headers.has('idempotency-key')) headers.set('idempotency-key', newKey());
    // The body is read once and sent again on every try.
    const body = original.body ? await original.arrayBuffer() : undefined;
    const callerSignal = original.signal;

    for (let attempt = 1; ; attempt++) {
      const signal = attemptTimeoutMs ? AbortSignal.any([callerSignal, AbortSignal.timeout(attemptTimeoutMs)]) : callerSignal;
      const request = new Request(original.url, { method: 'POST', headers, body, signal, redirect: original.redirect });
      const last = attempt >= attempts;
      try {
        const response = await fetch(request);
        if (response.status < 500 || last) return response;
        await response.body?.cancel();
      } catch (error) {
        // The caller's own abort ends it; a lost connection or an abandoned try is repeated.
        if (last || callerSignal.aborted || !(error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError'))) throw error;
      }
      await sleep(backoffMs * 2 ** (attempt - 1), callerSignal);
    }
  };
};
