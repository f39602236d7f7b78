import { expressionBuilder, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { EntityTables } from '../src/entity-tables.ts';
import type { dbEntities } from '../src/entities.ts';
import { columnsOf, mergeColumns } from '../src/select-columns.ts';
import { prepared, preparedShapes } from '../src/prepared.ts';
import { compileWith, createSqlBuilder } from '../src/sql-builder.ts';

type Tables = EntityTables<(typeof dbEntities)[number]> & { odd: { Mixed: string; user: string; order: number } };
const q = createSqlBuilder<Tables>();

describe('the typed query builder', () => {
  it('compiles names without quotes and values as $n parameters', () => {
    const at = new Date('2026-11-22T12:00:00.000Z');
    const { sql: text, parameters } = q
      .selectFrom('idempotency_keys as k')
      .select(['k.key', 'k.status'])
      .where('k.scope', '=', 'a')
      .where('k.created_at', '<', at)
      .orderBy('k.key', 'desc')
      .limit(5)
      .compile();
    expect(text).toBe('select k.key, k.status from idempotency_keys as k where k.scope = $1 and k.created_at < $2 order by k.key desc limit $3');
    expect(parameters).toEqual(['a', at, 5]);
  });

  it("puts several domains' columns in one statement, their values its parameters in order", () => {
    const eb = expressionBuilder<Tables, never>();
    const counts = mergeColumns<{ n?: unknown; m?: unknown }>([
      { sql: columnsOf([eb.selectFrom('idempotency_keys').select(eb.fn.countAll().as('c')).where('scope', '=', 'a').as('n')]), read: (row) => ({ n: row.n }) },
      { sql: sql`${2}::int as m`, read: (row) => ({ m: row.m }) },
    ]);
    const { sql: text, parameters } = sql`select ${counts.sql} where ${'r'}::text is not null`.compile(q);
    expect(text).toBe('select (select count(*) as c from idempotency_keys where scope = $1) as n, $2::int as m where $3::text is not null');
    expect(parameters).toEqual(['a', 2, 'r']);
    expect(counts.read({ n: 1, m: 2 })).toEqual({ n: 1, m: 2 });
  });

  it('keeps the quotes of a name PostgreSQL would read otherwise: capitals and reserved words', () => {
    expect(q.selectFrom('odd').select(['Mixed', 'user', 'order']).compile().sql).toBe('select "Mixed", "user", "order" from odd');
  });

  it('writes a value as a parameter in a sql template too, and a sql.lit number as itself', () => {
    const compiled = sql`select pg_advisory_xact_lock(${sql.lit(7)}, hashtext(${"O'Brien"}))`.compile(q);
    expect(compiled.sql).toBe('select pg_advisory_xact_lock(7, hashtext($1))');
    expect(compiled.parameters).toEqual(["O'Brien"]);
  });

  it('never connects: running a statement on the builder is refused', async () => {
    await expect(q.selectFrom('usage_counts').select('count').execute()).rejects.toThrow(/only compiles/);
  });
});

describe('a prepared statement', () => {
  const byScope = prepared((v: { scope: string; before: Date }) =>
    q.selectFrom('idempotency_keys as k').select('k.key').where('k.scope', '=', v.scope).where('k.created_at', '<', v.before).limit(5),
  );

  it('sends the text and parameters building it each time would, with each call its own values', () => {
    const at = new Date('2026-11-22T12:00:00.000Z');
    const built = (scope: string, before: Date) =>
      q.selectFrom('idempotency_keys as k').select('k.key').where('k.scope', '=', scope).where('k.created_at', '<', before).limit(5).compile();
    for (const [scope, before] of [['a', at], ['b', new Date(0)]] as const) {
      const compiled = compileWith(q as never, byScope({ scope, before }));
      expect(compiled.sql).toBe(built(scope, before).sql);
      expect(compiled.parameters).toEqual([scope, before, 5]);
    }
  });

  it('takes a value in a sql template, used twice, beside a constant of the statement', () => {
    const pair = prepared((v: { name: string }) => sql`select ${v.name}::text as a, ${7}::int as b, length(${v.name}) as c`);
    const compiled = compileWith(q as never, pair({ name: "O'Brien" }));
    expect(compiled.sql).toBe('select $1::text as a, $2::int as b, length($3) as c');
    expect(compiled.parameters).toEqual(["O'Brien", 7, "O'Brien"]);
  });

  it('refuses a value that shapes the text instead of becoming a parameter', () => {
    const shaped = prepared((v: { hidden: boolean }) => sql`select 1 ${v.hidden ? sql`where false` : sql``}`);
    expect(() => compileWith(q as never, shaped({ hidden: false }))).toThrow(/hidden shaped the text/);
  });
});

describe('prepared statements of several shapes', () => {
  const byColumn = (built: string[]) =>
    preparedShapes(
      (column: 'key' | 'status') => column,
      (column) => {
        built.push(column);
        return prepared((v: { value: string }) => q.selectFrom('idempotency_keys').select('scope').where(column, '=', v.value));
      },
    );

  it('builds each shape once and sends each call its own values', () => {
    const built: string[] = [];
    const statementOf = byColumn(built);
    const texts = (['key', 'status', 'key'] as const).map((column, at) => compileWith(q as never, statementOf(column)({ value: `v${at}` })));
    expect(built).toEqual(['key', 'status']);
    expect(texts.map((t) => [t.sql, t.parameters])).toEqual([
      ['select scope from idempotency_keys where key = $1', ['v0']],
      ['select scope from idempotency_keys where status = $1', ['v1']],
      ['select scope from idempotency_keys where key = $1', ['v2']],
    ]);
  });

  it('keeps at most 500 shapes: past them a statement is built for each call', () => {
    let builds = 0;
    const statementOf = preparedShapes(
      (n: number) => String(n),
      (n) => {
        builds += 1;
        return prepared((v: { value: string }) => sql`select ${v.value}::text as a, ${n}::int as n`);
      },
    );
    for (let n = 0; n < 501; n += 1) statementOf(n);
    statementOf(0);
    statementOf(500);
    statementOf(500);
    expect(builds).toBe(503);
    expect(compileWith(q as never, statementOf(500)({ value: 'x' })).parameters).toEqual(['x', 500]);
  });
});
