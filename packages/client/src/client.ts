import createClient, { type Client } from 'openapi-fetch';
import { idempotentCreates, type IdempotentCreatesOptions } from './idempotent-creates.ts';
import type { paths } from './schema.d.ts';

export type ApiClient = Client<paths>;

export interface ApiClientOptions {
  /** The service, e.g. `https://tasks.example.com` (the paths carry `/api/v1`). */
  baseUrl: string;
  /** The agent's bearer token; without one, only public reads answer. */
  token?: string;
  /** How creates are repeated (`idempotentCreates`), or `false` to send every request once. */
  retry?: IdempotentCreatesOptions | false;
  fetch?: (input: Request) => Promise<Response>;
}

/**
 * A typed client of every operation (openapi-fetch over the generated `paths`): creates carry an
 * `Idempotency-Key` and are repeated with it after an unknown outcome.
 *
 * @example
 * const api = createApiClient({ baseUrl: 'https://tasks.example.com', token });
 * const { data, error } = await api.GET('/api/v1/jobs/{id}', { params: { path: { id } } });
 */
export const createApiClient = ({ baseUrl, token, retry = {}, fetch = globalThis.fetch }: ApiClientOptions): ApiClient =>
  createClient<paths>({
    baseUrl,
    fetch: retry === false ? fetch : idempotentCreates(fetch, retry),
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
