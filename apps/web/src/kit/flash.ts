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

/**
 * What the next page shows once after a form (a new invitation link), kept beside the message in a
 * cookie of the person's for a minute and read once, so that the form's page is reached by a
 * redirect: a reload shows the page again instead of sending the form again.
 */
export const setFlashData = (ctx: Context, name: string, data: unknown): void => {
  ctx.cookies.set(`${FLASH_COOKIE}_${name}`, encodeURIComponent(JSON.stringify(data)), { httpOnly: true, sameSite: 'lax', maxAge: 60_000, overwrite: true });
};

/** Reads what `setFlashData` kept under `name` once and clears it; null when there is none. */
export const takeFlashData = (ctx: Context, name: string): unknown => {
  const raw = ctx.cookies.get(`${FLASH_COOKIE}_${name}`);
  if (!raw) return null;
  ctx.cookies.set(`${FLASH_COOKIE}_${name}`, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
  try {
    return JSON.parse(decodeURIComponent(raw)) as unknown;
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
