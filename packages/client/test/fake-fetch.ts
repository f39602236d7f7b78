/** A fetch that answers from a script and keeps every request it saw (with its body read). */
export const fakeFetch = (...answers: Array<Response | Error | ((request: Request) => Response)>) => {
  const seen: Array<{ method: string; path: string; headers: Headers; body: string }> = [];
  const fetch = async (input: Request | string | URL, init?: RequestInit): Promise<Response> => {
    const request = new Request(input, init);
    seen.push({ method: request.method, path: new URL(request.url).pathname, headers: request.headers, body: await request.text() });
    const next = answers.shift();
    if (!next) throw new Error(`unexpected request ${request.method} ${request.url}`);
    if (next instanceof Error) throw next;
    return typeof next === 'function' ? next(request) : next;
  };
  return { fetch, seen };
};

export const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

/** A sleep that returns at once and records what it was asked to wait. */
export const recordingSleep = () => {
  const waits: number[] = [];
  const sleep = async (ms: number, signal?: AbortSignal) => {
    if (signal?.aborted) throw signal.reason;
    waits.push(ms);
  };
  return { sleep, waits };
};
