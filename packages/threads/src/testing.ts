import { newId, type Actor } from '@svc/kernel';
import { dbEntities, dbMigrations, type Engine } from '@svc/db';
import { openTestDatabase, type TestDatabase } from '@svc/db/testing';
import type { LinkedRecords, PrincipalDirectory, PrincipalSummary, ThreadIdGenerator, ThreadIdPrefix } from './threads.deps.ts';
import type { LinkKind } from './threads.schemas.ts';
import { threadsEntities, threadsMigrations } from './index.ts';

export const BASE_URL = 'https://threads.example.org';

/** People who act in a test, and the directory that knows their display names. */
export const createPeople = () => {
  const known = new Map<string, PrincipalSummary>();
  const directory: PrincipalDirectory = {
    summaries: async (ids) => new Map(ids.flatMap((id) => (known.has(id) ? [[id, known.get(id)!] as const] : []))),
  };
  /** A signed-in person on the website (the default: every action is open to them). */
  const person = (displayName: string, principalId: string = newId('prn')): Actor => {
    known.set(principalId, { principal_id: principalId, display_name: displayName, profile: `${BASE_URL}/principals/${principalId}` });
    return { principalId, displayName, via: 'session', grantId: null, agentName: null, scopes: [], isSupport: false };
  };
  /** The same principal acting through an agent token. */
  const agentOf = (actor: Actor): Actor => ({ ...actor, via: 'agent', grantId: newId('grt'), agentName: 'Test agent' });
  return { person, agentOf, directory };
};

/**
 * A stand-in for the jobs and offers packages (which the threads package must not import): a
 * record is readable when it was added, by anyone unless `readers` is given. `relate` says whom a
 * record connects a reader with (a job's poster with its responders, a responder with the poster).
 */
export const createLinks = () => {
  const records = new Map<string, { snapshot: object; readers?: string[] }>();
  const relations = new Map<string, string[]>();
  const links: LinkedRecords & {
    add(kind: LinkKind, id: string, snapshot: object, readers?: string[]): void;
    relate(kind: LinkKind, id: string, reader: string, people: string[]): void;
  } = {
    add: (kind, id, snapshot, readers) => {
      records.set(`${kind}:${id}`, readers ? { snapshot, readers } : { snapshot });
    },
    relate: (kind, id, reader, people) => {
      relations.set(`${kind}:${id}:${reader}`, people);
    },
    related: async (kind, id, reader) => [...(relations.get(`${kind}:${id}:${reader.principalId}`) ?? [])],
    snapshot: async (kind, id, reader) => {
      const record = records.get(`${kind}:${id}`);
      if (!record || (record.readers && !record.readers.includes(reader.principalId))) return null;
      return structuredClone(record.snapshot);
    },
  };
  return links;
};

/** Predictable ids (`thr_0001`, `ten_0001`, …), one counter per kind: golden files need them. */
export const sequentialIds = (): ThreadIdGenerator => {
  const counters = new Map<ThreadIdPrefix, number>();
  return (prefix) => {
    const next = (counters.get(prefix) ?? 0) + 1;
    counters.set(prefix, next);
    return `${prefix}_${String(next).padStart(4, '0')}`;
  };
};

/** The error code a rejected call carries. */
export const codeOf = async (promise: Promise<unknown>): Promise<string> => {
  try {
    await promise;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
  return 'no error';
};

/** A migrated scratch database with the threads tables, for one test file. */
export const openThreadsTestDatabase = (engine: Engine): Promise<TestDatabase> =>
  openTestDatabase(engine, { entities: [...dbEntities, ...threadsEntities], migrations: [...dbMigrations, ...threadsMigrations] });
