import type { Context, Next } from 'koa';
import { createElement } from 'preact';
import { ID_MAX_CHARS, isDomainError, validationFailed, type DomainError } from '@svc/kernel';
import { readFormBody, readJsonBody, statusOf, type ErrorRenderer } from '@svc/http';
import { isOwnOrigin, type AppRouter } from '@svc/runtime';
import { ErrorPage, plainMessageOf, refusalTitle, type Way } from '../kit/error-page.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { checkFormCsrf } from './csrf.ts';
import { setSecurityHeaders } from './security.ts';

/** Whether the caller is a browser form or page (HTML) rather than a script (JSON). */
export const wantsHtml = (ctx: Context): boolean =>
  ctx.request.type === 'application/x-www-form-urlencoded' || ctx.accepts('json', 'html') === 'html';

/** A query parameter's text, or '' when it is absent or repeated (a list page's filters and search box). */
export const queryText = (ctx: Context, name: string): string => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');

export const isFormPost = (ctx: Context): boolean => ctx.is('application/x-www-form-urlencoded') === 'application/x-www-form-urlencoded';

/**
 * A form post (its CSRF token checked, then dropped) or a JSON body, whichever the caller sent.
 * Scripts sending JSON are covered by the Origin / X-CSRF-Token check of the actor step.
 */
export const readInput = async (ctx: Context): Promise<Record<string, string>> => {
  if (!isFormPost(ctx)) return ((await readJsonBody(ctx)) ?? {}) as Record<string, string>;
  const { _csrf, _once, _base, ...sent } = await readFormBody(ctx);
  checkFormCsrf(ctx, _csrf);
  // Browsers send a text box's line breaks as CRLF; the site stores and compares text with LF, as the
  // API's callers send it, so an unchanged description is not a change.
  const fields = Object.fromEntries(Object.entries(sent).map(([name, value]) => [name, value.replace(/\r\n?/g, '\n')]));
  // A create form's key (http/once.ts) and an edit form's base (kit/conflict.tsx), kept apart from the fields the services read.
  ctx.state.onceKey = _once;
  ctx.state.formBase = _base;
  return fields;
};

/** The `_base` an edit form was sent with (kit/conflict.tsx `baseOf`), if any. */
export const formBaseOf = (ctx: Context): string | undefined => (typeof ctx.state.formBase === 'string' ? ctx.state.formBase : undefined);

/**
 * A page that refuses with a wait (`retry_after`: rate_limited, busy) says when to come back in
 * Retry-After, as the API's answer does (the same rule as @svc/http's error handler).
 */
export const setRetryAfter = (ctx: Context, error: DomainError): void => {
  if (typeof error.extras.retry_after === 'number') ctx.set('Retry-After', String(error.extras.retry_after));
};

const isRead = (ctx: Context): boolean => ctx.method === 'GET' || ctx.method === 'HEAD';

/**
 * Where a person comes back to after signing in: the page a form was sent from (the browser names
 * it in Referer for this site), else this address; a form's address opened with GET leads to its
 * page (http/form-addresses.ts). Sign-in takes only local paths (`safeNext`).
 */
const returnPath = (ctx: Context): string => (!isRead(ctx) && refererPath(ctx)) || ctx.originalUrl;

/** The page of this site the browser names in Referer (the page a form was sent from), or undefined. */
const refererPath = (ctx: Context): string | undefined => {
  const referer = ctx.get('Referer');
  if (!referer) return undefined;
  try {
    const from = new URL(referer);
    const baseUrl = typeof ctx.state.baseUrl === 'string' ? ctx.state.baseUrl : `${ctx.protocol}://${ctx.host}`;
    return isOwnOrigin(ctx, from.origin, baseUrl) ? `${from.pathname}${from.search}` : undefined;
  } catch {
    // Not an address.
    return undefined;
  }
};

/**
 * The page to open a refused form again on (an expired one, `csrf_failed`): the page it was sent
 * from (Referer), else its own address when a GET there leads to a page (a page of its own, or
 * http/form-addresses.ts leading to the page that holds it); undefined when neither is known (a
 * sign-out form, a post from another site).
 */
const formPageOf = (ctx: Context): string | undefined => {
  const from = refererPath(ctx);
  if (from) return from;
  // The router sets itself on the context as it dispatches (the actor step that refuses a form from
  // another site runs inside it too).
  const router = (ctx as Context & { router?: AppRouter }).router;
  return !isRead(ctx) && router?.match(ctx.path, 'GET').route ? ctx.originalUrl : undefined;
};

/** The record a refusal concerns, set by a handler before it calls a service (a thread's forms). */
export const backOnRefusal = (ctx: Context, way: Way): void => {
  ctx.state.refusalBack = way;
};

/**
 * Where a page's "not found" or "removed" (404, 410) leads, with why a person may meet it, set by a
 * handler before it reads the record: a thread shows only to its participants, so an invitee must
 * accept first; a confirmation page opened again with Back after the change was made finds its
 * record gone, and leads on to where the change left the person.
 */
export const wayWhenGone = (ctx: Context, way: Way & { why: string }): void => {
  ctx.state.goneWay = way;
};

