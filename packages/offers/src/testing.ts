import { isDomainError, type Actor, type Clock } from '@svc/kernel';
import { createPeople as createKernelPeople } from '@svc/kernel/testing';
import { createRateLimiter, dbEntities, dbMigrations, type Database, type Engine } from '@svc/db';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import type {
  ExternalTargetKind,
  PublicTargets,
  RelationCheck,
  TemplateCatalog,
} from './offers.deps.ts';
import type { OfferRecord } from './offers.records.ts';
import { createOffersModule, offersEntities, offersMigrations, type OffersModule } from './index.ts';

export const BASE_URL = 'https://offers.example.org';

/** People who act in a test and the directory that knows them, shared by every domain's tests. */
export const createPeople = () => createKernelPeople({ scopes: ['services:write', 'feedback:write'] });

/** A stand-in for the templates package: only `birthday-party` exists. */
export const fakeTemplates: TemplateCatalog = { has: (id) => id === 'birthday-party' };

/**
 * A stand-in for threads: `relate(a, b, offerId)` says the two share a thread linking the offer;
 * `invite(a, b, offerId)` that `a` is in such a thread and `b` is invited to it, not yet in.
 */
export const createRelations = () => {
  const pairs = new Set<string>();
  const invited = new Set<string>();
  const key = (a: string, b: string, id: string) => [a, b].sort().join('|') + `|${id}`;
  const check: RelationCheck & { calls: number } = {
    calls: 0,
    sharesThreadLinking: async (a, b, _kind, id) => {
      check.calls++;
      return pairs.has(key(a, b, id));
    },
    invitedToThreadLinking: async (a, b, _kind, id) => invited.has(`${a}|${b}|${id}`),
  };
  return {
    check,
    relate: (a: Actor, b: Actor, offerId: string) => pairs.add(key(a.principalId, b.principalId, offerId)),
    invite: (a: Actor, b: Actor, offerId: string) => invited.add(`${a.principalId}|${b.principalId}|${offerId}`),
  };
};

/** A stand-in for jobs and directory: the public ids each knows. */
export const createPublicTargets = () => {
  const known = new Set<string>();
  const targets: PublicTargets = { exists: async (kind: ExternalTargetKind, id) => known.has(`${kind}:${id}`) };
  return { targets, add: (kind: ExternalTargetKind, id: string) => known.add(`${kind}:${id}`) };
};

/** A valid offer body for POST; override what a test is about. */
export const offerInput = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  title: 'Birthday party planning',
  summary: 'I plan children’s birthday parties: venue, food and a running order.',
  role: 'planner',
  industry: 'events',
  capabilities: ['venue search', 'running order'],
  contact_url: 'https://planner.example.org/contact',
  pricing_note: 'From 40 GBP per plan.',
  tags: ['party-planning', 'kids'],
  templates: ['birthday-party'],
  ...overrides,
});

/** A stored offer record for pure tests. */
export const offerRecord = (overrides: Partial<OfferRecord> = {}): OfferRecord => ({
  id: 'svc_0123456789abcdefghjkmnpqrs',
  status: 'active',
  version: 2,
  title: 'Party planning',
  summary: 'Plans',
  role: 'planner',
  industry: 'events',
  capabilities: ['venue search'],
  contactUrl: 'https://planner.example.org/contact',
  pricingNote: '',
  tags: ['kids'],
  templates: [],
  providerId: 'prn_provider',
  createdAt: new Date('2026-11-21T12:00:00Z'),
  updatedAt: new Date('2026-11-21T13:30:00.250Z'),
  ...overrides,
});

/** The tables the offers tests migrate: the shared ones and the offers package's. */
export const OFFERS_TEST_SCHEMA = { entities: [...dbEntities, ...offersEntities], migrations: [...dbMigrations, ...offersMigrations] };

/** A migrated scratch database with the offers tables, for one test file. */
export const openOffersTestDatabase = (engine: Engine): Promise<TestDatabase> => openTestDatabase(engine, OFFERS_TEST_SCHEMA);

/**
 * The offers module on `db` with the stand-ins above and a rate limiter on the same database;
 * pass the people, relations and public targets a test controls (fresh ones otherwise).
 */
export const testOffersModule = (
  db: Database,
  {
    clock,
    people = createPeople(),
    relations = createRelations(),
    targets = createPublicTargets(),
  }: {
    clock: Clock;
    people?: ReturnType<typeof createPeople>;
    relations?: ReturnType<typeof createRelations>;
    targets?: ReturnType<typeof createPublicTargets>;
  },
): OffersModule =>
  createOffersModule({
    db,
    clock,
    limiter: createRateLimiter(db, clock),
    baseUrl: BASE_URL,
    principals: people.directory,
    templates: fakeTemplates,
    relations: relations.check,
    publicTargets: targets.targets,
  });

/** The domain error a call fails with: its code, message and extras (any other error is rethrown). */
export const failure = async (work: Promise<unknown>) => {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return { code: error.code, message: error.message, ...error.extras };
    throw error;
  }
  throw new Error('expected the call to fail');
};
