import { optionalExpectedVersion, parseInput, refuseContactDetails, type Actor } from '@svc/kernel';
import { differingFrom } from './differing-from.ts';
import { offerErrors } from './offers.errors.ts';
import type { OffersDeps } from './offers.deps.ts';
import type { FeedbackRecord, OfferRecord } from './offers.records.ts';
import type { FeedbackViewer } from './offers.repository.ts';
import {
  feedbackCreateSchema,
  hideSchema,
  pagingQuerySchema,
  parseFeedbackPatch,
  replySchema,
  type FeedbackJson,
  type FeedbackList,
  type HiddenFeedbackList,
} from './offers.schemas.ts';
import { createOfferViews } from './offers.presenter.ts';

/**
 * Feedback on offers: whether a person's stated needs were met. Private to its author and the
 * provider unless the author publishes it; the provider may reply once; support may hide published
 * items. No ratings, counts or averages are calculated anywhere.
 *
 * @example
 * ```ts
 * const item = await feedback.leave(actor, offer.id, { needs_met: 'partly', comment: 'Good plan, late delivery.', published: true });
 * await feedback.reply(provider, item.id, { text: 'Thank you; we have changed our schedule.' });
 * const { feedback: visible } = await feedback.list(null, offer.id);
 * ```
 */
export interface FeedbackService {
  /**
   * `POST /api/v1/services/{id}/feedback`: only a related principal (403 `not_related`, the provider
   * included); one active item per author per offer (409 `limit_reached`).
   */
  leave(actor: Actor, offerId: string, input: unknown): Promise<FeedbackJson>;
  /**
   * Website only: whether `leave` would take feedback from this person on this offer now, by the
   * same rule, so a page offers the form only to someone who may send it: `allowed`, or why not
   * (`provider`, `not_related`, `awaiting_provider` when they are in a thread about the offer that
   * the provider is invited to but has not joined yet, or `already_left` while their own item is
   * active). An unknown offer is 404, a removed one 410, as `leave` answers.
   */
  leaveStanding(actor: Actor, offerId: string): Promise<LeaveStanding>;
  /**
   * `GET /api/v1/services/{id}/feedback` (query `limit`, `offset`): published, unhidden items to
   * everyone; private items also to their author and the provider; hidden items only to the author,
   * the provider and support. Newest first.
   */
  list(caller: Actor | null, offerId: string, query?: unknown): Promise<FeedbackList>;
  /** `PATCH /api/v1/feedback/{id}`: author only, versioned (428 / 409 `version_conflict` with `current`). */
  edit(actor: Actor, feedbackId: string, input: unknown): Promise<FeedbackJson>;
  /**
   * `DELETE /api/v1/feedback/{id}`: author only; the item disappears and a new one may be left.
   * `expectedVersion` is the query's `expected_version` as sent; when given it must match (409
   * `version_conflict` with `current`, nothing changed).
   */
  removeFeedback(actor: Actor, feedbackId: string, expectedVersion?: unknown): Promise<FeedbackJson>;
  /** Website only: the author's own item, for the page that asks before removing it (`not_found` / `not_owner` as `removeFeedback`). */
  getOwn(actor: Actor, feedbackId: string): Promise<FeedbackJson>;
  /**
   * Website only: an item the caller may see (published and not hidden; hidden ones to support; any
   * of their own as author or provider), for the offer page its forms lead back to, a report's page
   * and support's list of reports; else `not_found` (410 `removed` with its offer). `null` is anyone.
   */
  get(caller: Actor | null, feedbackId: string): Promise<FeedbackJson>;
  /** `POST /api/v1/feedback/{id}/reply` `{text}`: provider only (403 `not_owner`); once (409 `invalid_state`). */
  reply(actor: Actor, feedbackId: string, input: unknown): Promise<FeedbackJson>;
  /** Support only (anyone else: 404): hides a published item, with `{reason}`. */
  hide(actor: Actor, feedbackId: string, input: unknown): Promise<FeedbackJson>;
  /** Support only (anyone else: 404): shows a hidden item again. */
  unhide(actor: Actor, feedbackId: string): Promise<FeedbackJson>;
  /** Support only (anyone else: 404): every hidden item, most recently changed first; query `limit`, `offset`. */
  listHidden(actor: Actor, query?: unknown): Promise<HiddenFeedbackList>;
}

/** Whether a person may leave feedback on an offer now, or why not. */
export type LeaveStanding = 'allowed' | 'provider' | 'not_related' | 'awaiting_provider' | 'already_left';

/** The one visibility rule, for single items; the repository applies the same rule to lists. */
export const canSeeFeedback = (item: FeedbackRecord, viewer: FeedbackViewer): boolean => {
  if (item.removedAt) return false;
  if (viewer.isProvider || item.authorId === viewer.principalId) return true;
  if (!item.published) return false;
  return item.hiddenAt === null || viewer.isSupport;
};

