import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, type Actor } from '@svc/kernel';
import { DEVICE_CODE_GRANT_TYPE } from '../src/access.schemas.ts';
import { createDeviceFlowService, DEVICE_CODE_LIFETIME_SECONDS, POLL_INTERVAL_SECONDS } from '../src/device-flow.service.ts';
import { createGrantsService } from '../src/grants.service.ts';
import { ACCESS_LIMITS } from '../src/limits.ts';
import { hashSecret } from '../src/secrets.ts';
import { memoryAccessDeps } from './stand-ins.ts';

/**
 * RFC 8628's device flow over the in-memory repository: who may decide a request, when a code has
 * expired, how polls are paced and refused, the user-code and connect limits, and the one token an
 * approval yields (its owner, scopes and lifetime, and what the repository holds).
 */
const POLL_MS = POLL_INTERVAL_SECONDS * 1000;

const setUp = async () => {
  const memory = memoryAccessDeps();
  const { deps, clock } = memory;
  await deps.repo.insertPrincipal({ id: 'prn_owner', email: 'owner@example.test', passwordHash: 'x', displayName: 'Owner', isSupport: false, createdAt: clock.now() });
  const person: Actor = { principalId: 'prn_owner', displayName: 'Owner', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };
  return { ...memory, flow: createDeviceFlowService(deps), grants: createGrantsService({ ...deps, oauthRepo: memory.oauthRepo }), person };
};

const connectInput = { agent_name: 'Bot', scopes: ['jobs:write', 'account:read'], days: 3 };

describe('connect', () => {
  it('stores a pending request for 15 minutes and answers its codes', async () => {
    const { flow, state, clock } = await setUp();
    const started = await flow.connect(connectInput);
    expect(started).toEqual({
      device_code: expect.stringMatching(/^dc_/),
      user_code: expect.stringMatching(/^[B-Z]{4}-[B-Z]{4}$/),
      verification_uri: 'https://tasks.test/connect',
      verification_uri_complete: `https://tasks.test/connect?user_code=${started.user_code}`,
      expires_in: 900,
      interval: 5,
    });
    expect(DEVICE_CODE_LIFETIME_SECONDS).toBe(900);
    const [device] = [...state().devices.values()];
    expect(device).toMatchObject({
      id: 'dev_1',
      deviceCodeHash: hashSecret(started.device_code),
      userCode: started.user_code.replace('-', ''),
      scopes: ['jobs:write', 'account:read'],
      days: 3,
      status: 'pending',
      principalId: null,
      grantId: null,
      createdAt: clock.now(),
      expiresAt: new Date(clock.now().getTime() + 15 * 60_000),
    });
  });

  it('takes an agent address over http or https only, since a person is shown it', async () => {
    const { flow, state } = await setUp();
    for (const agent_url of ['javascript:alert(1)', 'data:text/html,hi', 'file:///etc/passwd']) {
      await expect(flow.connect({ ...connectInput, agent_url })).rejects.toMatchObject({
        code: 'validation_failed',
        extras: { details: [{ path: 'agent_url', message: 'must be an http or https address' }] },
      });
    }
    expect(state().devices.size).toBe(0);
    await expect(flow.connect({ ...connectInput, agent_url: 'https://bot.example/about' })).resolves.toMatchObject({ interval: 5 });
  });

  it('draws another user code when the first one collides', async () => {
    const { flow, deps, state } = await setUp();
    const insert = deps.repo.insertDevice;
    const collide = vi.spyOn(deps.repo, 'insertDevice').mockImplementationOnce(async () => false).mockImplementation(insert);
    const started = await flow.connect(connectInput);
    expect(collide).toHaveBeenCalledTimes(2);
    expect(state().devices.size).toBe(1);
    expect([...state().devices.values()][0]!.userCode).toBe(started.user_code.replace('-', ''));
  });

  it('stores at most 20 requests from one address in the window; callers inside the process are not counted', async () => {
    const { flow, count } = await setUp();
    for (let i = 0; i < 20; i++) await flow.connect(connectInput, '192.0.2.1');
    await expect(flow.connect(connectInput, '192.0.2.1')).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many connect requests from this address\. Try again in /),
    });
    await flow.connect(connectInput, '192.0.2.2');
    await flow.connect(connectInput);
    expect(count(ACCESS_LIMITS.deviceAuthorizationsPerAddress, '192.0.2.1')).toBe(20);
    expect(count(ACCESS_LIMITS.deviceAuthorizationsPerAddress, 'undefined')).toBe(0);
  });
});

