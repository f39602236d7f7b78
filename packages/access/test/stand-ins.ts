import type { RateLimit, RateLimiter, RateLimitTake } from '@svc/db';
import { manualClock } from '@svc/kernel';
import type { AccessDeps, AccessIdGenerator } from '../src/access.deps.ts';
import type { DeviceRecord, GrantRecord, PrincipalRecord, RecoveryCodeRecord } from '../src/access.records.ts';
import type { AccessRepository } from '../src/access.repository.ts';

/**
 * Stand-ins for the access services' dependencies, for the services' unit tests: the rules in the
 * services decide from what the repository answers, and these answer as the PostgreSQL repository
 * does (`access.repository.mikro-orm.ts`: the same filters on time, status and owner), in memory, so
 * that a test takes milliseconds. The integration tests check the SQL itself on both engines.
 */

interface StoredSession {
  idHash: string;
  principalId: string;
  csrfToken: string;
  createdAt: Date;
  expiresAt: Date;
  lastSeenAt: Date;
}

type StoredDevice = DeviceRecord & { deviceCodeHash: string };
type StoredGrant = GrantRecord & { tokenHash: string };
type StoredRecoveryCode = RecoveryCodeRecord & { codeHash: string };

const copy = <T>(value: T): T => structuredClone(value);

/** What the in-memory repository holds: read it to see what a call left behind. */
export interface AccessState {
  principals: Map<string, PrincipalRecord>;
  sessions: Map<string, StoredSession>;
  devices: Map<string, StoredDevice>;
  grants: Map<string, StoredGrant>;
  /** By principal and issuer: one code of each issuer per principal. */
  recoveryCodes: Map<string, StoredRecoveryCode>;
}

const unused = (name: string) => () => {
  throw new Error(`The in-memory access repository has no ${name}: the unit tests do not use it.`);
};

