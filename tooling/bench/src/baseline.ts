/**
 * The two yardsticks every run measures beside the API, started as their own processes:
 *   node src/baseline.ts bare   Koa + @koa/router answering a fixed body of the size of a job (BODY_FILE)
 *   node src/baseline.ts pg     Koa + @koa/router answering GET /api/v1/jobs/:id from one prepared `pg`
 *                               query by primary key (DATABASE_URL), with a pool of the API's size
 * Both listen on PORT and answer GET /healthz.
 */
import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import Koa from 'koa';
import pg from 'pg';

const kind = process.argv[2];
const port = Number(process.env.PORT);
const app = new Koa();
const router = new Router();
router.get('/healthz', (ctx) => {
  ctx.body = { status: 'ok' };
});

if (kind === 'bare') {
  const body = readFileSync(process.env.BODY_FILE ?? '', 'utf8');
  router.get('/api/v1/jobs/:id', (ctx) => {
    ctx.type = 'application/json';
    ctx.body = body;
  });
} else if (kind === 'pg') {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
  const columns = `id, status, version, title, outcome, scope, deliverables, constraints, budget_amount, budget_currency,
    fee_treatment, response_deadline, delivery_deadline, timezone, completion_checklist, tags, template, posted_by,
    created_at, updated_at`;
  router.get('/api/v1/jobs/:id', async (ctx) => {
    const { rows } = await pool.query({ name: 'job-by-id', text: `select ${columns} from jobs where id = $1`, values: [ctx.params.id] });
    if (rows.length === 0) {
      ctx.status = 404;
      ctx.body = { error: 'not_found' };
      return;
    }
    ctx.body = rows[0];
  });
} else {
  console.error('Usage: node src/baseline.ts bare|pg');
  process.exit(2);
}

app.use(router.routes());
const server = app.listen(port, '127.0.0.1');
process.once('SIGTERM', () => server.close(() => process.exit(0)));
