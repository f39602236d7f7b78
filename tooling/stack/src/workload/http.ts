import { SESSION_COOKIE } from '@svc/runtime';

/** One answer the service gave (or a request that got none: status 0, with the error). */
export interface Exchange {
  method: string;
  /** The path as its operation declares it (`/api/v1/jobs/{id}`), so a log groups by operation. */
  path: string;
  status: number;
  /** Set when no answer came back (the connection was refused or cut). */
  error?: string;
}

/** Who calls: an agent token, a signed-in session (website-only operations), or nobody. */
export type Caller = { token: string } | { session: string } | null;

export interface CallOptions {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  /** Sent as `Idempotency-Key`. */
  key?: string;
  /** The statuses this step expects; anything else throws, naming the step. */
  expect?: number | number[];
}

export interface Answer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class UnexpectedAnswer extends Error {}

/** Fills `{name}` placeholders of a path template, encoding each value. */
export const fillPath = (template: string, params: Record<string, string> = {}): string =>
  template.replace(/\{(\w+)\}/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`No value for {${name}} in ${template}`);
    return encodeURIComponent(value);
  });

/**
 * A fetch-based client of the service that records every exchange. A session's changes carry the
 * service's own Origin, as a browser would send it (the website refuses them otherwise).
 */
export const createClient = (baseUrl: string, log: Exchange[] = [], { timeoutMs = 30_000 } = {}) => {
  const origin = new URL(baseUrl).origin;

  const call = async <T = any>(caller: Caller, method: string, template: string, options: CallOptions = {}): Promise<Answer<T>> => {
    const headers: Record<string, string> = { accept: 'application/json' };
    if (caller && 'token' in caller) headers.authorization = `Bearer ${caller.token}`;
    if (caller && 'session' in caller) {
      headers.cookie = `${SESSION_COOKIE}=${caller.session}`;
      headers.origin = origin;
    }
    if (options.key !== undefined) headers['idempotency-key'] = options.key;
    if (options.body !== undefined) headers['content-type'] = 'application/json';
    const search = options.query ? `?${new URLSearchParams(options.query)}` : '';
    const url = `${baseUrl}${fillPath(template, options.params)}${search}`;
    let response: Response;
    let text: string;
    try {
      response = await fetch(url, {
        method,
        headers,
        body: options.body === undefined ? undefined : JSON.stringify(options.body),
        redirect: 'manual',
        signal: AbortSignal.timeout(timeoutMs),
      });
      text = await response.text();
    } catch (error) {
      const message = error instanceof Error ? `${error.message}${error.cause instanceof Error ? `: ${error.cause.message}` : ''}` : String(error);
      log.push({ method, path: template, status: 0, error: message });
      throw new NoAnswer(`${method} ${template}: no answer (${message})`);
    }
    log.push({ method, path: template, status: response.status });
    const type = response.headers.get('content-type') ?? '';
    const body = type.includes('json') && text ? JSON.parse(text) : text;
    const expected = options.expect === undefined ? undefined : [options.expect].flat();
    if (expected && !expected.includes(response.status)) {
      throw new UnexpectedAnswer(`${method} ${template} answered ${response.status}, expected ${expected.join(' or ')}: ${text.slice(0, 500)}`);
    }
    return { status: response.status, body, headers: response.headers };
  };

  return { call, log };
};

export type Client = ReturnType<typeof createClient>;

/** A request that got no HTTP answer at all. */
export class NoAnswer extends Error {}