export const memoryAccessRepository = () => {
  let state: AccessState = { principals: new Map(), sessions: new Map(), devices: new Map(), grants: new Map(), recoveryCodes: new Map() };
  const withoutHash = (stored: StoredDevice): DeviceRecord => {
    const { deviceCodeHash: _hash, ...device } = stored;
    return copy(device);
  };
  const grantOf = (stored: StoredGrant): GrantRecord => {
    const { tokenHash: _hash, ...grant } = stored;
    return copy(grant);
  };

  const repo: AccessRepository = {
    insertPrincipal: async (principal) => {
      if ([...state.principals.values()].some((p) => p.email === principal.email)) return false;
      state.principals.set(principal.id, copy(principal));
      return true;
    },
    findPrincipalByEmail: async (email) => copy([...state.principals.values()].find((p) => p.email === email) ?? null),
    findPrincipals: async (ids) => ids.flatMap((id) => (state.principals.has(id) ? [copy(state.principals.get(id)!)] : [])),
    setSupport: unused('setSupport'),
    setDisplayName: unused('setDisplayName'),
    setPasswordHash: async (id, passwordHash) => {
      const principal = state.principals.get(id);
      if (!principal) return null;
      principal.passwordHash = passwordHash;
      return copy(principal);
    },
    replacePasswordHash: async (id, expected, passwordHash) => {
      const principal = state.principals.get(id);
      if (!principal || principal.passwordHash !== expected) return false;
      principal.passwordHash = passwordHash;
      return true;
    },

    insertSession: async (session) => {
      state.sessions.set(session.idHash, copy(session));
    },
    findSession: async (idHash, now, idleSince) => {
      const session = state.sessions.get(idHash);
      if (!session || !(session.expiresAt > now) || !(session.lastSeenAt > idleSince)) return null;
      const principal = state.principals.get(session.principalId)!;
      return copy({ principal, csrfToken: session.csrfToken, expiresAt: session.expiresAt, lastSeenAt: session.lastSeenAt });
    },
    touchSession: async (idHash, at, minGapMs) => {
      const session = state.sessions.get(idHash);
      if (session && session.lastSeenAt.getTime() <= at.getTime() - minGapMs) session.lastSeenAt = new Date(at);
    },
    deleteSession: async (idHash) => {
      state.sessions.delete(idHash);
    },
    deleteSessionsOf: async (principalId, keepIdHash) => {
      let ended = 0;
      for (const [idHash, session] of state.sessions) {
        if (session.principalId === principalId && idHash !== keepIdHash) {
          state.sessions.delete(idHash);
          ended += 1;
        }
      }
      return ended;
    },

    insertDevice: async (device) => {
      if ([...state.devices.values()].some((d) => d.id === device.id || d.userCode === device.userCode || d.deviceCodeHash === device.deviceCodeHash)) return false;
      state.devices.set(device.id, copy(device));
      return true;
    },
    findDeviceByCodeHash: async (hash) => {
      const device = [...state.devices.values()].find((d) => d.deviceCodeHash === hash);
      return device ? withoutHash(device) : null;
    },
    findDeviceByUserCode: async (userCode) => {
      const device = [...state.devices.values()].find((d) => d.userCode === userCode);
      return device ? withoutHash(device) : null;
    },
    decideDevice: async (id, { status, principalId, at }, now) => {
      const device = state.devices.get(id);
      if (!device || device.status !== 'pending' || !(device.expiresAt > now)) return null;
      Object.assign(device, { status, principalId, decidedAt: new Date(at) });
      return withoutHash(device);
    },
    acceptPoll: async (id, now, minGapMs) => {
      const device = state.devices.get(id);
      if (!device || (device.lastPollAt !== null && !(device.lastPollAt.getTime() <= now.getTime() - minGapMs))) return false;
      device.lastPollAt = new Date(now);
      return true;
    },
    consumeDevice: async (id, grantId) => {
      const device = state.devices.get(id);
      if (!device || device.status !== 'approved') return false;
      Object.assign(device, { status: 'consumed', grantId });
      return true;
    },

    insertGrant: async (grant) => {
      state.grants.set(grant.id, copy(grant));
    },
    findLiveGrantByTokenHash: async (tokenHash, now) => {
      const grant = [...state.grants.values()].find((g) => g.tokenHash === tokenHash);
      if (!grant || grant.revokedAt !== null || !(grant.expiresAt > now)) return null;
      return { grant: grantOf(grant), principal: copy(state.principals.get(grant.principalId)!), alongside: undefined };
    },
    findGrant: async (id) => (state.grants.has(id) ? grantOf(state.grants.get(id)!) : null),
    listGrants: async (principalId, endedSince) =>
      [...state.grants.values()]
        .filter((g) => g.principalId === principalId && Math.min(g.revokedAt?.getTime() ?? Infinity, g.expiresAt.getTime()) > endedSince.getTime())
        .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime())
        .map(grantOf),
    narrowGrant: async (id, principalId, scopes, now) => {
      const grant = state.grants.get(id);
      if (!grant || grant.principalId !== principalId || grant.revokedAt !== null || !(grant.expiresAt > now) || !scopes.every((s) => grant.scopes.includes(s))) return null;
      grant.scopes = [...scopes];
      return grantOf(grant);
    },
    revokeGrant: async (id, principalId, at) => {
      const grant = state.grants.get(id);
      if (!grant || grant.principalId !== principalId) return null;
      grant.revokedAt ??= new Date(at);
      return grantOf(grant);
    },
    listUncollectedDevices: async (principalId, now) =>
      [...state.devices.values()]
        .filter((d) => d.principalId === principalId && d.status === 'approved' && d.expiresAt > now)
        .sort((a, b) => (b.decidedAt?.getTime() ?? 0) - (a.decidedAt?.getTime() ?? 0))
        .map(withoutHash),
    cancelUncollectedDevice: async (id, principalId, now) => {
      const device = state.devices.get(id);
      if (!device || device.principalId !== principalId || device.status !== 'approved' || device.expiresAt <= now) return false;
      device.status = 'denied';
      return true;
    },
    revokeAllGrants: async (principalId, at) => {
      let revoked = 0;
      for (const device of state.devices.values()) {
        if (device.principalId === principalId && device.status === 'approved' && device.expiresAt > at) {
          device.status = 'denied';
          revoked += 1;
        }
      }
      for (const grant of state.grants.values()) {
        if (grant.principalId === principalId && grant.revokedAt === null && grant.expiresAt > at) {
          grant.revokedAt = new Date(at);
          revoked += 1;
        }
      }
      return revoked;
    },
    touchGrant: async (id, at) => {
      const grant = state.grants.get(id);
      if (grant && (grant.lastUsedAt === null || grant.lastUsedAt.getTime() < at.getTime() - 60_000)) grant.lastUsedAt = new Date(at);
    },

    insertIntroduction: unused('insertIntroduction'),
    putRecoveryCode: async (code) => {
      state.recoveryCodes.set(`${code.principalId} ${code.issuedBy}`, copy(code));
    },
    listRecoveryCodes: async (principalId, now) =>
      [...state.recoveryCodes.values()]
        .filter((code) => code.principalId === principalId && (code.expiresAt === null || code.expiresAt > now))
        .sort((a, b) => a.issuedBy.localeCompare(b.issuedBy))
        .map((stored) => {
          const { codeHash: _hash, ...code } = stored;
          return copy(code);
        }),
    useRecoveryCode: async (email, codeHash, now) => {
      const principal = [...state.principals.values()].find((p) => p.email === email);
      for (const [key, code] of state.recoveryCodes) {
        if (code.codeHash === codeHash && code.principalId === principal?.id && (code.expiresAt === null || code.expiresAt > now)) {
          state.recoveryCodes.delete(key);
          return { principalId: code.principalId, issuedBy: code.issuedBy };
        }
      }
      return null;
    },
    purgeExpired: unused('purgeExpired'),
  };

  /** One transaction: what the work wrote is undone when it throws, as PostgreSQL rolls it back. */
  const transaction = async <T>(work: () => Promise<T>): Promise<T> => {
    const before = copy(state);
    try {
      return await work();
    } catch (error) {
      state = before;
      throw error;
    }
  };

  return { repo, transaction, state: () => state };
};

