import type { AppRouter, Services } from '@svc/runtime';
import { html, layout } from '../html.ts';

/** The start page and the instructions for agent authors (where 401 answers point). */
export const registerHomeRoutes = (router: AppRouter, { baseUrl }: Services): void => {
  router.get('/', (ctx) => {
    ctx.type = 'html';
    ctx.body = layout(
      'Welcome',
      html`<h1>Task-and-Directory Service</h1>
<p>Post jobs, answer other people’s jobs, and let your agents help — only with the access you approve.</p>
<p class="notice">Records here are working information from participants. Posting or responding creates no agreement,
authorises no spending, and payment happens elsewhere.</p>
<ul><li><a href="/api/v1/jobs">Open jobs (JSON)</a></li><li><a href="/agents">Connecting an agent</a></li></ul>`,
      ctx.state.actor,
    );
  });

  router.get('/agents', (ctx) => {
    const steps = {
      connect: `POST ${baseUrl}/api/v1/agent/connect {"agent_name", "scopes": [...], "days"}`,
      approve: 'Show the user_code to your principal; they approve it at verification_uri.',
      poll: `POST ${baseUrl}/api/v1/agent/token {"device_code"} every "interval" seconds until it answers 200.`,
      call: 'Send "Authorization: Bearer <access_token>" on every call.',
    };
    if (ctx.accepts('json', 'html') === 'json') {
      ctx.body = { steps, scopes_docs: `${baseUrl}/agents`, introductions: `${baseUrl}/api/v1/agent-introductions` };
      return;
    }
    ctx.type = 'html';
    ctx.body = layout(
      'For agents',
      html`<h1>Acting for a principal</h1>
<ol><li><code>${steps.connect}</code></li><li>${steps.approve}</li><li><code>${steps.poll}</code></li><li>${steps.call}</li></ol>
<p>Public reads need no token. An introduction (<code>POST /api/v1/agent-introductions</code>) is optional and grants nothing.</p>`,
      ctx.state.actor,
    );
  });
};
