import { threadErrors } from './threads.errors.ts';
import type { ThreadStatus } from './threads.schemas.ts';

/** What the owner does to a thread's status. */
export const THREAD_ACTIONS = ['archive', 'reopen'] as const;
export type ThreadAction = (typeof THREAD_ACTIONS)[number];

/** Where each action leads; an action towards the status the thread already has is `invalid_state`. */
const TARGETS: Record<ThreadAction, ThreadStatus> = { archive: 'archived', reopen: 'open' };

/** The status a thread moves to, or 409 `invalid_state` when it already has it. */
export const nextThreadStatus = (from: ThreadStatus, action: ThreadAction): ThreadStatus => {
  const to = TARGETS[action];
  if (from === to) throw threadErrors.invalidState(`This thread is already ${to}.`, { status: from, action });
  return to;
};
