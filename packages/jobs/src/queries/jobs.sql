-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/jobs queries` after changing a query.

-- JobsRepository.insert
insert into
  jobs (
    id,
    status,
    version,
    title,
    outcome,
    scope,
    deliverables,
    constraints,
    budget_amount,
    budget_currency,
    fee_treatment,
    response_deadline,
    delivery_deadline,
    timezone,
    completion_checklist,
    tags,
    template,
    posted_by,
    created_at,
    updated_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20);

-- JobsRepository.findById
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at
from
  jobs
where
  id = $1;

-- JobsRepository.updateIfVersion (every change, guarded for its poster)
update jobs
set
  status = $1,
  title = $2,
  outcome = $3,
  scope = $4,
  deliverables = $5,
  constraints = $6,
  budget_amount = $7,
  budget_currency = $8,
  fee_treatment = $9,
  response_deadline = $10,
  delivery_deadline = $11,
  timezone = $12,
  completion_checklist = $13,
  tags = $14,
  template = $15,
  updated_at = $16,
  version = version + 1
where
  id = $17
  and version = $18
  and posted_by = $19
  and status <> $20
  and (
    status is distinct from $21
    or title is distinct from $22
    or outcome is distinct from $23
    or scope is distinct from $24
    or deliverables is distinct from $25
    or constraints is distinct from $26
    or budget_amount is distinct from $27
    or budget_currency is distinct from $28
    or fee_treatment is distinct from $29
    or response_deadline is distinct from $30
    or delivery_deadline is distinct from $31
    or timezone is distinct from $32
    or completion_checklist is distinct from $33
    or tags is distinct from $34
    or template is distinct from $35
  )
returning
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at;

-- JobsRepository.updateIfVersion (one change)
update jobs
set
  status = $1,
  updated_at = $2,
  version = version + 1
where
  id = $3
  and version = $4
  and status is distinct from $5
returning
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at;

-- JobsRepository.search (the newest, with a capped total)
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at,
  (
    select
      count(*) as n
    from
      (
        select
          1 as one
        from
          jobs
        where
          status = $1
        limit
          301
      ) as capped
  ) as capped_total
from
  jobs
where
  status = $2
order by
  created_at desc,
  id desc
limit
  $3
offset
  $4;

-- JobsRepository.search (every filter but words)
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at,
  (
    select
      count(*) as n
    from
      (
        select
          1 as one
        from
          jobs
        where
          (
            status = $1
            and tags @> array[$2]::text[]
            and posted_by = $3
            and created_at >= $4
            and created_at < $5
          )
        limit
          301
      ) as capped
  ) as capped_total
from
  jobs
where
  (
    status = $6
    and tags @> array[$7]::text[]
    and posted_by = $8
    and created_at >= $9
    and created_at < $10
  )
order by
  created_at desc,
  id desc
limit
  $11
offset
  $12;

-- JobsRepository.search (a list past its last page: the count alone)
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at,
  (
    select
      count(*) as n
    from
      (
        select
          1 as one
        from
          jobs
        where
          status = $1
        limit
          421
      ) as capped
  ) as capped_total
from
  jobs
where
  status = $2
order by
  created_at desc,
  id desc
limit
  $3
offset
  $4;

select
  count(*) as total
from
  (
    select
      1 as one
    from
      jobs
    where
      status = $1
    limit
      421
  ) as capped;

-- JobsRepository.search (words, ranked among the newest candidates)
with
  ranked as (
    select
      id,
      created_at,
      ts_rank(search, websearch_to_tsquery('english', $1)) as rank,
      count(*) over () as capped_total,
      min(created_at) over () as oldest_candidate
    from
      (
        select
          id,
          created_at,
          search
        from
          jobs
        where
          (
            status = $2
            and search @@ websearch_to_tsquery('english', $3)
          )
        order by
          created_at desc,
          id desc
        limit
          300
      ) as candidates
    order by
      rank desc,
      created_at desc,
      id desc
    limit
      $4
    offset
      $5
  )
select
  jobs.id,
  jobs.status,
  jobs.version,
  jobs.title,
  jobs.outcome,
  jobs.scope,
  jobs.deliverables,
  jobs.constraints,
  jobs.budget_amount,
  jobs.budget_currency,
  jobs.fee_treatment,
  jobs.response_deadline,
  jobs.delivery_deadline,
  jobs.timezone,
  jobs.completion_checklist,
  jobs.tags,
  jobs.template,
  jobs.posted_by,
  jobs.created_at,
  jobs.updated_at,
  ranked.capped_total,
  ranked.oldest_candidate
from
  ranked
  inner join jobs on jobs.id = ranked.id
order by
  ranked.rank desc,
  ranked.created_at desc,
  ranked.id desc;

-- JobsRepository.search (words past the last page: the count alone)
-- (the statement shown under JobsRepository.search (words, ranked among the newest candidates))

select
  count(*) as total,
  min(created_at) as oldest
from
  (
    select
      created_at
    from
      jobs
    where
      (
        status = $1
        and search @@ websearch_to_tsquery('english', $2)
      )
    order by
      created_at desc,
      id desc
    limit
      300
  ) as candidates;

-- JobsRepository.countsFor
select
  (
    select
      count(*) as n
    from
      jobs
    where
      posted_by = $1
      and status = 'open'
  ) as jobs_open,
  (
    select
      count(*) as n
    from
      jobs
    where
      posted_by = $2
      and status = 'closed'
  ) as jobs_closed,
  (
    select
      count(*) as n
    from
      job_responses
    where
      responder_id = $3
      and status = 'active'
  ) as jobs_active_responses;

-- JobsRepository.countsColumns (columns for another statement: it sends none)
-- (no statement)

-- JobsRepository.listByPoster (open and closed)
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at,
  count(*) over () as total
from
  jobs
where
  posted_by = $1
  and status in ($2, $3)
order by
  created_at desc,
  id desc
limit
  $4
offset
  $5;

-- JobsRepository.listByPoster (one status)
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at,
  count(*) over () as total
from
  jobs
where
  posted_by = $1
  and status = $2
order by
  created_at desc,
  id desc
limit
  $3
offset
  $4;

-- JobsRepository.withJobLocked
select
  id,
  status,
  version,
  title,
  outcome,
  scope,
  deliverables,
  constraints,
  budget_amount,
  budget_currency,
  fee_treatment,
  response_deadline,
  delivery_deadline,
  timezone,
  completion_checklist,
  tags,
  template,
  posted_by,
  created_at,
  updated_at
from
  jobs
where
  id = $1
for share;

-- JobsRepository.insertResponse
insert into
  job_responses (id, job_id, kind, message, status, responder_id, job_version_seen, created_at, updated_at)
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9);

-- JobsRepository.findResponseById
select
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at
from
  job_responses as r
where
  r.id = $1;

-- JobsRepository.listResponses (every responder)
select
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at,
  count(*) over () as total
from
  job_responses as r
where
  r.job_id = $1
order by
  r.created_at,
  r.id
limit
  $2
offset
  $3;

-- JobsRepository.listResponses (one responder, past the last page)
select
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at,
  count(*) over () as total
from
  job_responses as r
where
  r.job_id = $1
  and r.responder_id = $2
order by
  r.created_at,
  r.id
limit
  $3
offset
  $4;

select
  count(*) as total
from
  job_responses as r
where
  r.job_id = $1
  and r.responder_id = $2;

-- JobsRepository.listByResponder (any status)
select
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at,
  j.title as job_title,
  j.status as job_status,
  count(*) over () as total
from
  job_responses as r
  inner join jobs as j on j.id = r.job_id
where
  r.responder_id = $1
order by
  r.created_at desc,
  r.id desc
limit
  $2
offset
  $3;

-- JobsRepository.listByResponder (one status)
select
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at,
  j.title as job_title,
  j.status as job_status,
  count(*) over () as total
from
  job_responses as r
  inner join jobs as j on j.id = r.job_id
where
  r.responder_id = $1
  and r.status = $2
order by
  r.created_at desc,
  r.id desc
limit
  $3
offset
  $4;

-- JobsRepository.waitingResponsesColumns (columns for another statement: it sends none)
-- (no statement)

-- JobsRepository.activeResponseCounts
select
  r.job_id,
  count(*) as n
from
  job_responses as r
  inner join jobs as j on j.id = r.job_id
where
  j.posted_by = $1
  and r.job_id in ($2, $3)
  and r.status = 'active'
group by
  r.job_id;

-- JobsRepository.withdrawResponse
update job_responses as r
set
  status = $1,
  updated_at = $2
where
  r.id = $3
  and r.status = $4
returning
  r.id,
  r.job_id,
  r.kind,
  r.message,
  r.status,
  r.responder_id,
  r.job_version_seen,
  r.created_at,
  r.updated_at;
