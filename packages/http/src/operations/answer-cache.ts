/** A public answer kept as sent: status, the operation's own headers and the JSON text. */
export interface CachedAnswer {
  status: number;
  headers: Record<string, string> | undefined;
  json: string;
}

/**
 * Answers of public reads kept in this process, each valid while nothing it was built from has
 * changed. `stamp` comes from the database's change feed (`@svc/db` `ChangeFeed`): it changes when
 * any process commits a change to one of the tables, and is null when changes cannot be followed.
 */
export interface AnswerCache {
  /** The kept answer for `key`, if none of `tables` has changed since it was built. */
  get(key: string, tables: readonly string[]): CachedAnswer | undefined;
  /** Where the tables stand now: read before building an answer, handed to `set` after. */
  stamp(tables: readonly string[]): string | null;
  /** Keeps `answer` when the tables have not changed since `stamp` (a change during the build makes it stale). */
  set(key: string, tables: readonly string[], stamp: string | null, answer: CachedAnswer): void;
  /**
   * Builds the answer for `key` at `stamp` and keeps it (as `set` does), once for every request that
   * misses it meanwhile: they wait for the build in flight instead of each building the same answer
   * again. Without a stamp (changes cannot be followed) every request builds its own.
   */
  buildOnce(key: string, tables: readonly string[], stamp: string | null, build: () => Promise<CachedAnswer>): Promise<CachedAnswer>;
}

interface Entry {
  stamp: string;
  answer: CachedAnswer;
  /** When it was kept (ms since the epoch). */
  keptAt: number;
}

/**
 * The last line of defence: no kept answer is served once it is this old, even while the change feed
 * says nothing changed, so a failure the feed cannot see heals by itself (docs/scaling.md).
 */
export const ANSWER_MAX_AGE_MS = 30_000;

/** What a lookup found: a kept answer, none (or a stale one), or no lookup at all while changes cannot be followed. */
export type AnswerLookup = 'hit' | 'miss' | 'bypass';

/**
 * An in-memory cache bounded by the size of the JSON it holds (`maxBytes`, counted as UTF-16 code
 * units); the least recently used answer leaves first.
 */
export const createAnswerCache = ({
  stamp,
  maxBytes = 8 * 1024 * 1024,
  maxAgeMs = ANSWER_MAX_AGE_MS,
  now = Date.now,
  counted = () => {},
}: {
  stamp(tables: readonly string[]): string | null;
  maxBytes?: number;
  maxAgeMs?: number;
  now?: () => number;
  /** Told what each lookup found (the process's metrics). */
  counted?: (lookup: AnswerLookup) => void;
}): AnswerCache => {
  const entries = new Map<string, Entry>();
  /**
   * Builds in flight, by key. Without them, when a kept list goes stale under load, every request
   * that missed it builds the same answer again, one after another in the process's turns for list
   * reads (list-reads.ts): the last waits for all the builds before it.
   */
  const building = new Map<string, { stamp: string; answer: Promise<CachedAnswer> }>();
  let size = 0;
  const drop = (key: string, entry: Entry) => {
    entries.delete(key);
    size -= entry.answer.json.length;
  };
  /** Keeps `answer` unless the tables moved since `before` or it is too large (`set`). */
  const keep = (key: string, tables: readonly string[], before: string | null, answer: CachedAnswer): void => {
    if (before === null || stamp(tables) !== before || answer.json.length > maxBytes / 8) return;
    const old = entries.get(key);
    if (old) drop(key, old);
    entries.set(key, { stamp: before, answer, keptAt: now() });
    size += answer.json.length;
    for (const [oldest, entry] of entries) {
      if (size <= maxBytes) break;
      drop(oldest, entry);
    }
  };
  return {
    stamp,
    get: (key, tables) => {
      const current = stamp(tables);
      const entry = entries.get(key);
      if (current === null) {
        // The feed cannot show it hears every change: nothing kept may be served, nor kept.
        if (entry) drop(key, entry);
        counted('bypass');
        return undefined;
      }
      if (!entry) {
        counted('miss');
        return undefined;
      }
      if (entry.stamp !== current || now() - entry.keptAt > maxAgeMs) {
        drop(key, entry);
        counted('miss');
        return undefined;
      }
      counted('hit');
      // Most recently used last, so eviction takes the first.
      entries.delete(key);
      entries.set(key, entry);
      return entry.answer;
    },
    set: keep,
    buildOnce: (key, tables, before, build) => {
      if (before === null) return build();
      const inFlight = building.get(key);
      if (inFlight?.stamp === before) return inFlight.answer;
      const answer = build()
        .then((built) => {
          keep(key, tables, before, built);
          return built;
        })
        .finally(() => {
          if (building.get(key)?.answer === answer) building.delete(key);
        });
      building.set(key, { stamp: before, answer });
      return answer;
    },
  };
};

/** No cache: every answer is built afresh. */
export const noAnswerCache: AnswerCache = { get: () => undefined, stamp: () => null, set: () => {}, buildOnce: (_key, _tables, _stamp, build) => build() };
