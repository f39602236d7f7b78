// `pnpm --filter @svc/offers queries`: rewrites src/queries/offers.sql, the SQL each repository
// method sends (test/queries.integration.test.ts fails while the checked-in file differs).
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { boundValue, dbSchema } from '@svc/db';
import { generateQueryReport, type QueryReport } from '@svc/db/testing';
import { offersSchema } from '../src/index.ts';
import type { FeedbackRecord, OfferRecord, ReportRecord, SiteFeedbackRecord } from '../src/offers.records.ts';
import { createMikroOrmOffersRepository, offersClient } from '../src/offers.repository.mikro-orm.ts';
import type { OffersRepository } from '../src/offers.repository.ts';

export const QUERIES_FILE = new URL('../src/queries/offers.sql', import.meta.url);

const at = new Date('2026-11-22T09:00:00.000Z');
const later = new Date('2026-11-29T09:00:00.000Z');
const paging = { limit: 20, offset: 0 };
const pastTheEnd = { limit: 20, offset: 400 };
const offer: OfferRecord = {
  id: 'svc_report',
  status: 'active',
  version: 1,
  title: 'Party planning',
  summary: 'Parties of up to fifty.',
  role: 'planner',
  industry: 'events',
  capabilities: ['Venues'],
  contactUrl: 'https://planner.example.org',
  pricingNote: 'From 100 EUR.',
  tags: ['party'],
  templates: [],
  providerId: 'prn_provider',
  createdAt: at,
  updatedAt: at,
};
const item: FeedbackRecord = {
  id: 'fbk_report',
  offerId: offer.id,
  authorId: 'prn_author',
  version: 1,
  needsMet: 'yes',
  comment: 'Great party.',
  sourceLinks: ['https://threads.example.org/thr_1'],
  capability: null,
  published: true,
  hiddenAt: null,
  hiddenReason: null,
  replyText: null,
  replyAt: null,
  removedAt: null,
  createdAt: at,
  updatedAt: at,
};
const report: ReportRecord = {
  id: 'rep_report',
  targetKind: 'service',
  targetId: offer.id,
  reason: 'spam',
  details: '',
  status: 'open',
  resolution: null,
  resolvedBy: null,
  resolvedAt: null,
  createdAt: at,
};
const site: SiteFeedbackRecord = {
  id: 'sfb_report',
  kind: 'feedback',
  message: 'Nice site.',
  contactOk: false,
  principalId: null,
  grantId: null,
  agentName: null,
  createdAt: at,
};
const reader = { principalId: 'prn_reader', isProvider: false, isSupport: false };

