/** The channel on which tables announce their committed changes; the payload is the table's name. */
export const CHANGES_CHANNEL = 'svc_changes';

/**
 * `svc_announce_changes()`: the one trigger function every announcing table attaches (as a statement
 * trigger, `announceChangesTrigger`) to announce each insert, update and delete on `CHANGES_CHANNEL`,
 * with the table's name (`TG_TABLE_NAME`) as the payload. PostgreSQL delivers a notification only
 * when its transaction commits, and once per transaction however many statements fired it.
 *
 * A transaction that notifies holds a database-wide lock from its commit until its commit record is
 * on disk, so notifying writers commit one at a time. Our own transactions (`db.transaction` on
 * PostgreSQL) therefore say they announce after their commit (`ANNOUNCE_AFTER_COMMIT`): the function
 * then only notes the table in the session, and `ANNOUNCED_CHANGES`, sent in the same message right
 * after the `commit`, notifies in a transaction of its own that waits for no disk. Every other
 * writer (a statement on its own, the entity manager, psql) is announced at once.
 */
export const ANNOUNCE_CHANGES_FUNCTION_SQL = `create or replace function svc_announce_changes() returns trigger language plpgsql as $$
  begin
    if current_setting('svc.announce', true) = 'after_commit' then
      perform set_config('svc.changed', concat_ws(',', nullif(current_setting('svc.changed', true), ''), TG_TABLE_NAME), false);
    else
      perform pg_notify('${CHANGES_CHANNEL}', TG_TABLE_NAME);
    end if;
    return null;
  end $$`;

/** The statement that attaches `svc_announce_changes()` to `table`: a domain migration runs it. */
export const attachAnnounceChangesSql = (table: string) =>
  `create trigger "announce_changes" after insert or update or delete on "${table}" for each statement execute function svc_announce_changes()`;

/** The trigger as an entity declares it (in its `triggers`), so that the schema comparison knows it. */
export const announceChangesTrigger = (table: string) => ({
  name: 'announce_changes',
  timing: 'after' as const,
  events: ['insert' as const, 'update' as const, 'delete' as const],
  forEach: 'statement' as const,
  expression: attachAnnounceChangesSql(table),
});

/** Sent with a transaction's `begin`: its changes are announced after its commit (see above). */
export const ANNOUNCE_AFTER_COMMIT = "set local svc.announce = 'after_commit'";

/**
 * Sent right after a `commit`, in the same message: a notification for each table the transaction
 * noted, from a transaction that commits without waiting for the disk (a notification cannot outlive
 * a crash of the server anyway: every listener loses its connection and drops what it kept). Nothing
 * is sent when nothing was noted; a rolled-back transaction's notes are rolled back with it.
 */
export const ANNOUNCED_CHANGES = `select pg_notify('${CHANGES_CHANNEL}', changed), set_config('synchronous_commit', 'off', true), set_config('svc.changed', '', false) from unnest(string_to_array(nullif(current_setting('svc.changed', true), ''), ',')) as changed`;