describe('deciding', () => {
  it('describes a request by its user code as typed (any case, no hyphen), and answers null for none', async () => {
    const { flow, person, clock } = await setUp();
    const started = await flow.connect(connectInput);
    expect(await flow.describe(person, started.user_code.replace('-', ' ').toLowerCase())).toMatchObject({
      user_code: started.user_code,
      agent_name: 'Bot',
      scopes: ['jobs:write', 'account:read'],
      status: 'pending',
      expired: false,
      token_expires_at: new Date(clock.now().getTime() + 3 * DAY_MS).toISOString(),
    });
    expect(await flow.describe(person, 'BBBB-BBBB')).toBeNull();
  });

  it('counts codes that name no request against the person and the address, and not codes that name one', async () => {
    const { flow, person, count } = await setUp();
    const started = await flow.connect(connectInput);
    await flow.describe(person, started.user_code, '192.0.2.1');
    expect(count(ACCESS_LIMITS.userCodeMissesPerPrincipal, 'prn_owner')).toBe(0);
    expect(count(ACCESS_LIMITS.userCodeMissesPerAddress, '192.0.2.1')).toBe(0);
    await expect(flow.approve(person, { user_code: 'BBBB-BBBB' }, '192.0.2.1')).rejects.toMatchObject({
      code: 'not_found',
      message: 'No connection request has this code. Check the code the agent showed.',
    });
    await flow.describe(person, 'BBBB-BBBC');
    expect(count(ACCESS_LIMITS.userCodeMissesPerPrincipal, 'prn_owner')).toBe(2);
    expect(count(ACCESS_LIMITS.userCodeMissesPerAddress, '192.0.2.1')).toBe(1);
    expect(count(ACCESS_LIMITS.userCodeMissesPerAddress, 'undefined')).toBe(0);
  });

  it('refuses a sixth miss from one person, even a code that names a request', async () => {
    const { flow, person } = await setUp();
    const started = await flow.connect(connectInput);
    for (let i = 0; i < 5; i++) expect(await flow.describe(person, 'BBBB-BBBB')).toBeNull();
    await expect(flow.approve(person, { user_code: started.user_code })).rejects.toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/^Too many codes tried at once or matching no connection request\. Try again in /),
    });
    const other: Actor = { ...person, principalId: 'prn_other' };
    await expect(flow.deny(other, { user_code: started.user_code })).resolves.toMatchObject({ status: 'denied' });
  });

  it('records who approved and when, and refuses a second decision as invalid_state', async () => {
    const { flow, person, state, clock } = await setUp();
    const started = await flow.connect(connectInput);
    clock.advance(60_000);
    expect(await flow.approve(person, { user_code: started.user_code })).toMatchObject({ status: 'approved', user_code: started.user_code });
    expect([...state().devices.values()][0]).toMatchObject({ status: 'approved', principalId: 'prn_owner', decidedAt: clock.now() });
    await expect(flow.deny(person, { user_code: started.user_code })).rejects.toMatchObject({
      code: 'invalid_state',
      kind: 'conflict',
      message: 'This connection request was already decided.',
      extras: { status: 'approved', action: 'deny' },
    });
    expect([...state().devices.values()][0]!.status).toBe('approved');
  });

  it('lets only one of two concurrent decisions through', async () => {
    const { flow, person, state } = await setUp();
    const started = await flow.connect(connectInput);
    const decisions = await Promise.allSettled([flow.approve(person, { user_code: started.user_code }), flow.deny(person, { user_code: started.user_code })]);
    expect(decisions.map((d) => d.status)).toEqual(['fulfilled', 'rejected']);
    expect((decisions[1] as PromiseRejectedResult).reason).toMatchObject({
      code: 'invalid_state',
      message: 'This connection request was already decided.',
      extras: { status: 'approved', action: 'deny' },
    });
    expect([...state().devices.values()][0]!.status).toBe('approved');
  });

  it('refuses an agent, and a code at its expiry exactly', async () => {
    const { flow, person, state, clock } = await setUp();
    const started = await flow.connect(connectInput);
    const agent: Actor = { ...person, via: 'agent', grantId: 'grt_1', agentName: 'Other bot', scopes: ['account:read'] };
    await expect(flow.approve(agent, { user_code: started.user_code })).rejects.toMatchObject({ code: 'human_only' });
    await expect(flow.deny(agent, { user_code: started.user_code })).rejects.toMatchObject({ code: 'human_only' });
    clock.advance(DEVICE_CODE_LIFETIME_SECONDS * 1000 - 1);
    expect(await flow.describe(person, started.user_code)).toMatchObject({ expired: false });
    clock.advance(1);
    await expect(flow.approve(person, { user_code: started.user_code })).rejects.toMatchObject({
      code: 'expired_token',
      message: 'This code has expired; ask the agent to connect again.',
    });
    expect([...state().devices.values()][0]!.status).toBe('pending');
  });
});