/** Every repository method, called in an order that finds rows to read, change and then delete. */
export const offersQueries: QueryReport<OffersRepository> = {
  command: 'pnpm --filter @svc/offers queries',
  title: 'OffersRepository',
  schema: {
    entities: [...dbSchema.entities, ...offersSchema.entities],
    migrations: [...dbSchema.migrations, ...offersSchema.migrations],
    routines: [...dbSchema.routines, ...offersSchema.routines],
  },
  repository: (db) => createMikroOrmOffersRepository(offersClient(db)),
  calls: [
    { name: 'insertOffer', run: (repo) => repo.insertOffer(offer) },
    { name: 'findOffer', run: (repo) => repo.findOffer(offer.id) },
    {
      name: 'updateOfferIfVersion (every change)',
      run: (repo) =>
        repo.updateOfferIfVersion(offer.id, 1, {
          status: 'active',
          title: 'Garden party planning',
          summary: 'Parties of up to sixty.',
          role: 'planner',
          industry: 'events',
          capabilities: ['Venues', 'Catering'],
          contactUrl: null,
          pricingNote: '',
          tags: ['party', 'garden'],
          templates: ['event'],
          updatedAt: at,
        }),
    },
    { name: 'updateOfferIfVersion (one change)', run: (repo) => repo.updateOfferIfVersion(offer.id, 2, { status: 'paused', updatedAt: at }) },
    { name: 'searchOffers (the newest, with a capped total)', run: (repo) => repo.searchOffers({ status: 'paused', role: 'planner', industry: 'events' }, paging) },
    { name: 'searchOffers (a provider’s own, active and paused)', run: (repo) => repo.searchOffers({ providerId: offer.providerId }, paging) },
    { name: 'searchOffers (a list past its last page: the count alone)', run: (repo) => repo.searchOffers({ status: 'paused' }, pastTheEnd) },
    { name: 'searchOffers (words, ranked among the newest candidates)', run: (repo) => repo.searchOffers({ q: 'garden party', status: 'paused' }, paging) },
    { name: 'searchOffers (words past the last page: the count alone)', run: (repo) => repo.searchOffers({ q: 'garden party', status: 'paused' }, pastTheEnd) },
    { name: 'countOffers', run: (repo) => repo.countOffers(offer.providerId) },
    { name: 'countOffersColumns (columns for another statement: it sends none)', run: async (repo) => repo.countOffersColumns(boundValue(offer.providerId)) },
    { name: 'insertFeedbackIfFirst', run: (repo) => repo.insertFeedbackIfFirst(item) },
    { name: 'hasActiveFeedback', run: (repo) => repo.hasActiveFeedback(offer.id, item.authorId) },
    { name: 'findFeedback', run: (repo) => repo.findFeedback(item.id) },
    { name: 'listFeedback (its provider)', run: (repo) => repo.listFeedback(offer.id, { principalId: offer.providerId, isProvider: true, isSupport: false }, paging) },
    { name: 'listFeedback (a signed-in reader)', run: (repo) => repo.listFeedback(offer.id, reader, paging) },
    { name: 'listFeedback (support)', run: (repo) => repo.listFeedback(offer.id, { principalId: 'prn_support', isProvider: false, isSupport: true }, paging) },
    { name: 'listFeedback (anyone)', run: (repo) => repo.listFeedback(offer.id, { principalId: null, isProvider: false, isSupport: false }, paging) },
    {
      name: 'updateFeedbackIfVersion',
      run: (repo) =>
        repo.updateFeedbackIfVersion(item.id, 1, { needsMet: 'partly', comment: 'Good party.', sourceLinks: [], capability: 'Venues', published: true, updatedAt: at }),
    },
    { name: 'replyToFeedback', run: (repo) => repo.replyToFeedback(item.id, 'Thank you.', at) },
    { name: 'hideFeedback', run: (repo) => repo.hideFeedback(item.id, 'Names a guest.', at) },
    { name: 'listHiddenFeedback', run: (repo) => repo.listHiddenFeedback(paging) },
    { name: 'unhideFeedback', run: (repo) => repo.unhideFeedback(item.id, at) },
    { name: 'removeFeedback (at a version)', run: (repo) => repo.removeFeedback(item.id, at, 5) },
    { name: 'removeFeedback (at any version)', run: (repo) => repo.removeFeedback(item.id, at) },
    { name: 'insertReport', run: (repo) => repo.insertReport(report) },
    { name: 'findReport', run: (repo) => repo.findReport(report.id) },
    { name: 'listReports', run: (repo) => repo.listReports('open', paging) },
    { name: 'resolveReport', run: (repo) => repo.resolveReport(report.id, 'Removed the offer.', 'prn_support', at) },
    { name: 'purgeResolvedReports', run: (repo) => repo.purgeResolvedReports(later) },
    { name: 'insertSiteFeedback', run: (repo) => repo.insertSiteFeedback(site) },
    { name: 'findSiteFeedback', run: (repo) => repo.findSiteFeedback('sfb_1') },
    { name: 'listSiteFeedback (every kind)', run: (repo) => repo.listSiteFeedback(undefined, paging) },
    { name: 'listSiteFeedback (one kind)', run: (repo) => repo.listSiteFeedback('capability_request', paging) },
  ],
};

if (import.meta.main) {
  await writeFile(QUERIES_FILE, await generateQueryReport(offersQueries));
  console.log(`Wrote ${fileURLToPath(QUERIES_FILE)}`);
}
