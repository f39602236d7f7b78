import { beforeAll, describe, expect, it } from 'vitest';
import { createQueryClient, dbEntities, dbSchema, type Database } from '../src/index.ts';
import { IdempotencyKey } from '../src/entities.ts';
import { formatSql, generateQueryReport, type QueryReport } from '../src/testing.ts';

/** A small repository on the shared tables, reported the way a domain reports its own. */
const keysRepository = (db: Database) => {
  const client = createQueryClient(db, dbEntities);
  const keys = client.table(IdempotencyKey);
  return {
    store: (scope: string) =>
      client.insert(IdempotencyKey, { scope, route: 'POST /x', key: 'k', fingerprint: 'f', createdAt: new Date('2026-11-22T12:00:00.000Z') }),
    find: async (scope: string) =>
      (await client.query(client.builder.selectFrom('idempotency_keys').select(keys.columns).where('scope', '=', scope).orderBy('key'))).map(keys.read),
  };
};

const report = (calls: QueryReport<ReturnType<typeof keysRepository>>['calls']): QueryReport<ReturnType<typeof keysRepository>> => ({
  command: 'pnpm --filter @svc/db queries',
  title: 'KeysRepository',
  schema: dbSchema,
  repository: keysRepository,
  calls,
});

describe('the SQL file of a repository', () => {
  let text: string;
  // Migrating PGlite takes a hook's time, not a test's.
  beforeAll(async () => {
    text = await generateQueryReport(
      report([
        { name: 'store', run: (repo) => repo.store('a') },
        { name: 'find (a scope with a key)', run: async (repo) => expect(await repo.find('a')).toHaveLength(1) },
      ]),
    );
  });

  it('shows each call with the statements it sent, laid out a clause a line, its parts below it', () => {
    expect(text).toBe(
      [
        "-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/db queries` after changing a query.",
        '',
        '-- KeysRepository.store',
        'insert into',
        '  idempotency_keys (scope, route, key, fingerprint, created_at)',
        'values',
        '  ($1, $2, $3, $4, $5);',
        '',
        '-- KeysRepository.find (a scope with a key)',
        'select',
        '  scope,',
        '  route,',
        '  key,',
        '  fingerprint,',
        '  status,',
        '  body,',
        '  created_at',
        'from',
        '  idempotency_keys',
        'where',
        '  scope = $1',
        'order by',
        '  key;',
        '',
      ].join('\n'),
    );
  });

  it('refuses a report that leaves a method out', async () => {
    await expect(generateQueryReport(report([{ name: 'store', run: (repo) => repo.store('b') }]))).rejects.toThrow(
      'KeysRepository: no call shows the SQL of find; add one to its query report',
    );
  });

  it('changes nothing but whitespace, and nothing inside quotes', () => {
    const statement =
      "select a, (select count(*) as n from b where b.a = a.id and b.x <> 'it''s  (select') as n, \"Odd  Name\" from a where a.id = $1 or a.id in (1, 2) order by a.id desc limit $2";
    const formatted = formatSql(statement);
    expect(formatted.replace(/\s+/g, '')).toBe(statement.replace(/\s+/g, ''));
    expect(formatted).toContain("'it''s  (select'");
    expect(formatted).toContain('"Odd  Name"');
    expect(formatted.split('\n')).toEqual([
      'select',
      '  a,',
      '  (',
      '    select',
      '      count(*) as n',
      '    from',
      '      b',
      '    where',
      '      b.a = a.id',
      "      and b.x <> 'it''s  (select'",
      '  ) as n,',
      '  "Odd  Name"',
      'from',
      '  a',
      'where',
      '  a.id = $1',
      '  or a.id in (1, 2)',
      'order by',
      '  a.id desc',
      'limit',
      '  $2',
    ]);
  });
});
