import type { Context, Next } from 'koa';
import { isDomainError } from '@svc/kernel';
import { readFormBody, readJsonBody, statusOf } from '@svc/http';
import { html, layout } from './html.ts';

/** Whether the caller is a browser form or page (HTML) rather than a script (JSON). */
export const wantsHtml = (ctx: Context): boolean =>
  ctx.request.type === 'application/x-www-form-urlencoded' || ctx.accepts('json', 'html') === 'html';

/** A form post or a JSON body, whichever the caller sent. */
export const readInput = async (ctx: Context): Promise<Record<string, unknown>> =>
  ctx.is('application/x-www-form-urlencoded') ? await readFormBody(ctx) : (((await readJsonBody(ctx)) ?? {}) as Record<string, unknown>);

/**
 * Wraps a page handler so a person sees a readable HTML page for a domain error
 * (with the same status), while scripts keep the JSON error body.
 */
export const page =
  (handler: (ctx: Context) => Promise<void> | void) =>
  async (ctx: Context, _next?: Next): Promise<void> => {
    try {
      await handler(ctx);
    } catch (error) {
      if (!isDomainError(error) || !wantsHtml(ctx)) throw error;
      ctx.status = statusOf(error);
      ctx.state.errorCode = error.code;
      ctx.type = 'html';
      ctx.body = layout(
        'Something is not right',
        html`<h1>${titles[error.code] ?? 'This did not work'}</h1><p>${error.message}</p><p><a href="/">Back to the start</a></p>`,
        ctx.state.actor,
      );
    }
  };

const titles: Partial<Record<string, string>> = {
  not_found: 'Not found',
  removed: 'This has been removed',
  unauthenticated: 'Please sign in',
  invalid_credentials: 'Sign-in failed',
};
