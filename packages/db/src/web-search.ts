import { sql, type AliasedExpression, type Expression, type ExpressionBuilder, type Kysely, type SqlBool } from 'kysely';
import { countLimit, type Paging } from '@svc/kernel';
import type { Compilable } from './sql-builder.ts';

/**
 * Full-text search of a table's generated `search` column (a tsvector of the `english`
 * configuration), from words as a person types them (`websearch_to_tsquery`: quoted phrases, `or`,
 * `-word`). Jobs and offers filter and rank with these, so a search means the same on both.
 */
export const searchMatches = (q: string) => sql<SqlBool>`search @@ websearch_to_tsquery('english', ${q})`;

/** How well a row matches the search, for ordering by relevance. */
export const searchRank = (q: string) => sql<number>`ts_rank(search, websearch_to_tsquery('english', ${q}))`;

/** What `searchPage` reads of a table: one with `id`, `created_at` and a `search` tsvector. */
export interface SearchedTable {
  name: string;
  columns: readonly string[];
  columnsOf(alias: string): readonly string[];
}

/** Any tables: the builder's types cannot follow a table chosen at run time. */
type AnyTables = Record<string, Record<string, unknown>>;

export interface SearchPageOptions {
  /** The filter, words included (`searchMatches`), as one condition on the table. */
  where(eb: ExpressionBuilder<AnyTables, string>): Expression<SqlBool>;
  /** The words, trimmed; none or empty: a list, newest first. */
  q: string | undefined;
  paging: Paging;
  /** How many of the newest matches a search ranks, and where its total stops counting. */
  candidates: number;
  /** Further columns of the page (a poster's name, as `… as alias`). */
  extra?: readonly AliasedExpression<unknown, string>[];
  /**
   * A search also says where its ranked window ended: the oldest candidate's `created_at`
   * (`oldest_candidate` on the page's rows, `oldest` on the count).
   */
  windowEnd?: boolean;
}

/** How a search's page rows (`capped_total`, `oldest_candidate`) and its count alone (`total`, `oldest`) carry its total and where its ranked window ended. */
export interface SearchTotals {
  capped_total?: number | string | null;
  oldest_candidate?: Date | string | null;
  total?: number | string;
  oldest?: Date | string | null;
}

/** A statement that compiles on its own (a Kysely builder), read back as `R`. */
type Statement<R> = Compilable<R> & { compile(): ReturnType<Compilable<R>['compile']> };

/**
 * The statements for a page of a searchable table and its capped count. A search takes the newest
 * `candidates` matches (the planner reads a rare word's matches from the GIN index, and walks the
 * (status, created_at, id) index for a common one, where the candidates come within a few thousand
 * rows), ranks only those with `ts_rank`, and counts them over the window: the page's rows carry
 * the total (`capped_total`). A list counts with a cap past the page asked for
 * (`select count(*) from (select 1 … limit n)`), never every row, as an uncorrelated subquery of the
 * page (run once, as an InitPlan): one round trip for the page and its total. `count` alone is for
 * a page past the end, which has no row to carry it. `countCap`: a total this high is a lower bound.
 *
 * The builder's types cannot follow a table chosen at run time: the table gives its name and
 * columns, and the caller names the type of its rows (`Row`: the table's columns and `extra`).
 */
export const searchPage = <Row extends object>(
  builder: object,
  table: SearchedTable,
  { where, q, paging, candidates, extra = [], windowEnd = false }: SearchPageOptions,
): { page: Statement<Row & SearchTotals>; count: Statement<SearchTotals>; countCap: number } => {
  // A domain client's builder (`QueryClient.builder`), read as one on any tables.
  const b = builder as Kysely<AnyTables>;
  const newest = (columns: readonly string[]) =>
    b.selectFrom(table.name).select(columns).where(where).orderBy('created_at', 'desc').orderBy('id', 'desc').limit(sql.lit(candidates)).as('candidates');
  const countCap = q ? candidates : countLimit(candidates, paging);
  const capped = b
    .selectFrom(table.name)
    .select((eb) => eb.lit(1).as('one'))
    .where(where)
    .limit(sql.lit(countCap))
    .as('capped');
  const page = q
    ? // Candidates carry only what ranking needs; the full columns are read for the one page answered.
      b
        .with('ranked', (w) =>
          w
            .selectFrom(newest(['id', 'created_at', 'search']))
            .select((eb) => [
              'id',
              'created_at',
              searchRank(q).as('rank'),
              eb.fn.countAll<number | string>().over().as('capped_total'),
              ...(windowEnd ? [eb.fn.min('created_at').over().as('oldest_candidate')] : []),
            ])
            .orderBy('rank', 'desc')
            .orderBy('created_at', 'desc')
            .orderBy('id', 'desc')
            .limit(paging.limit)
            .offset(paging.offset),
        )
        .selectFrom('ranked')
        .innerJoin(table.name, `${table.name}.id`, 'ranked.id')
        .select([...table.columnsOf(table.name), 'ranked.capped_total', ...(windowEnd ? ['ranked.oldest_candidate'] : []), ...extra])
        .orderBy('ranked.rank', 'desc')
        .orderBy('ranked.created_at', 'desc')
        .orderBy('ranked.id', 'desc')
    : b
        .selectFrom(table.name)
        .select((eb) => [...table.columns, eb.selectFrom(capped).select(eb.fn.countAll<number | string>().as('n')).as('capped_total'), ...extra])
        .where(where)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(paging.limit)
        .offset(paging.offset);
  const count = q
    ? b
        .selectFrom(newest(['created_at']))
        .select((eb) => [eb.fn.countAll<number | string>().as('total'), ...(windowEnd ? [eb.fn.min('created_at').as('oldest')] : [])])
    : b.selectFrom(capped).select((eb) => eb.fn.countAll<number | string>().as('total'));
  return { page: page as Statement<Row & SearchTotals>, count: count as Statement<SearchTotals>, countCap };
};
