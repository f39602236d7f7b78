import type { Context } from 'koa';

const FLASH_COOKIE = 'svc_flash';

/** Keeps `text` for the next page the person sees, in a cookie of theirs for a minute. */
const keep = (ctx: Context, cookie: string, text: string): void => {
  ctx.cookies.set(cookie, encodeURIComponent(text), { httpOnly: true, sameSite: 'lax', maxAge: 60_000, overwrite: true });
};

/** Reads what `keep` kept once and clears it, so a reload does not show it again; null when there is none. */
const takeOnce = (ctx: Context, cookie: string): string | null => {
  const raw = ctx.cookies.get(cookie);
  if (!raw) return null;
  ctx.cookies.set(cookie, null, { httpOnly: true, sameSite: 'lax', overwrite: true });
  try {
    return decodeURIComponent(raw);
  } catch {
    return null;
  }
};

/** A one-line message for the next page the person sees ("Job posted."). */
export const setFlash = (ctx: Context, message: string): void => keep(ctx, FLASH_COOKIE, message);

/** Reads the message once and clears it. */
export const takeFlash = (ctx: Context): string | null => takeOnce(ctx, FLASH_COOKIE)?.slice(0, 300) ?? null;

/**
 * What the next page shows once after a form (a new invitation link), kept beside the message and
 * read once, so that the form's page is reached by a redirect: a reload shows the page again
 * instead of sending the form again.
 */
export const setFlashData = (ctx: Context, name: string, data: unknown): void => keep(ctx, `${FLASH_COOKIE}_${name}`, JSON.stringify(data));

/** Reads what `setFlashData` kept under `name` once and clears it; null when there is none. */
export const takeFlashData = (ctx: Context, name: string): unknown => {
  const text = takeOnce(ctx, `${FLASH_COOKIE}_${name}`);
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
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
