-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/threads queries` after changing a query.

-- ThreadsRepository.insertThread
insert into
  threads (
    id,
    title,
    summary,
    summary_version,
    status,
    owner_id,
    summary_edited_by_others,
    checklist_edited_by_others,
    linked_kind,
    linked_id,
    linked_snapshot,
    linked_taken_at,
    created_at,
    updated_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14);

insert into
  thread_participants (thread_id, principal_id, joined_at)
values
  ($1, $2, $3);

-- ThreadsRepository.insertParticipant
-- (the statement shown under ThreadsRepository.insertThread)

-- ThreadsRepository.insertEntry
insert into
  thread_entries (id, thread_id, kind, text, author_id, created_at, updated_at, deleted_at)
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- ThreadsRepository.insertItem
insert into
  thread_checklist_items (id, thread_id, text, done, added_by, created_at, updated_at)
values
  ($1, $2, $3, $4, $5, $6, $7);

-- ThreadsRepository.insertInvite
insert into
  thread_invites (
    id,
    thread_id,
    token_hash,
    invitee_principal_id,
    created_by,
    status,
    created_at,
    expires_at,
    accepted_by,
    closed_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- ThreadsRepository.findThread
select
  id,
  title,
  summary,
  summary_version,
  status,
  owner_id,
  summary_edited_by_others,
  checklist_edited_by_others,
  linked_kind,
  linked_id,
  linked_snapshot,
  linked_taken_at,
  created_at,
  updated_at
from
  threads
where
  id = $1;

-- ThreadsRepository.lockThread
select
  id,
  title,
  summary,
  summary_version,
  status,
  owner_id,
  summary_edited_by_others,
  checklist_edited_by_others,
  linked_kind,
  linked_id,
  linked_snapshot,
  linked_taken_at,
  created_at,
  updated_at
from
  threads
where
  id = $1
for update;

-- ThreadsRepository.lockPrincipal
select
  pg_advisory_xact_lock(7321, hashtext ($1)) as locked;

-- ThreadsRepository.updateThread (every change, at an expected summary version)
update threads
set
  title = $1,
  summary = $2,
  status = $3,
  summary_edited_by_others = $4,
  updated_at = $5,
  summary_version = summary_version + 1
where
  id = $6
  and summary_version = $7
returning
  id,
  title,
  summary,
  summary_version,
  status,
  owner_id,
  summary_edited_by_others,
  checklist_edited_by_others,
  linked_kind,
  linked_id,
  linked_snapshot,
  linked_taken_at,
  created_at,
  updated_at;

-- ThreadsRepository.updateThread (the time of a change only)
update threads
set
  updated_at = $1
where
  id = $2
returning
  id,
  title,
  summary,
  summary_version,
  status,
  owner_id,
  summary_edited_by_others,
  checklist_edited_by_others,
  linked_kind,
  linked_id,
  linked_snapshot,
  linked_taken_at,
  created_at,
  updated_at;

-- ThreadsRepository.readContents
-- (the statement shown under ThreadsRepository.findThread)

select
  thread_id,
  principal_id,
  joined_at
from
  thread_participants
where
  thread_id = $1
order by
  joined_at,
  principal_id;

select
  id,
  thread_id,
  kind,
  text,
  author_id,
  created_at,
  updated_at,
  deleted_at
from
  thread_entries
where
  thread_id = $1
order by
  created_at,
  id;

select
  id,
  thread_id,
  text,
  done,
  added_by,
  created_at,
  updated_at
from
  thread_checklist_items
where
  thread_id = $1
order by
  created_at,
  id;

-- ThreadsRepository.listForParticipant (any status)
select
  t.id,
  t.title,
  t.summary,
  t.summary_version,
  t.status,
  t.owner_id,
  t.summary_edited_by_others,
  t.checklist_edited_by_others,
  t.linked_kind,
  t.linked_id,
  t.linked_snapshot,
  t.linked_taken_at,
  t.created_at,
  t.updated_at,
  count(*) over () as total,
  (
    select
      json_agg(
        c.principal_id
        order by
          c.principal_id = t.owner_id desc,
          c.joined_at,
          c.principal_id
      ) as ids
    from
      thread_participants as c
    where
      c.thread_id = t.id
  ) as participant_ids
from
  threads as t
  inner join thread_participants as p on p.thread_id = t.id
  and p.principal_id = $1
order by
  t.updated_at desc,
  t.id desc
limit
  $2
offset
  $3;

-- ThreadsRepository.listForParticipant (one status)
select
  t.id,
  t.title,
  t.summary,
  t.summary_version,
  t.status,
  t.owner_id,
  t.summary_edited_by_others,
  t.checklist_edited_by_others,
  t.linked_kind,
  t.linked_id,
  t.linked_snapshot,
  t.linked_taken_at,
  t.created_at,
  t.updated_at,
  count(*) over () as total,
  (
    select
      json_agg(
        c.principal_id
        order by
          c.principal_id = t.owner_id desc,
          c.joined_at,
          c.principal_id
      ) as ids
    from
      thread_participants as c
    where
      c.thread_id = t.id
  ) as participant_ids
from
  threads as t
  inner join thread_participants as p on p.thread_id = t.id
  and p.principal_id = $1
where
  t.status = $2
order by
  t.updated_at desc,
  t.id desc
limit
  $3
offset
  $4;

-- ThreadsRepository.counts
select
  (
    select
      count(*) as n
    from
      thread_participants
    where
      thread_id = $1
  ) as participants,
  (
    select
      count(*) as n
    from
      thread_entries
    where
      thread_id = $2
  ) as entries,
  (
    select
      count(*) as n
    from
      thread_checklist_items
    where
      thread_id = $3
  ) as items;

-- ThreadsRepository.countThreadsOf
select
  count(*) as n
from
  thread_participants
where
  principal_id = $1;

-- ThreadsRepository.hasContributionsByOthers
select
  (
    exists (
      select
        1 as one
      from
        thread_entries
      where
        thread_id = $1
        and author_id <> $2
    )
    or exists (
      select
        1 as one
      from
        thread_checklist_items
      where
        thread_id = $3
        and added_by <> $4
    )
  ) as found;

-- ThreadsRepository.findParticipant
select
  thread_id,
  principal_id,
  joined_at
from
  thread_participants
where
  thread_id = $1
  and principal_id = $2;

-- ThreadsRepository.findEntry
select
  id,
  thread_id,
  kind,
  text,
  author_id,
  created_at,
  updated_at,
  deleted_at
from
  thread_entries
where
  thread_id = $1
  and id = $2;

-- ThreadsRepository.updateEntry
update thread_entries
set
  kind = $1,
  text = $2,
  updated_at = $3
where
  id = $4
returning
  id,
  thread_id,
  kind,
  text,
  author_id,
  created_at,
  updated_at,
  deleted_at;

-- ThreadsRepository.tombstoneEntry
update thread_entries
set
  text = $1,
  updated_at = $2,
  deleted_at = $3
where
  id = $4
returning
  id,
  thread_id,
  kind,
  text,
  author_id,
  created_at,
  updated_at,
  deleted_at;

-- ThreadsRepository.findItem
select
  id,
  thread_id,
  text,
  done,
  added_by,
  created_at,
  updated_at
from
  thread_checklist_items
where
  thread_id = $1
  and id = $2;

-- ThreadsRepository.updateItem
update thread_checklist_items
set
  text = $1,
  done = $2,
  updated_at = $3
where
  id = $4
returning
  id,
  thread_id,
  text,
  done,
  added_by,
  created_at,
  updated_at;

-- ThreadsRepository.findInvite
select
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at
from
  thread_invites
where
  thread_id = $1
  and id = $2;

-- ThreadsRepository.findInviteByTokenHash
select
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at
from
  thread_invites
where
  token_hash = $1;

-- ThreadsRepository.findInviteFor
select
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at
from
  thread_invites
where
  id = $1
  and invitee_principal_id = $2;

-- ThreadsRepository.lockInvite
select
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at
from
  thread_invites
where
  id = $1
for update;

-- ThreadsRepository.listInvites
select
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at
from
  thread_invites
where
  thread_id = $1
order by
  created_at desc,
  id desc;

-- ThreadsRepository.listInvitationsFor
select
  i.id,
  i.thread_id,
  i.token_hash,
  i.invitee_principal_id,
  i.created_by,
  i.status,
  i.created_at,
  i.expires_at,
  i.accepted_by,
  i.closed_at,
  t.title as thread_title,
  t.owner_id as thread_owner_id,
  count(*) over () as total
from
  thread_invites as i
  inner join threads as t on t.id = i.thread_id
where
  i.invitee_principal_id = $1
  and i.status = $2
  and i.expires_at > $3
  and not exists (
    select
      1 as one
    from
      thread_participants as p
    where
      p.thread_id = i.thread_id
      and p.principal_id = $4
  )
order by
  i.created_at desc,
  i.id desc
limit
  $5
offset
  $6;

-- ThreadsRepository.waitingInvitationsColumns (columns for another statement: it sends none)
-- (no statement)

-- ThreadsRepository.sharesThreadLinking
select
  exists (
    select
      1 as one
    from
      threads as t
      inner join thread_participants as a on a.thread_id = t.id
      and a.principal_id = $1
      inner join thread_participants as b on b.thread_id = t.id
      and b.principal_id = $2
    where
      t.linked_kind = $3
      and t.linked_id = $4
  ) as found;

-- ThreadsRepository.invitedToThreadLinking
select
  exists (
    select
      1 as one
    from
      threads as t
      inner join thread_participants as p on p.thread_id = t.id
      and p.principal_id = $1
      inner join thread_invites as i on i.thread_id = t.id
      and i.invitee_principal_id = $2
    where
      t.linked_kind = $3
      and t.linked_id = $4
      and i.status = $5
      and i.expires_at > $6
  ) as found;

-- ThreadsRepository.closeInvite
update thread_invites
set
  status = $1,
  accepted_by = $2,
  closed_at = $3
where
  id = $4
returning
  id,
  thread_id,
  token_hash,
  invitee_principal_id,
  created_by,
  status,
  created_at,
  expires_at,
  accepted_by,
  closed_at;

-- ThreadsRepository.purgeInvites
delete from thread_invites
where
  (
    (
      status = $1
      and expires_at < $2
    )
    or (
      status = $3
      and closed_at < $4
    )
  )
returning
  id;

-- ThreadsRepository.deleteItem
delete from thread_checklist_items
where
  id = $1;

-- ThreadsRepository.deleteParticipant
delete from thread_participants
where
  thread_id = $1
  and principal_id = $2
returning
  principal_id;

-- ThreadsRepository.deleteThread
delete from threads
where
  id = $1;
