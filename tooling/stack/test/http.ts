export interface Answer<T = any> {
  status: number;
  headers: Headers;
  body: T;
  /** From sending the request to having read the whole answer. */
  ms: number;
}

export interface RequestOptions {
  token?: string;
  body?: unknown;
  headers?: Record<string, string>;
  /** Gives up (and counts the request as unanswered) after this long; default 30 s. */
  timeoutMs?: number;
}

/** One request as the tests sent it and how it ended: a status, or 0 when no answer came. */
export interface Sent {
  method: string;
  url: string;
  status: number;
  error?: string;
}

/**
 * Sends the tests' requests and keeps every outcome, so a file can check at its end that nothing it
 * sent, through the balancer or to a process, was answered with a server error or not at all.
 */
export const createHttp = () => {
  const sent: Sent[] = [];
  const request = async <T = any>(base: string, method: string, path: string, { token, body, headers = {}, timeoutMs = 30_000 }: RequestOptions = {}): Promise<Answer<T>> => {
    const url = base + path;
    const all: Record<string, string> = { ...headers };
    if (token) all.authorization = `Bearer ${token}`;
    if (body !== undefined) all['content-type'] ??= 'application/json';
    const started = performance.now();
    try {
      const response = await fetch(url, { method, headers: all, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(timeoutMs) });
      const text = await response.text();
      const ms = performance.now() - started;
      sent.push({ method, url, status: response.status });
      const json = (response.headers.get('content-type') ?? '').includes('json') && text !== '';
      return { status: response.status, headers: response.headers, body: (json ? JSON.parse(text) : text) as T, ms };
    } catch (error) {
      sent.push({ method, url, status: 0, error: String(error) });
      throw error;
    }
  };
  return {
    request,
    /** Every request so far. */
    sent: (): readonly Sent[] => sent,
    /** The requests answered 500 or above, or not answered at all. */
    failures: (): Sent[] => sent.filter((outcome) => outcome.status === 0 || outcome.status >= 500),
  };
};

export type Http = ReturnType<typeof createHttp>;
