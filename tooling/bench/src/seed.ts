import { createHash, randomBytes } from 'node:crypto';

/**
 * The data set, as plain SQL statements that run the same on PostgreSQL and PGlite: principals,
 * jobs of varied text and tags and some responses, offers, directory entries with their
 * destinations, and the bench principal's threads, each made by one `insert … select … from
 * generate_series`, so 100,000 jobs take seconds. Words are picked by arithmetic on the row
 * number, so every run seeds the same table. Every row is one the services could have written:
 * the same columns, states and limits (entries per owner, threads per principal, entries per thread).
 */

/** In about 12.5 % of jobs (titles of every eighth job, and some bodies): the common search word. */
export const COMMON_WORD = 'garden';
/** In one job in a thousand: the rare search word. */
export const RARE_WORD = 'harpsichord';
/** The tag listed by the tag scenario (about one job in twelve). */
export const LIST_TAG = 'moving';

/** The principal whose token drives the authenticated scenarios, and the jobs it may edit. */
export const BENCH_PRINCIPAL = 'prn_benchowner00000000000000';
export const BENCH_GRANT = 'grt_benchgrant00000000000000';
/** Jobs 1…PATCH_POOL belong to the bench principal: each connection edits its own. */
export const PATCH_POOL = 96;
/**
 * The bench principal's threads: the most the service lets one principal take part in
 * (threads `LIMITS.threadsPerPrincipal`), all open, each shared with one other principal.
 */
export const BENCH_THREADS = 100;
/** Entries each seeded thread starts with; the service allows 500, so writes have room. */
export const ENTRIES_PER_THREAD = 12;
/** The text every entry the bench writes starts with (bench.lua), so a run can clear them. */
export const BENCH_ENTRY_PREFIX = 'Bench update';

const list = (words: string[]) => `array[${words.map((w) => `'${w.replace(/'/g, "''")}'`).join(',')}]`;
/** `words[f(n)]`, chosen by PostgreSQL's integer hash of the row number and a salt (no two fields move together). */
const pick = (words: string[], salt: number, n = 'n') =>
  `(${list(words)})[1 + ((hashint4(${n} + ${salt * 1_000_003})::bigint + 2147483648) % ${words.length})]`;

const VERBS = ['Help', 'Looking for someone to', 'Need a hand to', 'Wanted: someone to', 'Can anyone', 'Quick job:', 'Weekend help to'];
const TASKS = [
  'assemble a flat-pack wardrobe', 'paint the spare bedroom', 'fix a dripping kitchen tap', 'plan a seventh birthday party',
  'walk two friendly dogs', 'tidy the garage shelves', 'write a short wedding speech', 'tutor GCSE maths',
  'move a sofa across town', 'design a logo for a bakery', 'translate a letter into Spanish', 'set up a home printer',
  'cook for a family of six', 'clean out the gutters', 'build a simple website', 'proofread a cover letter',
  'photograph a small event', 'repair a bicycle puncture', 'sort old family photos', 'hang three picture frames',
];
const PLACES = ['in north Leeds', 'near the station', 'in Bristol', 'in a small flat', 'this Saturday', 'before Friday', 'remotely', 'in Hackney'];
const ADJECTIVES = ['careful', 'friendly', 'reliable', 'patient', 'tidy', 'experienced', 'local', 'cheerful'];
const NOUNS = ['result', 'finish', 'outcome', 'job', 'plan', 'handover'];
const EXTRAS = [
  'Tools are provided.', 'Parking is available on the street.', 'Please bring your own ladder.', 'There is a cat in the house.',
  'Tea and biscuits on offer.', 'The stairs are narrow.', 'Step-free access at the back.', 'Photos of the space on request.',
  'A pianist friend may visit.', 'Quiet hours after eight.', 'The lift is out of order.', 'Children will be at school.',
];
const TAGS = [
  'diy', 'painting', 'plumbing', 'party-planning', 'pets', 'tidying', 'writing', 'tutoring', 'moving', 'design', 'translation',
  'tech-help', 'cooking', 'cleaning', 'web', 'proofreading', 'photography', 'cycling', 'archiving', 'decorating',
];
const ROLES = ['planner', 'tutor', 'designer', 'handyperson', 'translator', 'photographer', 'cook', 'developer', 'gardener', 'writer'];
const INDUSTRIES = ['events', 'education', 'home-services', 'hospitality', 'software', 'media', 'retail', 'charity'];
const ENTRY_KINDS = ['update', 'next_step', 'blocker', 'deliverable', 'completion'];
const NOTES = [
  'The hall is booked for the afternoon.', 'Sent the first draft for comments.', 'Waiting for the parts to arrive.',
  'Photos of the finished work are attached.', 'Agreed to meet on Thursday at ten.', 'The budget covers two more hours.',
  'Checked the measurements twice.', 'The neighbour has the spare key.',
];
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Tim', 'Margaret', 'Linus', 'Barbara', 'Edsger', 'Frances', 'Ken', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Berners-Lee', 'Hamilton', 'Torvalds', 'Liskov', 'Dijkstra', 'Allen'];

