import { describe, expect, it, vi } from 'vitest';
import { DAY_MS, type Actor } from '@svc/kernel';
import type { GrantRecord } from '../src/access.records.ts';
import { createGrantsService } from '../src/grants.service.ts';
import { hashSecret } from '../src/secrets.ts';
import { memoryAccessDeps } from './stand-ins.ts';

/**
 * Bearer tokens and the grants behind them, over the in-memory repository: whether a token is
 * accepted (unknown, expired, revoked), whose grants a person sees and may revoke, and what the
 * repository holds afterwards.
 */
const MINUTE = 60_000;

const setUp = async () => {
  const memory = memoryAccessDeps();
  const { deps, clock } = memory;
  for (const [id, displayName] of [
    ['prn_owner', 'Owner'],
    ['prn_other', 'Other'],
  ] as const) {
    await deps.repo.insertPrincipal({ id, email: `${id}@example.test`, passwordHash: 'x', displayName, isSupport: id === 'prn_owner', createdAt: clock.now() });
  }
  let n = 0;
  /** A grant of `principalId` for `days` from now (negative: already expired), and its token. */
  const grant = async (principalId: string, days = 30, extra: Partial<GrantRecord> = {}) => {
    const token = `tds_token_${++n}`;
    const id = `grt_${n}`;
    await deps.repo.insertGrant({
      id,
      principalId,
      agentName: `Bot ${n}`,
      description: null,
      agentUrl: null,
      builtWith: null,
      model: null,
      scopes: ['jobs:write'],
      tokenHash: hashSecret(token),
      createdAt: new Date(clock.now().getTime() + n),
      expiresAt: new Date(clock.now().getTime() + days * DAY_MS),
      revokedAt: null,
      lastUsedAt: null,
      ...extra,
    });
    return { id, token };
  };
  const person = (principalId: string): Actor => ({ principalId, displayName: 'P', via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false });
  return { ...memory, grants: createGrantsService({ ...deps, oauthRepo: memory.oauthRepo }), grant, person };
};

describe('a bearer token', () => {
  it('resolves to an agent with exactly the grant’s scopes and never support', async () => {
    const { grants, grant } = await setUp();
    const { id, token } = await grant('prn_owner');
    expect(await grants.resolveToken(token)).toEqual({
      principalId: 'prn_owner',
      displayName: 'Owner',
      via: 'agent',
      grantId: id,
      agentName: 'Bot 1',
      scopes: ['jobs:write'],
      isSupport: false,
    });
    expect(await grants.resolveTokenWith(token)).toMatchObject({ actor: { grantId: id }, alongside: undefined });
  });

  it('is refused when unknown, once expired (at its expiry exactly), and once revoked', async () => {
    const { grants, grant, clock, person } = await setUp();
    expect(await grants.resolveToken('tds_unknown')).toBeNull();
    expect(await grants.resolveTokenWith('tds_unknown')).toBeNull();
    const short = await grant('prn_owner', 1);
    const revoked = await grant('prn_owner');
    await grants.revoke(person('prn_owner'), revoked.id);
    expect(await grants.resolveToken(revoked.token)).toBeNull();
    clock.advance(DAY_MS - 1);
    expect(await grants.resolveToken(short.token)).not.toBeNull();
    clock.advance(1);
    expect(await grants.resolveToken(short.token)).toBeNull();
  });

  it('notes use at most once a minute, and the caller’s grant shows the use it noted', async () => {
    const { grants, grant, clock, state, deps } = await setUp();
    const { id, token } = await grant('prn_owner');
    const touch = vi.spyOn(deps.repo, 'touchGrant');
    const first = (await grants.resolveToken(token))!;
    const firstAt = clock.now();
    expect(state().grants.get(id)!.lastUsedAt).toEqual(firstAt);
    expect((await grants.current(first))!.last_used_at).toBe(firstAt.toISOString());

    clock.advance(MINUTE);
    const second = (await grants.resolveToken(token))!;
    expect(state().grants.get(id)!.lastUsedAt).toEqual(firstAt);
    expect((await grants.current(second))!.last_used_at).toBe(firstAt.toISOString());
    expect(touch).toHaveBeenCalledTimes(1);

    clock.advance(1);
    const third = (await grants.resolveToken(token))!;
    expect(state().grants.get(id)!.lastUsedAt).toEqual(clock.now());
    expect((await grants.current(third))!.last_used_at).toBe(clock.now().toISOString());
    expect(touch).toHaveBeenCalledTimes(2);
  });
});

describe('the calling agent’s own grant', () => {
  it('answers from the grant read with the token, without reading it again', async () => {
    const { grants, grant, deps } = await setUp();
    const { id, token } = await grant('prn_owner');
    const actor = (await grants.resolveToken(token))!;
    const findGrant = vi.spyOn(deps.repo, 'findGrant');
    expect(await grants.current(actor)).toMatchObject({ grant_id: id, status: 'active' });
    expect(findGrant).not.toHaveBeenCalled();
  });

  it('reads the grant for an actor it did not resolve, and none for a website session', async () => {
    const { grants, grant, person, deps } = await setUp();
    const { id } = await grant('prn_owner');
    const findGrant = vi.spyOn(deps.repo, 'findGrant');
    expect(await grants.current(person('prn_owner'))).toBeNull();
    expect(findGrant).not.toHaveBeenCalled();
    const agent: Actor = { ...person('prn_owner'), via: 'agent', grantId: id, agentName: 'Bot 1', scopes: ['jobs:write'] };
    expect(await grants.current(agent)).toMatchObject({ grant_id: id, status: 'active' });
    expect(await grants.current({ ...agent, grantId: 'grt_gone' })).toBeNull();
  });

  it('does not answer another grant read with the same actor object', async () => {
    const { grants, grant } = await setUp();
    const first = await grant('prn_owner');
    const second = await grant('prn_owner');
    const actor = (await grants.resolveToken(first.token))!;
    expect(await grants.current({ ...actor, grantId: second.id })).toMatchObject({ grant_id: second.id });
    const same = (await grants.resolveToken(first.token))!;
    (same as { grantId: string | null }).grantId = second.id;
    expect(await grants.current(same)).toMatchObject({ grant_id: second.id });
  });
});

