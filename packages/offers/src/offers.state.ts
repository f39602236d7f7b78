import { offerErrors } from './offers.errors.ts';

/** The statuses an offer goes through and the owner actions between them. */
export const OFFER_STATUSES = ['active', 'paused', 'removed'] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

export const OFFER_ACTIONS = ['pause', 'resume', 'remove'] as const;
export type OfferAction = (typeof OFFER_ACTIONS)[number];

/** Every allowed transition; anything missing is `invalid_state`. */
const TRANSITIONS: Record<OfferAction, Partial<Record<OfferStatus, OfferStatus>>> = {
  pause: { active: 'paused' },
  resume: { paused: 'active' },
  remove: { active: 'removed', paused: 'removed' },
};

/** The status an offer moves to, or 409 `invalid_state` when the action is not allowed from `from`. */
export const nextOfferStatus = (from: OfferStatus, action: OfferAction): OfferStatus => {
  const to = TRANSITIONS[action][from];
  if (!to) throw offerErrors.invalidState(from, action);
  return to;
};
