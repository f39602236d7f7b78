import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { PendingConnection } from '@svc/access';
import { html, layout } from '../html.ts';
import { page, readInput, wantsHtml } from '../respond.ts';

/** Each scope in plain words, for the person deciding. */
export const SCOPE_WORDS: Record<string, string> = {
  'jobs:write': 'Post jobs for you, and edit, close, reopen or remove your jobs',
  'responses:write': 'Respond to other people’s jobs for you, and withdraw those responses',
  'services:write': 'Publish, edit, pause, resume and remove your offers',
  'account:read': 'Read your account: your records, responses and threads',
  'directory:write': 'Register and change your contact-directory entries',
  'threads:write': 'Take part in your private work threads: read, write entries, edit checklists, invite',
  'feedback:write': 'Leave, edit and remove feedback on offers, and reply to feedback on your offers',
};

const details = (c: PendingConnection) => html`
<h1>Connect “${c.agent_name}”?</h1>
<p>An agent asks to act for you with the code <strong>${c.user_code}</strong>. Check that this is the code your agent shows.</p>
<p class="declared">What the agent says about itself (self-declared, not checked by us):</p>
<ul class="declared">
  <li>Name: ${c.agent_name}</li>
  ${c.description ? html`<li>Description: ${c.description}</li>` : ''}
  ${c.agent_url ? html`<li>Web address: ${c.agent_url}</li>` : ''}
  ${c.built_with ? html`<li>Built with: ${c.built_with}</li>` : ''}
  ${c.model ? html`<li>Model: ${c.model}</li>` : ''}
</ul>
<p>If you approve, it may:</p>
<ul>${c.scopes.map((s) => html`<li>${SCOPE_WORDS[s] ?? s} <span class="muted">(${s})</span></li>`)}</ul>
<p>Its access ends on <strong>${c.token_expires_at.slice(0, 10)}</strong> (${c.days} days), or earlier if you revoke it on your account page.
It can never do more than this, and whatever it does, you own and answer for.</p>
<form class="inline" method="post" action="/connect/approve"><input type="hidden" name="user_code" value="${c.user_code}"><button>Approve</button></form>
<form class="inline" method="post" action="/connect/deny"><input type="hidden" name="user_code" value="${c.user_code}"><button>Deny</button></form>`;

const codeForm = (message = '') => html`
<h1>Connect an agent</h1>
${message ? html`<p>${message}</p>` : ''}
<form method="get" action="/connect"><label>Code shown by the agent <input name="user_code" placeholder="WDJB-MJHT" required></label><button>Continue</button></form>`;

/** Where a principal approves or denies an agent's connect request (RFC 8628 verification page). */
export const registerConnectRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  router.get(
    '/connect',
    page(async (ctx) => {
      const userCode = typeof ctx.query.user_code === 'string' ? ctx.query.user_code : '';
      if (!ctx.state.actor) {
        return ctx.redirect(`/login?next=${encodeURIComponent(ctx.originalUrl)}`);
      }
      ctx.type = 'html';
      if (!userCode) {
        ctx.body = layout('Connect an agent', codeForm(), ctx.state.actor);
        return;
      }
      const pending = await access.deviceFlow.describe(userCode);
      const problem = !pending
        ? 'No connection request has this code.'
        : pending.expired
          ? 'This code has expired; ask the agent to connect again.'
          : pending.status !== 'pending'
            ? 'This request was already decided.'
            : '';
      ctx.body = layout('Connect an agent', problem || !pending ? codeForm(problem) : details(pending), ctx.state.actor);
    }),
  );

  const decide = (decision: 'approve' | 'deny') =>
    page(async (ctx: Context) => {
      const actor = requireActor(ctx, baseUrl);
      const input = await readInput(ctx);
      const result = await access.deviceFlow[decision](actor, { user_code: input.user_code });
      if (wantsHtml(ctx)) {
        ctx.type = 'html';
        ctx.body = layout(
          decision === 'approve' ? 'Agent connected' : 'Request denied',
          decision === 'approve'
            ? html`<h1>Connected</h1><p>“${result.agent_name}” can now collect its token. You can revoke it any time on <a href="/account">your account page</a>.</p>`
            : html`<h1>Denied</h1><p>“${result.agent_name}” gets no access.</p>`,
          actor,
        );
        return;
      }
      ctx.body = { status: decision === 'approve' ? 'approved' : 'denied', connection: result };
    });

  router.post('/connect/approve', decide('approve'));
  router.post('/connect/deny', decide('deny'));
};
