import type { Actor } from '@svc/kernel';
import { relateToOffer, type TestApp } from '@svc/runtime/testing';
import type { MatrixFixtures } from './types.ts';

const offerInput = { title: 'Party planning', role: 'planner', industry: 'events', contact_url: 'https://planner.example/contact' };

/** An offer by `provider` with feedback left by `author` (who is made related first). */
const offerWithFeedback = async (app: TestApp, provider: Actor, author: Actor, published = false) => {
  const offer = await app.services.offers.create(provider, offerInput);
  await relateToOffer(app, provider, author, offer.id);
  const item = await app.services.feedback.leave(author, offer.id, { needs_met: 'partly', comment: 'Good plan.', published });
  return { offer, item };
};

/** The authorisation matrix of the offers operations: one fresh record per caller. */
export const OFFERS_FIXTURES: MatrixFixtures = {
  'services.list': {
    setup: async ({ app, owner }) => {
      await app.services.offers.create(owner.actor, offerInput);
      return { query: { role: 'planner' } };
    },
    stranger: 'success',
  },
  'services.create': {
    setup: async () => ({ body: offerInput }),
    stranger: 'success',
  },
  'services.get': {
    setup: async ({ app, owner }) => ({ params: { id: (await app.services.offers.create(owner.actor, offerInput)).id } }),
    stranger: 'success',
  },
  'services.mine': {
    setup: async ({ app, owner }) => {
      await app.services.offers.create(owner.actor, offerInput);
      return { query: { status: 'active' } };
    },
    stranger: 'success',
  },
  'services.update': {
    setup: async ({ app, owner }) => {
      const offer = await app.services.offers.create(owner.actor, offerInput);
      return { params: { id: offer.id }, body: { expected_version: offer.version, title: 'Changed' } };
    },
    stranger: 'not_owner',
  },
  'services.remove': {
    setup: async ({ app, owner }) => ({ params: { id: (await app.services.offers.create(owner.actor, offerInput)).id } }),
    stranger: 'not_owner',
  },
  'services.pause': {
    setup: async ({ app, owner }) => ({ params: { id: (await app.services.offers.create(owner.actor, offerInput)).id } }),
    stranger: 'not_owner',
  },
  'services.resume': {
    setup: async ({ app, owner }) => {
      const offer = await app.services.offers.create(owner.actor, offerInput);
      await app.services.offers.pause(owner.actor, offer.id);
      return { params: { id: offer.id } };
    },
    stranger: 'not_owner',
  },
  'feedback.list': {
    setup: async ({ app, owner, stranger }) => {
      const { offer } = await offerWithFeedback(app, owner.actor, stranger.actor, true);
      return { params: { id: offer.id } };
    },
    stranger: 'success',
  },
  'feedback.create': {
    // The owner is the related client; the stranger provides the offer, and a provider may not leave feedback on it.
    setup: async ({ app, owner, stranger }) => {
      const offer = await app.services.offers.create(stranger.actor, offerInput);
      await relateToOffer(app, stranger.actor, owner.actor, offer.id);
      return { params: { id: offer.id }, body: { needs_met: 'yes', comment: 'Clear and on time.' } };
    },
    stranger: 'not_related',
  },
  'feedback.update': {
    // The owner wrote the item; the stranger is the provider, who sees it but may not change it.
    setup: async ({ app, owner, stranger }) => {
      const { item } = await offerWithFeedback(app, stranger.actor, owner.actor);
      return { params: { id: item.id }, body: { expected_version: item.version, published: true } };
    },
    stranger: 'not_owner',
  },
  'feedback.remove': {
    setup: async ({ app, owner, stranger }) => {
      const { item } = await offerWithFeedback(app, stranger.actor, owner.actor);
      return { params: { id: item.id } };
    },
    stranger: 'not_owner',
  },
  'feedback.reply': {
    // The owner provides the offer; the stranger wrote the feedback and may not reply to it.
    setup: async ({ app, owner, stranger }) => {
      const { item } = await offerWithFeedback(app, owner.actor, stranger.actor);
      return { params: { id: item.id }, body: { text: 'Thank you.' } };
    },
    stranger: 'not_owner',
  },
  'reports.create': {
    setup: async ({ app, owner }) => {
      const offer = await app.services.offers.create(owner.actor, offerInput);
      return { body: { target_kind: 'service', target_id: offer.id, reason: 'spam' } };
    },
    stranger: 'success',
  },
  'site_feedback.create': {
    setup: async () => ({ body: { kind: 'feedback', message: 'The search works well.' } }),
    stranger: 'success',
  },
  'journal.list': {
    setup: async () => ({}),
    stranger: 'success',
  },
};
