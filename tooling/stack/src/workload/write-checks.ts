import pg from 'pg';
import type { ChangeKind, CreateKind, KeyedCreate, MixedWritesLog } from './mixed-writes.ts';

/**
 * Where each kind of keyed create lands: its table, the column its id is (a directory entry is
 * named by its handle), and the column holding the text that carries its key (each load create
 * puts its key there, so a second record for one key shows as a second row with that text).
 */
export const CREATE_TABLES: Record<CreateKind, { table: string; id: string; marker: string; operation: string }> = {
  job: { table: 'jobs', id: 'id', marker: 'title', operation: 'jobs.create' },
  response: { table: 'job_responses', id: 'id', marker: 'message', operation: 'responses.create' },
  offer: { table: 'offers', id: 'id', marker: 'title', operation: 'services.create' },
  directory_entry: { table: 'directory_entries', id: 'handle', marker: 'handle', operation: 'directory.register' },
  thread: { table: 'threads', id: 'id', marker: 'title', operation: 'threads.create' },
  thread_entry: { table: 'thread_entries', id: 'id', marker: 'text', operation: 'threads.add_entry' },
};

/** Where each versioned record keeps its version. */
const VERSION_COLUMNS: Record<ChangeKind, { table: string; id: string; version: string }> = {
  job: { table: 'jobs', id: 'id', version: 'version' },
  offer: { table: 'offers', id: 'id', version: 'version' },
  directory_entry: { table: 'directory_entries', id: 'handle', version: 'version' },
  thread: { table: 'threads', id: 'id', version: 'summary_version' },
  feedback: { table: 'offer_feedback', id: 'id', version: 'version' },
};

/** The text that carries a create's key (see `CREATE_TABLES`). */
export const markerOf = (create: KeyedCreate): string => String(create.body[CREATE_TABLES[create.kind].marker]);

/** Every way the database can disagree with what the service acknowledged; each list should be empty. */
export interface WriteProblems {
  /** Acknowledged creates whose record is not there. */
  lost: string[];
  /** Keys with more than one record. */
  doubled: string[];
  /** Acknowledged changes the record's version is behind. */
  versionsBehind: string[];
  /** Directory entries whose private history does not hold exactly one record per version. */
  historyGaps: string[];
  /** Threads past a limit, or without their owner among the participants. */
  threadLimits: string[];
  /** Idempotency keys without their record, or acknowledged creates without their key. */
  keysWithoutRecords: string[];
}

const grouped = async (client: pg.Client, sql: string, values: unknown[]) => (await client.query(sql, values)).rows;

/**
 * Checks, in PostgreSQL itself, what a crash must never leave behind: every acknowledged write
 * present and none doubled, versions never behind an acknowledgement, directory history rows with
 * their change, thread counts within their limits, idempotency keys with their records.
 */
