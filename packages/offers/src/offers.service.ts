import { optionalExpectedVersion, parseInput, parseStatusChange, refuseContactDetails, type Actor } from '@svc/kernel';
import { differingFrom } from './differing-from.ts';
import { offerErrors } from './offers.errors.ts';
import type { OffersDeps, TemplateCatalog } from './offers.deps.ts';
import type { OfferChanges, OfferRecord } from './offers.records.ts';
import { nextOfferStatus, type OfferAction } from './offers.state.ts';
import {
  offerCreateSchema,
  myOffersQuerySchema,
  offerListQuerySchema,
  parseOfferPatch,
  type OfferPatchInput,
  type ServiceJson,
  type ServiceList,
} from './offers.schemas.ts';
import { createOfferViews } from './offers.presenter.ts';

/**
 * Publishing, reading, editing, pausing and removing offers (services). Writes take the calling
 * `Actor` and check ownership here; scopes are the HTTP layer's job.
 *
 * @example
 * ```ts
 * const offer = await offers.create(actor, { title: 'Party planning', role: 'planner', industry: 'events', contact_url: 'https://example.org/contact' });
 * const paused = await offers.pause(actor, offer.id);          // contact_url is null while paused
 * const edited = await offers.update(actor, offer.id, { expected_version: paused.version, pricing_note: 'From 40 GBP' });
 * const found = await offers.list({ q: 'birthday party', role: 'planner' });
 * ```
 */
export interface OffersService {
  /**
   * `POST /api/v1/services`: publishes an active offer at version 1 (in one transaction, so an
   * idempotent create joins it). Public text holding a contact detail is 422 `blocked_content`.
   */
  create(actor: Actor, input: unknown): Promise<ServiceJson>;
  /** `GET /api/v1/services/{id}`: 404 `not_found` when unknown, 410 `removed` when removed; paused offers are readable. */
  get(id: string): Promise<ServiceJson>;
  /** `GET /api/v1/services`: query strings `q`, `role`, `industry`, `status` (active by default), `limit`, `offset`. */
  list(query: unknown): Promise<ServiceList>;
  /**
   * `PATCH /api/v1/services/{id}`: owner only; 428 without `expected_version`, 409 `version_conflict`
   * with `current`; 422 `blocked_content` as on `create`, for the fields sent.
   */
  update(actor: Actor, id: string, patch: unknown): Promise<ServiceJson>;
  /**
   * `DELETE /api/v1/services/{id}`: active or paused → removed; public reads answer 410 afterwards.
   * `expectedVersion` is the query's `expected_version` as sent; when given it must match (409
   * `version_conflict` with `current`, nothing changed), as on pause and resume.
   */
  remove(actor: Actor, id: string, expectedVersion?: unknown): Promise<ServiceJson>;
  /** `POST /api/v1/services/{id}/pause` (body optional, `{expected_version}`): active → paused (the contact link is hidden). */
  pause(actor: Actor, id: string, body?: unknown): Promise<ServiceJson>;
  /** `POST /api/v1/services/{id}/resume` (body optional, `{expected_version}`): paused → active. */
  resume(actor: Actor, id: string, body?: unknown): Promise<ServiceJson>;
  /** A principal's active offers, newest first, `limit` from `offset` (public: their profile page lists them). */
  activeByProvider(principalId: string, limit?: number, offset?: number): Promise<ServiceJson[]>;
  /** The caller's own active and paused offers, newest first (their "my offers" page); at most 100 of each. */
  mine(actor: Actor): Promise<{ active: ServiceJson[]; paused: ServiceJson[] }>;
  /**
   * `GET /api/v1/me/services`: the caller's own offers, newest first, active and paused ones unless
   * `status` picks one (removed ones never); query strings `status`, `limit`, `offset`.
   */
  listMine(actor: Actor, query: unknown): Promise<ServiceList>;
  /** How many active and paused offers a principal has (for `/api/v1/me`). */
  countsFor(principalId: string): Promise<{ active_services: number; paused_services: number }>;
}