export interface SeedPlan {
  jobs: number;
  principals: number;
  responses: number;
  offers: number;
  directoryEntries: number;
  threads: number;
  /** Sent as `Authorization: Bearer …`; only its SHA-256 is stored. */
  token: string;
  statements: string[];
}

const principalId = (i: string) => `'prn_' || substr(md5('principal' || ${i}), 1, 24)`;
const jobId = (n: string) => `'job_' || substr(md5('job' || ${n}), 1, 24)`;
const threadId = (t: string) => `'thr_' || substr(md5('thread' || ${t}), 1, 24)`;

/** Offers of varied roles and industries from the posters; one in 20 paused, one in 50 removed. */
const offerStatements = (offers: number, principals: number): string[] => [
  `insert into offers (id, status, version, title, summary, role, industry, capabilities, contact_url, pricing_note, tags,
     templates, provider_id, created_at, updated_at)
   select 'svc_' || substr(md5('offer' || n), 1, 24),
     case when n % 20 = 0 then 'paused' when n % 50 = 7 then 'removed' else 'active' end,
     1 + n % 3,
     'I can ' || ${pick(TASKS, 21)} || ' ' || ${pick(PLACES, 22)},
     'A ' || ${pick(ADJECTIVES, 23)} || ' ' || ${pick(ROLES, 24)} || ' with a ' || ${pick(NOUNS, 25)} || ' you can check. '
       || ${pick(EXTRAS, 26)},
     ${pick(ROLES, 24)},
     ${pick(INDUSTRIES, 27)},
     array[${pick(TASKS.slice(0, 10), 28)}, ${pick(TASKS.slice(10), 29)}],
     case when n % 6 = 0 then null else 'https://example.org/offers/' || n end,
     case when n % 3 = 0 then '' else 'From ' || (20 + n % 40 * 5) || ' GBP an hour' end,
     array[${pick(TAGS.slice(0, 10), 30)}, ${pick(TAGS.slice(10), 31)}],
     '{}'::text[],
     ${principalId(`(1 + n % ${principals})`)},
     now() - n * interval '53 seconds', now() - n * interval '53 seconds'
   from generate_series(1, ${offers}) as n`,
];

/**
 * Directory entries with two or three destinations each: a public website, an e-mail shown to
 * signed-in callers only, and for every third entry an MCP server (approved on every other one).
 * One in ten is restricted, one in 40 paused, one in four temporary (expiring within 30 days);
 * each owner has at most the 25 the service allows. Each has its `register` history record.
 */
