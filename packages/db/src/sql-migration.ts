import type { MigrationObject } from '@mikro-orm/core';
import { Migration } from '@mikro-orm/migrations';

/**
 * A checked-in migration as plain SQL statements, one statement an entry (PGlite refuses several
 * commands in one prepared statement). Names sort into run order: `YYYYMMDDhhmm_package_what`.
 */
export const sqlMigration = (name: string, statements: string[]): MigrationObject => ({
  name,
  class: class extends Migration {
    override async up(): Promise<void> {
      for (const statement of statements) this.addSql(statement);
    }
  },
});