const showErrorPage = (ctx: Context, error: DomainError, status: number): void => {
  ctx.state.errorCode = error.code;
  setRetryAfter(ctx, error);
  // A record that was not found or is removed is no way back, though a page may name another.
  const isGone = error.code === 'not_found' || status === 410;
  const gone = isGone ? (ctx.state.goneWay as (Way & { why: string }) | undefined) : undefined;
  const back = isGone ? gone : (ctx.state.refusalBack as Way | undefined);
  const signIn = error.code === 'unauthenticated' ? returnPath(ctx) : undefined;
  const formPage = error.code === 'csrf_failed' ? formPageOf(ctx) : undefined;
  renderPage(ctx, {
    // The page's title is its heading, as on every page.
    title: refusalTitle(error.code),
    description: plainMessageOf(error.code, error.message),
    status,
    body: createElement(ErrorPage, { code: error.code, message: error.message, status, back, signIn, formPage, sent: !isRead(ctx), why: gone?.why }),
  });
};

/**
 * A path parameter longer than any id, slug, address or invitation token names nothing: refused as
 * the API refuses it (400 `validation_failed` naming the parameter) before anything looks it up.
 */
const refuseLongPathParams = (ctx: Context): void => {
  const params = (ctx as Context & { params?: Record<string, string | undefined> }).params ?? {};
  const tooLong = Object.entries(params).filter(([, value]) => value !== undefined && [...value].length > ID_MAX_CHARS);
  if (tooLong.length > 0) throw validationFailed(tooLong.map(([name]) => ({ path: name, message: `must be at most ${ID_MAX_CHARS} characters` })));
};

/**
 * Wraps a page handler so a person sees a readable HTML page for a domain error
 * (with the same status and code), while scripts keep the JSON error body.
 */
export const page =
  <C extends Context>(handler: (ctx: C) => Promise<void> | void) =>
  async (ctx: C, _next?: Next): Promise<void> => {
    try {
      refuseLongPathParams(ctx);
      await handler(ctx);
    } catch (error) {
      if (!isDomainError(error) || !wantsHtml(ctx)) throw error;
      showErrorPage(ctx, error, statusOf(error));
    }
  };

/**
 * A one-button change (close, reopen, pause, resume, remove) refused as `invalid_state` because the
 * record is no longer as the page showed it, often after the same button in the person's other tab:
 * the flash for the record's page, saying how it stands now and that nothing was done (`target` is
 * the state the button leads to: "already closed"). Nothing was typed, so no error page is needed;
 * `status` is the record's state now, to choose that page. Null for any other refusal, and for a
 * script, which keeps the API's JSON error.
 */
const staleButton = (ctx: Context, error: unknown, what: string, target: string): { status: string; message: string } | null => {
  if (!isDomainError(error) || error.code !== 'invalid_state' || typeof error.extras.status !== 'string' || !wantsHtml(ctx)) return null;
  // The states of jobs and offers (open, closed, active, paused, removed) read as words in the sentence.
  const { status } = error.extras;
  const now = status === target ? `is already ${status}` : `was ${status} meanwhile`;
  return { status, message: `This ${what} ${now} (perhaps in another tab): nothing was done.` };
};

/**
 * Runs a one-button change and leads to the page of the record's state (`where`) with `done`; one
 * pressed on a page shown before the record changed leads there too, saying how it stands now
 * (`staleButton`), instead of an error page whose Reload would send the form again.
 */
export const pressButton = async (
  ctx: Context,
  { change, what, target, where, done }: { change: () => Promise<unknown>; what: string; target: string; where: (status: string) => string; done: string },
): Promise<void> => {
  try {
    await change();
  } catch (error) {
    const stale = staleButton(ctx, error, what, target);
    if (!stale) throw error;
    return redirectWithFlash(ctx, where(stale.status), stale.message);
  }
  redirectWithFlash(ctx, where(target), done);
};

/** Addresses for programs, whose refusals are always the JSON error body: the API, MCP and the `.well-known` documents (webfinger, OAuth metadata). */
const isMachinePath = (path: string): boolean => path === '/api' || path.startsWith('/api/') || path === '/mcp' || path.startsWith('/.well-known/');

/**
 * The error page for what no page handler caught: an unknown address, a wrong method, a check made
 * before the page (a form from another site, `csrf_failed`). Given to `createHttpApp` wherever the
 * website is served. Browsers get the page with the same status and code; callers asking for JSON,
 * and every address for programs (`isMachinePath`), keep the JSON error body.
 */
export const renderWebError: ErrorRenderer = (ctx, error, status) => {
  if (isMachinePath(ctx.path) || !wantsHtml(ctx)) return false;
  // Outside the routes the website's headers were not set yet.
  setSecurityHeaders(ctx);
  showErrorPage(ctx, error, status);
  return true;
};

/** Sends a signed-out visitor to sign in, and back here afterwards. */
export const signInFirst = (ctx: Context): boolean => {
  if (ctx.state.actor) return false;
  ctx.redirect(`/login?next=${encodeURIComponent(ctx.originalUrl)}`);
  return true;
};