const directoryStatements = (entries: number, principals: number): string[] => {
  const entryId = `'dir_' || substr(md5('entry' || n), 1, 24)`;
  const handle = `lower(${pick(FIRST, 32)} || '-' || ${pick(LAST, 33)}) || '-' || n`;
  const destination = (kind: string, position: number, type: string, value: string, label: string, audience: string, preferred: boolean, approved: string, where = 'true') =>
    `select 'dst_' || substr(md5('${kind}' || n), 1, 24), ${entryId}, ${position}, '${type}', ${value}, '${label}', '${audience}', ${preferred}, ${approved}
     from generate_series(1, ${entries}) as n where ${where}`;
  return [
    `insert into directory_entries (id, handle, owner_id, display_name, description, entry_type, visibility, term, status,
       status_before_removal, expires_at, version, locked, agent_limit, suspended, suspension_reason, suspended_at, removed_at,
       retired_at, created_at, updated_at)
     select ${entryId}, ${handle}, ${principalId(`(1 + n % ${principals})`)},
       ${pick(FIRST, 32)} || ' ' || ${pick(LAST, 33)},
       'Ask me to ' || ${pick(TASKS, 34)} || ' ' || ${pick(PLACES, 35)} || '.',
       (array['agent','person','organisation'])[1 + n % 3],
       case when n % 10 = 3 then 'restricted' else 'public' end,
       case when n % 4 = 0 then 'temporary' else 'ongoing' end,
       case when n % 40 = 9 then 'paused' else 'active' end,
       null,
       case when n % 4 = 0 then now() + (1 + n % 30) * interval '1 day' else null end,
       1, false, null, false, null, null, null, null,
       now() - n * interval '47 seconds', now() - n * interval '47 seconds'
     from generate_series(1, ${entries}) as n`,
    `insert into directory_destinations (id, entry_id, position, type, value, label, audience, preferred, approved_for_disclosure)
     ${destination('web', 0, 'web', `'https://example.org/' || ${handle}`, 'Website', 'public', true, 'true')}
     union all
     ${destination('email', 1, 'email', `${handle} || '@example.org'`, 'E-mail', 'signed_in', false, 'true')}
     union all
     ${destination('mcp', 2, 'mcp', `'https://agents.example.org/' || ${handle} || '/mcp'`, 'MCP server', 'public', false, 'n % 2 = 0', 'n % 3 = 0')}`,
    `insert into directory_history (id, entry_id, actor, action, at, version, previous)
     select 'dhi_' || substr(md5('history' || e.id), 1, 24), e.id, jsonb_build_object('kind', 'person', 'principal_id', e.owner_id),
       'register', e.created_at, 1, null
     from directory_entries e`,
  ];
};

/**
 * The bench principal's open threads, each shared with one poster (who is in at most a tenth of
 * them), owned by either, with ${ENTRIES_PER_THREAD} entries written by both and three checklist items.
 */
const threadStatements = (principals: number): string[] => {
  const other = principalId(`(1 + t % ${principals})`);
  const owner = `case when t % 2 = 0 then '${BENCH_PRINCIPAL}' else ${other} end`;
  const started = `now() - t * interval '2 hours'`;
  return [
    `insert into threads (id, title, summary, summary_version, status, owner_id, summary_edited_by_others, linked_kind,
       linked_id, linked_snapshot, linked_taken_at, created_at, updated_at)
     select ${threadId('t')}, 'Plan: ' || ${pick(TASKS, 36, 't')}, 'Agreed so far: ' || ${pick(NOTES, 37, 't')}, 1, 'open',
       ${owner}, false, null, null, null, null, ${started}, ${started} + interval '1 hour'
     from generate_series(1, ${BENCH_THREADS}) as t`,
    `insert into thread_participants (thread_id, principal_id, joined_at)
     select ${threadId('t')}, '${BENCH_PRINCIPAL}', ${started} from generate_series(1, ${BENCH_THREADS}) as t
     union all
     select ${threadId('t')}, ${other}, ${started} + interval '1 minute' from generate_series(1, ${BENCH_THREADS}) as t`,
    `insert into thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at, deleted_at)
     select 'ten_' || substr(md5('thread' || t || 'entry' || e), 1, 24), ${threadId('t')},
       ${pick(ENTRY_KINDS, 38, 't * 31 + e')}, ${pick(NOTES, 39, 't * 31 + e')},
       case when e % 2 = 0 then '${BENCH_PRINCIPAL}' else ${other} end,
       ${started} + e * interval '4 minutes', ${started} + e * interval '4 minutes', null
     from generate_series(1, ${BENCH_THREADS}) as t, generate_series(1, ${ENTRIES_PER_THREAD}) as e`,
    `insert into thread_checklist_items (id, thread_id, text, done, added_by, created_at, updated_at)
     select 'tck_' || substr(md5('thread' || t || 'item' || i), 1, 24), ${threadId('t')},
       (array['Agree a time', 'Do the work', 'Send photos'])[i], i = 1, ${owner},
       ${started} + i * interval '1 minute', ${started} + i * interval '1 minute'
     from generate_series(1, ${BENCH_THREADS}) as t, generate_series(1, 3) as i`,
  ];
};