export const checkWrites = async (databaseUrl: string, log: MixedWritesLog): Promise<WriteProblems> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const problems: WriteProblems = { lost: [], doubled: [], versionsBehind: [], historyGaps: [], threadLimits: [], keysWithoutRecords: [] };

    for (const [kind, { table, id, marker }] of Object.entries(CREATE_TABLES) as [CreateKind, (typeof CREATE_TABLES)[CreateKind]][]) {
      const creates = log.creates.filter((create) => create.kind === kind);
      const markers = creates.map(markerOf);
      const rows = await grouped(client, `select ${id} as id, ${marker} as marker from ${table} where ${marker} = any($1)`, [markers]);
      const byMarker = new Map<string, string[]>();
      for (const row of rows) byMarker.set(row.marker, [...(byMarker.get(row.marker) ?? []), row.id]);
      for (const create of creates) {
        const found = byMarker.get(markerOf(create)) ?? [];
        if (found.length > 1) problems.doubled.push(`${kind} ${create.key}: ${found.join(', ')}`);
        if (create.acknowledged && !found.includes(create.id!)) problems.lost.push(`${kind} ${create.key}: acknowledged ${create.id}, found ${found.join(', ') || 'nothing'}`);
      }
    }
    const itemRows = await grouped(client, 'select id, text from thread_checklist_items where text = any($1)', [log.items.map((item) => item.text)]);
    for (const item of log.items) {
      const found = itemRows.filter((row) => row.text === item.text);
      if (found.length > 1) problems.doubled.push(`checklist item ${item.text}: ${found.length} rows`);
      if (!found.some((row) => row.id === item.id)) problems.lost.push(`checklist item ${item.text}: acknowledged ${item.id}, not there`);
    }

    for (const [kind, { table, id, version }] of Object.entries(VERSION_COLUMNS) as [ChangeKind, (typeof VERSION_COLUMNS)[ChangeKind]][]) {
      const changes = log.changes.filter((change) => change.kind === kind);
      const rows = await grouped(client, `select ${id} as id, ${version} as version from ${table} where ${id} = any($1)`, [changes.map((change) => change.id)]);
      const current = new Map(rows.map((row) => [row.id as string, Number(row.version)]));
      for (const change of changes) {
        const stored = current.get(change.id);
        if (stored === undefined || stored < change.version) problems.versionsBehind.push(`${kind} ${change.id}: acknowledged version ${change.version}, stored ${stored ?? 'nothing'}`);
      }
    }

    // Each change of an entry adds one version and one history record in one transaction.
    const handles = log.creates.filter((create) => create.kind === 'directory_entry').map(markerOf);
    const entries = await grouped(
      client,
      `select e.handle, e.version, array_agg(h.version order by h.version) filter (where h.id is not null) as versions,
              array_agg(h.action order by h.version) filter (where h.id is not null) as actions
         from directory_entries e left join directory_history h on h.entry_id = e.id
        where e.handle = any($1) group by e.handle, e.version`,
      [handles],
    );
    const history = new Map(entries.map((row) => [row.handle as string, row]));
    for (const row of entries) {
      const versions: number[] = row.versions ?? [];
      const expected = Array.from({ length: row.version }, (_, index) => index + 1);
      if (JSON.stringify(versions) !== JSON.stringify(expected)) problems.historyGaps.push(`aar:${row.handle} at version ${row.version} has history versions [${versions.join(', ')}]`);
    }
    for (const change of log.changes.filter((candidate) => candidate.kind === 'directory_entry')) {
      const row = history.get(change.id);
      const at = (row?.versions ?? []).indexOf(change.version);
      if (at < 0 || row.actions[at] !== 'update') problems.historyGaps.push(`aar:${change.id}: no update record at acknowledged version ${change.version}`);
    }

    const threadIds = log.creates.filter((create) => create.kind === 'thread' && create.id).map((create) => create.id!);
    const threads = await grouped(
      client,
      `select t.id,
              (select count(*) from thread_participants p where p.thread_id = t.id) as participants,
              (select count(*) from thread_participants p where p.thread_id = t.id and p.principal_id = t.owner_id) as owner,
              (select count(*) from thread_entries e where e.thread_id = t.id) as entries,
              (select count(*) from thread_checklist_items i where i.thread_id = t.id) as items
         from threads t where t.id = any($1)`,
      [threadIds],
    );
    for (const row of threads) {
      const [participants = 0, owner = 0, entryCount = 0, items = 0] = [row.participants, row.owner, row.entries, row.items].map(Number);
      if (owner !== 1 || participants > 10 || entryCount > 500 || items > 30) {
        problems.threadLimits.push(`${row.id}: ${participants} participants (owner ${owner ? 'in' : 'missing'}), ${entryCount} entries, ${items} checklist items`);
      }
    }
    const perPerson = await grouped(client, 'select principal_id, count(*) as threads from thread_participants group by principal_id having count(*) > 100', []);
    for (const row of perPerson) problems.threadLimits.push(`${row.principal_id} takes part in ${row.threads} threads`);

    // Keys and records are written in one transaction: neither may outlive the other.
    const keys = await grouped(client, 'select scope, route, key, status, body::text as body from idempotency_keys', []);
    const keyOf = (scope: string, key: string, operation: string) => `${scope} ${operation} ${key}`;
    const stored = new Map(keys.map((row) => [keyOf(row.scope, row.key, String(row.route).split(' ')[0]!), row]));
    for (const [kind, { table, id, operation }] of Object.entries(CREATE_TABLES) as [CreateKind, (typeof CREATE_TABLES)[CreateKind]][]) {
      const ofKind = keys.filter((row) => String(row.route).split(' ')[0] === operation);
      const named = ofKind.map((row) => (row.body ? (JSON.parse(row.body)[id] as string | undefined) : undefined));
      const present = new Set((await grouped(client, `select ${id} as id from ${table} where ${id} = any($1)`, [named.filter(Boolean)])).map((row) => row.id));
      ofKind.forEach((row, index) => {
        if ((row.status !== 201 && row.status !== 200) || !named[index] || !present.has(named[index])) problems.keysWithoutRecords.push(`${kind} key ${row.key}: status ${row.status}, record ${named[index] ?? 'unnamed'} ${present.has(named[index]) ? 'present' : 'missing'}`);
      });
    }
    for (const create of log.creates.filter((candidate) => candidate.acknowledged)) {
      const row = stored.get(keyOf(create.person.principalId, create.key, CREATE_TABLES[create.kind].operation));
      const named = row?.body ? JSON.parse(row.body)[CREATE_TABLES[create.kind].id] : undefined;
      if (named !== create.id) problems.keysWithoutRecords.push(`${create.kind} ${create.key}: acknowledged ${create.id}, its key names ${named ?? 'nothing'}`);
    }
    return problems;
  } finally {
    await client.end();
  }
};

