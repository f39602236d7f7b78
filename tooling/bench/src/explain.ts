#!/usr/bin/env node
/**
 * `pnpm --filter @svc/bench explain <database url>`: the query plans behind docs/performance.md.
 * Runs each hot path once through the services against a database the bench kept
 * (`pnpm bench -- --keep-db`, 100,000 jobs), records the statements it sent with their values, and
 * prints `EXPLAIN (ANALYZE, BUFFERS, COSTS OFF)` of each, as Markdown. Writes (the PATCH) are
 * explained inside a transaction that is rolled back.
 */
import { createHash, randomBytes } from 'node:crypto';
import pg from 'pg';
import { silentChangeFeed } from '@svc/db';
import { recordQueries } from '@svc/db/testing';
import { systemClock } from '@svc/kernel';
import { createServices, openServiceDatabase } from '@svc/runtime';
import { BENCH_PRINCIPAL, COMMON_WORD, LIST_TAG, RARE_WORD, READ_IDS_SQL } from './seed.ts';

/** What group-commit.ts sends for one transaction: its statements between the `begin` and the `commit`. */
const GROUP_MESSAGE = /^begin; set local svc\.announce = 'after_commit'; (.*); commit; select pg_notify/s;

const databaseUrl = process.argv.slice(2).find((arg) => arg !== '--');
if (!databaseUrl) throw new Error('Usage: explain <database url of a database the bench kept with --keep-db>');

const db = await openServiceDatabase({ databaseUrl });
const services = createServices({ db, clock: systemClock, baseUrl: 'http://localhost', changes: silentChangeFeed });
const explainer = new pg.Client({ connectionString: databaseUrl });
await explainer.connect();

// A token of the bench principal, for the authenticated paths; removed at the end.
const token = `tds_${randomBytes(32).toString('base64url')}`;
const grantId = `grt_explain${randomBytes(8).toString('hex')}`;
await explainer.query(
  `insert into grants (id, principal_id, agent_name, scopes, token_hash, created_at, expires_at)
   values ($1, $2, 'explain', '{jobs:write,account:read}', $3, now(), now() + interval '1 day')`,
  [grantId, BENCH_PRINCIPAL, createHash('sha256').update(token).digest('hex')],
);

try {
  const jobId = (await explainer.query<{ id: string }>(READ_IDS_SQL(1))).rows[0]!.id;
  const actor = await services.access.grants.resolveToken(token);
  if (!actor) throw new Error('The explain token did not resolve');
  const edited = (await explainer.query<{ id: string; version: number }>(
    `select id, version from jobs where posted_by = $1 and status = 'open' order by created_at desc limit 1`,
    [BENCH_PRINCIPAL],
  )).rows[0]!;
  let version = edited.version;
  const edit = async () => {
    await services.jobs.update(actor, edited.id, { expected_version: version, title: `Explained edit ${version}` });
    version += 1;
  };

  const paths: [string, () => Promise<unknown>, { write?: boolean }?][] = [
    ['Job by id (jobs.get)', () => services.jobs.get(jobId)],
    [`Search, common word (q=${COMMON_WORD})`, () => services.jobs.list({ q: COMMON_WORD })],
    [`Search, rare word (q=${RARE_WORD})`, () => services.jobs.list({ q: RARE_WORD })],
    [`List by tag (tag=${LIST_TAG})`, () => services.jobs.list({ tag: LIST_TAG })],
    ['Front page (no filter)', () => services.jobs.list({})],
    ['Token resolution (grants.resolveToken)', () => services.access.grants.resolveToken(token)],
    ['/me: the token with every domain\'s counts (grants.resolveTokenWith)', () => services.access.grants.resolveTokenWith(token, ({ principal }) => services.counts.columns(principal))],
    ['PATCH (jobs.update: one conditional UPDATE)', edit, { write: true }],
  ];

  for (const [name, run, { write = false } = {}] of paths) {
    await run(); // Warm: caches, prepared statements, the statistics the planner reads.
    // A group commit's message (`begin; …; <the statements>; commit; <announcement>`) is explained
    // by its statements: the edit's is one UPDATE, inlined (its text is not yet in common use).
    const sent = (await recordQueries(run)).map((statement) => {
      const member = GROUP_MESSAGE.exec(statement.text)?.[1];
      return member ? { text: member, values: [] } : statement;
    });
    for (const [i, statement] of sent.entries()) {
      // The recorded edit has committed: its values now name a version one behind, so the explained
      // UPDATE finds the row and changes nothing, which shows the plan all the same.
      if (write) await explainer.query('begin');
      const plan = await explainer.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${statement.text}`, statement.values);
      if (write) await explainer.query('rollback');
      console.log(`### ${name}${sent.length > 1 ? `, statement ${i + 1} of ${sent.length}` : ''}\n\n\`\`\`\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n\`\`\`\n`);
    }
  }
} finally {
  await explainer.query('delete from grants where id = $1', [grantId]);
  await explainer.end();
  await db.close();
}