/** A provider's offer counts as `/api/v1/me` shows them. */
export const accountCounts = ({ active, paused }: { active: number; paused: number }) => ({ active_services: active, paused_services: paused });

/** A lost race on a status change is retried from a fresh read this many times before giving up. */
const TRANSITION_ATTEMPTS = 5;

/** Unknown template ids are `validation_failed` naming `templates.N`. */
const checkTemplates = (catalog: TemplateCatalog, ids: readonly string[] | undefined): void => {
  const index = ids?.findIndex((id) => !catalog.has(id)) ?? -1;
  if (index >= 0) throw offerErrors.invalid(`templates.${index}`, `is not a known template: ${ids![index]}`);
};

/**
 * The offer fields everyone reads as text. The contact link is left out: it is the one way the
 * provider chooses to be reached (hidden while the offer is paused), an https address by its rule.
 */
const PUBLIC_TEXT_FIELDS = ['title', 'summary', 'role', 'industry', 'capabilities', 'pricing_note', 'tags'] as const;

/**
 * Refuses public text that holds an e-mail address, a phone number or a street address: `422
 * blocked_content` naming each field (docs/decisions.md), before anything is stored.
 */
const refuseContactDetailsIn = (fields: OfferPatchInput): void =>
  refuseContactDetails(Object.fromEntries(PUBLIC_TEXT_FIELDS.flatMap((name) => (fields[name] === undefined ? [] : [[name, fields[name]]]))), { contact_url: fields.contact_url });

/** Offer fields (snake_case input) → record changes (camelCase), leaving out what was not sent. */
const toChanges = (fields: OfferPatchInput): Omit<OfferChanges, 'updatedAt'> => {
  const changes: Omit<OfferChanges, 'updatedAt'> = {
    title: fields.title,
    summary: fields.summary,
    role: fields.role,
    industry: fields.industry,
    capabilities: fields.capabilities,
    contactUrl: fields.contact_url,
    pricingNote: fields.pricing_note,
    tags: fields.tags,
    templates: fields.templates,
  };
  return Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined));
};


