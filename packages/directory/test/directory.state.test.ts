import { describe, expect, it } from 'vitest';
import { DomainError, type Actor } from '@svc/kernel';
import {
  assertAgentMayChange,
  assertEditable,
  expiryForTerm,
  isHistoryKept,
  isResolvable,
  isRetirementDue,
  restoreEndsAt,
  lifecycleStatus,
  planTransition,
  registrationExpiry,
} from '../src/directory.state.ts';
import { START, agentOf, days, entryRecord, manualClock, person } from '../src/testing.ts';

const at = (offsetDays: number) => new Date(new Date(START).getTime() + days(offsetDays));
const codeOf = (work: () => unknown): string | null => {
  try {
    work();
    return null;
  } catch (error) {
    return error instanceof DomainError ? error.code : 'not a domain error';
  }
};

describe('directory state rules on a manual clock', () => {
  const expiry = at(30);
  const temporary = entryRecord({ expiresAt: expiry });

  it('derives expired at the expiry instant, even before cleanup, and never for ongoing entries', () => {
    const clock = manualClock(START);
    expect(lifecycleStatus(temporary, clock.now())).toBe('active');
    clock.set(new Date(expiry.getTime() - 1));
    expect(lifecycleStatus(temporary, clock.now())).toBe('active');
    clock.set(expiry);
    expect(lifecycleStatus(temporary, clock.now())).toBe('expired');
    expect(lifecycleStatus({ ...temporary, status: 'paused' }, clock.now())).toBe('expired');
    expect(lifecycleStatus({ ...temporary, term: 'ongoing', expiresAt: null }, at(1000))).toBe('active');
    expect(lifecycleStatus({ ...temporary, status: 'removed' }, at(40))).toBe('removed');
  });

  it.each([
    ['active, public, anonymous', {}, 0, false, true],
    ['paused', { status: 'paused' }, 0, true, false],
    ['expired', {}, 30, true, false],
    ['removed', { status: 'removed' }, 0, true, false],
    ['retired', { status: 'retired' }, 0, true, false],
    ['suspended', { suspended: true }, 0, true, false],
    ['restricted, anonymous', { visibility: 'restricted' }, 0, false, false],
    ['restricted, signed in', { visibility: 'restricted' }, 0, true, true],
  ] as const)('resolution of an entry that is %s', (_case, overrides, dayOffset, signedIn, expected) => {
    expect(isResolvable({ ...temporary, ...overrides }, at(dayOffset), signedIn)).toBe(expected);
  });

  it('gives a temporary entry 30 days by default and refuses an expiry in the past or over 90 days ahead', () => {
    const now = new Date(START);
    expect(registrationExpiry(now, undefined)).toEqual(at(30));
    expect(registrationExpiry(now, at(90))).toEqual(at(90));
    expect(codeOf(() => registrationExpiry(now, new Date(at(90).getTime() + 1)))).toBe('validation_failed');
    expect(codeOf(() => registrationExpiry(now, now))).toBe('validation_failed');
  });

  describe.each([
    ['pause', 'active', 'paused', 'invalid_state', 'invalid_state'],
    ['reactivate', 'paused', 'active', 'invalid_state', 'invalid_state'],
  ] as const)('%s', (action, from, to, fromExpired, fromRemoved) => {
    it(`moves ${from} → ${to} and refuses everything else`, () => {
      expect(planTransition({ ...temporary, status: from }, action, at(1))).toEqual({ status: to });
      expect(codeOf(() => planTransition({ ...temporary, status: to }, action, at(1)))).toBe('invalid_state');
      expect(codeOf(() => planTransition({ ...temporary, status: from }, action, at(31)))).toBe(fromExpired);
      expect(codeOf(() => planTransition({ ...temporary, status: 'removed' }, action, at(1)))).toBe(fromRemoved);
    });
  });

  it('removes active, paused and expired entries, remembering the status to restore', () => {
    expect(planTransition({ ...temporary, status: 'paused' }, 'remove', at(31))).toEqual({
      status: 'removed',
      statusBeforeRemoval: 'paused',
      removedAt: at(31),
    });
    expect(codeOf(() => planTransition({ ...temporary, status: 'removed' }, 'remove', at(1)))).toBe('invalid_state');
    expect(codeOf(() => planTransition({ ...temporary, status: 'retired' }, 'remove', at(1)))).toBe('invalid_state');
  });

  it('restores within 30 days of removal to the status before, then restore_window_ended; not_removed otherwise', () => {
    const removed = { ...temporary, status: 'removed' as const, statusBeforeRemoval: 'paused' as const, removedAt: at(5) };
    expect(planTransition(removed, 'restore', at(35))).toEqual({ status: 'paused', statusBeforeRemoval: null, removedAt: null });
    expect(codeOf(() => planTransition(removed, 'restore', new Date(at(35).getTime() + 1)))).toBe('restore_window_ended');
    expect(codeOf(() => planTransition({ ...removed, status: 'retired' }, 'restore', at(40)))).toBe('restore_window_ended');
    expect(codeOf(() => planTransition(temporary, 'restore', at(1)))).toBe('not_removed');
  });

  it('renews temporary entries to now + 30 days until 30 days after expiry, then grace_ended', () => {
    expect(planTransition(temporary, 'renew', at(10))).toEqual({ expiresAt: at(40) });
    // Expired but within grace: renewable, and the entry resolves again.
    const renewed = planTransition(temporary, 'renew', at(45));
    expect(renewed).toEqual({ expiresAt: at(75) });
    expect(isResolvable({ ...temporary, expiresAt: renewed.expiresAt! }, at(45), false)).toBe(true);
    expect(planTransition(temporary, 'renew', at(60))).toEqual({ expiresAt: at(90) });
    expect(codeOf(() => planTransition(temporary, 'renew', new Date(at(60).getTime() + 1)))).toBe('grace_ended');
    expect(codeOf(() => planTransition({ ...temporary, term: 'ongoing', expiresAt: null }, 'renew', at(1)))).toBe('not_temporary');
    expect(codeOf(() => planTransition({ ...temporary, status: 'removed' }, 'renew', at(1)))).toBe('invalid_state');
  });

  it('retires removed entries after the restore window and temporary ones after the grace, never ongoing ones', () => {
    const removed = { ...temporary, status: 'removed' as const, removedAt: at(5) };
    expect(isRetirementDue(removed, at(35))).toBe(false);
    expect(isRetirementDue(removed, new Date(at(35).getTime() + 1))).toBe(true);
    expect(isRetirementDue(temporary, at(60))).toBe(false);
    expect(isRetirementDue(temporary, new Date(at(60).getTime() + 1))).toBe(true);
    expect(isRetirementDue({ ...temporary, term: 'ongoing', expiresAt: null }, at(1000))).toBe(false);
    expect(isRetirementDue({ ...temporary, status: 'retired' }, at(1000))).toBe(false);
  });

  it('ends a removed temporary entry\'s restore window with its renewal grace: cleanup retires it then, and restore is refused', () => {
    // Removed at day 50, expired since day 30: the grace ends at day 60, before the 30-day window would.
    const removed = { ...temporary, status: 'removed' as const, removedAt: at(50), statusBeforeRemoval: 'active' as const };
    expect(restoreEndsAt(removed)).toEqual(at(60));
    expect(planTransition(removed, 'restore', at(60))).toEqual({ status: 'active', statusBeforeRemoval: null, removedAt: null });
    expect(codeOf(() => planTransition(removed, 'restore', new Date(at(60).getTime() + 1)))).toBe('restore_window_ended');
    expect(isRetirementDue(removed, at(60))).toBe(false);
    expect(isRetirementDue(removed, new Date(at(60).getTime() + 1))).toBe(true);
    // An ongoing entry keeps the whole window.
    expect(restoreEndsAt({ ...removed, term: 'ongoing', expiresAt: null })).toEqual(at(80));
  });

  it('keeps private history 90 days', () => {
    expect(isHistoryKept(at(0), at(90))).toBe(true);
    expect(isHistoryKept(at(0), new Date(at(90).getTime() + 1))).toBe(false);
  });

  it('allows edits while active, paused or expired, not once removed or retired', () => {
    expect(codeOf(() => assertEditable({ ...temporary, status: 'paused' }, at(31)))).toBeNull();
    expect(codeOf(() => assertEditable({ ...temporary, status: 'removed' }, at(1)))).toBe('invalid_state');
    expect(codeOf(() => assertEditable({ ...temporary, status: 'retired' }, at(1)))).toBe('invalid_state');
  });

  it('gives a fresh term when an ongoing entry becomes temporary, and none when it becomes ongoing', () => {
    expect(expiryForTerm({ term: 'ongoing', expiresAt: null }, 'temporary', at(2))).toEqual(at(32));
    expect(expiryForTerm(temporary, 'temporary', at(2))).toEqual(expiry);
    expect(expiryForTerm(temporary, 'ongoing', at(2))).toBeNull();
  });

  it('stops agents at a lock and at an agent limit that leaves their grant out; people pass', () => {
    const owner = person('Owner');
    const agent: Actor = agentOf(owner);
    expect(codeOf(() => assertAgentMayChange({ locked: true, agentLimit: null }, owner))).toBeNull();
    expect(codeOf(() => assertAgentMayChange({ locked: true, agentLimit: null }, agent))).toBe('locked');
    expect(codeOf(() => assertAgentMayChange({ locked: false, agentLimit: ['grt_other'] }, agent))).toBe('agent_not_permitted');
    expect(codeOf(() => assertAgentMayChange({ locked: false, agentLimit: [agent.grantId!] }, agent))).toBeNull();
  });
});