/** The statements that fill a freshly migrated database with `jobs` jobs (and a tenth as many offers and directory entries). */
export const seedPlan = (jobs: number): SeedPlan => {
  const principals = Math.max(10, Math.round(jobs / 50));
  const responses = Math.round(jobs / 10);
  const offers = Math.max(100, Math.round(jobs / 10));
  const directoryEntries = offers;
  const token = `tds_${randomBytes(32).toString('base64url')}`;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  // The common word: every eighth title, and the scope of every 40th job besides.
  const title = `case when n % 8 = 0 then ${pick(VERBS, 1)} || ' tidy up a ${COMMON_WORD} ' || ${pick(PLACES, 2)}
    when n % 1000 = 7 then 'Tune a ${RARE_WORD} ' || ${pick(PLACES, 2)}
    else ${pick(VERBS, 1)} || ' ' || ${pick(TASKS, 3)} || ' ' || ${pick(PLACES, 2)} end`;
  const statements = [
    `insert into principals (id, email, password_hash, display_name, is_support, created_at)
     select ${principalId('i')}, 'person' || i || '@example.org', 'scrypt$unused$unused',
       ${pick(FIRST, 4, 'i')} || ' ' || ${pick(LAST, 5, 'i')}, false, now() - i * interval '1 hour'
     from generate_series(1, ${principals}) as i`,
    `insert into principals (id, email, password_hash, display_name, is_support, created_at)
     values ('${BENCH_PRINCIPAL}', 'bench@example.org', 'scrypt$unused$unused', 'Bench Owner', false, now())`,
    `insert into grants (id, principal_id, agent_name, description, scopes, token_hash, created_at, expires_at)
     values ('${BENCH_GRANT}', '${BENCH_PRINCIPAL}', 'bench-agent', 'Drives the benchmark',
       array['jobs:write','responses:write','account:read','threads:write'], '${tokenHash}', now(), now() + interval '30 days')`,
    `insert into jobs (id, status, version, title, outcome, scope, deliverables, constraints, budget_amount, budget_currency,
       fee_treatment, response_deadline, delivery_deadline, timezone, completion_checklist, tags, template, posted_by,
       created_at, updated_at)
     select ${jobId('n')},
       case when n <= ${PATCH_POOL} then 'open' when n % 50 = 0 then 'removed' when n % 12 = 0 then 'closed' else 'open' end,
       1,
       ${title},
       'A ' || ${pick(ADJECTIVES, 6)} || ' ' || ${pick(NOUNS, 7)} || ': ' || ${pick(TASKS, 8)} || ', done properly and left clean. '
         || ${pick(EXTRAS, 9)},
       'The work is to ' || ${pick(TASKS, 10)} || ' and, if time allows, ' || ${pick(TASKS, 11)} || '. '
         || case when n % 40 = 1 then 'The back ${COMMON_WORD} needs weeding first. ' else '' end
         || ${pick(EXTRAS, 12)} || ' ' || ${pick(EXTRAS, 13)} || ' Expect about ' || (1 + n % 6) || ' hours of work.',
       'A ' || ${pick(ADJECTIVES, 14)} || ' ' || ${pick(NOUNS, 15)} || ', a short note of what was done, and photos before and after.',
       case when n % 3 = 0 then 'No work before 9am. ' || ${pick(EXTRAS, 16)} else '' end,
       case when n % 4 = 0 then null else 20 + (n % 37) * 5 end,
       case when n % 4 = 0 then null else 'GBP' end,
       (array['no_fee','fee_included','fee_extra'])[1 + n % 3],
       case when n % 5 = 0 then now() + (n % 30) * interval '1 day' else null end,
       null,
       case when n % 2 = 0 then 'Europe/London' else null end,
       jsonb_build_array('Agree a time', 'Do the work', 'Send photos'),
       case when n % 12 = 5 then array['${LIST_TAG}', ${pick(TAGS, 17)}]
         else array[${pick(TAGS.slice(0, 10), 18)}, ${pick(TAGS.slice(10), 19)}] end,
       null,
       case when n <= ${PATCH_POOL} then '${BENCH_PRINCIPAL}' else ${principalId(`(1 + n % ${principals})`)} end,
       now() - n * interval '37 seconds', now() - n * interval '37 seconds'
     from generate_series(1, ${jobs}) as n`,
    `insert into job_responses (id, job_id, kind, message, status, responder_id, job_version_seen, created_at, updated_at)
     select 'rsp_' || substr(md5('response' || r), 1, 24), ${jobId(`(${PATCH_POOL + 1} + r * 7 % ${jobs - PATCH_POOL})`)},
       (array['offer','question'])[1 + r % 2], 'I can help with this ' || ${pick(PLACES, 20, 'r')} || '.',
       case when r % 9 = 0 then 'withdrawn' else 'active' end, ${principalId(`(1 + r * 3 % ${principals})`)}, 1,
       now() - r * interval '13 seconds', now() - r * interval '13 seconds'
     from generate_series(1, ${responses}) as r`,
    ...offerStatements(offers, principals),
    ...directoryStatements(directoryEntries, principals),
    ...threadStatements(principals),
  ];
  return { jobs, principals, responses, offers, directoryEntries, threads: BENCH_THREADS, token, statements };
};

