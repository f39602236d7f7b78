import type { RawBuilder } from 'kysely';
import type { SelectColumns, SqlOperand } from '@svc/db';
import type { Scope } from './scopes.ts';
import type { AgentDetails, DeviceRecord, GrantRecord, IntroductionRecord, PrincipalRecord, RecoveryCodeIssuer, RecoveryCodeRecord, SessionRecord } from './access.records.ts';

/** Storage for everything @svc/access knows. Secrets arrive here already hashed. */
export interface AccessRepository {
  /** False when the e-mail is taken (unique constraint). */
  insertPrincipal(principal: PrincipalRecord): Promise<boolean>;
  findPrincipalByEmail(email: string): Promise<PrincipalRecord | null>;
  findPrincipals(ids: readonly string[]): Promise<PrincipalRecord[]>;
  /**
   * A SQL expression for the display name of the principal whose id is in `column` (null when there
   * is none), for other domains to put in their own select lists so that presenting a record needs
   * no second query. Only a SQL storage sharing the other domains' database has one.
   */
  displayNameSql?(column: string): RawBuilder<string | null>;
  setSupport(email: string, isSupport: boolean): Promise<PrincipalRecord | null>;
  /** Changes a principal's public name; null when the principal does not exist. */
  setDisplayName(id: string, displayName: string): Promise<PrincipalRecord | null>;
  /** Replaces a principal's password hash; null when the principal does not exist. */
  setPasswordHash(id: string, passwordHash: string): Promise<PrincipalRecord | null>;
  /** Replaces a principal's password hash only while it is still `expected`; false when it changed meanwhile. */
  replacePasswordHash(id: string, expected: string, passwordHash: string): Promise<boolean>;

  insertSession(session: { idHash: string; principalId: string; csrfToken: string; createdAt: Date; expiresAt: Date; lastSeenAt: Date }): Promise<void>;
  /** The live session (not past `now`, used after `idleSince`) with its principal. */
  findSession(idHash: string, now: Date, idleSince: Date): Promise<SessionRecord | null>;
  /** Notes use at `at` unless it was noted less than `minGapMs` before (concurrent requests write once). */
  touchSession(idHash: string, at: Date, minGapMs: number): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  /** Ends every session of a principal but `keepIdHash` (none when null); answers how many ended. */
  deleteSessionsOf(principalId: string, keepIdHash: string | null): Promise<number>;

  insertDevice(device: DeviceRecord & { deviceCodeHash: string }): Promise<boolean>;
  findDeviceByCodeHash(deviceCodeHash: string): Promise<DeviceRecord | null>;
  findDeviceByUserCode(userCode: string): Promise<DeviceRecord | null>;
  /** pending → approved/denied, only while pending and not expired; null when that no longer holds. */
  decideDevice(id: string, decision: { status: 'approved' | 'denied'; principalId: string; at: Date }, now: Date): Promise<DeviceRecord | null>;
  /** Records an accepted poll; false when the last accepted poll was less than `minGapMs` ago. */
  acceptPoll(id: string, now: Date, minGapMs: number): Promise<boolean>;
  /** approved → consumed, once: the caller that wins gets true and issues the one token. */
  consumeDevice(id: string, grantId: string): Promise<boolean>;
  /** The connections the principal approved whose agent has not collected its token yet (not expired at `now`), newest first. */
  listUncollectedDevices(principalId: string, now: Date): Promise<DeviceRecord[]>;
  /** approved → denied for one of them: the agent's next poll answers `access_denied`. False when it is not one (any more). */
  cancelUncollectedDevice(id: string, principalId: string, now: Date): Promise<boolean>;

  insertGrant(grant: GrantRecord & { tokenHash: string }): Promise<void>;
  /**
   * The grant of a live token (not revoked, not expired at `now`) with its principal, in one indexed
   * query; with `alongside`, that query also reads another domain's columns for the token's principal
   * or grant.
   */
  findLiveGrantByTokenHash<T = undefined>(
    tokenHash: string,
    now: Date,
    alongside?: TokenAlongside<T>,
  ): Promise<{ grant: GrantRecord; principal: PrincipalRecord; alongside: T | undefined } | null>;
  findGrant(id: string): Promise<GrantRecord | null>;
  /** The principal's grants that are live, or ended (revoked or expired) after `endedSince`, newest first. */
  listGrants(principalId: string, endedSince: Date): Promise<GrantRecord[]>;
  /**
   * Replaces the scopes of a grant of the principal's that is live at `now` with `scopes`, only if
   * the grant holds every one of them (in one statement, so two changes at once can only narrow);
   * null when that does not hold.
   */
  narrowGrant(id: string, principalId: string, scopes: Scope[], now: Date): Promise<GrantRecord | null>;
  /** Sets revoked_at if the grant belongs to the principal and is not yet revoked. */
  revokeGrant(id: string, principalId: string, at: Date): Promise<GrantRecord | null>;
  /**
   * Sets revoked_at on every live grant of the principal, after denying the device codes they
   * approved that no agent has collected yet (so no grant comes of them); answers how many of both.
   * Run in a transaction: a poll under way then either fails on the denied code or has committed its
   * grant, which the grants' update sees.
   */
  revokeAllGrants(principalId: string, at: Date): Promise<number>;
  /** Notes use at most once a minute, so a busy agent does not write on every request. */
  touchGrant(id: string, at: Date): Promise<void>;

  insertIntroduction(introduction: IntroductionRecord): Promise<void>;

  /** Stores a recovery code, replacing the principal's earlier one from the same issuer. */
  putRecoveryCode(code: RecoveryCodeRecord & { codeHash: string }): Promise<void>;
  /** The principal's codes still usable at `now` (without their hashes). */
  listRecoveryCodes(principalId: string, now: Date): Promise<RecoveryCodeRecord[]>;
  /**
   * Uses up the code with this hash if it belongs to the principal with this e-mail and is still
   * usable at `now`, in one statement: of two concurrent uses, one gets it. Null when nothing matched.
   */
  useRecoveryCode(email: string, codeHash: string, now: Date): Promise<{ principalId: string; issuedBy: RecoveryCodeIssuer } | null>;

  /** Daily cleanup: sessions expired at `now` or idle since `idleSince`, device codes expired before `before`, introductions and recovery codes expired at `now`. */
  purgeExpired(now: Date, before: Date, idleSince: Date): Promise<{ sessions: number; devices: number; introductions: number; recovery_codes: number }>;
}

export type { AgentDetails };

/**
 * Columns another domain reads in the token lookup's statement, for the principal the token names
 * or for its grant (each given as a column of that statement).
 */
export type TokenAlongside<T> = (token: { principal: SqlOperand; grant: SqlOperand }) => SelectColumns<T>;
