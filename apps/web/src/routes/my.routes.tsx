import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import type { MyResponseJson } from '@svc/jobs';
import type { OwnerEntryJson } from '@svc/directory';
import { isDomainError, notFound, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { JobCards } from '../components/jobs/job-card.tsx';
import { KIND_WORDS, Status } from '../components/words.tsx';
import { CountedPage, EmptyState, Prose, Tabs } from '../kit/blocks.tsx';
import { ActionButton, fieldErrorsOf, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { pageQuery } from '../kit/paging.ts';
import { MyOverview } from '../components/my-overview.tsx';
import { formBaseOf, page, queryText, readInput, signInFirst, wayWhenGone } from '../http/respond.ts';
import { formAfterRefusal, versionAfterRefusal } from '../kit/conflict.tsx';
import { FORM_PROBLEM } from '../kit/messages.ts';
import { roleLine, type ServiceJson } from '../components/offers/offers-view.tsx';
import { ConfirmLink, ConfirmPage } from '../kit/confirm.tsx';
import { DETAIL_FIELDS, ManagePage, MineList, RegisterPage } from '../components/directory/directory-views.tsx';
import { versionOf } from '../forms/normalise.ts';
import { agentsFromForm, destinationChangeFromForm, destinationFromForm, entryPatchFromForm, formFromEntry, registrationFromForm } from '../forms/directory-input.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';
import { createOnceFromForm } from '../http/once.ts';

const PAGE_SIZE = 20;


const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);

/** The head of a page of the person's own records: its heading, then the button that adds one (and another way to, if any). */
const MyPageHead = ({ title, add, also }: { title: string; add: { href: string; text: string }; also?: { href: string; text: string } }) => (
  <>
    <h1>{title}</h1>
    <p class="actions">
      <a href={add.href} class="button">
        {add.text}
      </a>
      {also ? (
        <a href={also.href} class="button secondary">
          {also.text}
        </a>
      ) : null}
    </p>
  </>
);

/** Between the person's own jobs and their own responses. */
const MyTabs = ({ current }: { current: 'jobs' | 'responses' }) => (
  <Tabs
    label="My records"
    tabs={[
      { href: '/my/jobs', text: 'My jobs', current: current === 'jobs' },
      { href: '/my/responses', text: 'My responses', current: current === 'responses' },
    ]}
  />
);

const JOB_STATE_WORDS: Record<string, string> = {
  closed: 'This job is closed.',
  removed: 'This job has been removed: only its poster and the people who responded can still open it.',
};

/** One of the person's responses, with the job it answers. */
const MyResponseCard = ({ response }: { response: MyResponseJson }) => (
  <li>
    <h2 class="card-title">
      <a href={`/jobs/${response.job.id}`}>{response.job.title}</a>
    </h2>
    <p class="meta">
      <Status value={response.status} />
      <strong>{KIND_WORDS[response.kind] ?? response.kind}</strong>
      <span>
        sent <Time iso={response.created_at} />
      </span>
      {response.status === 'withdrawn' ? (
        <span>
          withdrawn <Time iso={response.updated_at} />
        </span>
      ) : null}
    </p>
    {JOB_STATE_WORDS[response.job.status] ? <p class="muted">{JOB_STATE_WORDS[response.job.status]}</p> : null}
    <Prose text={response.message} />
    {response.status === 'active' ? (
      <a href={`/responses/${response.id}/withdraw`} class="button secondary small">
        Withdraw…
      </a>
    ) : null}
  </li>
);

/** What each tab of My jobs says when it has nothing to show. */
const EMPTY_TAB: Record<string, { none: string; hint: string }> = {
  open: { none: 'You have no open jobs.', hint: 'Post one, and it shows here with the responses it gets.' },
  closed: { none: 'You have no closed jobs.', hint: 'A job you close shows here, and you can reopen it from its page.' },
  removed: { none: 'You have no removed jobs.', hint: 'A job you remove is hidden from everyone else and shows here, with its responses on its page.' },
};

const TAB_TITLES: Record<string, string> = { open: 'My jobs', closed: 'My closed jobs', removed: 'My removed jobs' };

const MyOfferList = ({ offers, paused }: { offers: readonly ServiceJson[]; paused: boolean }) => (
  <ul class="cards">
    {offers.map((offer) => (
      <li>
        <h3>
          <a href={`/services/${offer.id}`}>{offer.title}</a>
        </h3>
        <p class="meta">
          <span>{roleLine(offer)}</span>
        </p>
        <div class="actions">
          <a href={`/services/${offer.id}/edit`} class="button secondary">
            Edit
          </a>
          {paused ? (
            <ActionButton action={`/services/${offer.id}/resume`} label="Resume" variant="secondary" />
          ) : (
            <ActionButton action={`/services/${offer.id}/pause`} label="Pause" variant="secondary" />
          )}
          <ConfirmLink href={`/services/${offer.id}/remove`}>Remove</ConfirmLink>
        </div>
      </li>
    ))}
  </ul>
);

/** The destination's fields on a form are named after it; the service names them `destination.value`. */
const destinationErrors = (errors: FieldErrors): FieldErrors => {
  const { destination, destinations, ...rest } = errors;
  const message = destination ?? destinations;
  return message ? { ...rest, destination_value: message } : rest;
};

/** A destination's own fields as the service names them, and as the add form names them (for their labels in messages). */
const DESTINATION_FIELDS: Record<string, string> = { value: 'destination_value', label: 'destination_label', audience: 'destination_audience' };

/**
 * The manage page's own words for a refusal, by whether the form sent holds typed text (details,
 * destinations) or is a button (pause, lock, put back…): a button's change may well be the person's
 * own in another tab, and nothing was typed to keep.
 */
const MESSAGES: Record<'typed' | 'button', Partial<Record<string, string>>> = {
  typed: {
    version_conflict: 'Someone changed this entry meanwhile, so nothing was saved. What you typed is kept; check it against the entry as it is now and send it again.',
  },
  button: {
    version_conflict: 'This entry changed since this page was shown (perhaps in another tab), so nothing was done. Here it is as it is now; do it again if you still want to.',
  },
};

/** An entry's manage page; the address keeps its colon (`/my/directory/aar:name`, as the site links it), the rest is encoded. */
const managePath = (address: string): string => `/my/directory/${encodeURIComponent(address).replace(/%3A/gi, ':')}`;

const REGISTER_DESCRIPTION = 'Register a permanent directory address for yourself, your organisation or your agent, with the ways to reach it.';

/** The overview, and the person's jobs (open, closed, removed) and their responses to other people's jobs. */
const myRecords = (router: AppRouter, { jobs, responses, baseUrl }: Services): void => {
  router.get(
    '/my',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      requireActor(ctx, baseUrl);
      renderPage(ctx, {
        title: 'Everything of mine',
        description: 'Your own records in one place: jobs, responses, offers, directory entries, threads and the agents that act for you.',
        body: <MyOverview />,
      });
    }),
  );

  router.get(
    '/my/jobs',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const status = queryText(ctx, 'status') || 'open';
      // The service refuses a status other than open, closed or removed (400 validation_failed, as the API would).
      const [list, counts] = await Promise.all([
        jobs.listMine(actor, { status, ...pageQuery(ctx, PAGE_SIZE) }),
        jobs.countsFor(actor.principalId),
      ]);
      const responseCounts = await responses.activeCountsOnMyJobs(actor, list.jobs.map((job) => job.id));
      const href = (to: number) => `/my/jobs?${new URLSearchParams({ status, ...(to ? { offset: String(to) } : {}) })}`;
      const empty = EMPTY_TAB[status]!;
      renderPage(ctx, {
        title: TAB_TITLES[status]!,
        description: 'Your jobs, open, closed and removed, newest first, each with the responses it got.',
        body: (
          <>
            <MyPageHead title="My jobs" add={{ href: '/jobs/new', text: 'Post a job' }} also={{ href: '/jobs/new?template=birthday-party', text: 'Plan a birthday party' }} />
            <MyTabs current="jobs" />
            <Tabs
              label="Job status"
              tabs={[
                { href: '/my/jobs?status=open', text: `Open (${counts.open_jobs})`, current: status === 'open' },
                { href: '/my/jobs?status=closed', text: `Closed (${counts.closed_jobs})`, current: status === 'closed' },
                { href: '/my/jobs?status=removed', text: 'Removed', current: status === 'removed' },
              ]}
            />
            {status === 'removed' ? <p class="muted">Hidden from everyone else. Each job’s page still shows you its responses.</p> : null}
            <CountedPage
              list={list}
              shown={list.jobs.length}
              href={href}
              empty={
                <EmptyState title={empty.none}>
                  <p>{empty.hint}</p>
                </EmptyState>
              }
            >
              <JobCards jobs={list.jobs} showStatus={status !== 'open'} responseCounts={responseCounts} />
            </CountedPage>
            <p class="muted">
              Each job’s page shows its responses. You have {count(counts.active_responses, 'active response', 'active responses')} to other
              people’s jobs: see <a href="/my/responses">my responses</a>.
            </p>
          </>
        ),
      });
    }),
  );

  router.get(
    '/my/responses',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const list = await responses.listMine(actor, pageQuery(ctx, PAGE_SIZE));
      renderPage(ctx, {
        title: 'My responses',
        description: 'Your offers of help and questions to other people’s jobs, newest first, each with the job it answers.',
        body: (
          <>
            <h1>My responses</h1>
            <p>Your offers of help and questions to other people’s jobs, newest first. Only each job’s poster and you can read them.</p>
            <MyTabs current="responses" />
            <p class="muted" role="status">
              {count(list.total, 'response', 'responses')}
            </p>
            <CountedPage
              list={list}
              shown={list.responses.length}
              href={(to) => (to ? `/my/responses?offset=${to}` : '/my/responses')}
              empty={
                <EmptyState title="You have not responded to any job yet.">
                  <p>
                    <a href="/jobs">Browse the open jobs</a>, and offer help or ask a question from a job’s page.
                  </p>
                </EmptyState>
              }
            >
              <ul class="cards">
                {list.responses.map((response) => (
                  <MyResponseCard response={response} />
                ))}
              </ul>
            </CountedPage>
          </>
        ),
      });
    }),
  );

};

