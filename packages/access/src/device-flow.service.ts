import { DAY_MS, DomainError, isDomainError, notFound, parseInput, requireHuman, toIso, type Actor } from '@svc/kernel';
import type { AccessDeps } from './access.deps.ts';
import { accessErrors } from './access.errors.ts';
import type { DeviceRecord } from './access.records.ts';
import { connectSchema, DEVICE_CODE_GRANT_TYPE, deviceAuthorizationFormSchema, deviceCodeSchema, deviceTokenFormSchema, userCodeSchema } from './access.schemas.ts';
import { describeConnection, type PendingConnection } from './access.presenter.ts';
import { ACCESS_LIMITS, countingFailures, takeOrRefuse, type Counter } from './limits.ts';
import { formatUserCode, hashSecret, newSecret, newUserCode, normaliseUserCode, TOKEN_PREFIX } from './secrets.ts';
import type { Scope } from './scopes.ts';

export const DEVICE_CODE_LIFETIME_SECONDS = 15 * 60;
export const POLL_INTERVAL_SECONDS = 5;

/**
 * An error of the form-encoded OAuth endpoints: RFC 6749 §5.2 wants `{error, error_description}`, the
 * service's one body has `{error, message}`; the answer carries all three. Bad input is `invalid_request`
 * (`invalid_scope` when a scope is the problem), as RFC 6749 names it.
 */
const asOAuthError = (error: unknown): unknown => {
  if (!isDomainError(error)) return error;
  const { code, message, extras } = error;
  if (code === 'validation_failed') {
    const details = (extras.details ?? []) as { path: string }[];
    const scope = details.some((detail) => detail.path === 'scopes' || detail.path.startsWith('scopes.'));
    return accessErrors.invalidForm(scope, message, { ...extras, error_description: message });
  }
  return new DomainError(code, message, { ...extras, error_description: message }, error.kind);
};

const oauthForm = async <T>(run: () => Promise<T>): Promise<T> => {
  try {
    return await run();
  } catch (error) {
    throw asOAuthError(error);
  }
};

