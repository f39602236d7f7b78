import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { requireHuman } from '@svc/kernel';
import { html, layout } from '../html.ts';
import { page, wantsHtml } from '../respond.ts';

/** The principal's own account page: the only place their e-mail address is shown, and their agent grants. */
export const registerAccountRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  router.get(
    '/account',
    page(async (ctx) => {
      if (!ctx.state.actor) return ctx.redirect('/login?next=/account');
      const actor = requireActor(ctx, baseUrl);
      requireHuman(actor);
      const account = await access.principals.account(actor);
      const grants = await access.grants.list(actor);
      ctx.type = 'html';
      ctx.body = layout(
        'Your account',
        html`<h1>${account.display_name}</h1>
<p>E-mail (private, shown only here): ${account.email}</p>
<p><a href="${account.profile}">Your public profile</a></p>
<h2>Agents you connected</h2>
${
  grants.length === 0
    ? html`<p class="muted">None yet. An agent connects through <a href="/agents">the agent instructions</a>.</p>`
    : html`<table><tr><th>Agent</th><th>Scopes</th><th>Expires</th><th>Last used</th><th></th></tr>
${grants.map(
  (g) => html`<tr><td>${g.agent_name}</td><td>${g.scopes.join(', ')}</td><td>${g.expires_at.slice(0, 10)}</td>
<td>${g.last_used_at?.slice(0, 10) ?? 'never'}</td>
<td>${
    g.status === 'active'
      ? html`<form class="inline" method="post" action="/account/grants/${g.grant_id}/revoke"><button>Revoke</button></form>`
      : g.status
  }</td></tr>`,
)}</table>`
}`,
        actor,
      );
    }),
  );

  router.get('/account/grants', async (ctx) => {
    const actor = requireActor(ctx, baseUrl);
    requireHuman(actor);
    ctx.body = { grants: await access.grants.list(actor) };
  });

  router.post(
    '/account/grants/:id/revoke',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl);
      requireHuman(actor);
      const grant = await access.grants.revoke(actor, ctx.params.id!);
      if (wantsHtml(ctx)) return ctx.redirect('/account');
      ctx.body = { revoked: true, grant };
    }),
  );
};
