import type { Context } from 'koa';
import { sha256 } from '@svc/db';
import { DomainError, type Actor } from '@svc/kernel';
import type { OperationAnswer } from '@svc/http';
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
 * Runs a create: `created` (201, or 200 for a create the contract gives no status) with the new record, or, when the same `Idempotency-Key` and body come again
 * from the same caller for the same operation and parameters, 200 with the original record and
 * `replayed: true`. `create` runs in the transaction that also stores the key. The key's scope is
 * the caller's principal (a hash of the client address when anonymous) and the operation with its
 * decoded parameters, never the literal path, so `/api/v1/jobs` and `/api/v1/jobs/` are one create.
 */
export const createOnce = async (
  ctx: Context,
  services: Pick<Services, 'db' | 'idempotency' | 'metrics'>,
  { actor, scope, body, maxKeyLength, created, recheck }: { actor: Actor | null; scope: string; body: unknown; maxKeyLength: number; created: number; recheck?: (() => Promise<unknown>) | undefined },
  create: () => Promise<unknown>,
): Promise<OperationAnswer> => {
  const key = readIdempotencyKey(ctx, maxKeyLength);
  if (key === undefined) return { status: created, body: await services.db.transaction(create) };
  const caller = actor ? actor.principalId : `client:${sha256(ctx.ip)}`;
  const stored = await services.idempotency.run({ scope: caller, route: scope, key, body, recheck }, async () => ({
    status: created,
    body: await create(),
  }));
  if (stored.replayed) services.metrics.idempotentReplay();
  return stored.replayed ? { status: 200, body: { ...(stored.body as object), replayed: true } } : { status: stored.status, body: stored.body };
};