describe('listing and revoking', () => {
  it('lists only the person’s own grants, each with its state now: live ones first, then the latest to end', async () => {
    const { grants, grant, person, clock } = await setUp();
    const short = await grant('prn_owner', 1);
    const revoked = await grant('prn_owner');
    const live = await grant('prn_owner');
    await grant('prn_other');
    await grants.revoke(person('prn_owner'), revoked.id);
    clock.advance(DAY_MS);
    expect((await grants.list(person('prn_owner'))).map((g) => [g.grant_id, g.status])).toEqual([
      [live.id, 'active'],
      [short.id, 'expired'],
      [revoked.id, 'revoked'],
    ]);
  });

  it('reads one of the person’s own grants, live or ended, as the list shows it; someone else’s or none is not_found', async () => {
    const { grants, grant, person, clock } = await setUp();
    const mine = await grant('prn_owner', 1);
    const theirs = await grant('prn_other');
    clock.advance(DAY_MS);
    expect(await grants.getOwn(person('prn_owner'), mine.id)).toEqual((await grants.list(person('prn_owner')))[0]);
    expect(await grants.getOwn(person('prn_owner'), mine.id)).toMatchObject({ grant_id: mine.id, status: 'expired' });
    for (const id of [theirs.id, 'grt_none']) {
      await expect(grants.getOwn(person('prn_owner'), id)).rejects.toMatchObject({ code: 'not_found', message: 'No such grant.' });
    }
  });

  it('answers which of the given ids are live grants of the principal', async () => {
    const { grants, grant, person, clock } = await setUp();
    const short = await grant('prn_owner', 1);
    const revoked = await grant('prn_owner');
    const live = await grant('prn_owner');
    await grant('prn_owner'); // live, but not asked about
    const others = await grant('prn_other');
    await grants.revoke(person('prn_owner'), revoked.id);
    const asked = [short.id, revoked.id, live.id, others.id, 'grt_none'];
    clock.advance(DAY_MS - 1);
    expect(await grants.liveGrantIdsOf('prn_owner', asked)).toEqual([live.id, short.id]);
    clock.advance(1);
    expect(await grants.liveGrantIdsOf('prn_owner', asked)).toEqual([live.id]);
    expect(await grants.liveGrantIdsOf('prn_other', asked)).toEqual([others.id]);
  });

  it('revokes one’s own grant, and answers not_found for someone else’s, which stays live', async () => {
    const { grants, grant, person, clock, state } = await setUp();
    const mine = await grant('prn_owner');
    const theirs = await grant('prn_other');
    await expect(grants.revoke(person('prn_owner'), theirs.id)).rejects.toMatchObject({ code: 'not_found', kind: 'not_found', message: 'No such grant.' });
    expect(await grants.resolveToken(theirs.token)).not.toBeNull();
    expect(await grants.revoke(person('prn_owner'), mine.id)).toMatchObject({ grant_id: mine.id, status: 'revoked', revoked_at: clock.now().toISOString() });
    expect(state().grants.get(mine.id)!.revokedAt).toEqual(clock.now());
  });

  it('revokes every live grant of the person in one step, and refuses an agent', async () => {
    const { grants, grant, person, clock } = await setUp();
    const a = await grant('prn_owner');
    const b = await grant('prn_owner');
    await grant('prn_owner', -1);
    const theirs = await grant('prn_other');
    const agent = (await grants.resolveToken(a.token))!;
    await expect(grants.revokeAll(agent)).rejects.toMatchObject({ code: 'human_only', kind: 'forbidden' });
    expect(await grants.resolveToken(b.token)).not.toBeNull();
    clock.advance(MINUTE);
    expect(await grants.revokeAll(person('prn_owner'))).toEqual({ grants_revoked: 2 });
    expect(await grants.resolveToken(a.token)).toBeNull();
    expect(await grants.resolveToken(b.token)).toBeNull();
    expect(await grants.resolveToken(theirs.token)).not.toBeNull();
  });

  it('lets an agent give up its own grant only, and a website session none', async () => {
    const { grants, grant, person, clock } = await setUp();
    const mine = await grant('prn_owner');
    const other = await grant('prn_owner');
    const agent = (await grants.resolveToken(mine.token))!;
    await expect(grants.revokeOwn(person('prn_owner'))).rejects.toMatchObject({
      code: 'invalid_state',
      kind: 'conflict',
      message: 'A website session has no grant to give up; sign out instead.',
      extras: { action: 'revoke' },
    });
    await expect(grants.revokeOwn({ ...agent, principalId: 'prn_other' })).rejects.toMatchObject({ code: 'not_found', message: 'No such grant.' });
    expect(await grants.revokeOwn(agent)).toMatchObject({ grant_id: mine.id, status: 'revoked', revoked_at: clock.now().toISOString() });
    expect(await grants.resolveToken(mine.token)).toBeNull();
    expect(await grants.resolveToken(other.token)).not.toBeNull();
  });
});