/** The codes a connect request answers: the agent polls with `device_code`, the person enters `user_code`. */
export interface DeviceAuthorization {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

/**
 * The agent side (connect, poll) and the principal side (approve, deny) of RFC 8628's device flow.
 * Every HTTP caller passes `client`, its network address, to the calls that take one; only callers
 * inside the process (the command line, tests) leave it out, and skip the per-address limits.
 */
export interface DeviceFlowService {
  /**
   * `POST /api/v1/oauth/device_authorization`: the RFC 8628 form of `connect` (`client_id` is the
   * agent's name, `scope` space-separated), answering the same codes and leading to the same page.
   */
  authorizeDevice(form: unknown, client?: string): Promise<DeviceAuthorization>;
  /** `POST /api/v1/oauth/token`: the RFC 8628 form of `poll`, answering the RFC 6749 token response. */
  exchangeDeviceCode(form: unknown): Promise<{
    scope: string;
    access_token: string;
    token_type: 'Bearer';
    expires_at: string;
    expires_in: number;
    grant_id: string;
    principal_id: string;
  }>;
  /** Stores a connect request; from one `client` at most 20 are stored in 15 minutes (refused ones count nothing). */
  connect(input: unknown, client?: string): Promise<DeviceAuthorization>;
  /** For the /connect page: what the agent asked for, or null when the code names no request (a counted miss). */
  describe(actor: Actor, userCode: string, client?: string): Promise<PendingConnection | null>;
  /** The person (never an agent) approves the request behind a user code; the agent's next poll gets its token. */
  approve(actor: Actor, input: unknown, client?: string): Promise<PendingConnection>;
  /** The person denies it; the agent's next poll is `access_denied`. */
  deny(actor: Actor, input: unknown, client?: string): Promise<PendingConnection>;
  /**
   * Website: the connections the person approved whose agent has not collected its token yet (it
   * has up to the code's lifetime to poll), each with its `id` to cancel. No grant exists for them yet.
   */
  uncollected(actor: Actor): Promise<(PendingConnection & { id: string; approved_at: string })[]>;
  /** Website: cancels one of them (the agent's poll then answers `access_denied`); `not_found` when it is not one. */
  cancelUncollected(actor: Actor, id: string): Promise<void>;
  /**
   * The agent's poll. A poll sooner than `interval` after the last accepted one is `slow_down`
   * and does not move the clock, so an honest poller is never locked out.
   */
  poll(input: unknown): Promise<{
    access_token: string;
    token_type: 'Bearer';
    expires_at: string;
    expires_in: number;
    scopes: Scope[];
    grant_id: string;
    principal_id: string;
  }>;
}

export const createDeviceFlowService = ({
  repo,
  clock,
  ids,
  baseUrl,
  limiter,
  transaction,
}: Pick<AccessDeps, 'repo' | 'clock' | 'ids' | 'baseUrl' | 'limiter' | 'transaction'>): DeviceFlowService => {
  /**
   * The request a typed user code names, or null. A code that names none counts against the person
   * and the address (RFC 8628 §5.1), counted before the lookup; a code that names one counts nothing.
   */
  const lookUp = (actor: Actor, userCode: string, client: string | undefined): Promise<DeviceRecord | null> => {
    const counters: Counter[] = [[ACCESS_LIMITS.userCodeMissesPerPrincipal, actor.principalId]];
    if (client !== undefined) counters.push([ACCESS_LIMITS.userCodeMissesPerAddress, client]);
    return countingFailures(
      limiter,
      counters,
      'Too many codes tried at once or matching no connection request.',
      () => repo.findDeviceByUserCode(normaliseUserCode(userCode)),
      (device) => device === null,
    );
  };

  const pendingByUserCode = async (actor: Actor, input: unknown, client: string | undefined, action: 'approve' | 'deny'): Promise<DeviceRecord> => {
    const { user_code } = parseInput(userCodeSchema, input);
    const device = await lookUp(actor, user_code, client);
    if (!device) throw accessErrors.unknownUserCode();
    if (device.expiresAt <= clock.now()) throw accessErrors.userCodeExpired();
    if (device.status !== 'pending') throw accessErrors.alreadyDecided(device.status, action);
    return device;
  };

  const decide = async (actor: Actor, input: unknown, status: 'approved' | 'denied', client: string | undefined) => {
    requireHuman(actor);
    const action = status === 'approved' ? 'approve' : 'deny';
    const device = await pendingByUserCode(actor, input, client, action);
    const now = clock.now();
    const decided = await repo.decideDevice(device.id, { status, principalId: actor.principalId, at: now }, now);
    if (!decided) {
      // Another decision came first (the refusal names what it made of the request), or the code expired meanwhile.
      const current = await repo.findDeviceByUserCode(device.userCode);
      if (current && current.status !== 'pending') throw accessErrors.alreadyDecided(current.status, action);
      throw accessErrors.userCodeExpired();
    }
    return describeConnection(decided, now);
  };

  const service = {
    connect: async (input: unknown, client?: string) => {
      const request = parseInput(connectSchema, input);
      if (client !== undefined) {
        await takeOrRefuse(limiter, [ACCESS_LIMITS.deviceAuthorizationsPerAddress, client], 'Too many connect requests from this address.');
      }
      const now = clock.now();
      const deviceCode = newSecret('dc');
      for (;;) {
        const userCode = newUserCode();
        const inserted = await repo.insertDevice({
          id: ids('dev'),
          deviceCodeHash: hashSecret(deviceCode),
          userCode,
          agentName: request.agent_name,
          description: request.description ?? null,
          agentUrl: request.agent_url ?? null,
          builtWith: request.built_with ?? null,
          model: request.model ?? null,
          scopes: request.scopes,
          days: request.days,
          status: 'pending',
          principalId: null,
          grantId: null,
          createdAt: now,
          expiresAt: new Date(now.getTime() + DEVICE_CODE_LIFETIME_SECONDS * 1000),
          decidedAt: null,
          lastPollAt: null,
        });
        // A user-code collision (one in billions) just draws another code.
        if (inserted) {
          const shown = formatUserCode(userCode);
          return {
            device_code: deviceCode,
            user_code: shown,
            verification_uri: `${baseUrl}/connect`,
            verification_uri_complete: `${baseUrl}/connect?user_code=${shown}`,
            expires_in: DEVICE_CODE_LIFETIME_SECONDS,
            interval: POLL_INTERVAL_SECONDS,
          };
        }
      }
    },

    describe: async (actor: Actor, userCode: string, client?: string) => {
      const device = await lookUp(actor, userCode, client);
      return device ? describeConnection(device, clock.now()) : null;
    },

    approve: (actor: Actor, input: unknown, client?: string) => decide(actor, input, 'approved', client),
    deny: (actor: Actor, input: unknown, client?: string) => decide(actor, input, 'denied', client),

    uncollected: async (actor: Actor) => {
      requireHuman(actor);
      const now = clock.now();
      return (await repo.listUncollectedDevices(actor.principalId, now)).map((device) => ({
        ...describeConnection(device, now),
        id: device.id,
        approved_at: toIso(device.decidedAt ?? now),
      }));
    },

    cancelUncollected: async (actor: Actor, id: string) => {
      requireHuman(actor);
      if (!(await repo.cancelUncollectedDevice(id, actor.principalId, clock.now()))) throw notFound('connection');
    },

    poll: async (input: unknown) => {
      const { device_code } = parseInput(deviceCodeSchema, input);
      const device = await repo.findDeviceByCodeHash(hashSecret(device_code));
      const now = clock.now();
      if (!device || device.status === 'consumed') {
        throw accessErrors.unknownDeviceCode();
      }
      if (device.expiresAt <= now) throw accessErrors.deviceCodeExpired();
      if (!(await repo.acceptPoll(device.id, now, POLL_INTERVAL_SECONDS * 1000))) {
        throw accessErrors.slowDown(POLL_INTERVAL_SECONDS);
      }
      if (device.status === 'denied') throw accessErrors.accessDenied();
      if (device.status === 'pending') {
        throw accessErrors.authorizationPending(POLL_INTERVAL_SECONDS);
      }
      const grantId = ids('grt');
      const token = newSecret(TOKEN_PREFIX);
      const approvedAt = device.decidedAt ?? now;
      const expiresAt = new Date(approvedAt.getTime() + device.days * DAY_MS);
      // The grant and the consumed code commit together: one device code, one token.
      await transaction(async () => {
        await repo.insertGrant({
          id: grantId,
          principalId: device.principalId!,
          agentName: device.agentName,
          description: device.description,
          agentUrl: device.agentUrl,
          builtWith: device.builtWith,
          model: device.model,
          scopes: device.scopes,
          tokenHash: hashSecret(token),
          createdAt: approvedAt,
          expiresAt,
          revokedAt: null,
          lastUsedAt: null,
        });
        if (!(await repo.consumeDevice(device.id, grantId))) {
          throw accessErrors.deviceCodeUsed();
        }
      });
      return {
        access_token: token,
        token_type: 'Bearer' as const,
        expires_at: toIso(expiresAt),
        expires_in: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
        scopes: device.scopes,
        grant_id: grantId,
        principal_id: device.principalId!,
      };
    },
  };

  return {
    ...service,

    authorizeDevice: (form: unknown, client?: string) =>
      oauthForm(async () => {
        const { client_id, scope, days, ...details } = parseInput(deviceAuthorizationFormSchema, form);
        return service.connect(
          {
            agent_name: client_id,
            scopes: scope.split(' ').filter((name) => name !== ''),
            ...Object.fromEntries(Object.entries(details).filter(([, value]) => value !== undefined && value !== '')),
            ...(days === undefined || days === '' ? {} : { days }),
          },
          client,
        );
      }),

    exchangeDeviceCode: (form: unknown) =>
      oauthForm(async () => {
        const { grant_type, device_code } = parseInput(deviceTokenFormSchema, form);
        if (grant_type !== DEVICE_CODE_GRANT_TYPE) {
          throw accessErrors.deviceGrantTypeOnly(DEVICE_CODE_GRANT_TYPE);
        }
        const { scopes, ...issued } = await service.poll({ device_code });
        return { ...issued, scope: scopes.join(' ') };
      }),
  };
};
