import type { Engine } from '@svc/db';
import type { Actor } from '@svc/kernel';
import { startTestApp, type Principal, type TestApp } from '@svc/runtime/testing';
import { registerWebRoutes, renderWebError } from '../src/index.ts';
import { parseHtml } from './html.ts';

/** The website alone on a scratch database and a free port, with a clock the test moves. */
export const startWebTestApp = (options: { engine?: Engine; now?: string } = {}): Promise<TestApp> =>
  startTestApp({ ...options, registrars: [registerWebRoutes], renderError: renderWebError });

/** A signed-up person as a browser holds them: the session, the actor the services see, and the form CSRF token. */
export interface Person {
  principal: Principal;
  actor: Actor;
  csrf: string;
}

export const signUpPerson = async (app: TestApp, name: string): Promise<Person> => {
  const principal = await app.signUp(name);
  const session = (await app.services.access.accounts.resolveSession(principal.session))!;
  return { principal, actor: session.actor, csrf: session.csrfToken };
};

export const HTML = { accept: 'text/html' };

/** A page as the person's browser asks for it. */
export const viewAs = (app: TestApp, who: Person, path: string) => app.request<string>('GET', path, { session: who.principal.session, headers: HTML });

/** Posts a form as a browser does: urlencoded, with the person's CSRF token. */
export const submitAs = (app: TestApp, who: Person, path: string, fields: Record<string, string> = {}) =>
  app.request<string>('POST', path, {
    session: who.principal.session,
    headers: { ...HTML, 'content-type': 'application/x-www-form-urlencoded' },
    rawBody: new URLSearchParams({ _csrf: who.csrf, ...fields }).toString(),
  });

/**
 * Posts a form as a browser does: urlencoded, with the CSRF token of the page at `formPage` (the
 * session's, or for an anonymous visitor the anonymous cookie's, which is sent along).
 */
export const postBrowserForm = async (app: TestApp, path: string, fields: Record<string, string>, session?: string, formPage = '/site-feedback') => {
  const form = await app.request<string>('GET', formPage, { headers: HTML, ...(session ? { session } : {}) });
  const token = parseHtml(form.body).csrf();
  const cookie = form.headers.get('set-cookie')?.match(/svc_csrf=[^;]+/)?.[0];
  return app.request<string>('POST', path, {
    ...(session ? { session } : {}),
    rawBody: new URLSearchParams({ _csrf: token, ...fields }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...HTML, ...(cookie && !session ? { cookie } : {}) },
  });
};

/** The flash message a redirect keeps for the next page (`kit/flash.ts`), or '' when none. */
export const flashOf = (res: { headers: Headers }): string => decodeURIComponent(/svc_flash=([^;]+)/.exec(res.headers.get('set-cookie') ?? '')?.[1] ?? '');
