import type { Context } from 'koa';

const FLASH_COOKIE = 'svc_flash';

/** A one-line message for the next page the person sees ("Job posted."), kept in a cookie for a minute. */
export const setFlash = (ctx: Context, message: string): void => {
  ctx.cookies.set(FLASH_COOKIE, encodeURIComponent(message), { httpOnly: true, sameSite: 'lax', maxAge: 60_000, overwrite: true });
};

/** Reads the message once and clears it, so a reload does not show it again. */
export const takeFlash = (ctx: Context): string | null => {
  const raw = ctx.cookies.get(FLASH_COOKIE);
  if (!raw) return null;
  ctx.cookies.set(FLASH_COOKIE, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
  try {
    return decodeURIComponent(raw).slice(0, 300);
  } catch {
    return null;
  }
};

/** Redirects after a change, with the message to show there (post/redirect/get). */
export const redirectWithFlash = (ctx: Context, location: string, message: string): void => {
  setFlash(ctx, message);
  ctx.status = 303;
  ctx.redirect(location);
};