/** How many records hold each create's key text: after the replay every key should have exactly one. */
export const recordsPerKey = async (databaseUrl: string, creates: KeyedCreate[]): Promise<Map<string, number>> => {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const counts = new Map<string, number>();
    for (const [kind, { table, marker }] of Object.entries(CREATE_TABLES) as [CreateKind, (typeof CREATE_TABLES)[CreateKind]][]) {
      const ofKind = creates.filter((create) => create.kind === kind);
      const rows = await grouped(client, `select ${marker} as marker, count(*) as n from ${table} where ${marker} = any($1) group by ${marker}`, [ofKind.map(markerOf)]);
      const byMarker = new Map(rows.map((row) => [row.marker as string, Number(row.n)]));
      for (const create of ofKind) counts.set(create.key, byMarker.get(markerOf(create)) ?? 0);
    }
    return counts;
  } finally {
    await client.end();
  }
};

/**
 * Compares what each thread's owner reads with what the database holds: as many entries as rows.
 * Answers the threads that disagree.
 */
export const threadEntriesAsSeen = async (baseUrl: string, databaseUrl: string, creates: KeyedCreate[]): Promise<string[]> => {
  const threads = creates.filter((create) => create.kind === 'thread' && create.acknowledged);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let rows: Map<string, number>;
  try {
    const counted = await grouped(client, 'select thread_id, count(*) as n from thread_entries where thread_id = any($1) group by thread_id', [threads.map((create) => create.id)]);
    rows = new Map(counted.map((row) => [row.thread_id as string, Number(row.n)]));
  } finally {
    await client.end();
  }
  const problems: string[] = [];
  for (const thread of threads) {
    const response = await fetch(`${baseUrl}/api/v1/threads/${thread.id}`, { headers: { authorization: `Bearer ${thread.person.token}` }, signal: AbortSignal.timeout(20_000) });
    const body = (await response.json()) as { entries?: unknown[] };
    const seen = response.status === 200 ? body.entries?.length : `status ${response.status}`;
    if (seen !== (rows.get(thread.id!) ?? 0)) problems.push(`${thread.id}: ${rows.get(thread.id!) ?? 0} entry rows, its owner reads ${seen}`);
  }
  return problems;
};