describe('polling', () => {
  it('answers authorization_pending, paces polls at 5 seconds without moving the clock, then access_denied', async () => {
    const { flow, person, clock, state } = await setUp();
    const started = await flow.connect(connectInput);
    const poll = () => flow.poll({ device_code: started.device_code });
    await expect(poll()).rejects.toMatchObject({ code: 'authorization_pending', extras: { interval: 5 } });
    clock.advance(POLL_MS - 1);
    await expect(poll()).rejects.toMatchObject({ code: 'slow_down', message: 'Poll at most every 5 seconds.', extras: { interval: 5 } });
    clock.advance(1);
    await expect(poll()).rejects.toMatchObject({ code: 'authorization_pending', message: 'The principal has not decided yet; keep polling.' });
    await flow.deny(person, { user_code: started.user_code });
    clock.advance(POLL_MS);
    await expect(poll()).rejects.toMatchObject({ code: 'access_denied', message: 'The principal denied this connection.' });
    expect(state().grants.size).toBe(0);
  });

  it('refuses an unknown device code, and one at its expiry exactly, before counting a poll', async () => {
    const { flow, person, clock, state } = await setUp();
    const started = await flow.connect(connectInput);
    await flow.approve(person, { user_code: started.user_code });
    await expect(flow.poll({ device_code: 'dc_unknown' })).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This device code is unknown or has already been used.',
    });
    clock.advance(DEVICE_CODE_LIFETIME_SECONDS * 1000);
    await expect(flow.poll({ device_code: started.device_code })).rejects.toMatchObject({ code: 'expired_token', message: 'This device code has expired; connect again.' });
    expect([...state().devices.values()][0]!.lastPollAt).toBeNull();
    expect(state().grants.size).toBe(0);
  });

  it('issues one token for the approving person, with the asked scopes, for the asked days from approval', async () => {
    const { flow, grants, person, clock, state } = await setUp();
    const started = await flow.connect(connectInput);
    clock.advance(60_000);
    await flow.approve(person, { user_code: started.user_code });
    const approvedAt = clock.now();
    clock.advance(120_000);
    const issued = await flow.poll({ device_code: started.device_code });
    const expiresAt = new Date(approvedAt.getTime() + 3 * DAY_MS);
    expect(issued).toEqual({
      access_token: expect.stringMatching(/^tds_/),
      token_type: 'Bearer',
      expires_at: expiresAt.toISOString(),
      expires_in: 3 * 86_400 - 120,
      scopes: ['jobs:write', 'account:read'],
      grant_id: 'grt_2',
      principal_id: 'prn_owner',
    });
    expect(state().grants.get('grt_2')).toMatchObject({
      principalId: 'prn_owner',
      agentName: 'Bot',
      scopes: ['jobs:write', 'account:read'],
      tokenHash: hashSecret(issued.access_token),
      createdAt: approvedAt,
      expiresAt,
      revokedAt: null,
    });
    expect([...state().devices.values()][0]).toMatchObject({ status: 'consumed', grantId: 'grt_2' });
    expect(await grants.resolveToken(issued.access_token)).toMatchObject({ principalId: 'prn_owner', grantId: 'grt_2', scopes: ['jobs:write', 'account:read'] });

    // A used code is refused as such at once, however soon the agent polls again, and the poll is not recorded.
    const used = { code: 'invalid_grant', message: 'This device code is unknown or has already been used.' };
    await expect(flow.poll({ device_code: started.device_code })).rejects.toMatchObject(used);
    clock.advance(POLL_MS);
    await expect(flow.poll({ device_code: started.device_code })).rejects.toMatchObject(used);
    expect([...state().devices.values()][0]!.lastPollAt).toEqual(new Date(clock.now().getTime() - POLL_MS));
    expect(state().grants.size).toBe(1);
  });

  it('answers expires_in 0, not less, for a token issued after its lifetime from approval', async () => {
    const { flow, person, clock, deps } = await setUp();
    const started = await flow.connect({ ...connectInput, days: 1 });
    await flow.approve(person, { user_code: started.user_code });
    // A decision recorded a day and more before the poll (the code's own expiry checked at the poll is not).
    const find = deps.repo.findDeviceByCodeHash;
    vi.spyOn(deps.repo, 'findDeviceByCodeHash').mockImplementation(async (hash) => {
      const device = await find(hash);
      return device && { ...device, decidedAt: new Date(clock.now().getTime() - DAY_MS - 5000) };
    });
    expect(await flow.poll({ device_code: started.device_code })).toMatchObject({ expires_in: 0 });
  });

  it('issues no token, and keeps no grant, when another poll consumed the code first', async () => {
    const { flow, person, state, deps } = await setUp();
    const started = await flow.connect(connectInput);
    await flow.approve(person, { user_code: started.user_code });
    vi.spyOn(deps.repo, 'consumeDevice').mockResolvedValueOnce(false);
    await expect(flow.poll({ device_code: started.device_code })).rejects.toMatchObject({
      code: 'invalid_grant',
      message: 'This device code has already been used.',
    });
    expect(state().grants.size).toBe(0);
  });
});

