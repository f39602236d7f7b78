import type { Context } from 'koa';
import { PROFILE_PAGE_SIZE, type AppRouter, type Services } from '@svc/runtime';
import { EmptyState, Pagination } from '../kit/blocks.tsx';
import { MAX_OFFSET } from '@svc/kernel';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { page } from '../http/respond.ts';

/** "one open job", "3 open jobs", and "more than 20 open jobs" when a page does not hold them all. */
const count = (n: number, more: boolean, one: string, many: string) => (more ? `more than ${n} ${many}` : n === 1 ? `one ${one}` : `${n} ${many}`);

/** Where one of the profile's lists starts: its own query string (`jobs_offset`, `offers_offset`), a multiple of the page. */
const offsetOf = (ctx: Context, name: string): number => {
  const given = typeof ctx.query[name] === 'string' ? Number.parseInt(ctx.query[name], 10) : 0;
  if (!Number.isFinite(given) || given <= 0) return 0;
  return Math.min(Math.floor(given / PROFILE_PAGE_SIZE), Math.floor(MAX_OFFSET / PROFILE_PAGE_SIZE)) * PROFILE_PAGE_SIZE;
};

/**
 * One kind of public record on a profile: its links, paged 20 at a time (someone with 48 open jobs
 * shows them all, a page at a time), or what the profile says when there is none.
 */
const RecordLinks = ({
  id,
  heading,
  records,
  path,
  none,
  paging,
}: {
  id: string;
  heading: string;
  records: readonly { id: string; title: string }[];
  path: string;
  none: string;
  paging: { offset: number; hasMore: boolean; href: (offset: number) => string };
}) => (
  <section aria-labelledby={id}>
    <h2 id={id}>{heading}</h2>
    {records.length === 0 && paging.offset === 0 ? (
      <EmptyState title={none} />
    ) : (
      <ul>
        {records.map((record) => (
          <li>
            <a href={`${path}/${record.id}`}>{record.title}</a>
          </li>
        ))}
      </ul>
    )}
    <Pagination shown={records.length} limit={PROFILE_PAGE_SIZE} offset={paging.offset} hasMore={paging.hasMore} href={paging.href} />
  </section>
);

/**
 * A principal's public profile: name, join date, their open jobs and their active offers (what
 * anyone may read anyway, newest first, at most 20 of each). Never an e-mail address, never a paused,
 * closed or removed record.
 */
export const registerPrincipalsRoutes = (router: AppRouter, services: Services): void => {
  router.get(
    '/principals/:id',
    page(async (ctx) => {
      const profile = await services.access.principals.profile(ctx.params.id);
      const json = ctx.query.format === 'json';
      // Each list pages on its own, keeping where the other one is.
      const offsets = json ? {} : { jobs: offsetOf(ctx, 'jobs_offset'), services: offsetOf(ctx, 'offers_offset') };
      const { more, ...records } = await services.publicRecords(profile.principal_id, offsets);
      if (json) {
        ctx.body = { ...profile, ...records };
        return;
      }
      const at = (jobs: number, offers: number) => {
        const query = new URLSearchParams();
        if (jobs) query.set('jobs_offset', String(jobs));
        if (offers) query.set('offers_offset', String(offers));
        const search = query.toString();
        return `/principals/${encodeURIComponent(profile.principal_id)}${search ? `?${search}` : ''}`;
      };
      const jobsPage = { offset: offsets.jobs ?? 0, hasMore: more.jobs, href: (to: number) => `${at(to, offsets.services ?? 0)}#jobs-heading` };
      const offersPage = { offset: offsets.services ?? 0, hasMore: more.services, href: (to: number) => `${at(offsets.jobs ?? 0, to)}#offers-heading` };
      renderPage(ctx, {
        title: profile.display_name,
        description:
          `${profile.display_name}’s public profile: ${count(jobsPage.offset + records.open_jobs.length, more.jobs, 'open job', 'open jobs')}, ` +
          `${count(offersPage.offset + records.active_services.length, more.services, 'offer', 'offers')}, and when they joined.`,
        body: (
          <>
            <h1>{profile.display_name}</h1>
            <p class="muted">
              Joined <Time iso={profile.joined_at} mode="day" />
            </p>
            <RecordLinks id="jobs-heading" heading="Open jobs" records={records.open_jobs} path="/jobs" none="No open jobs right now." paging={jobsPage} />
            <RecordLinks id="offers-heading" heading="Offers" records={records.active_services} path="/services" none="No offers right now." paging={offersPage} />
          </>
        ),
      });
    }),
  );
};