const viewerOf = (caller: Actor | null, offer: OfferRecord): FeedbackViewer => ({
  principalId: caller?.principalId ?? null,
  isProvider: caller !== null && caller.principalId === offer.providerId,
  isSupport: caller?.isSupport ?? false,
});

export const createFeedbackService = ({
  repo,
  clock,
  ids,
  principals,
  relations,
  baseUrl,
}: Pick<OffersDeps, 'repo' | 'clock' | 'ids' | 'principals' | 'relations' | 'baseUrl'>): FeedbackService => {
  const views = createOfferViews(principals, baseUrl.replace(/\/+$/, ''));

  /** The offer feedback belongs to: unknown is 404, removed is 410 (its feedback goes with it). */
  const readableOffer = async (id: string): Promise<OfferRecord> => {
    const offer = await repo.findOffer(id);
    if (!offer) throw offerErrors.notFound();
    if (offer.status === 'removed') throw offerErrors.removed();
    return offer;
  };

  /** An item the caller may see, with its offer; anything else is the one `not_found`. */
  const visible = async (caller: Actor | null, feedbackId: string): Promise<{ item: FeedbackRecord; offer: OfferRecord; viewer: FeedbackViewer }> => {
    const item = await repo.findFeedback(feedbackId);
    if (!item) throw offerErrors.feedbackNotFound();
    const offer = await repo.findOffer(item.offerId);
    if (!offer) throw offerErrors.feedbackNotFound();
    const viewer = viewerOf(caller, offer);
    if (!canSeeFeedback(item, viewer)) throw offerErrors.feedbackNotFound();
    if (offer.status === 'removed') throw offerErrors.removed();
    return { item, offer, viewer };
  };

  /** The author's own item: others who can see it get `not_owner`, others still `not_found`. */
  const authored = async (actor: Actor, feedbackId: string) => {
    const found = await visible(actor, feedbackId);
    if (found.item.authorId !== actor.principalId) throw offerErrors.notFeedbackAuthor();
    return found;
  };

  /** Support only; to anyone else support actions do not exist. */
  const forSupport = async (actor: Actor, feedbackId: string) => {
    if (!actor.isSupport) throw offerErrors.feedbackNotFound();
    return visible(actor, feedbackId);
  };

  /**
   * Who may leave feedback: someone other than the provider who shares a thread with the provider
   * that links the offer. One rule for `leave` and for the question a page asks before offering the form.
   */
  const relationTo = async (actor: Actor, offer: OfferRecord): Promise<'allowed' | 'provider' | 'not_related'> => {
    if (offer.providerId === actor.principalId) return 'provider';
    return (await relations.sharesThreadLinking(actor.principalId, offer.providerId, 'service', offer.id)) ? 'allowed' : 'not_related';
  };

  const checkCapability = (offer: OfferRecord, capability: string | null | undefined): void => {
    if (capability !== undefined && capability !== null && !offer.capabilities.includes(capability)) {
      throw offerErrors.invalid('capability', 'must be one of the capabilities the service lists');
    }
  };

  return {
    leave: async (actor, offerId, input) => {
      const fields = parseInput(feedbackCreateSchema, input);
      // The provider reads every comment, and readers the published ones: public text (docs/decisions.md).
      refuseContactDetails({ comment: fields.comment }, { source_links: fields.source_links });
      const offer = await readableOffer(offerId);
      checkCapability(offer, fields.capability);
      if ((await relationTo(actor, offer)) !== 'allowed') throw offerErrors.notRelated();
      const now = clock.now();
      const item: FeedbackRecord = {
        id: ids('fbk'),
        offerId: offer.id,
        authorId: actor.principalId,
        version: 1,
        needsMet: fields.needs_met,
        comment: fields.comment ?? '',
        sourceLinks: fields.source_links ?? [],
        capability: fields.capability ?? null,
        published: fields.published ?? false,
        hiddenAt: null,
        hiddenReason: null,
        replyText: null,
        replyAt: null,
        removedAt: null,
        createdAt: now,
        updatedAt: now,
      };
      if (!(await repo.insertFeedbackIfFirst(item))) throw offerErrors.feedbackExists();
      return views.feedbackItem(item);
    },

    leaveStanding: async (actor, offerId) => {
      const offer = await readableOffer(offerId);
      const relation = await relationTo(actor, offer);
      // `leave` refuses both as not_related; a page tells "start a thread" from "wait for them to join".
      if (relation === 'not_related' && (await relations.invitedToThreadLinking(actor.principalId, offer.providerId, 'service', offer.id))) {
        return 'awaiting_provider';
      }
      if (relation !== 'allowed') return relation;
      // `leave` refuses a second active item atomically (limit_reached); asked here so the form is not offered for it.
      return (await repo.hasActiveFeedback(offer.id, actor.principalId)) ? 'already_left' : 'allowed';
    },

    list: async (caller, offerId, query) => {
      const { limit, offset } = parseInput(pagingQuerySchema, query ?? {});
      const offer = await readableOffer(offerId);
      const { rows, hasMore } = await repo.listFeedback(offer.id, viewerOf(caller, offer), { limit, offset });
      return { feedback: await views.feedback(rows), has_more: hasMore, limit, offset };
    },

    edit: async (actor, feedbackId, input) => {
      const { expectedVersion, patch } = parseFeedbackPatch(input);
      refuseContactDetails({ comment: patch.comment }, { source_links: patch.source_links });
      const { offer, item } = await authored(actor, feedbackId);
      checkCapability(offer, patch.capability);
      const changes = differingFrom(item, {
        needsMet: patch.needs_met,
        comment: patch.comment,
        sourceLinks: patch.source_links,
        capability: patch.capability,
        published: patch.published,
      });
      // Fields sent as the item has them are no change: with nothing else, nothing is written (the
      // version stays, so nobody holding it meets a conflict over nothing); a stale version is still 409.
      if (Object.keys(changes).length === 0) {
        if (item.version !== expectedVersion) throw offerErrors.versionConflict(await views.feedbackItem(item));
        return views.feedbackItem(item);
      }
      const updated = await repo.updateFeedbackIfVersion(feedbackId, expectedVersion, { ...changes, updatedAt: clock.now() });
      if (updated) return views.feedbackItem(updated);
      const { item: current } = await authored(actor, feedbackId);
      throw offerErrors.versionConflict(await views.feedbackItem(current));
    },

    removeFeedback: async (actor, feedbackId, expectedVersion) => {
      const version = optionalExpectedVersion(expectedVersion);
      // Hidden feedback stays: removed, its author could leave it again, shown (moderation undone).
      if ((await authored(actor, feedbackId)).item.hiddenAt !== null) throw offerErrors.removingHidden();
      const removed = await repo.removeFeedback(feedbackId, clock.now(), version);
      if (removed) return views.feedbackItem(removed);
      // Nothing changed: a concurrent removal got there first (the item is gone: not_found), support
      // hid it meanwhile, or the version differs.
      const { item: current } = await authored(actor, feedbackId);
      if (current.hiddenAt !== null) throw offerErrors.removingHidden();
      if (version === null) throw offerErrors.feedbackNotFound();
      throw offerErrors.versionConflict(await views.feedbackItem(current));
    },

    getOwn: async (actor, feedbackId) => views.feedbackItem((await authored(actor, feedbackId)).item),

    get: async (caller, feedbackId) => views.feedbackItem((await visible(caller, feedbackId)).item),

    reply: async (actor, feedbackId, input) => {
      const { text } = parseInput(replySchema, input);
      refuseContactDetails({ text });
      const { item, viewer } = await visible(actor, feedbackId);
      if (!viewer.isProvider) throw offerErrors.notProvider();
      if (item.replyText !== null) throw offerErrors.alreadyReplied();
      // Only one of several concurrent replies finds the reply still empty.
      const replied = await repo.replyToFeedback(feedbackId, text, clock.now());
      if (!replied) throw offerErrors.alreadyReplied();
      return views.feedbackItem(replied);
    },

    hide: async (actor, feedbackId, input) => {
      const { reason } = parseInput(hideSchema, input);
      const { item } = await forSupport(actor, feedbackId);
      if (item.hiddenAt) throw offerErrors.alreadyHidden();
      if (!item.published) throw offerErrors.notPublished();
      const hidden = await repo.hideFeedback(feedbackId, reason, clock.now());
      if (!hidden) throw offerErrors.alreadyHidden();
      return views.feedbackItem(hidden);
    },

    unhide: async (actor, feedbackId) => {
      const { item } = await forSupport(actor, feedbackId);
      const shownAs = item.published ? 'published' : 'private';
      if (!item.hiddenAt) throw offerErrors.notHidden(shownAs);
      const shown = await repo.unhideFeedback(feedbackId, clock.now());
      if (!shown) throw offerErrors.notHidden(shownAs);
      return views.feedbackItem(shown);
    },

    listHidden: async (actor, query) => {
      if (!actor.isSupport) throw offerErrors.supportOnly();
      const { limit, offset } = parseInput(pagingQuerySchema, query ?? {});
      const { rows, total } = await repo.listHiddenFeedback({ limit, offset });
      return { feedback: await views.feedback(rows), total, limit, offset };
    },
  };
};