describe('the OAuth forms', () => {
  it('reads the scopes separated by spaces and the days, and issues the token for the device-code grant type only', async () => {
    const { flow, person, clock, state } = await setUp();
    const started = await flow.authorizeDevice({ client_id: 'Bot', scope: ' jobs:write  account:read', days: '2' }, '192.0.2.1');
    expect([...state().devices.values()][0]).toMatchObject({ agentName: 'Bot', scopes: ['jobs:write', 'account:read'], days: 2 });
    await flow.approve(person, { user_code: started.user_code });
    await expect(flow.exchangeDeviceCode({ grant_type: 'authorization_code', device_code: started.device_code })).rejects.toMatchObject({
      code: 'unsupported_grant_type',
      message: `This endpoint issues tokens only for grant_type ${DEVICE_CODE_GRANT_TYPE}.`,
    });
    const issued = await flow.exchangeDeviceCode({ grant_type: DEVICE_CODE_GRANT_TYPE, device_code: started.device_code });
    expect(issued).toMatchObject({ scope: 'jobs:write account:read', expires_at: new Date(clock.now().getTime() + 2 * DAY_MS).toISOString() });
    expect(issued).not.toHaveProperty('scopes');
  });

  it('keeps the 30-day default when days is sent empty', async () => {
    const { flow, state } = await setUp();
    await flow.authorizeDevice({ client_id: 'Bot', scope: 'jobs:write', days: '' });
    await flow.authorizeDevice({ client_id: 'Bot', scope: 'jobs:write' });
    expect([...state().devices.values()].map((d) => d.days)).toEqual([30, 30]);
  });
});
