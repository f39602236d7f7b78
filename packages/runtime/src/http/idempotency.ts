import type { Context } from 'koa';
import { DomainError } from '@svc/kernel';
import type { Services } from '../services.ts';

const KEY_CHARACTERS = /^[\x21-\x7e]+$/;

/** The `Idempotency-Key` header, checked: 1 to `max` visible ASCII characters, or absent. */
export const readIdempotencyKey = (ctx: Context, max: number): string | undefined => {
  const key = ctx.get('idempotency-key');
  if (ctx.headers['idempotency-key'] === undefined) return undefined;
  if (key.length === 0 || key.length > max || !KEY_CHARACTERS.test(key)) {
    throw new DomainError('invalid_idempotency_key', `Idempotency-Key must be 1 to ${max} visible ASCII characters.`);
  }
  return key;
};

/**
 * Answers a create: 201 with the new record, or, when the same `Idempotency-Key` and body come
 * again from the same caller on the same path, 200 with the original record and `replayed: true`.
 * `create` runs in the transaction that also stores the key.
 */
export const respondCreated = async (
  ctx: Context,
  services: Services,
  { scope, body, maxKeyLength = 100 }: { scope: string; body: unknown; maxKeyLength?: number },
  create: () => Promise<object>,
): Promise<void> => {
  const key = readIdempotencyKey(ctx, maxKeyLength);
  if (key === undefined) {
    ctx.status = 201;
    ctx.body = await services.db.transaction(create);
    return;
  }
  const answer = await services.idempotency.run({ scope, route: `${ctx.method} ${ctx.path}`, key, body }, async () => ({
    status: 201,
    body: await create(),
  }));
  ctx.status = answer.replayed ? 200 : answer.status;
  ctx.body = answer.replayed ? { ...(answer.body as object), replayed: true } : answer.body;
};
