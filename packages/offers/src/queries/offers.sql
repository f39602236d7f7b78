-- Generated from the repository's methods; do not edit. Run `pnpm --filter @svc/offers queries` after changing a query.

-- OffersRepository.insertOffer
insert into
  offers (
    id,
    status,
    version,
    title,
    summary,
    role,
    industry,
    capabilities,
    contact_url,
    pricing_note,
    tags,
    templates,
    provider_id,
    created_at,
    updated_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15);

-- OffersRepository.findOffer
select
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
  created_at,
  updated_at
from
  offers
where
  id = $1;

-- OffersRepository.updateOfferIfVersion (every change)
update offers
set
  status = $1,
  title = $2,
  summary = $3,
  role = $4,
  industry = $5,
  capabilities = $6,
  contact_url = $7,
  pricing_note = $8,
  tags = $9,
  templates = $10,
  updated_at = $11,
  version = version + 1
where
  id = $12
  and version = $13
returning
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
  created_at,
  updated_at;

-- OffersRepository.updateOfferIfVersion (one change)
update offers
set
  status = $1,
  updated_at = $2,
  version = version + 1
where
  id = $3
  and version = $4
returning
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
  created_at,
  updated_at;

-- OffersRepository.searchOffers (the newest, with a capped total)
select
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
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
          offers
        where
          (
            status = $1
            and role = $2
            and industry = $3
          )
        limit
          301
      ) as capped
  ) as capped_total
from
  offers
where
  (
    status = $4
    and role = $5
    and industry = $6
  )
order by
  created_at desc,
  id desc
limit
  $7
offset
  $8;

-- OffersRepository.searchOffers (a provider’s own, active and paused)
select
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
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
          offers
        where
          (
            status in ($1, $2)
            and provider_id = $3
          )
        limit
          301
      ) as capped
  ) as capped_total
from
  offers
where
  (
    status in ($4, $5)
    and provider_id = $6
  )
order by
  created_at desc,
  id desc
limit
  $7
offset
  $8;

-- OffersRepository.searchOffers (a list past its last page: the count alone)
select
  id,
  status,
  version,
  title,
  summary,
  role,
  industry,
  capabilities,
  contact_url,
  pricing_note,
  tags,
  templates,
  provider_id,
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
          offers
        where
          status = $1
        limit
          421
      ) as capped
  ) as capped_total
from
  offers
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
      offers
    where
      status = $1
    limit
      421
  ) as capped;

