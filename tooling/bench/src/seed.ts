import { createHash, randomBytes } from 'node:crypto';

/**
 * The data set, as plain SQL statements that run the same on PostgreSQL and PGlite: principals,
 * jobs of varied text and tags and some responses, each made by one `insert … select … from
 * generate_series`, so 100,000 jobs take seconds. Words are picked by arithmetic on the row
 * number, so every run seeds the same table.
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
const FIRST = ['Ada', 'Grace', 'Alan', 'Katherine', 'Tim', 'Margaret', 'Linus', 'Barbara', 'Edsger', 'Frances', 'Ken', 'Radia'];
const LAST = ['Lovelace', 'Hopper', 'Turing', 'Johnson', 'Berners-Lee', 'Hamilton', 'Torvalds', 'Liskov', 'Dijkstra', 'Allen'];

export interface SeedPlan {
  jobs: number;
  principals: number;
  responses: number;
  /** Sent as `Authorization: Bearer …`; only its SHA-256 is stored. */
  token: string;
  statements: string[];
}

/** The statements that fill a freshly migrated database with `jobs` jobs. */
export const seedPlan = (jobs: number): SeedPlan => {
  const principals = Math.max(10, Math.round(jobs / 50));
  const responses = Math.round(jobs / 10);
  const token = `tds_${randomBytes(32).toString('base64url')}`;
  const tokenHash = createHash('sha256').update(token).digest('hex');
  const principalId = (i: string) => `'prn_' || substr(md5('principal' || ${i}), 1, 24)`;
  const jobId = (n: string) => `'job_' || substr(md5('job' || ${n}), 1, 24)`;
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
       array['jobs:write','responses:write','account:read'], '${tokenHash}', now(), now() + interval '30 days')`,
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
  ];
  return { jobs, principals, responses, token, statements };
};

/** 1,000 open jobs (or fewer on a small set) for the read scenario, and the bench principal's jobs for PATCH. */
export const READ_IDS_SQL = (count: number) =>
  `select id from jobs where status = 'open' and posted_by <> '${BENCH_PRINCIPAL}' order by created_at desc limit ${count}`;
export const PATCH_JOBS_SQL = `select id, version from jobs where posted_by = '${BENCH_PRINCIPAL}' and status = 'open'
  and id in (select 'job_' || substr(md5('job' || n), 1, 24) from generate_series(1, ${PATCH_POOL}) as n) order by id`;
