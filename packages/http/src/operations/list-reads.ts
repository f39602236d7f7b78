import { DomainError } from '@svc/kernel';

/**
 * How many list reads (operations declared `listRead`: the public lists and searches) one process
 * builds at once, how many more may wait for a turn, and how long one may wait.
 */
export interface ListReadLimits {
  /** Built at once (`LIST_READS_CONCURRENCY`). */
  concurrency: number;
  /** Waiting for a turn beyond those (`LIST_READS_QUEUE`); past it, `503 busy` at once. */
  queue: number;
  /** The longest one waits for its turn before it is answered `503 busy`. */
  waitMs: number;
}

/**
 * How long a list waits for its turn at most: a line that moves (each list in it answered within
 * the statement limit, 5 s) is waited for; one that does not is answered. Two seconds was too short
 * on a loaded two-core machine: five readers in one process's line, each list taking up to a second
 * there, waited past it and were refused although the line moved.
 */
const WAIT_AT_MOST_MS = 10_000;

/**
 * One at a time: a deep list page costs PostgreSQL's time and then this process's one thread
 * (serialising up to 100 records), about a core's worth between them. One per process leaves the
 * pool's other connections, and the other cores' time, to writes, sign-ins and reads by id; two
 * per process already let ten hostile readers push an ordinary create's p90 to 78 ms on two cores
 * with two processes (docs/performance.md, "Hostile reads and poison writes"). A machine with
 * more cores per process may raise it (`LIST_READS_CONCURRENCY`).
 */
export const DEFAULT_LIST_READ_LIMITS: ListReadLimits = { concurrency: 1, queue: 100, waitMs: WAIT_AT_MOST_MS };

/** Seconds a client is asked to wait before asking for a refused list again. */
const RETRY_AFTER_SECONDS = 1;

/** `503 busy` with `Retry-After: 1`: the process is building as many lists as it builds at once, and as many wait. */
export const listReadsBusy = (): DomainError =>
  new DomainError('busy', 'Too many lists and searches are being answered right now; try again in a moment (see Retry-After).', {
    retry_after: RETRY_AFTER_SECONDS,
  });

export interface ListReadGate {
  /** Runs `build` once a turn is free: at once, after waiting in line, or never (`503 busy`). */
  run<T>(build: () => Promise<T>): Promise<T>;
  /** Lists being built now, and requests waiting for a turn. */
  readonly running: number;
  readonly waiting: number;
}

interface Waiter {
  admit(): void;
  timer: NodeJS.Timeout;
}

/**
 * The process's bound on list reads built at once, one rule at the HTTP edge for every list and
 * search (REST and MCP alike), whoever asks: a free turn runs at once; otherwise the request waits
 * in line (first come, first served) up to `waitMs`; a full line, or a wait past it, answers
 * `503 busy`. Everything else (writes, sign-ins, reads of one record, cached answers) never waits here.
 */
export const createListReadGate = ({ concurrency, queue, waitMs }: ListReadLimits = DEFAULT_LIST_READ_LIMITS): ListReadGate => {
  let running = 0;
  const line: Waiter[] = [];

  const release = () => {
    const next = line.shift();
    if (!next) {
      running--;
      return;
    }
    // The turn passes straight to the first in line: `running` stays as it is.
    clearTimeout(next.timer);
    next.admit();
  };

  const turn = (): Promise<void> => {
    if (running < concurrency) {
      running++;
      return Promise.resolve();
    }
    if (line.length >= queue) return Promise.reject(listReadsBusy());
    return new Promise<void>((resolve, reject) => {
      const waiter: Waiter = {
        admit: resolve,
        timer: setTimeout(() => {
          line.splice(line.indexOf(waiter), 1);
          reject(listReadsBusy());
        }, waitMs),
      };
      line.push(waiter);
    });
  };

  return {
    run: async (build) => {
      await turn();
      try {
        return await build();
      } finally {
        release();
      }
    },
    get running() {
      return running;
    },
    get waiting() {
      return line.length;
    },
  };
};