-- OffersRepository.searchOffers (words, ranked among the newest candidates)
with
  ranked as (
    select
      id,
      created_at,
      ts_rank(search, websearch_to_tsquery('english', $1)) as rank,
      count(*) over () as capped_total
    from
      (
        select
          id,
          created_at,
          search
        from
          offers
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
  offers.id,
  offers.status,
  offers.version,
  offers.title,
  offers.summary,
  offers.role,
  offers.industry,
  offers.capabilities,
  offers.contact_url,
  offers.pricing_note,
  offers.tags,
  offers.templates,
  offers.provider_id,
  offers.created_at,
  offers.updated_at,
  ranked.capped_total
from
  ranked
  inner join offers on offers.id = ranked.id
order by
  ranked.rank desc,
  ranked.created_at desc,
  ranked.id desc;

-- OffersRepository.searchOffers (words past the last page: the count alone)
-- (the statement shown under OffersRepository.searchOffers (words, ranked among the newest candidates))

select
  count(*) as total
from
  (
    select
      created_at
    from
      offers
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

-- OffersRepository.countOffers
select
  (
    select
      count(*) as n
    from
      offers
    where
      provider_id = $1
      and status = 'active'
  ) as offers_active,
  (
    select
      count(*) as n
    from
      offers
    where
      provider_id = $2
      and status = 'paused'
  ) as offers_paused;

-- OffersRepository.countOffersColumns (columns for another statement: it sends none)
-- (no statement)

-- OffersRepository.insertFeedbackIfFirst
insert into
  offer_feedback (
    id,
    offer_id,
    author_id,
    version,
    needs_met,
    comment,
    source_links,
    capability,
    published,
    hidden_at,
    hidden_reason,
    reply_text,
    reply_at,
    removed_at,
    created_at,
    updated_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
on conflict (offer_id, author_id)
where
  removed_at is null do nothing
returning
  id;

-- OffersRepository.hasActiveFeedback
select
  id
from
  offer_feedback
where
  offer_id = $1
  and author_id = $2
  and removed_at is null
limit
  $3;

-- OffersRepository.findFeedback
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at
from
  offer_feedback
where
  id = $1;

-- OffersRepository.listFeedback (its provider)
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at
from
  offer_feedback
where
  offer_id = $1
  and removed_at is null
order by
  created_at desc,
  id desc
limit
  $2
offset
  $3;

-- OffersRepository.listFeedback (a signed-in reader)
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at
from
  offer_feedback
where
  offer_id = $1
  and (
    removed_at is null
    and (
      (
        published = true
        and hidden_at is null
      )
      or author_id = $2
    )
  )
order by
  created_at desc,
  id desc
limit
  $3
offset
  $4;

-- OffersRepository.listFeedback (support)
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at
from
  offer_feedback
where
  offer_id = $1
  and (
    removed_at is null
    and (
      published = true
      or author_id = $2
    )
  )
order by
  created_at desc,
  id desc
limit
  $3
offset
  $4;

-- OffersRepository.listFeedback (anyone)
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at
from
  offer_feedback
where
  offer_id = $1
  and (
    removed_at is null
    and (
      published = true
      and hidden_at is null
    )
  )
order by
  created_at desc,
  id desc
limit
  $2
offset
  $3;

-- OffersRepository.updateFeedbackIfVersion
update offer_feedback
set
  needs_met = $1,
  comment = $2,
  source_links = $3,
  capability = $4,
  published = $5,
  updated_at = $6,
  version = version + 1
where
  id = $7
  and (
    version = $8
    and removed_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.replyToFeedback
update offer_feedback
set
  reply_text = $1,
  reply_at = $2,
  updated_at = $3,
  version = version + 1
where
  id = $4
  and (
    reply_text is null
    and removed_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.hideFeedback
update offer_feedback
set
  hidden_at = $1,
  hidden_reason = $2,
  updated_at = $3,
  version = version + 1
where
  id = $4
  and (
    hidden_at is null
    and published = true
    and removed_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.listHiddenFeedback
select
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at,
  count(*) over () as total
from
  offer_feedback
where
  hidden_at is not null
  and published = $1
  and removed_at is null
order by
  updated_at desc,
  id desc
limit
  $2
offset
  $3;

-- OffersRepository.unhideFeedback
update offer_feedback
set
  hidden_at = $1,
  hidden_reason = $2,
  updated_at = $3,
  version = version + 1
where
  id = $4
  and (
    hidden_at is not null
    and removed_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.removeFeedback (at a version)
update offer_feedback
set
  removed_at = $1,
  updated_at = $2,
  version = version + 1
where
  id = $3
  and (
    version = $4
    and removed_at is null
    and hidden_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.removeFeedback (at any version)
update offer_feedback
set
  removed_at = $1,
  updated_at = $2,
  version = version + 1
where
  id = $3
  and (
    removed_at is null
    and hidden_at is null
  )
returning
  id,
  offer_id,
  author_id,
  version,
  needs_met,
  comment,
  source_links,
  capability,
  published,
  hidden_at,
  hidden_reason,
  reply_text,
  reply_at,
  removed_at,
  created_at,
  updated_at;

-- OffersRepository.insertReport
insert into
  reports (
    id,
    target_kind,
    target_id,
    reason,
    details,
    status,
    resolution,
    resolved_by,
    resolved_at,
    created_at
  )
values
  ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10);

-- OffersRepository.findReport
select
  id,
  target_kind,
  target_id,
  reason,
  details,
  status,
  resolution,
  resolved_by,
  resolved_at,
  created_at
from
  reports
where
  id = $1;

-- OffersRepository.listReports
select
  id,
  target_kind,
  target_id,
  reason,
  details,
  status,
  resolution,
  resolved_by,
  resolved_at,
  created_at,
  count(*) over () as total
from
  reports
where
  status = $1
order by
  created_at,
  id
limit
  $2
offset
  $3;

-- OffersRepository.resolveReport
update reports
set
  status = $1,
  resolution = $2,
  resolved_by = $3,
  resolved_at = $4
where
  id = $5
  and status = $6
returning
  id,
  target_kind,
  target_id,
  reason,
  details,
  status,
  resolution,
  resolved_by,
  resolved_at,
  created_at;

-- OffersRepository.purgeResolvedReports
delete from reports
where
  status = $1
  and resolved_at < $2
returning
  id;

-- OffersRepository.insertSiteFeedback
insert into
  site_feedback (id, kind, message, contact_ok, principal_id, grant_id, agent_name, created_at)
values
  ($1, $2, $3, $4, $5, $6, $7, $8);

-- OffersRepository.findSiteFeedback
select
  id,
  kind,
  message,
  contact_ok,
  principal_id,
  grant_id,
  agent_name,
  created_at
from
  site_feedback
where
  id = $1;

-- OffersRepository.listSiteFeedback (every kind)
select
  id,
  kind,
  message,
  contact_ok,
  principal_id,
  grant_id,
  agent_name,
  created_at,
  count(*) over () as total
from
  site_feedback
order by
  created_at desc,
  id desc
limit
  $1
offset
  $2;

-- OffersRepository.listSiteFeedback (one kind)
select
  id,
  kind,
  message,
  contact_ok,
  principal_id,
  grant_id,
  agent_name,
  created_at,
  count(*) over () as total
from
  site_feedback
where
  kind = $1
order by
  created_at desc,
  id desc
limit
  $2
offset
  $3;
