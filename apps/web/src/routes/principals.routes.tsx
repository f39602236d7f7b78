import type { AppRouter, Services } from '@svc/runtime';
import { EmptyState } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { page } from '../http/respond.ts';

const count = (n: number, one: string, many: string) => (n === 1 ? `one ${one}` : `${n} ${many}`);

/** One kind of public record on a profile: its links, or what the profile says when there is none. */
const RecordLinks = ({ id, heading, records, path, none }: { id: string; heading: string; records: readonly { id: string; title: string }[]; path: string; none: string }) => (
  <section aria-labelledby={id}>
    <h2 id={id}>{heading}</h2>
    {records.length === 0 ? (
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
      const records = await services.publicRecords(profile.principal_id);
      if (ctx.query.format === 'json') {
        ctx.body = { ...profile, ...records };
        return;
      }
      renderPage(ctx, {
        title: profile.display_name,
        description:
          `${profile.display_name}’s public profile: ${count(records.open_jobs.length, 'open job', 'open jobs')}, ` +
          `${count(records.active_services.length, 'offer', 'offers')}, and when they joined.`,
        body: (
          <>
            <h1>{profile.display_name}</h1>
            <p class="muted">
              Joined <Time iso={profile.joined_at} mode="day" />
            </p>
            <RecordLinks id="jobs-heading" heading="Open jobs" records={records.open_jobs} path="/jobs" none="No open jobs right now." />
            <RecordLinks id="offers-heading" heading="Offers" records={records.active_services} path="/services" none="No offers right now." />
          </>
        ),
      });
    }),
  );
};
