import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PipelineFailure, sendPipelined, sqlText } from '../src/pg/pipelined.ts';
import { countSyncs, TEST_DATABASE_URL } from '../src/testing.ts';

/**
 * A message of statements on the driver directly (pg/pipelined.ts): one batch with one Sync, or
 * query by query while the connection has a name to prepare. PGlite has no driver: PostgreSQL only.
 */
describe('statements sent together on PostgreSQL', () => {
  let pool: pg.Pool;
  const table = `pipelined_${process.pid}`;

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, pipeline: true } as pg.PoolConfig);
    await pool.query(`create table ${table} (id int primary key, note text not null, at timestamptz not null default now())`);
  });
  afterAll(async () => {
    await pool.query(`drop table if exists ${table}`);
    await pool.end();
  });

  /** Runs `work` on the pool's one connection. */
  const onClient = async <T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T> => {
    const client = await pool.connect();
    try {
      return await work(client);
    } finally {
      client.release();
    }
  };
  const notes = async () => (await pool.query<{ id: number; note: string }>(`select id, note from ${table} order by id`)).rows;

  it("answers each statement with its own rows, in order, parsed with the client's type parsers", async () => {
    const results = await onClient((client) =>
      sendPipelined(client, [
        sqlText('begin', 'set local lock_timeout = 1000'),
        { text: `insert into ${table} (id, note) values ($1, $2), ($3, $4) returning id, note`, values: [1, "it's", 2, 'two'] },
        { text: `select count(*) as n, max(at) as at from ${table} where id = any($1::int[])`, values: ['{1,2}'] },
        sqlText('commit'),
      ]),
    );
    expect(results.map((result) => result.command)).toEqual(['BEGIN', 'INSERT', 'SELECT', 'COMMIT']);
    expect(results[1]!.rows).toEqual([
      { id: 1, note: "it's" },
      { id: 2, note: 'two' },
    ]);
    // count(*) is a bigint, which the driver hands over as text; a timestamp as the pool parses it.
    expect(results[2]!.rows[0]).toMatchObject({ n: '2' });
    expect(results[2]!.rows[0]!.at).toBeInstanceOf(Date);
    expect(await notes()).toEqual([
      { id: 1, note: "it's" },
      { id: 2, note: 'two' },
    ]);
  });

  it('fails every statement with the first failure, keeps nothing, answers the commit as ROLLBACK, and the connection goes on', async () => {
    const failure = await onClient((client) =>
      sendPipelined(client, [
        sqlText('begin'),
        { text: `insert into ${table} (id, note) values ($1, $2)`, values: [3, 'kept?'] },
        { text: `insert into ${table} (id, note) values ($1, $2)`, values: [1, 'taken'] },
        { text: `insert into ${table} (id, note) values ($1, $2)`, values: [4, 'after'] },
        sqlText('commit'),
      ]).catch((error: unknown) => error),
    );
    expect(failure).toBeInstanceOf(PipelineFailure);
    expect(((failure as PipelineFailure).first as { code?: string }).code).toBe('23505');
    expect((failure as PipelineFailure).ended?.command).toBe('ROLLBACK');
    expect((await notes()).map((row) => row.id)).toEqual([1, 2]);
    expect((await onClient((client) => client.query('select 1 as one'))).rows).toEqual([{ one: 1 }]);
  });

  it('sends one Sync for a batch, and query by query (a Sync each) while a name is new to the connection', async () => {
    const named = { name: `pipelined_by_id_${process.pid}`, text: `select note from ${table} where id = $1`, values: [1] };
    const message = () => onClient((client) => sendPipelined(client, [sqlText('begin'), named, { ...named, values: [2] }, sqlText('commit')]));
    // The name is new: each statement its own query, so that the driver prepares it.
    expect(await countSyncs(message)).toBe(2);
    // Prepared on the connection now: the message is one batch.
    let results: pg.QueryResult[] = [];
    expect(
      await countSyncs(async () => {
        results = await message();
      }),
    ).toBe(1);
    expect(results.slice(1, 3).map((result) => result.rows)).toEqual([[{ note: "it's" }], [{ note: 'two' }]]);
  });

  it("ends a batch as the driver's own queries end, so a client that times queries out keeps its connection", async () => {
    const client = new pg.Client({ connectionString: TEST_DATABASE_URL, pipeline: true, query_timeout: 100 } as pg.ClientConfig);
    await client.connect();
    try {
      const [, one] = await sendPipelined(client as unknown as pg.PoolClient, [sqlText('begin'), { text: 'select $1::int as n', values: [1] }, sqlText('commit')]);
      expect(one!.rows).toEqual([{ n: 1 }]);
      // Past the time limit the driver would destroy the connection of a query it was never told ended.
      await new Promise((resolve) => setTimeout(resolve, 250));
      expect((await client.query('select 2 as n')).rows).toEqual([{ n: 2 }]);
    } finally {
      await client.end();
    }
  });
});