/** The provider's own offers, active and paused, each with its edit, pause or resume, and remove. */
const myOffers = (router: AppRouter, { offers, baseUrl }: Services): void => {
  router.get(
    '/my/services',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const { active, paused } = await offers.mine(requireActor(ctx, baseUrl));
      renderPage(ctx, {
        title: 'My offers',
        description: 'Your offers, active and paused: publish, edit, pause, resume or remove them, and read their feedback.',
        body: (
          <>
            <MyPageHead title="My offers" add={{ href: '/services/new', text: 'Publish an offer' }} />
            <h2>Active</h2>
            {active.length ? (
              <MyOfferList offers={active} paused={false} />
            ) : (
              <EmptyState title="You have no active offers.">
                <p>Publish one, and people and their agents can find it under Offers.</p>
              </EmptyState>
            )}
            <h2>Paused</h2>
            {paused.length ? <MyOfferList offers={paused} paused /> : <p class="muted">None. A paused offer stays readable without its contact link.</p>}
            <p class="muted">Each offer’s page shows its feedback, private items included, and lets you reply once to each.</p>
          </>
        ),
      });
    }),
  );
};

/** The signed-in person's directory entries: register, edit, destinations, lifecycle, agents, history. */
const myDirectory = (router: AppRouter, services: Services): void => {
  const { directory, access, baseUrl } = services;
  const writer = (ctx: Context): Actor => requireActor(ctx, baseUrl, 'directory:write');

  const renderManage = async (ctx: Context, actor: Actor, address: string, options: { values?: FormValues; errors?: FieldErrors; status?: number; detailsConflict?: boolean; detailsVersion?: string } = {}) => {
    const entry = await directory.manage(actor, address);
    const saved = formFromEntry(entry);
    // The details form after a refusal or a conflict (kit/conflict.tsx); the other forms keep what was sent.
    const shown = formAfterRefusal(DETAIL_FIELDS, options.values ?? {}, formBaseOf(ctx), saved, options.detailsConflict ? saved : undefined);
    const [{ history }, grants, waiting] = await Promise.all([
      directory.history(actor, address, { limit: '100' }),
      access.grants.list(actor),
      access.deviceFlow.uncollected(actor),
    ]);
    renderPage(ctx, {
      title: `Manage ${entry.address}`,
      description: `Manage your directory entry ${entry.address}: details, destinations, status, agent access and history.`,
      status: options.status ?? 200,
      body: (
        <ManagePage
          entry={entry}
          history={history}
          grants={grants}
          waitingAgents={waiting.length}
          values={{ ...saved, ...options.values, ...shown.values }}
          errors={options.errors ?? {}}
          detailsBase={shown.base}
          detailsVersion={versionAfterRefusal(options.detailsVersion, entry.version, options.detailsConflict ? entry : undefined)}
          conflict={shown.conflict}
        />
      ),
    });
  };

  /**
   * Runs one change from a form; a refusal re-renders the page with the reason (the entry as it is
   * now). `withText` says whether the form holds text the person typed, which a refusal keeps.
   */
  const change = (path: `/${string}`, run: (actor: Actor, address: string, form: FormValues, ctx: Context) => Promise<unknown>, done: string, withText = false) =>
    router.post(
      `/my/directory/:address${path}`,
      page(async (ctx) => {
        const actor = writer(ctx);
        const address = ctx.params.address;
        const form = await readInput(ctx);
        try {
          await run(actor, address, form, ctx);
        } catch (error) {
          // Refusals about the caller, not the form: the error page, with the service's answer (someone
          // else's entry is 403 not_owner, as on the API; its manage page would be a 404).
          if (!isDomainError(error) || ['not_found', 'not_owner', 'human_only', 'insufficient_scope'].includes(error.code)) throw error;
          // A destination's own form names its fields `d<index>_…` (its `prefix`); the service names them plainly.
          const prefix = /^d\d+_$/.test(form.prefix ?? '') ? form.prefix! : '';
          // Its messages name the fields by their labels, as the add form's do (`value` is "Address, link or number").
          // Contact details in its text are pointed to a destination, where they belong (messages.ts, `directory`).
          const found = fieldErrorsOf(error, prefix ? DESTINATION_FIELDS : {}, 'directory') ?? {};
          const errors = prefix
            ? Object.fromEntries(Object.entries(found).map(([field, message]) => [field ? `${prefix}${field.replace(/^destination_/, '')}` : '', message]))
            : destinationErrors(found);
          errors[''] = MESSAGES[withText ? 'typed' : 'button'][error.code] ?? errors[''] ?? error.message;
          // What was typed is kept; an edit of the details that met another change shows what differs
          // before it is saved again, and one refused for what it says keeps the version it was drawn
          // from (versionAfterRefusal). The other forms take the entry's current version.
          const { expected_version: sentVersion, ...typed } = form;
          const details = path === '/edit';
          const conflict = error.code === 'version_conflict';
          return renderManage(ctx, actor, address, {
            values: typed,
            errors,
            status: statusOf(error),
            detailsConflict: conflict && details,
            ...(details ? { detailsVersion: sentVersion } : {}),
          });
        }
        redirectWithFlash(ctx, managePath(address), done);
      }),
    );

  router.get(
    '/my/directory',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      // The most one page of the list holds: 25 live entries at most, and the retired ones after them.
      const { entries } = await directory.mine(requireActor(ctx, baseUrl, 'account:read', 'directory:write'), { limit: '100' });
      renderPage(ctx, {
        title: 'My directory entries',
        description: 'Your directory entries: the permanent addresses you registered and how each can be reached.',
        body: (
          <>
            <MyPageHead title="My directory entries" add={{ href: '/my/directory/new', text: 'Register an address' }} />
            <MineList entries={entries} />
          </>
        ),
      });
    }),
  );

  router.get(
    '/my/directory/new',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      renderPage(ctx, { title: 'Register an address', description: REGISTER_DESCRIPTION, body: <RegisterPage values={{ term: 'ongoing', destination_type: 'web' }} errors={{}} /> });
    }),
  );

  router.post(
    '/my/directory/new',
    page(async (ctx) => {
      const actor = writer(ctx);
      const form = await readInput(ctx);
      let entry: OwnerEntryJson;
      try {
        const registration = registrationFromForm(form);
        // A double click or a retry registers once and leads both to the entry, as the API's key does.
        entry = await createOnceFromForm(ctx, services, actor, registration, () => directory.register(actor, registration));
      } catch (error) {
        const errors = fieldErrorsOf(error, {}, 'directory');
        if (!isDomainError(error) || !errors) throw error;
        // Taken: said beside the field, with the way on (an address is never given to anyone else).
        if (error.code === 'handle_taken') {
          errors.handle = 'Handle is taken, and an address is never given to anyone else: choose another.';
          errors[''] = FORM_PROBLEM;
        }
        return renderPage(ctx, { title: 'Register an address', description: REGISTER_DESCRIPTION, status: statusOf(error), body: <RegisterPage values={form} errors={destinationErrors(errors)} /> });
      }
      redirectWithFlash(ctx, `/my/directory/${entry.address}`, `Registered ${entry.address}.`);
    }),
  );

  router.get(
    '/my/directory/:address',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, { href: '/my/directory', text: 'My directory entries', why: 'Only its owner manages an address here; yours are listed on My directory entries.' });
      await renderManage(ctx, requireActor(ctx, baseUrl, 'account:read', 'directory:write'), ctx.params.address);
    }),
  );

  change(
    '/edit',
    async (actor, address, form) => {
      // Only what changed is sent, so the history records what the person changed. An entry the
      // actor cannot manage gets the form as sent: the service says why not (not_owner, or not_found).
      const current = await directory.manage(actor, address).catch((error: unknown) => {
        if (isDomainError(error) && error.code === 'not_found') return null;
        throw error;
      });
      await directory.update(actor, address, entryPatchFromForm(current, form));
    },
    'Details saved.',
    true,
  );

  change(
    '/destinations',
    (actor, address, form) =>
      directory.addDestination(actor, address, { expected_version: versionOf(form.expected_version), destination: destinationFromForm(form, 'destination_') }),
    'Destination added.',
    true,
  );

  // Removing a destination cannot be undone (it would be typed again), so it asks first.
  router.get(
    '/my/directory/:address/destinations/:dest/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const entry = await directory.manage(writer(ctx), ctx.params.address);
      const back = managePath(entry.address);
      wayWhenGone(ctx, { href: back, text: `Back to ${entry.address}`, why: 'If you removed it just now, the entry no longer lists it.' });
      const destination = entry.destinations.find((one) => one.id === ctx.params.dest);
      if (!destination) throw notFound('destination');
      renderPage(ctx, {
        title: `Remove a destination of ${entry.address}?`,
        description: `Remove the destination ${destination.label || destination.value} from the directory entry ${entry.address}.`,
        body: (
          <ConfirmPage
            question={`Remove “${destination.label || destination.value}” from ${entry.address}?`}
            action={`${back}/destinations/${destination.id}/remove`}
            fields={{ expected_version: String(entry.version) }}
            confirm="Yes, remove it"
            back={back}
          >
            <p>Nobody looking up the address reaches it any more. To have it back, add it again.</p>
          </ConfirmPage>
        ),
      });
    }),
  );

  change(
    '/destinations/:dest/remove',
    (actor, address, form, ctx) => directory.removeDestination(actor, address, ctx.params.dest, versionOf(form.expected_version)),
    'Destination removed.',
  );

  change(
    '/destinations/:dest',
    (actor, address, form, ctx) => directory.updateDestination(actor, address, ctx.params.dest, destinationChangeFromForm(form)),
    'Destination saved.',
    true,
  );

  const lifecycle = {
    pause: 'Paused: nobody can look up the address until you reactivate it.',
    reactivate: 'Reactivated: people can look up the address again.',
    renew: 'Renewed: it expires no sooner than 30 days from today (a renewal never shortens the term).',
    remove: 'Removed: nobody can look up the address any more. You can restore it for 30 days.',
    restore: 'Restored.',
    lock: 'Locked: agents can no longer change this entry.',
    unlock: 'Unlocked: agents with directory access can change this entry again.',
  } as const;
  for (const [action, done] of Object.entries(lifecycle) as [keyof typeof lifecycle, string][]) {
    change(
      `/${action}`,
      (actor, address, form) => {
        const body = { expected_version: versionOf(form.expected_version) };
        return action === 'remove' ? directory.remove(actor, address, body.expected_version) : directory[action](actor, address, body);
      },
      done,
    );
  }

  change(
    '/agents',
    (actor, address, form) => directory.setAgents(actor, address, agentsFromForm(form)),
    'Agent choice saved.',
  );

  change(
    '/history/:id/restore',
    (actor, address, form, ctx) => directory.restoreHistory(actor, address, ctx.params.id, { expected_version: versionOf(form.expected_version) }),
    'Earlier values put back.',
  );
};

/** Every `/my` page: the signed-in person's own records (jobs, responses, offers, directory entries). */
export const registerMyRoutes = (router: AppRouter, services: Services): void => {
  myRecords(router, services);
  myOffers(router, services);
  myDirectory(router, services);
  reopenFormAddresses(router, {
    '/my/directory/:address/*change': ({ address }) => managePath(address!),
  });
};
