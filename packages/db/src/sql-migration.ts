import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';
import type { OnlineStep } from './online-steps.ts';

/** A checked-in migration: its SQL, and the index steps that run after that SQL has committed. */
export interface SqlMigration extends MigrationObject {
  /** Run in the migration transaction, one statement an entry. */
  readonly statements: readonly string[];
  /** Run outside any transaction once the transaction has committed, in order (online-steps.ts). */
  readonly online: readonly OnlineStep[];
}

/**
 * A checked-in migration as plain SQL statements, one statement an entry (PGlite refuses several
 * commands in one prepared statement). Names sort into run order: `YYYYMMDDhhmm_package_what`.
 * An index on a table created by an earlier migration goes in `online`, so that building it does
 * not stop the table's writes (see docs/operations.md, "Upgrades and rollbacks").
 */
export const sqlMigration = (name: string, statements: string[], online: readonly OnlineStep[] = []): SqlMigration => ({
  name,
  statements,
  online,
  class: class extends Migration {
    override async up(): Promise<void> {
      for (const statement of statements) this.addSql(statement);
    }
  },
});

/**
 * An e-mail address as a POSIX pattern, written to sit inside a SQL string literal (`''` is its
 * quote). Applied migrations use it: its text must never change.
 */
export const SQL_EMAIL_ADDRESS = `[[:alnum:]._%+''-]+@([[:alnum:]]([[:alnum:]-]*[[:alnum:]])?\\.)+[[:alpha:]]{2,}`;

/**
 * An update that replaces every e-mail address in the text `column` with "[e-mail address removed]",
 * for text stored before public text refused them (docs/decisions.md, "Contact details in public
 * text"). Applied migrations use it: its text must never change.
 */
export const withoutEmailAddresses = (table: string, column: string): string =>
  `update ${table} set ${column} = regexp_replace(${column}, '${SQL_EMAIL_ADDRESS}', '[e-mail address removed]', 'g') where ${column} ~ '${SQL_EMAIL_ADDRESS}'`;