export const createOffersService = ({
  repo,
  clock,
  ids,
  principals,
  templates,
  baseUrl,
  transaction,
}: Pick<OffersDeps, 'repo' | 'clock' | 'ids' | 'principals' | 'templates' | 'baseUrl' | 'transaction'>): OffersService => {
  const views = createOfferViews(principals, baseUrl.replace(/\/+$/, ''));

  /** An offer the public may read: unknown is 404, removed is 410. */
  const readable = async (id: string): Promise<OfferRecord> => {
    const offer = await repo.findOffer(id);
    if (!offer) throw offerErrors.notFound();
    if (offer.status === 'removed') throw offerErrors.removed();
    return offer;
  };

  /**
   * A status change. With `expectedVersion` the caller's version must be the offer's (409
   * `version_conflict` otherwise, before the state rules); without it the version read is used,
   * and a race lost to another change is retried from a fresh read.
   */
  const transition = async (actor: Actor, id: string, action: OfferAction, expectedVersion: number | null): Promise<ServiceJson> => {
    for (let attempt = 1; ; attempt++) {
      const offer = await repo.findOffer(id);
      if (!offer) throw offerErrors.notFound();
      if (offer.providerId !== actor.principalId) {
        throw offer.status === 'removed' ? offerErrors.removed() : offerErrors.notOwner();
      }
      if (expectedVersion !== null && offer.version !== expectedVersion) throw offerErrors.versionConflict(await views.offer(offer));
      const status = nextOfferStatus(offer.status, action);
      // Same conditional update as an edit: if someone changed the offer meanwhile, nothing happens
      // here and the state check is made again against what they left.
      const updated = await repo.updateOfferIfVersion(id, offer.version, { status, updatedAt: clock.now() });
      if (updated) return views.offer(updated);
      if (expectedVersion !== null || attempt >= TRANSITION_ATTEMPTS) {
        const current = await repo.findOffer(id);
        throw offerErrors.versionConflict(current ? await views.offer(current) : null);
      }
    }
  };

  return {
    create: (actor, input) =>
      transaction(async () => {
        const fields = parseInput(offerCreateSchema, input);
        checkTemplates(templates, fields.templates);
        refuseContactDetailsIn(fields);
        const now = clock.now();
        const offer: OfferRecord = {
          id: ids('svc'),
          status: 'active',
          version: 1,
          title: fields.title,
          summary: fields.summary ?? '',
          role: fields.role,
          industry: fields.industry,
          capabilities: fields.capabilities ?? [],
          contactUrl: fields.contact_url ?? null,
          pricingNote: fields.pricing_note ?? '',
          tags: fields.tags ?? [],
          templates: fields.templates ?? [],
          providerId: actor.principalId,
          createdAt: now,
          updatedAt: now,
        };
        await repo.insertOffer(offer);
        // The provider is the caller, whose display name was read with their token or session.
        return views.offer({ ...offer, providerName: actor.displayName });
      }),

    get: async (id) => views.offer(await readable(id)),

    list: async (query) => {
      const { q, role, industry, status, limit, offset } = parseInput(offerListQuerySchema, query ?? {});
      const { rows, total, totalIsLowerBound } = await repo.searchOffers({ q: q || undefined, role, industry, status }, { limit, offset });
      return { services: await views.offers(rows), total, total_is_lower_bound: totalIsLowerBound, limit, offset };
    },

    update: async (actor, id, body) => {
      const { expectedVersion, patch } = parseOfferPatch(body);
      checkTemplates(templates, patch.templates);
      refuseContactDetailsIn(patch);
      const offer = await readable(id);
      if (offer.providerId !== actor.principalId) throw offerErrors.notOwner();
      const changes = differingFrom(offer, toChanges(patch));
      // Fields sent as the offer has them are no change: with nothing else, nothing is written (the
      // version stays, so nobody holding it meets a conflict over nothing); a stale version is still 409.
      if (Object.keys(changes).length === 0) {
        if (offer.version !== expectedVersion) throw offerErrors.versionConflict(await views.offer(offer));
        return views.offer(offer);
      }
      const updated = await repo.updateOfferIfVersion(id, expectedVersion, { ...changes, updatedAt: clock.now() });
      if (updated) return views.offer(updated);
      // Nothing changed: say why, with the offer as it is now.
      throw offerErrors.versionConflict(await views.offer(await readable(id)));
    },

    remove: async (actor, id, expectedVersion) => transition(actor, id, 'remove', optionalExpectedVersion(expectedVersion)),
    pause: async (actor, id, body) => transition(actor, id, 'pause', parseStatusChange(body)),
    resume: async (actor, id, body) => transition(actor, id, 'resume', parseStatusChange(body)),

    activeByProvider: async (principalId, limit = 20, offset = 0) => {
      const { rows } = await repo.searchOffers({ status: 'active', providerId: principalId }, { limit, offset });
      return views.offers(rows);
    },

    mine: async (actor) => {
      const page = { limit: 100, offset: 0 };
      const active = await repo.searchOffers({ status: 'active', providerId: actor.principalId }, page);
      const paused = await repo.searchOffers({ status: 'paused', providerId: actor.principalId }, page);
      return { active: await views.offers(active.rows), paused: await views.offers(paused.rows) };
    },

    listMine: async (actor, query) => {
      const { status, limit, offset } = parseInput(myOffersQuerySchema, query ?? {});
      const { rows, total, totalIsLowerBound } = await repo.searchOffers({ status, providerId: actor.principalId }, { limit, offset });
      return { services: await views.offers(rows), total, total_is_lower_bound: totalIsLowerBound, limit, offset };
    },

    countsFor: async (principalId) => accountCounts(await repo.countOffers(principalId)),
  };
};
