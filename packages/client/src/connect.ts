import createClient from 'openapi-fetch';
import { ApiError } from './errors.ts';
import type { paths } from './schema.d.ts';
import { sleep as realSleep, type Sleep } from './sleep.ts';

type ConnectBody = NonNullable<paths['/api/v1/agent/connect']['post']['requestBody']>['content']['application/json'];
export type ConnectAnswer = paths['/api/v1/agent/connect']['post']['responses'][201]['content']['application/json'];
/** The token answer: `access_token`, `expires_at`, `scopes`, `grant_id`, `principal_id`, …. */
export type TokenAnswer = paths['/api/v1/agent/token']['post']['responses'][200]['content']['application/json'];
export type Scope = ConnectBody['scopes'][number];

/** What to show the person: the code, and where to type it (or one link that carries it). */
export type ShownCode = Pick<ConnectAnswer, 'user_code' | 'verification_uri' | 'verification_uri_complete' | 'expires_in'>;

export interface ConnectOptions {
  /** The service, e.g. `https://tasks.example.com` (without `/api/v1`). */
  baseUrl: string;
  /** Shown to the person: who asks. */
  agentName: string;
  scopes: Scope[];
  /** The token's lifetime from approval, 1-90 (the service's default: 30). */
  days?: number;
  description?: string;
  agentUrl?: string;
  builtWith?: string;
  model?: string;
  /** Called once, right after the request: show `user_code` and `verification_uri` to the person. */
  onCode: (code: ShownCode) => void | Promise<void>;
  /** Stops polling; the promise rejects with the signal's reason. */
  signal?: AbortSignal;
  fetch?: (input: Request) => Promise<Response>;
  sleep?: Sleep;
}

/** RFC 8628 §3.5: after `slow_down`, every later poll waits 5 seconds more. */
const SLOW_DOWN_STEP_SECONDS = 5;

/**
 * The whole device flow in one call: asks for access, hands the code to `onCode`, then polls
 * `POST /api/v1/agent/token` no faster than `interval` (slowing down when told to) until the person
 * decides. Resolves with the token answer; rejects with an `ApiError` whose `code` is the final
 * refusal (`access_denied`, `expired_token`, `invalid_grant`, …).
 *
 * @example
 * const { access_token } = await connect({
 *   baseUrl, agentName: 'Party planner', scopes: ['jobs:write'],
 *   onCode: ({ user_code, verification_uri }) => console.log(`Enter ${user_code} at ${verification_uri}`),
 * });
 */
export const connect = async (options: ConnectOptions): Promise<TokenAnswer> => {
  const { baseUrl, signal, sleep = realSleep } = options;
  const api = createClient<paths>({ baseUrl, ...(options.fetch ? { fetch: options.fetch } : {}) });
  const body: ConnectBody = {
    agent_name: options.agentName,
    scopes: options.scopes,
    ...(options.days !== undefined ? { days: options.days } : {}),
    ...(options.description !== undefined ? { description: options.description } : {}),
    ...(options.agentUrl !== undefined ? { agent_url: options.agentUrl } : {}),
    ...(options.builtWith !== undefined ? { built_with: options.builtWith } : {}),
    ...(options.model !== undefined ? { model: options.model } : {}),
  };
  const asked = await api.POST('/api/v1/agent/connect', { body, ...(signal ? { signal } : {}) });
  if (!asked.data) throw new ApiError(asked.response.status, asked.error);
  const { device_code, user_code, verification_uri, verification_uri_complete, expires_in } = asked.data;
  await options.onCode({ user_code, verification_uri, verification_uri_complete, expires_in });

  let interval = asked.data.interval;
  // Counted in waits rather than read from a clock, so that a test's sleep keeps it honest too.
  let waited = 0;
  for (;;) {
    await sleep(interval * 1000, signal);
    waited += interval;
    const polled = await api.POST('/api/v1/agent/token', { body: { device_code }, ...(signal ? { signal } : {}) });
    if (polled.data) return polled.data;
    const error = new ApiError(polled.response.status, polled.error);
    const told = typeof error.body.interval === 'number' ? error.body.interval : 0;
    if (error.code === 'authorization_pending') {
      interval = Math.max(interval, told);
    } else if (error.code === 'slow_down') {
      interval = Math.max(interval + SLOW_DOWN_STEP_SECONDS, told);
    } else if (error.code === 'rate_limited') {
      const retryAfter = Number(polled.response.headers.get('retry-after'));
      interval = Math.max(interval, Number.isFinite(retryAfter) ? retryAfter : 0);
    } else {
      throw error;
    }
    // The code dies after expires_in; the service would say expired_token, but there is no point asking.
    if (waited + interval > expires_in) {
      throw new ApiError(400, { error: 'expired_token', message: 'The code expired before the person decided; connect again.' });
    }
  }
};
