import { describe, expect, it } from 'vitest';
import { JOB_ACTIONS, JOB_STATUSES, nextStatus, type JobAction, type JobStatus } from '../src/jobs.state.ts';

/** The whole transition table: every status × every action, with the outcome a user sees. */
const TABLE: [JobStatus, JobAction, JobStatus | 'invalid_state'][] = [
  ['open', 'close', 'closed'],
  ['open', 'reopen', 'invalid_state'],
  ['open', 'remove', 'removed'],
  ['closed', 'close', 'invalid_state'],
  ['closed', 'reopen', 'open'],
  ['closed', 'remove', 'removed'],
  ['removed', 'close', 'invalid_state'],
  ['removed', 'reopen', 'invalid_state'],
  ['removed', 'remove', 'invalid_state'],
];

describe('job state machine', () => {
  it('covers every status and action', () => {
    expect(TABLE).toHaveLength(JOB_STATUSES.length * JOB_ACTIONS.length);
  });

  describe.each(TABLE)('%s + %s', (from, action, expected) => {
    if (expected === 'invalid_state') {
      it('is refused with invalid_state naming the status and action', () => {
        expect(() => nextStatus(from, action)).toThrow(
          expect.objectContaining({ code: 'invalid_state', extras: { status: from, action } }),
        );
      });
    } else {
      it(`moves to ${expected}`, () => {
        expect(nextStatus(from, action)).toBe(expected);
      });
    }
  });
});
