/** The channel on which tables announce their committed changes; the payload is the table's name. */
export const CHANGES_CHANNEL = 'svc_changes';

/**
 * The statement trigger a table declares (in its entity's `triggers`, so the schema comparison knows
 * it) to announce every insert, update and delete on `CHANGES_CHANNEL`. PostgreSQL delivers a
 * notification only when its transaction commits, and once per transaction however many statements
 * fired it. The migration that creates it must spell out the same SQL (MikroORM's convention: the
 * function is `<table>_announce_changes_fn`).
 *
 * A transaction that notifies holds a database-wide lock from its commit until its commit record is
 * on disk, so notifying writers commit one at a time. Our own transactions (`db.transaction` on
 * PostgreSQL) therefore say they announce after their commit (`ANNOUNCE_AFTER_COMMIT`): the trigger
 * then only notes the table in the session, and `ANNOUNCED_CHANGES`, sent in the same message right
 * after the `commit`, notifies in a transaction of its own that waits for no disk. Every other
 * writer (a statement on its own, the entity manager, psql) is announced by the trigger as before.
 */
export const announceChangesTrigger = (table: string) => ({
  name: 'announce_changes',
  timing: 'after' as const,
  events: ['insert' as const, 'update' as const, 'delete' as const],
  forEach: 'statement' as const,
  body: announceChangesBody(table),
});

/** The trigger function's body: note the table for after the commit, or notify now. */
export const announceChangesBody = (table: string) =>
  `if current_setting('svc.announce', true) = 'after_commit' then perform set_config('svc.changed', concat_ws(',', nullif(current_setting('svc.changed', true), ''), '${table}'), false); else perform pg_notify('${CHANGES_CHANNEL}', '${table}'); end if; return null;`;

/** Sent with a transaction's `begin`: its changes are announced after its commit (see above). */
export const ANNOUNCE_AFTER_COMMIT = "set local svc.announce = 'after_commit'";

/**
 * Sent right after a `commit`, in the same message: a notification for each table the transaction
 * noted, from a transaction that commits without waiting for the disk (a notification cannot outlive
 * a crash of the server anyway: every listener loses its connection and drops what it kept). Nothing
 * is sent when nothing was noted; a rolled-back transaction's notes are rolled back with it.
 */
export const ANNOUNCED_CHANGES = `select pg_notify('${CHANGES_CHANNEL}', changed), set_config('synchronous_commit', 'off', true), set_config('svc.changed', '', false) from unnest(string_to_array(nullif(current_setting('svc.changed', true), ''), ',')) as changed`;
