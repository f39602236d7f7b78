import type { Context } from 'koa';
import type { Services } from '@svc/runtime';
import { createHash } from 'node:crypto';
import type { Actor } from '@svc/kernel';

/** The keys `OnceField` (kit/once-field.tsx) makes: UUIDs. */
const KEY = /^[0-9a-f-]{36}$/;

/** The key a form was sent with in `_once` (set aside by `readInput`), when it is one this site made. */
export const onceKeyOf = (ctx: Context): string | undefined => {
  const key = ctx.state.onceKey as unknown;
  return typeof key === 'string' && KEY.test(key) ? key : undefined;
};

/**
 * Runs a create from a form at most once per form shown and text sent: the same form arriving twice
 * (a retry after a timeout, two tabs, a double click the browser let through) gets the first answer
 * back, through the same idempotency keys the API uses. The same form sent again with other text
 * (back, edit, send) is a new submission: its key is the form's joined with a digest of the text, so
 * it creates once too, however often that text arrives.
 */
export const createOnceFromForm = async <T>(ctx: Context, { idempotency }: Pick<Services, 'idempotency'>, actor: Actor, body: unknown, create: () => Promise<T>): Promise<T> => {
  const form = onceKeyOf(ctx);
  if (!form) return create();
  const key = `${form}.${createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32)}`;
  const stored = await idempotency.run({ scope: actor.principalId, route: `web ${ctx.method} ${ctx.path}`, key, body }, async () => ({ status: 200, body: await create() }));
  return stored.body as T;
};
