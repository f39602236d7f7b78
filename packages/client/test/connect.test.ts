import { describe, expect, it, vi } from 'vitest';
import { ApiError, connect } from '../src/index.ts';
import { fakeFetch, json, recordingSleep } from './fake-fetch.ts';

const connectAnswer = {
  device_code: 'dc_secret',
  user_code: 'WDJB-MJHT',
  verification_uri: 'https://tasks.example.com/connect',
  verification_uri_complete: 'https://tasks.example.com/connect?user_code=WDJB-MJHT',
  expires_in: 900,
  interval: 5,
};
const token = {
  access_token: 'tok_1',
  token_type: 'Bearer',
  expires_at: '2026-12-21T12:00:00.000Z',
  expires_in: 2_592_000,
  scopes: ['jobs:write'],
  grant_id: 'grt_1',
  principal_id: 'prn_1',
};
const refusal = (error: string, extra: Record<string, unknown> = {}) => json(400, { error, message: error, ...extra });

const options = { baseUrl: 'https://tasks.example.com', agentName: 'Party planner', scopes: ['jobs:write' as const] };

describe('connect', () => {
  it('shows the code once, polls every interval, slows down when told and resolves with the token', async () => {
    const { fetch, seen } = fakeFetch(
      json(201, connectAnswer),
      refusal('authorization_pending', { interval: 5 }),
      refusal('slow_down', { interval: 5 }),
      refusal('authorization_pending', { interval: 5 }),
      json(200, token),
    );
    const { sleep, waits } = recordingSleep();
    const onCode = vi.fn();

    const answer = await connect({ ...options, days: 30, builtWith: 'TypeScript', onCode, fetch, sleep });

    expect(answer).toEqual(token);
    expect(onCode).toHaveBeenCalledTimes(1);
    expect(onCode).toHaveBeenCalledWith({
      user_code: 'WDJB-MJHT',
      verification_uri: connectAnswer.verification_uri,
      verification_uri_complete: connectAnswer.verification_uri_complete,
      expires_in: 900,
    });
    // RFC 8628 §3.5: after slow_down every later poll waits 5 seconds more.
    expect(waits).toEqual([5000, 5000, 10_000, 10_000]);
    expect(seen.map((r) => r.path)).toEqual(['/api/v1/agent/connect', ...Array(4).fill('/api/v1/agent/token')]);
    expect(JSON.parse(seen[0]!.body)).toEqual({ agent_name: 'Party planner', scopes: ['jobs:write'], days: 30, built_with: 'TypeScript' });
    expect(JSON.parse(seen[1]!.body)).toEqual({ device_code: 'dc_secret' });
  });

  it('follows a longer interval the service names', async () => {
    const { fetch } = fakeFetch(json(201, connectAnswer), refusal('authorization_pending', { interval: 8 }), json(200, token));
    const { sleep, waits } = recordingSleep();
    await connect({ ...options, onCode: () => {}, fetch, sleep });
    expect(waits).toEqual([5000, 8000]);
  });

  it('waits Retry-After when the poll limit is met', async () => {
    const { fetch } = fakeFetch(
      json(201, connectAnswer),
      json(429, { error: 'rate_limited', message: 'Too many polls', retry_after: 30 }, { 'retry-after': '30' }),
      json(200, token),
    );
    const { sleep, waits } = recordingSleep();
    await connect({ ...options, onCode: () => {}, fetch, sleep });
    expect(waits).toEqual([5000, 30_000]);
  });

  it.each(['access_denied', 'expired_token', 'invalid_grant'])('rejects with the final code %s', async (code) => {
    const { fetch } = fakeFetch(json(201, connectAnswer), refusal('authorization_pending'), refusal(code));
    const { sleep } = recordingSleep();
    const failure = connect({ ...options, onCode: () => {}, fetch, sleep });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, code });
  });

  it('rejects when the connect request itself is refused, before showing anything', async () => {
    const { fetch } = fakeFetch(json(400, { error: 'validation_failed', message: 'scopes: unknown scope' }));
    const onCode = vi.fn();
    await expect(connect({ ...options, onCode, fetch, sleep: recordingSleep().sleep })).rejects.toMatchObject({ code: 'validation_failed' });
    expect(onCode).not.toHaveBeenCalled();
  });

  it('gives up with expired_token once the code has run out, without polling past it', async () => {
    const { fetch, seen } = fakeFetch(json(201, { ...connectAnswer, expires_in: 12 }), refusal('authorization_pending'), refusal('slow_down'));
    const { sleep } = recordingSleep();
    await expect(connect({ ...options, onCode: () => {}, fetch, sleep })).rejects.toMatchObject({ code: 'expired_token' });
    expect(seen).toHaveLength(3);
  });

  it('stops polling when the signal aborts', async () => {
    const controller = new AbortController();
    const { fetch } = fakeFetch(json(201, connectAnswer), () => {
      controller.abort(new Error('user cancelled'));
      return refusal('authorization_pending');
    });
    await expect(connect({ ...options, onCode: () => {}, fetch, sleep: recordingSleep().sleep, signal: controller.signal })).rejects.toThrow('user cancelled');
  });
});
