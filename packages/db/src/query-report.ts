import { format } from 'sql-formatter';
import { openDatabase, type Database, type DatabaseOptions } from './database.ts';
import type { CompiledStatement, CompiledStatements } from './query-types.ts';

/**
 * The SQL file of a repository (`src/queries/<domain>.sql`): every statement each of its methods
 * sends, as it is sent (`$1…` are its parameters), so that a reviewer reads the SQL a change makes
 * the server run. A script writes it, and a test fails when the checked-in file differs.
 *
 * The methods run for real, in the order given, on an in-memory PGlite database migrated with the
 * domain's schema: so every statement in the file has run against the tables the migrations make,
 * and methods that read before they write (a lock, then an update) show every statement.
 */

/** One call of a repository method. `name` is the method, with a variant in parentheses when one method is called several ways. */
export interface ReportedCall<R> {
  readonly name: string;
  run(repository: R): Promise<unknown>;
}

export interface QueryReport<R> {
  /** The command that writes the file, for its header and for the drift test's message. */
  readonly command: string;
  /** The repository interface's name: sections are headed `-- <title>.<method>`. */
  readonly title: string;
  readonly schema: Pick<DatabaseOptions, 'entities' | 'migrations' | 'routines'>;
  /** The repository on `db`, built as its module builds it (from the domain's query client). */
  repository(db: Database): R;
  /** At least one call for every method of the repository. */
  readonly calls: readonly ReportedCall<R>[];
}

/** The file's text for `report`: its header, then one section per call. */
export const generateQueryReport = async <R extends object>(report: QueryReport<R>): Promise<string> => {
  const db = await openDatabase({ ...report.schema, dataDir: 'memory://' });
  try {
    const sent: CompiledStatement[] = [];
    // The repository's client sends through `compiled`: each statement is noted on its way.
    const compiled: CompiledStatements = {
      query: (statement, options) => (sent.push(statement), db.compiled.query(statement, options)),
      queryDeferred: (statement) => (sent.push(statement), db.compiled.queryDeferred(statement)),
      write: (statement) => (sent.push(statement), db.compiled.write(statement)),
      insert: (statement) => (sent.push(statement), db.compiled.insert(statement)),
    };
    const repository = report.repository({ ...db, compiled });
    const called = new Set(report.calls.map((call) => call.name.split(' ')[0]));
    const missing = Object.keys(repository).filter((method) => !called.has(method));
    if (missing.length > 0) throw new Error(`${report.title}: no call shows the SQL of ${missing.join(', ')}; add one to its query report`);
    await db.migrate();
    const sections: string[] = [];
    // A statement the file already shows (another variant of a method, sent with other values) is
    // named, not repeated: a reviewer reads each distinct statement once.
    const shownBy = new Map<string, string>();
    for (const call of report.calls) {
      sent.length = 0;
      await db.transaction(() => call.run(repository));
      const heading = `${report.title}.${call.name}`;
      const statements = sent.map((statement) => {
        const sql = `${formatSql(statement.sql)};`;
        const shown = shownBy.get(sql);
        if (shown !== undefined) return `-- (the statement shown under ${shown})`;
        shownBy.set(sql, heading);
        return sql;
      });
      sections.push(`-- ${heading}\n${statements.length > 0 ? statements.join('\n\n') : '-- (no statement)'}`);
    }
    const header = `-- Generated from the repository's methods; do not edit. Run \`${report.command}\` after changing a query.\n`;
    return `${header}\n${sections.join('\n\n')}\n`;
  } finally {
    await db.close();
  }
};

/**
 * The statement laid out for reading by sql-formatter in PostgreSQL's dialect: a clause a line,
 * its parts indented below it. Only whitespace may change, so that the file holds the statement as
 * sent: a layout that changed more is refused.
 */
export const formatSql = (text: string): string => {
  // A parenthesised part of up to 100 characters (a row of values, a short subquery) stays on one line.
  const formatted = format(text, { language: 'postgresql', expressionWidth: 100 });
  if (formatted.replace(/\s+/g, '') !== text.replace(/\s+/g, '')) throw new Error(`Laying out the statement changed more than its whitespace: ${text}`);
  return formatted;
};
