-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/access queries` after changing a query.

-- AccessRepository.insertPrincipal
insert into
  principals (id, email, password_hash, display_name, is_support, created_at)
values
  ($1, $2, $3, $4, $5, $6)
on conflict (email) do nothing
returning
  id;

-- AccessRepository.findPrincipalByEmail
select
  id,
  email,
  password_hash,
  display_name,
  is_support,
  created_at
from
  principals
where
  email = $1;

-- AccessRepository.findPrincipals
select
  id,
  email,
  password_hash,
  display_name,
  is_support,
  created_at
from
  principals
where
  id = any ($1::text[]);

-- AccessRepository.displayNameSql (an expression for another statement: it sends none)
-- (no statement)

-- AccessRepository.setSupport
update principals
set
  is_support = $1
where
  email = $2
returning
  id,
  email,
  password_hash,
  display_name,
  is_support,
  created_at;

-- AccessRepository.setDisplayName
update principals
set
  display_name = $1
where
  id = $2
returning
  id,
  email,
  password_hash,
  display_name,
  is_support,
  created_at;

-- AccessRepository.setPasswordHash
update principals
set
  password_hash = $1
where
  id = $2
returning
  id,
  email,
  password_hash,
  display_name,
  is_support,
  created_at;

-- AccessRepository.replacePasswordHash
update principals
set
  password_hash = $1
where
  id = $2
  and password_hash = $3
returning
  id;

-- AccessRepository.insertSession
insert into
  sessions (id_hash, principal_id, csrf_token, created_at, expires_at, last_seen_at)
values
  ($1, $2, $3, $4, $5, $6);

-- AccessRepository.findSession
select
  s.id_hash,
  s.principal_id,
  s.csrf_token,
  s.created_at,
  s.expires_at,
  s.last_seen_at,
  p.id as p_id,
  p.email as p_email,
  p.password_hash as p_password_hash,
  p.display_name as p_display_name,
  p.is_support as p_is_support,
  p.created_at as p_created_at
from
  sessions as s
  inner join principals as p on p.id = s.principal_id
where
  s.id_hash = $1
  and s.expires_at > $2
  and s.last_seen_at > $3;

-- AccessRepository.touchSession
update sessions
set
  last_seen_at = $1
where
  id_hash = $2
  and last_seen_at <= $3;

-- AccessRepository.deleteSessionsOf
delete from sessions
where
  principal_id = $1
  and id_hash is distinct from $2
returning
  id_hash;

-- AccessRepository.deleteSession
delete from sessions
where
  id_hash = $1;

-- AccessRepository.insertDevice
insert into
  device_authorizations (
    id,
    device_code_hash,
    user_code,
    agent_name,
    description,
    agent_url,
    built_with,
    model,
    scopes,
    days,
    status,
    principal_id,
    grant_id,
    created_at,
    expires_at,
    decided_at,
    last_poll_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17)
on conflict do nothing
returning
  id;

-- AccessRepository.findDeviceByCodeHash
select
  id,
  device_code_hash,
  user_code,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  days,
  status,
  principal_id,
  grant_id,
  created_at,
  expires_at,
  decided_at,
  last_poll_at
from
  device_authorizations
where
  device_code_hash = $1;

-- AccessRepository.findDeviceByUserCode
select
  id,
  device_code_hash,
  user_code,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  days,
  status,
  principal_id,
  grant_id,
  created_at,
  expires_at,
  decided_at,
  last_poll_at
from
  device_authorizations
where
  user_code = $1;

-- AccessRepository.decideDevice
update device_authorizations
set
  status = $1,
  principal_id = $2,
  decided_at = $3
where
  id = $4
  and status = $5
  and expires_at > $6
returning
  id,
  device_code_hash,
  user_code,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  days,
  status,
  principal_id,
  grant_id,
  created_at,
  expires_at,
  decided_at,
  last_poll_at;

-- AccessRepository.acceptPoll
update device_authorizations
set
  last_poll_at = $1
where
  id = $2
  and (
    last_poll_at is null
    or last_poll_at <= $3
  )
returning
  id;

-- AccessRepository.insertGrant
insert into
  grants (
    id,
    principal_id,
    agent_name,
    description,
    agent_url,
    built_with,
    model,
    scopes,
    token_hash,
    created_at,
    expires_at,
    revoked_at,
    last_used_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13);

-- AccessRepository.consumeDevice
update device_authorizations
set
  status = $1,
  grant_id = $2
where
  id = $3
  and status = $4
returning
  id;

-- AccessRepository.listUncollectedDevices
select
  id,
  device_code_hash,
  user_code,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  days,
  status,
  principal_id,
  grant_id,
  created_at,
  expires_at,
  decided_at,
  last_poll_at
from
  device_authorizations
where
  principal_id = $1
  and status = $2
  and expires_at > $3
order by
  decided_at desc;

-- AccessRepository.cancelUncollectedDevice
update device_authorizations
set
  status = $1
where
  id = $2
  and principal_id = $3
  and status = $4
  and expires_at > $5
returning
  id;

-- AccessRepository.findLiveGrantByTokenHash
select
  t.n as lookup_n,
  g.id,
  g.principal_id,
  g.agent_name,
  g.description,
  g.agent_url,
  g.built_with,
  g.model,
  g.scopes,
  g.token_hash,
  g.created_at,
  g.expires_at,
  g.revoked_at,
  g.last_used_at,
  p.id as p_id,
  p.email as p_email,
  p.password_hash as p_password_hash,
  p.display_name as p_display_name,
  p.is_support as p_is_support,
  p.created_at as p_created_at
from
  grants as g
  inner join unnest($1::text[], $2::timestamptz[]) with ordinality as t (hash, at, n) on g.token_hash = t.hash
  inner join principals as p on p.id = g.principal_id
where
  g.revoked_at is null
  and g.expires_at > t.at;

-- AccessRepository.findLiveGrantByTokenHash (with another domain’s columns)
select
  t.n as lookup_n,
  g.id,
  g.principal_id,
  g.agent_name,
  g.description,
  g.agent_url,
  g.built_with,
  g.model,
  g.scopes,
  g.token_hash,
  g.created_at,
  g.expires_at,
  g.revoked_at,
  g.last_used_at,
  p.id as p_id,
  p.email as p_email,
  p.password_hash as p_password_hash,
  p.display_name as p_display_name,
  p.is_support as p_is_support,
  p.created_at as p_created_at,
  (
    select
      count(*)
    from
      grants
    where
      principal_id = g.principal_id
      and created_at > $1
  ) as recent_grants
from
  grants as g
  inner join unnest($2::text[], $3::timestamptz[]) with ordinality as t (hash, at, n) on g.token_hash = t.hash
  inner join principals as p on p.id = g.principal_id
where
  g.revoked_at is null
  and g.expires_at > t.at;

-- AccessRepository.findGrant
select
  id,
  principal_id,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  created_at,
  expires_at,
  revoked_at,
  last_used_at
from
  grants
where
  id = $1;

-- AccessRepository.listGrants
select
  id,
  principal_id,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  created_at,
  expires_at,
  revoked_at,
  last_used_at
from
  grants
where
  principal_id = $1
  and least(revoked_at, expires_at) > $2
order by
  created_at desc;

-- AccessRepository.narrowGrant
update grants
set
  scopes = $1::text[]
where
  id = $2
  and principal_id = $3
  and revoked_at is null
  and expires_at > $4
  and scopes @> $5::text[]
returning
  id,
  principal_id,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  created_at,
  expires_at,
  revoked_at,
  last_used_at;

-- AccessRepository.touchGrant
update grants
set
  last_used_at = $1
where
  id = $2
  and (
    last_used_at is null
    or last_used_at < $3
  );

-- AccessRepository.revokeGrant
update grants
set
  revoked_at = coalesce(revoked_at, $1)
where
  id = $2
  and principal_id = $3
returning
  id,
  principal_id,
  agent_name,
  description,
  agent_url,
  built_with,
  model,
  scopes,
  created_at,
  expires_at,
  revoked_at,
  last_used_at;

-- AccessRepository.revokeAllGrants
update device_authorizations
set
  status = $1
where
  principal_id = $2
  and status = $3
  and expires_at > $4
returning
  id;

update grants
set
  revoked_at = $1
where
  principal_id = $2
  and revoked_at is null
  and expires_at > $3
returning
  id;

-- AccessRepository.insertIntroduction
insert into
  agent_introductions (id, agent_name, details, created_at, expires_at)
values
  ($1, $2, $3, $4, $5);

-- AccessRepository.putRecoveryCode
insert into
  recovery_codes (code_hash, principal_id, issued_by, created_at, expires_at)
values
  ($1, $2, $3, $4, $5)
on conflict (principal_id, issued_by) do update
set
  code_hash = excluded.code_hash,
  created_at = excluded.created_at,
  expires_at = excluded.expires_at;

-- AccessRepository.listRecoveryCodes
select
  principal_id,
  issued_by,
  created_at,
  expires_at
from
  recovery_codes
where
  principal_id = $1
  and (
    expires_at is null
    or expires_at > $2
  )
order by
  issued_by;

-- AccessRepository.useRecoveryCode
delete from recovery_codes
where
  code_hash = $1
  and principal_id = (
    select
      principals.id
    from
      principals
    where
      principals.email = $2
  )
  and (
    expires_at is null
    or expires_at > $3
  )
returning
  principal_id,
  issued_by;

-- AccessRepository.purgeExpired
delete from sessions
where
  (
    expires_at < $1
    or last_seen_at < $2
  )
returning
  id_hash;

delete from device_authorizations
where
  expires_at < $1
returning
  id;

delete from agent_introductions
where
  expires_at < $1
returning
  id;

delete from recovery_codes
where
  expires_at < $1
returning
  principal_id;
