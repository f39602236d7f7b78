import { parseInput, type Actor } from '@svc/kernel';
import type { RateLimit } from '@svc/db';
import { offerErrors } from './offers.errors.ts';
import type { OffersDeps } from './offers.deps.ts';
import type { SiteFeedbackRecord } from './offers.records.ts';
import {
  siteFeedbackCreateSchema,
  siteFeedbackListQuerySchema,
  type SiteFeedbackJson,
  type SiteFeedbackList,
} from './offers.schemas.ts';
import { presentSiteFeedback } from './offers.presenter.ts';
import { countHit } from './reports.service.ts';

/** Site feedback per client address and hour. */
export const SITE_FEEDBACK_RATE_LIMIT = { name: 'site-feedback', policy: 'site-feedback', limit: 10, windowSeconds: 3600 } as const satisfies RateLimit;

/**
 * Feedback about the site and requests for capabilities. Anyone may send it; it is rate-limited per
 * client and stored for support without the client's address.
 *
 * @example
 * ```ts
 * await siteFeedback.submit(actorOrNull, { kind: 'capability_request', message: 'Please add a wedding template.', contact_ok: true }, clientAddress);
 * const { site_feedback: items } = await siteFeedback.listSiteFeedback(supportActor, { kind: 'capability_request' });
 * ```
 */
export interface SiteFeedbackService {
  /**
   * `POST /api/v1/site-feedback`: a caller who is signed in or holds a token attaches its principal
   * id, and a token its agent grant id and name (never the token); 429 `rate_limited` with
   * `retry_after` past 10 an hour per client.
   */
  submit(caller: Actor | null, input: unknown, clientKey: string): Promise<SiteFeedbackJson>;
  /** Support only (anyone else: 404): newest first, optionally by `kind`; query `limit`, `offset`. */
  listSiteFeedback(actor: Actor, query?: unknown): Promise<SiteFeedbackList>;
  /** Support only (anyone else, or an unknown id: 404): one item, e.g. to answer its sender. */
  getSiteFeedback(actor: Actor, id: string): Promise<SiteFeedbackJson>;
}

export const createSiteFeedbackService = ({
  repo,
  clock,
  ids,
  limiter,
}: Pick<OffersDeps, 'repo' | 'clock' | 'ids' | 'limiter'>): SiteFeedbackService => ({
  submit: async (caller, input, clientKey) => {
    const fields = parseInput(siteFeedbackCreateSchema, input);
    await countHit(limiter, SITE_FEEDBACK_RATE_LIMIT, clientKey);
    const item: SiteFeedbackRecord = {
      id: ids('sfb'),
      kind: fields.kind,
      message: fields.message,
      contactOk: fields.contact_ok,
      principalId: caller?.principalId ?? null,
      grantId: caller?.grantId ?? null,
      agentName: caller?.agentName ?? null,
      createdAt: clock.now(),
    };
    await repo.insertSiteFeedback(item);
    return presentSiteFeedback(item);
  },

  listSiteFeedback: async (actor, query) => {
    if (!actor.isSupport) throw offerErrors.supportOnly();
    const { kind, limit, offset } = parseInput(siteFeedbackListQuerySchema, query ?? {});
    const { rows, total } = await repo.listSiteFeedback(kind, { limit, offset });
    return { site_feedback: rows.map(presentSiteFeedback), total, limit, offset };
  },

  getSiteFeedback: async (actor, id) => {
    if (!actor.isSupport) throw offerErrors.supportOnly();
    const item = await repo.findSiteFeedback(id);
    if (!item) throw offerErrors.supportOnly();
    return presentSiteFeedback(item);
  },
});
