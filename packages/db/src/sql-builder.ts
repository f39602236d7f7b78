import {
  DummyDriver,
  Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type CompiledQuery,
  type DatabaseConnection,
  type IdentifierNode,
} from 'kysely';

/**
 * PostgreSQL's reserved key words (those it never takes as a bare column or table name): an
 * identifier spelt like one keeps its quotes.
 */
const RESERVED = new Set(
  (
    'all analyse analyze and any array as asc asymmetric authorization binary both case cast check collate collation column ' +
    'concurrently constraint create cross current_catalog current_date current_role current_schema current_time ' +
    'current_timestamp current_user default deferrable desc distinct do else end except false fetch for foreign freeze from ' +
    'full grant group having ilike in initially inner intersect into is isnull join lateral leading left like limit localtime ' +
    'localtimestamp natural not notnull null offset on only or order outer overlaps placing primary references returning ' +
    'right select session_user similar some symmetric system_user table tablesample then to trailing true union unique user ' +
    'using variadic verbose when where window with'
  ).split(' '),
);

/** A name PostgreSQL reads the same with or without quotes: lower case, and no reserved word. */
const PLAIN = /^[a-z_][a-z0-9_]*$/;

/**
 * Kysely's PostgreSQL compiler, writing names without quotes where quotes change nothing
 * (`select id, title from threads where id = $1`, where Kysely writes `select "id", "title" …`).
 *
 * Why: the statements read as a person writes SQL wherever people read them: in each repository's
 * generated `queries/*.sql`, in slow-statement logs and in trace spans. Names that need quotes
 * (upper case, a reserved word) keep them, so a text never changes meaning. Values are parameters
 * (`$1…`); a literal is written only where a statement asks for one (`sql.lit(7321)`, `eb.lit(1)`).
 */
class PlainNamesCompiler extends PostgresQueryCompiler {
  protected override visitIdentifier(node: IdentifierNode): void {
    if (PLAIN.test(node.name) && !RESERVED.has(node.name)) this.append(node.name);
    else super.visitIdentifier(node);
  }
}

/** Kysely builds and compiles here, but never connects: statements go through `Database` (query-client.ts). */
class CompileOnlyDriver extends DummyDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    throw new Error('This query builder only compiles: send the statement through the repository client (query, write, deferred, insert).');
  }
}

/**
 * A Kysely instance typed by `DB` (the tables from the entities, entity-tables.ts) that only builds
 * and compiles statements: `$1…` placeholders, names unquoted where PostgreSQL allows.
 */
export const createSqlBuilder = <DB>(): Kysely<DB> =>
  new Kysely<DB>({
    dialect: {
      createAdapter: () => new PostgresAdapter(),
      createDriver: () => new CompileOnlyDriver(),
      createIntrospector: (db) => new PostgresIntrospector(db),
      createQueryCompiler: () => new PlainNamesCompiler(),
    },
  });

/** What the client sends: a built statement (`compile()`), or a `sql` tagged template (`compile(builder)`). */
export interface Compilable<R> {
  compile(builder: Kysely<never>): CompiledQuery<R>;
}

/** `statement` compiled: a builder ignores the argument, a `sql` template compiles with it. */
export const compileWith = <R>(builder: Kysely<unknown>, statement: Compilable<R>): CompiledQuery<R> =>
  statement.compile(builder as unknown as Kysely<never>);