/** A limiter counting in memory (`take` only, as the access rules use it), every take and give-back recorded. */
export const memoryLimiter = () => {
  const counts = new Map<string, number>();
  const key = (limit: RateLimit, subject: string) => `${limit.name} ${subject}`;
  const limiter = {
    take: async (limit: RateLimit, subject: string): Promise<RateLimitTake> => {
      const count = counts.get(key(limit, subject)) ?? 0;
      const allowed = count < limit.limit;
      if (allowed) counts.set(key(limit, subject), count + 1);
      return {
        allowed,
        retryAfter: 900,
        remaining: Math.max(0, limit.limit - count - 1),
        giveBack: async () => {
          if (allowed) counts.set(key(limit, subject), counts.get(key(limit, subject))! - 1);
        },
      };
    },
  } as unknown as RateLimiter;
  return { limiter, counts, count: (limit: RateLimit, subject: string) => counts.get(key(limit, subject)) ?? 0 };
};

/** Ids in order of issue: `prn_1`, `grt_2`… */
export const countingIds = (): AccessIdGenerator => {
  let n = 0;
  return (prefix) => `${prefix}_${++n}`;
};

/** Every dependency of the access services, in memory, with the clock at a fixed start. */
export const memoryAccessDeps = (start = '2026-11-21T12:00:00.000Z') => {
  const { repo, transaction, state } = memoryAccessRepository();
  const { limiter, count } = memoryLimiter();
  const clock = manualClock(start);
  const deps: AccessDeps = { repo, clock, ids: countingIds(), limiter, baseUrl: 'https://tasks.test', transaction };
  // The in-memory world has no OAuth clients, so no approved code is ever waiting to be spent.
  const oauthRepo = { spendCodesOf: async () => 0 };
  return { deps, oauthRepo, clock, state, count };
};
