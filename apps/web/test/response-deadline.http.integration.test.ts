import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ENGINES } from '@svc/db/testing';
import type { Principal, TestApp } from '@svc/runtime/testing';
import { startWebTestApp } from './app.ts';
import { parseHtml, visibleText } from './html.ts';

/**
 * A job's response deadline is the poster's wish, not a lock (docs/jobs.md, "Deadlines"): once it
 * has passed, the page still offers the response form and says that a response now comes late.
 */
describe.each(ENGINES)('a passed response deadline on the job page on %s', (engine) => {
  let app: TestApp;
  let poster: Principal;
  let helper: Principal;
  let jobId = '';
  const HTML = { accept: 'text/html' };
  const page = async (who: Principal) => {
    const res = await app.request<string>('GET', `/jobs/${jobId}`, { headers: HTML, session: who.session });
    expect(res.status).toBe(200);
    return visibleText(parseHtml(res.body).root);
  };
  const LATE = 'The time to respond by has passed. A response is still delivered, as a late one: Polly Poster decides whether to take it up.';

  beforeAll(async () => {
    app = await startWebTestApp({ engine });
    poster = await app.signUp('Polly Poster');
    helper = await app.signUp('Hal Helper');
    const actor = (await app.services.access.accounts.resolveSession(poster.session))!.actor;
    const deadline = new Date(app.clock.now().getTime() + 60 * 60 * 1000).toISOString();
    jobId = (await app.services.jobs.create(actor, { title: 'Mend the allotment fence', outcome: 'A fence the rabbits cannot pass.', response_deadline: deadline })).id;
  });
  afterAll(() => app?.close());

  it('says nothing of lateness before the deadline, and says a response comes late once it has passed, still offering the form', async () => {
    expect(await page(helper)).not.toContain(LATE);
    app.clock.advance(61 * 60 * 1000);
    const text = await page(helper);
    expect(text).toContain(LATE);
    expect(text).toContain('Send the response');
    // The poster is not told to respond to their own job.
    expect(await page(poster)).not.toContain(LATE);
  });
});
