-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/directory queries` after changing a query.

-- DirectoryRepository.lockPrincipal
select
  pg_advisory_xact_lock(7320400, hashtext ($1)) as locked;

-- DirectoryRepository.countCountedEntries
select
  count(*) as n
from
  directory_entries
where
  owner_id = $1
  and status <> $2;

-- DirectoryRepository.insertEntry
insert into
  directory_entries (
    id,
    handle,
    owner_id,
    display_name,
    description,
    entry_type,
    visibility,
    term,
    status,
    status_before_removal,
    expires_at,
    version,
    locked,
    agent_limit,
    suspended,
    suspension_reason,
    suspended_at,
    removed_at,
    retired_at,
    created_at,
    updated_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)
on conflict (handle) do nothing
returning
  id;

-- DirectoryRepository.replaceDestinations
delete from directory_destinations
where
  entry_id = $1;

insert into
  directory_destinations (id, entry_id, position, type, value, label, audience, preferred, approved_for_disclosure)
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9),
  ($10, $11, $12, $13, $14, $15, $16, $17, $18);

-- DirectoryRepository.insertHistory
insert into
  directory_history (id, entry_id, actor, action, at, version, previous)
values
  ($1, $2, $3, $4, $5, $6, $7);

-- DirectoryRepository.findByHandle
select
  e.id,
  e.handle,
  e.owner_id,
  e.display_name,
  e.description,
  e.entry_type,
  e.visibility,
  e.term,
  e.status,
  e.status_before_removal,
  e.expires_at,
  e.version,
  e.locked,
  e.agent_limit,
  e.suspended,
  e.suspension_reason,
  e.suspended_at,
  e.removed_at,
  e.retired_at,
  e.created_at,
  e.updated_at,
  (
    select
      coalesce(
        json_agg(
          d
          order by
            d.position
        ),
        json_build_array()
      ) as list
    from
      directory_destinations as d
    where
      d.entry_id = e.id
  ) as destinations,
  (
    select
      count(*) as n
    from
      directory_history as h
    where
      h.entry_id = e.id
      and h.at >= $1
  ) as history_count,
  (
    select
      to_json(h) as latest
    from
      directory_history as h
    where
      h.entry_id = e.id
      and h.at >= $2
    order by
      h.version desc,
      h.at desc
    limit
      1
  ) as history_latest
from
  directory_entries as e
where
  e.handle = $3;

-- DirectoryRepository.findByOwner
select
  e.id,
  e.handle,
  e.owner_id,
  e.display_name,
  e.description,
  e.entry_type,
  e.visibility,
  e.term,
  e.status,
  e.status_before_removal,
  e.expires_at,
  e.version,
  e.locked,
  e.agent_limit,
  e.suspended,
  e.suspension_reason,
  e.suspended_at,
  e.removed_at,
  e.retired_at,
  e.created_at,
  e.updated_at,
  (
    select
      coalesce(
        json_agg(
          d
          order by
            d.position
        ),
        json_build_array()
      ) as list
    from
      directory_destinations as d
    where
      d.entry_id = e.id
  ) as destinations,
  (
    select
      count(*) as n
    from
      directory_history as h
    where
      h.entry_id = e.id
      and h.at >= $1
  ) as history_count,
  (
    select
      to_json(h) as latest
    from
      directory_history as h
    where
      h.entry_id = e.id
      and h.at >= $2
    order by
      h.version desc,
      h.at desc
    limit
      1
  ) as history_latest,
  count(*) over () as total
from
  directory_entries as e
where
  e.owner_id = $3
order by
  e.created_at desc,
  e.id desc
limit
  $4
offset
  $5;

-- DirectoryRepository.findSuspended
select
  id,
  handle,
  owner_id,
  display_name,
  description,
  entry_type,
  visibility,
  term,
  status,
  status_before_removal,
  expires_at,
  version,
  locked,
  agent_limit,
  suspended,
  suspension_reason,
  suspended_at,
  removed_at,
  retired_at,
  created_at,
  updated_at,
  count(*) over () as total
from
  directory_entries
where
  suspended = $1
  and status <> $2
order by
  suspended_at desc,
  id desc
limit
  $3
offset
  $4;

-- DirectoryRepository.updateIfVersion (every change)
update directory_entries
set
  display_name = $1,
  description = $2,
  entry_type = $3,
  visibility = $4,
  term = $5,
  status = $6,
  status_before_removal = $7,
  expires_at = $8,
  locked = $9,
  agent_limit = $10,
  suspended = $11,
  suspension_reason = $12,
  suspended_at = $13,
  removed_at = $14,
  updated_at = $15,
  version = version + 1
where
  id = $16
  and version = $17
returning
  id,
  handle,
  owner_id,
  display_name,
  description,
  entry_type,
  visibility,
  term,
  status,
  status_before_removal,
  expires_at,
  version,
  locked,
  agent_limit,
  suspended,
  suspension_reason,
  suspended_at,
  removed_at,
  retired_at,
  created_at,
  updated_at;

-- DirectoryRepository.updateIfVersion (one change)
update directory_entries
set
  description = $1,
  updated_at = $2,
  version = version + 1
where
  id = $3
  and version = $4
returning
  id,
  handle,
  owner_id,
  display_name,
  description,
  entry_type,
  visibility,
  term,
  status,
  status_before_removal,
  expires_at,
  version,
  locked,
  agent_limit,
  suspended,
  suspension_reason,
  suspended_at,
  removed_at,
  retired_at,
  created_at,
  updated_at;

-- DirectoryRepository.listHistory
select
  id,
  entry_id,
  actor,
  action,
  at,
  version,
  previous,
  count(*) over () as total
from
  directory_history
where
  entry_id = $1
  and at >= $2
order by
  version desc,
  at desc,
  id desc
limit
  $3
offset
  $4;

-- DirectoryRepository.findHistory
select
  id,
  entry_id,
  actor,
  action,
  at,
  version,
  previous
from
  directory_history
where
  id = $1
  and entry_id = $2
  and at >= $3;

-- DirectoryRepository.resolve (anonymous)
select
  e.id,
  e.handle,
  e.display_name,
  e.entry_type,
  e.description,
  e.version,
  e.expires_at,
  shown.destinations,
  shown.withheld
from
  directory_entries as e
  inner join lateral (
    select
      coalesce(
        json_agg(
          json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label, 'preferred', d.preferred)
          order by
            d.position
        ) filter (
          where
            d.audience = 'public'
        ),
        json_build_array()
      ) as destinations,
      count(*) filter (
        where
          d.audience = 'signed_in'
      ) as withheld
    from
      directory_destinations as d
    where
      d.entry_id = e.id
      and d.approved_for_disclosure
  ) as shown on true
where
  e.handle = $1
  and (
    e.status = $2
    and not e.suspended
    and (
      e.expires_at is null
      or e.expires_at > $3
    )
  )
  and e.visibility = $4;

-- DirectoryRepository.resolve (signed in)
select
  e.id,
  e.handle,
  e.display_name,
  e.entry_type,
  e.description,
  e.version,
  e.expires_at,
  shown.destinations,
  shown.withheld
from
  directory_entries as e
  inner join lateral (
    select
      coalesce(
        json_agg(
          json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label, 'preferred', d.preferred)
          order by
            d.position
        ),
        json_build_array()
      ) as destinations,
      0 as withheld
    from
      directory_destinations as d
    where
      d.entry_id = e.id
      and d.approved_for_disclosure
  ) as shown on true
where
  e.handle = $1
  and (
    e.status = $2
    and not e.suspended
    and (
      e.expires_at is null
      or e.expires_at > $3
    )
  );

-- DirectoryRepository.discover (newest first)
select
  e.id,
  e.handle,
  e.display_name,
  e.entry_type,
  e.description,
  e.version,
  e.expires_at,
  (
    select
      coalesce(
        json_agg(
          json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label, 'preferred', d.preferred)
          order by
            d.position
        ) filter (
          where
            d.audience = 'public'
        ),
        json_build_array()
      ) as list
    from
      directory_destinations as d
    where
      d.entry_id = e.id
      and d.approved_for_disclosure
  ) as destinations,
  (
    select
      count(*) as n
    from
      (
        select
          1 as one
        from
          directory_entries as e
        where
          (
            e.status = $1
            and not e.suspended
            and (
              e.expires_at is null
              or e.expires_at > $2
            )
          )
          and e.visibility = $3
        limit
          $4
      ) as capped
  ) as capped_total
from
  directory_entries as e
where
  (
    e.status = $5
    and not e.suspended
    and (
      e.expires_at is null
      or e.expires_at > $6
    )
  )
  and e.visibility = $7
order by
  e.created_at desc,
  e.id desc
limit
  $8
offset
  $9;

-- DirectoryRepository.discover (search, one kind)
select
  e.id,
  e.handle,
  e.display_name,
  e.entry_type,
  e.description,
  e.version,
  e.expires_at,
  (
    select
      coalesce(
        json_agg(
          json_build_object('id', d.id, 'type', d.type, 'uri', d.value, 'label', d.label, 'preferred', d.preferred)
          order by
            d.position
        ) filter (
          where
            d.audience = 'public'
        ),
        json_build_array()
      ) as list
    from
      directory_destinations as d
    where
      d.entry_id = e.id
      and d.approved_for_disclosure
  ) as destinations,
  (
    select
      count(*) as n
    from
      (
        select
          1 as one
        from
          directory_entries as e
          cross join websearch_to_tsquery('english', $1) as query
        where
          e.search @@ query
          and (
            e.status = $2
            and not e.suspended
            and (
              e.expires_at is null
              or e.expires_at > $3
            )
          )
          and e.visibility = $4
          and e.entry_type = $5
        limit
          $6
      ) as capped
  ) as capped_total
from
  directory_entries as e
  cross join websearch_to_tsquery('english', $7) as query
where
  e.search @@ query
  and (
    e.status = $8
    and not e.suspended
    and (
      e.expires_at is null
      or e.expires_at > $9
    )
  )
  and e.visibility = $10
  and e.entry_type = $11
order by
  ts_rank(e.search, query) desc,
  e.created_at desc,
  e.id desc
limit
  $12
offset
  $13;

-- DirectoryRepository.discover (a page past the end)
-- (the statement shown under DirectoryRepository.discover (newest first))

select
  count(*) as n
from
  (
    select
      1 as one
    from
      directory_entries as e
    where
      (
        e.status = $1
        and not e.suspended
        and (
          e.expires_at is null
          or e.expires_at > $2
        )
      )
      and e.visibility = $3
    limit
      $4
  ) as capped;

-- DirectoryRepository.retireDue
select
  id
from
  directory_entries
where
  (
    (
      status = $1
      and removed_at < $2
    )
    or (
      status in ($3, $4, $5)
      and term = $6
      and expires_at < $7
    )
  )
order by
  id
limit
  $8
for update
  skip locked;

delete from directory_destinations
where
  entry_id in ($1);

delete from directory_history
where
  entry_id in ($1);

update directory_entries
set
  status = $1,
  retired_at = $2,
  display_name = $3,
  description = $4,
  agent_limit = $5,
  suspension_reason = $6,
  version = version + 1,
  updated_at = $7
where
  id in ($8);

-- DirectoryRepository.purgeHistory
with
  gone as (
    delete from directory_history
    where
      id in (
        select
          id
        from
          directory_history
        where
          at < $1
        order by
          at
        limit
          $2
        for update
          skip locked
      )
    returning
      id
  )
select
  count(*) as n
from
  gone;
