import { Routine } from '@mikro-orm/core';

/**
 * `rate_limit_hit(name, subject, window_start, commit_async)`: counts one event in the fixed window
 * of `name` for `subject` (the bucket is the hex SHA-256 of `name:subject`, as `peek` computes it)
 * and returns the count. A function, so that a statement that reads something else (the bearer
 * token's) can count in the same round trip.
 *
 * With `commit_async` it sets `synchronous_commit = off` for the rest of its transaction: every
 * event of a subject updates one row, and a commit waiting for the WAL flush held that row's lock
 * through the flush, so events queued on it. A crash of PostgreSQL may then forget the last fraction
 * of a second of counts. Callers pass it only for a statement that is its own transaction.
 */
export const RATE_LIMIT_HIT_SQL = `create function rate_limit_hit(p_name text, p_subject text, p_window timestamptz, p_commit_async boolean)
  returns integer language plpgsql volatile as $$
  declare
    hits integer;
  begin
    if p_commit_async then
      perform set_config('synchronous_commit', 'off', true);
    end if;
    insert into rate_limit_windows as w (bucket, window_start, count)
      values (encode(sha256(convert_to(p_name || ':' || p_subject, 'UTF8')), 'hex'), p_window, 1)
      on conflict (bucket, window_start) do update set count = w.count + 1
      returning w.count into hits;
    return hits;
  end $$`;

/** The same function, declared so that the schema comparison knows it (the migration defines it). */
export const rateLimitHit = new Routine({
  name: 'rate_limit_hit',
  type: 'function',
  language: 'plpgsql',
  params: {
    p_name: { type: 'text' },
    p_subject: { type: 'text' },
    p_window: { type: 'timestamptz' },
    p_commit_async: { type: 'boolean' },
  },
  returns: { runtimeType: 'number', columnType: 'integer' },
  body: 'see RATE_LIMIT_HIT_SQL',
  ignoreSchemaChanges: ['body'],
});
