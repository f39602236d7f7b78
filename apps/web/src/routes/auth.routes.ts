import type { Context } from 'koa';
import { SESSION_COOKIE, type AppRouter, type Services } from '@svc/runtime';
import type { NewSession } from '@svc/access';
import { html, layout } from '../html.ts';
import { page, readInput, wantsHtml } from '../respond.ts';

const setSessionCookie = (ctx: Context, session: NewSession) => {
  ctx.cookies.set(SESSION_COOKIE, session.sessionId, {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    expires: session.expiresAt,
    overwrite: true,
  });
};

const form = (action: string, title: string, withName: boolean, next = '') =>
  html`<h1>${title}</h1>
<form method="post" action="${action}">
  ${withName ? html`<label>Display name (public) <input name="display_name" required maxlength="80"></label>` : ''}
  <label>E-mail (never shown to anyone) <input name="email" type="email" required></label>
  <label>Password <input name="password" type="password" required minlength="${withName ? 10 : 1}"></label>
  <input type="hidden" name="next" value="${next}">
  <button>${title}</button>
</form>`;

/** Only local paths, so a crafted link cannot send someone elsewhere after signing in. */
const safeNext = (value: unknown): string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') ? value : '/account';

/** Sign-up, sign-in and sign-out: HTML forms for people, the same routes as JSON for scripts. */
export const registerAuthRoutes = (router: AppRouter, { access }: Services): void => {
  router.get('/signup', (ctx) => {
    ctx.type = 'html';
    ctx.body = layout('Sign up', form('/auth/signup', 'Sign up', true, String(ctx.query.next ?? '')), ctx.state.actor);
  });
  router.get('/login', (ctx) => {
    ctx.type = 'html';
    ctx.body = layout('Sign in', form('/auth/login', 'Sign in', false, String(ctx.query.next ?? '')), ctx.state.actor);
  });

  const signIn = (ctx: Context, status: number, session: NewSession, next: unknown) => {
    setSessionCookie(ctx, session);
    if (wantsHtml(ctx)) return ctx.redirect(safeNext(next));
    ctx.status = status;
    ctx.body = session.principal;
  };

  router.post(
    '/auth/signup',
    page(async (ctx) => {
      const { next, ...input } = await readInput(ctx);
      signIn(ctx, 201, await access.accounts.signup(input), next);
    }),
  );

  router.post(
    '/auth/login',
    page(async (ctx) => {
      const { next, ...input } = await readInput(ctx);
      signIn(ctx, 200, await access.accounts.login(input, ctx.ip), next);
    }),
  );

  router.post('/auth/logout', async (ctx) => {
    const sessionId = ctx.cookies.get(SESSION_COOKIE);
    if (sessionId) await access.accounts.logout(sessionId);
    ctx.cookies.set(SESSION_COOKIE, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
    if (wantsHtml(ctx)) return ctx.redirect('/');
    ctx.status = 204;
  });
};