/** 1,000 open jobs (or fewer on a small set) for the read scenario, and the bench principal's jobs for PATCH. */
export const READ_IDS_SQL = (count: number) =>
  `select id from jobs where status = 'open' and posted_by <> '${BENCH_PRINCIPAL}' order by created_at desc limit ${count}`;
export const PATCH_JOBS_SQL = `select id, version from jobs where posted_by = '${BENCH_PRINCIPAL}' and status = 'open'
  and id in (select 'job_' || substr(md5('job' || n), 1, 24) from generate_series(1, ${PATCH_POOL}) as n) order by id`;

/** Up to `count` active offers, newest first, for the offer read. */
export const OFFER_IDS_SQL = (count: number) => `select id from offers where status = 'active' order by created_at desc limit ${count}`;
/** Up to `count` addresses anyone may resolve (active, public, unexpired), newest first. */
export const ADDRESSES_SQL = (count: number) => `select 'aar:' || handle as id from directory_entries
  where status = 'active' and visibility = 'public' and not suspended and (expires_at is null or expires_at > now())
  order by created_at desc limit ${count}`;
/** The open threads the bench principal takes part in, for the entry writes. */
export const BENCH_THREAD_IDS_SQL = `select t.id from threads t
  join thread_participants p on p.thread_id = t.id and p.principal_id = '${BENCH_PRINCIPAL}'
  where t.status = 'open' order by t.id`;
/** Removes the entries earlier runs wrote, so every run starts from the seeded threads, far below the 500-entry limit. */
export const CLEAR_BENCH_ENTRIES_SQL = `delete from thread_entries where author_id = '${BENCH_PRINCIPAL}' and text like '${BENCH_ENTRY_PREFIX} %'`;
