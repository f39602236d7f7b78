import type { Context } from 'koa';
import { requireHuman, type Actor } from '@svc/kernel';
import type { OperationAuth, OperationHooks } from '@svc/http';
import type { Services } from '../services.ts';
import { requireActor } from './actor.ts';
import { createOnce } from './idempotency.ts';

/** The caller an operation's auth rule admits: the same check for the API and the website. */
export const authorize = (ctx: Context, baseUrl: string, auth: OperationAuth): Actor | null => {
  if (auth === 'public' || auth === 'optional') return (ctx.state.actor as Actor | null) ?? null;
  if (auth === 'human_only') {
    const actor = requireActor(ctx, baseUrl);
    requireHuman(actor);
    return actor;
  }
  return requireActor(ctx, baseUrl, ...auth.scopes);
};

/** What the operations of every process run with: these services, this authorisation, idempotent creates. */
export const operationHooks = (services: Services, { checkResponses = false } = {}): OperationHooks<Services> => ({
  services,
  authorize: (ctx, auth) => authorize(ctx, services.baseUrl, auth),
  createOnce: (ctx, request, create) => createOnce(ctx, services, request, create),
  checkResponses,
});
