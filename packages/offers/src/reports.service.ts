import { parseInput, type Actor } from '@svc/kernel';
import type { RateLimit, RateLimiter } from '@svc/db';
import { offerErrors } from './offers.errors.ts';
import type { OffersDeps } from './offers.deps.ts';
import type { ReportRecord, ReportTargetKind } from './offers.records.ts';
import {
  reportCreateSchema,
  reportListQuerySchema,
  reportResolveSchema,
  type ReportJson,
  type ReportList,
} from './offers.schemas.ts';
import { presentReport } from './offers.presenter.ts';
import { canSeeFeedback } from './feedback.service.ts';

/** Counts one submission from `clientKey`; 429 `rate_limited` with `retry_after` past the limit. */
export const countHit = async (limiter: RateLimiter, limit: RateLimit, clientKey: string): Promise<void> => {
  const verdict = await limiter.hit(limit, clientKey);
  if (!verdict.allowed) throw offerErrors.rateLimited(verdict.retryAfter);
};

/** Reports per client address and hour. */
export const REPORT_RATE_LIMIT = { name: 'reports', policy: 'reports', limit: 10, windowSeconds: 3600 } as const satisfies RateLimit;

/**
 * Reports of public content. Anyone may send one (no credentials); they are rate-limited per client
 * and stored for support without the client's address. A report never changes its target.
 *
 * @example
 * ```ts
 * const report = await reports.report({ target_kind: 'service', target_id: offer.id, reason: 'spam' }, clientAddress);
 * const { reports: open } = await reports.listReports(supportActor, { status: 'open' });
 * await reports.resolveReport(supportActor, report.id, { resolution: 'Removed by the provider.' });
 * ```
 */
export interface ReportsService {
  /**
   * `POST /api/v1/reports`: only public targets (else 404 `not_found`); 429 `rate_limited` with
   * `retry_after` past 10 an hour per client. `clientKey` is the client address; only a hash of it
   * is kept, by the rate limiter.
   */
  report(input: unknown, clientKey: string): Promise<ReportJson>;
  /** Support only (anyone else: 404): reports by `status` (open by default), oldest first. */
  listReports(actor: Actor, query?: unknown): Promise<ReportList>;
  /** Support only (anyone else: 404): marks an open report resolved; twice is 409 `invalid_state`. */
  resolveReport(actor: Actor, reportId: string, input: unknown): Promise<ReportJson>;
}

export const createReportsService = ({
  repo,
  clock,
  ids,
  limiter,
  publicTargets,
}: Pick<OffersDeps, 'repo' | 'clock' | 'ids' | 'limiter' | 'publicTargets'>): ReportsService => {
  const isPublic = async (kind: ReportTargetKind, id: string): Promise<boolean> => {
    if (kind === 'service') {
      const offer = await repo.findOffer(id);
      return offer !== null && offer.status !== 'removed';
    }
    if (kind === 'feedback') {
      const item = await repo.findFeedback(id);
      if (!item) return false;
      const offer = await repo.findOffer(item.offerId);
      const anyone = { principalId: null, isProvider: false, isSupport: false };
      return offer !== null && offer.status !== 'removed' && canSeeFeedback(item, anyone);
    }
    return publicTargets.exists(kind, id);
  };

  const requireSupport = (actor: Actor): void => {
    if (!actor.isSupport) throw offerErrors.supportOnly();
  };


  return {
    report: async (input, clientKey) => {
      const fields = parseInput(reportCreateSchema, input);
      // Counted before the target is looked up, so the limit also bounds probing for ids.
      await countHit(limiter, REPORT_RATE_LIMIT, clientKey);
      if (!(await isPublic(fields.target_kind, fields.target_id))) throw offerErrors.targetNotFound();
      const report: ReportRecord = {
        id: ids('rep'),
        targetKind: fields.target_kind,
        targetId: fields.target_id,
        reason: fields.reason,
        details: fields.details ?? '',
        status: 'open',
        resolution: null,
        resolvedBy: null,
        resolvedAt: null,
        createdAt: clock.now(),
      };
      await repo.insertReport(report);
      return presentReport(report);
    },

    listReports: async (actor, query) => {
      requireSupport(actor);
      const { status, limit, offset } = parseInput(reportListQuerySchema, query ?? {});
      const { rows, total } = await repo.listReports(status, { limit, offset });
      return { reports: rows.map(presentReport), total, limit, offset };
    },

    resolveReport: async (actor, reportId, input) => {
      requireSupport(actor);
      const { resolution } = parseInput(reportResolveSchema, input);
      const existing = await repo.findReport(reportId);
      if (!existing) throw offerErrors.reportNotFound();
      const resolved = await repo.resolveReport(reportId, resolution, actor.principalId, clock.now());
      if (!resolved) throw offerErrors.alreadyResolved();
      return presentReport(resolved);
    },

  };
};
