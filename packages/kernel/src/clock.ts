/** Business time comes from a Clock, never from the database, so tests can move time without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock for tests and one-shot commands (`--now`): it stands still until told to move. */
export interface ManualClock extends Clock {
  set(at: Date | string): void;
  advance(ms: number): void;
}

export const manualClock = (start: Date | string = new Date()): ManualClock => {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (at) => {
      current = new Date(at);
    },
    advance: (ms) => {
      current = new Date(current.getTime() + ms);
    },
  };
};

export const DAY_MS = 24 * 60 * 60 * 1000;

/** ISO 8601 UTC with milliseconds, the one timestamp format of the API. */
export const toIso = (date: Date): string => date.toISOString();

/** `toIso` of a date that may be absent: null stays null. */
export const toIsoOrNull = (date: Date | null): string | null => (date ? toIso(date) : null);
