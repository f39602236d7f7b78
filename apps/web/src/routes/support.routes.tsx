import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { DomainError, isDomainError, type Actor } from '@svc/kernel';
import type { ModeratedEntryJson } from '@svc/directory';
import { statusOf } from '@svc/http';
import { NEEDS_MET_WORDS, REPORT_REASON_WORDS, type FeedbackJson } from '../components/offers/offers-view.tsx';
import { CountedPage, EmptyState, Notice, Prose } from '../kit/blocks.tsx';
import { ActionButton, Field, fieldErrorsOf, Form, TextArea, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { FORM_PROBLEM } from '../kit/messages.ts';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { dayInWords, Time } from '../kit/time.tsx';
import { pageQuery } from '../kit/paging.ts';
import { backOnRefusal, page, queryText, readInput, signInFirst } from '../http/respond.ts';
import { SupportNav } from '../components/support/support-views.tsx';
import { hiddenEntryWords, hiddenStatusWords, KIND_AFTER_THE, moderationHref, readTargetsForSupport, targetKey, type SupportedTarget } from '../components/support/report-targets.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';
import { EntryStatus } from '../components/directory/directory-views.tsx';
import { renderOffer } from './services.routes.tsx';

const PAGE_SIZE = 50;

/** Support pages answer everyone else as the API does: a page that does not exist. */
const requireSupport = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | null;
  if (!actor?.isSupport) throw new DomainError('not_found', 'No such page.');
  return actor;
};

const MODERATION_DESCRIPTION = 'Support: suspend a directory address, and the addresses suspended now with the way to lift each suspension.';

/** What a report is about, after the word "about": the record by its name, linked, or why it cannot be read now. */
const ReportedTarget = ({ found }: { found: SupportedTarget }) => {
  if (!found.readable) {
    const { entry } = found;
    if (!entry) return <>{found.gone}</>;
    // Nobody can look it up, but support may know its address, and acts on it on the moderation page.
    const address = entry.status === 'retired' ? entry.address : <a href={moderationHref(entry.address)}>{entry.address}</a>;
    return entry.display_name ? (
      <>
        the directory entry {entry.display_name} ({address}), {hiddenEntryWords(entry)}
      </>
    ) : (
      <>
        the directory entry {address}, {hiddenEntryWords(entry)}
      </>
    );
  }
  const { target } = found;
  if (target.feedback) {
    return (
      <>
        feedback from {target.feedback.author.display_name} on <a href={target.href}>{target.title}</a>
      </>
    );
  }
  return (
    <>
      the {KIND_AFTER_THE[target.kind]} <a href={target.href}>{target.title}</a>
      {target.address ? <> ({target.address})</> : null}
    </>
  );
};

/** Reported feedback as it reads on its offer's page, so support reads it before deciding. */
const ReportedFeedback = ({ item }: { item: FeedbackJson }) => (
  <blockquote class="reported-feedback">
    <p class="meta">
      <strong>{NEEDS_MET_WORDS[item.needs_met] ?? item.needs_met}</strong>
      {item.capability ? <span>About: {item.capability}</span> : null}
      {item.hidden ? <span class="status status-hidden">Hidden</span> : null}
    </p>
    {item.comment ? <Prose text={item.comment} /> : <p class="muted">No comment, only whether needs were met.</p>}
    {item.source_links.length ? <p class="muted">Links: {item.source_links.join(', ')}</p> : null}
    {item.reply ? (
      <>
        <p class="muted">Reply from the provider:</p>
        <Prose text={item.reply.text} />
      </>
    ) : null}
  </blockquote>
);

/** Who sent site feedback: their display name, linking their profile; someone signed out is said so. */
const Sender = ({ id, name }: { id: string | null; name: string | undefined }) => {
  if (!id) return <>from someone who was not signed in</>;
  if (!name) return <>from someone whose account no longer exists</>;
  return (
    <>
      from <a href={`/principals/${id}`}>{name}</a>
    </>
  );
};

/** Where a refused support form about a report leads back to: that report in the list. */
const backToReport = (reportId: string) => ({ href: `/support/reports#${encodeURIComponent(reportId)}`, text: 'Back to the reports' });

type ReportJson = Awaited<ReturnType<Services['reports']['listReports']>>['reports'][number];

/** The forms on a report's card. */
type ReportForm = 'hide' | 'suspend' | 'resolve';

/** A form on one report's card refused for what was typed: shown again on that card, as typed, with why. */
interface RefusedReportForm {
  reportId: string;
  form: ReportForm;
  values: FormValues;
  errors: FieldErrors;
}

/**
 * The forms a report's card offers: none once resolved; hiding reported feedback only while it is
 * published and not hidden; suspending a reported directory entry only while anyone can look it up
 * (one nobody can is named with a link to the moderation page instead).
 */
const formsOf = (report: ReportJson, found: SupportedTarget): Set<ReportForm> => {
  if (report.status === 'resolved') return new Set();
  const target = found.readable ? found.target : undefined;
  const item = target?.feedback;
  if (item && item.published && !item.hidden) return new Set(['hide', 'resolve']);
  if (target?.kind === 'directory_entry') return new Set(['suspend', 'resolve']);
  return new Set(['resolve']);
};

/** One report on support's list: its reason, what it is about, its details and what support may do with it. */
const ReportCard = ({ report, found, formAt, refused }: { report: ReportJson; found: SupportedTarget; formAt: string; refused: RefusedReportForm | undefined }) => {
  const item = found.readable ? found.target.feedback : undefined;
  const forms = formsOf(report, found);
  // A refused form keeps what was typed and says why; the card's other forms start empty.
  const shown = (form: ReportForm) => (refused?.form === form ? { values: refused.values, errors: refused.errors } : {});
  return (
    <li id={report.id}>
      <p class="meta">
        <strong>{REPORT_REASON_WORDS[report.reason] ?? report.reason}</strong>
        <span>
          about <ReportedTarget found={found} />
        </span>
        <span>
          <Time iso={report.created_at} />
        </span>
      </p>
      {report.details ? <Prose text={report.details} /> : null}
      {item ? <ReportedFeedback item={item} /> : null}
      {report.status === 'resolved' ? <p class="muted">Resolved: {report.resolution}</p> : null}
      {report.status === 'open' && item?.hidden ? <p class="muted">Hidden already, because: {item.hidden_reason}</p> : null}
      {forms.has('hide') ? (
        // Each card's forms carry the report's id in their fields' ids: many cards share a page.
        <Form action={`/support/feedback/${report.target_id}/hide${formAt}`} class="hide-form" idPrefix={`hide-${report.id}-`} {...shown('hide')}>
          <input type="hidden" name="report_id" value={report.id} />
          <Field name="hide_reason" label="Hide this feedback, because" required maxLength={500} />
          <button type="submit" class="outline">
            Hide
          </button>
        </Form>
      ) : null}
      {forms.has('suspend') && found.readable ? (
        // Posted to the moderation page's address, as hiding is posted to the feedback's.
        <Form action={`/support/directory/suspend${formAt}`} class="suspend-form" idPrefix={`suspend-${report.id}-`} {...shown('suspend')}>
          <input type="hidden" name="report_id" value={report.id} />
          <input type="hidden" name="address" value={found.target.address ?? report.target_id} />
          <Field name="suspend_reason" label="Suspend this address, because" required maxLength={500} hint="Shown to its owner." />
          <button type="submit" class="outline">
            Suspend
          </button>
        </Form>
      ) : null}
      {forms.has('resolve') ? (
        <Form action={`/support/reports/${report.id}/resolve${formAt}`} class="resolve-form" idPrefix={`resolve-${report.id}-`} {...shown('resolve')}>
          <Field name="resolution" label="Resolution" required maxLength={2000} />
          <button type="submit">Resolve</button>
        </Form>
      ) : null}
    </li>
  );
};

/** The reports page, and the forms on its cards, which other support routes post to too (suspending an address). */
const reportForms = (services: Services) => {
  const { reports } = services;

  /**
   * The list of reports, with a refused form (`refused`) shown again on its report's card. False,
   * rendering nothing, when that card does not offer the form now (the report was resolved or the
   * feedback hidden meanwhile, or it is on another page): the caller shows the refusal another way.
   */
  const reportsPage = async (ctx: Context, actor: Actor, refused?: RefusedReportForm, httpStatus = 200): Promise<boolean> => {
    // A refused form was on the open reports, at the offset its address carries.
    const status = refused ? 'open' : queryText(ctx, 'status') || 'open';
    const list = await reports.listReports(actor, { status, ...pageQuery(ctx, PAGE_SIZE) });
    // Each target read through its own domain's service, as support may see it: names, not ids.
    const targets = await readTargetsForSupport(services, actor, list.reports);
    const foundOf = (report: ReportJson) => targets.get(targetKey(report.target_kind, report.target_id))!;
    if (refused && !list.reports.some((report) => report.id === refused.reportId && formsOf(report, foundOf(report)).has(refused.form))) return false;
    // A form sent from a later page is refused back onto that page.
    const formAt = list.offset > 0 ? `?offset=${list.offset}` : '';
    renderPage(ctx, {
      title: 'Reports',
      description: 'Support: reports about public jobs, offers, directory entries and feedback, to resolve.',
      status: httpStatus,
      body: (
        <>
          <h1>Reports</h1>
          <SupportNav current="/support/reports" />
          <p>
            {status === 'open' ? <strong>Open</strong> : <a href="/support/reports?status=open">Open</a>} ·{' '}
            {status === 'resolved' ? <strong>Resolved</strong> : <a href="/support/reports?status=resolved">Resolved</a>}
          </p>
          <CountedPage list={list} shown={list.reports.length} href={(to) => `/support/reports?status=${status}&offset=${to}`} empty={<EmptyState title={status === 'open' ? 'No open reports.' : 'No resolved reports.'} />}>
            <ul class="cards">
              {list.reports.map((report) => (
                <ReportCard report={report} found={foundOf(report)} formAt={formAt} refused={refused?.reportId === report.id ? refused : undefined} />
              ))}
            </ul>
          </CountedPage>
        </>
      ),
    });
    return true;
  };

  /**
   * Runs a support form about a report; a refusal for what was typed (a reason or resolution of
   * spaces alone) comes back on the report's card with the field marked and the text kept, and
   * nothing changed. Any other refusal is an error page leading back to the report.
   */
  const onReport = async (ctx: Context, actor: Actor, refusal: Omit<RefusedReportForm, 'errors'> & { names?: Record<string, string> }, run: () => Promise<void>) => {
    backOnRefusal(ctx, backToReport(refusal.reportId));
    try {
      await run();
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'validation_failed') throw error;
      const errors = fieldErrorsOf(error, refusal.names)!;
      if (!(await reportsPage(ctx, actor, { ...refusal, errors }, statusOf(error)))) throw error;
    }
  };

  return { reportsPage, onReport };
};
type ReportForms = ReturnType<typeof reportForms>;

/** Support's lists: open and resolved reports, hidden feedback, site feedback. */
const supportLists = (router: AppRouter, services: Services, { reportsPage, onReport }: ReportForms): void => {
  const { reports, siteFeedback, feedback, offers, access, threads } = services;

  router.get(
    '/support/reports',
    page(async (ctx) => {
      await reportsPage(ctx, requireSupport(ctx));
    }),
  );

  router.post(
    '/support/reports/:id/resolve',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const values = await readInput(ctx);
      await onReport(ctx, actor, { reportId: ctx.params.id, form: 'resolve', values }, async () => {
        await reports.resolveReport(actor, ctx.params.id, { resolution: values.resolution ?? '' });
        redirectWithFlash(ctx, '/support/reports', 'Report resolved.');
      });
    }),
  );

  router.get(
    '/support/feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const list = await feedback.listHidden(actor, pageQuery(ctx, PAGE_SIZE));
      // Each offer's title through the offers service, once per offer; a removed one is said so.
      const offerIds = [...new Set(list.feedback.map((item) => item.service_id))];
      const titles = new Map(
        await Promise.all(
          offerIds.map(async (id): Promise<[string, string | null]> => {
            try {
              return [id, (await offers.get(id)).title];
            } catch (error) {
              if (!isDomainError(error)) throw error;
              return [id, null];
            }
          }),
        ),
      );
      renderPage(ctx, {
        title: 'Hidden feedback',
        description: 'Support: feedback hidden by moderation, with the reasons, to show again when they no longer hold.',
        body: (
          <>
            <h1>Hidden feedback</h1>
            <SupportNav current="/support/feedback" />
            <Notice>Hidden feedback is still seen by its author and the provider, with the reason. Show it again when the reason no longer holds.</Notice>
            <CountedPage list={list} shown={list.feedback.length} href={(to) => `/support/feedback?offset=${to}`} empty={<EmptyState title="No hidden feedback." />}>
              <ul class="cards">
                {list.feedback.map((item) => (
                  <li id={item.id}>
                    <p class="meta">
                      <strong>{NEEDS_MET_WORDS[item.needs_met]}</strong>
                      <span>from {item.author.display_name}</span>
                      <span>
                        {titles.get(item.service_id) ? (
                          <>
                            on <a href={`/services/${item.service_id}#${item.id}`}>{titles.get(item.service_id)}</a>
                          </>
                        ) : (
                          'on an offer that its provider removed'
                        )}
                      </span>
                    </p>
                    {item.comment ? <Prose text={item.comment} /> : null}
                    <p class="muted">Hidden because: {item.hidden_reason}</p>
                    <ActionButton action={`/support/feedback/${item.id}/unhide`} label="Show again" variant="secondary" />
                  </li>
                ))}
              </ul>
            </CountedPage>
          </>
        ),
      });
    }),
  );

  router.post(
    '/support/feedback/:id/hide',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const values = await readInput(ctx);
      const { hide_reason: reason = '', report_id, service_id } = values;
      const hide = async () => {
        const item = await feedback.hide(actor, ctx.params.id, { reason });
        if (report_id) await reports.resolveReport(actor, report_id, { resolution: `Feedback hidden: ${reason}` });
        redirectWithFlash(ctx, report_id ? '/support/reports' : `/services/${item.service_id}#${item.id}`, 'Feedback hidden.');
      };
      // From a report's card: a refusal comes back on that card.
      if (report_id) return onReport(ctx, actor, { reportId: report_id, form: 'hide', values, names: { reason: 'hide_reason' } }, hide);
      // From the item on its offer's page: a refusal comes back there, and any other leads back to it.
      backOnRefusal(ctx, { href: `/services/${encodeURIComponent(service_id ?? '')}#${encodeURIComponent(ctx.params.id)}`, text: 'Back to the offer' });
      try {
        await hide();
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'validation_failed' || !service_id) throw error;
        const itemForm = { feedbackId: ctx.params.id, form: 'hide' as const, text: reason, errors: fieldErrorsOf(error, { reason: 'hide_reason' })! };
        await renderOffer(services, ctx, await offers.get(service_id), { itemForm }, statusOf(error));
      }
    }),
  );

  router.post(
    '/support/feedback/:id/unhide',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      await readInput(ctx);
      await feedback.unhide(actor, ctx.params.id);
      redirectWithFlash(ctx, '/support/feedback', 'Feedback shown again.');
    }),
  );

  // The service sends no messages: support answers a sender who asked for it by starting a private
  // thread and inviting them; the invitation waits on their Threads page (docs/web.md, Site feedback).
  router.post(
    '/support/site-feedback/:id/thread',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      await readInput(ctx);
      const item = await siteFeedback.getSiteFeedback(actor, ctx.params.id!);
      const sender = item.contact_ok && item.principal_id ? (await access.principals.summaries([item.principal_id])).get(item.principal_id) : undefined;
      if (!sender) {
        return redirectWithFlash(ctx, '/support/site-feedback', 'Its sender did not ask to be contacted, or their account no longer exists: there is no one to answer.');
      }
      const what = item.kind === 'capability_request' ? 'capability request' : 'feedback';
      const thread = await threads.create(actor, {
        title: `About your ${what}`,
        summary: `Support answering the ${what} ${sender.display_name} sent on ${dayInWords(item.created_at)}.`,
      });
      await threads.createInvite(actor, thread.id, { invitee_principal_id: item.principal_id });
      redirectWithFlash(ctx, `/threads/${thread.id}`, `Private thread started. ${sender.display_name} is invited: the invitation waits on their Threads page. Write your answer below.`);
    }),
  );

  router.get(
    '/support/site-feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const kind = queryText(ctx, 'kind');
      const list = await siteFeedback.listSiteFeedback(actor, { ...(kind ? { kind } : {}), ...pageQuery(ctx, PAGE_SIZE) });
      // Senders by their display name, read in one query; an e-mail address is never shown.
      const senders = await access.principals.summaries(list.site_feedback.flatMap((item) => (item.principal_id ? [item.principal_id] : [])));
      renderPage(ctx, {
        title: 'Site feedback',
        description: 'Support: site feedback and capability requests sent by people and agents.',
        body: (
          <>
            <h1>Site feedback</h1>
            <SupportNav current="/support/site-feedback" />
            <CountedPage list={list} shown={list.site_feedback.length} href={(to) => `/support/site-feedback?offset=${to}${kind ? `&kind=${kind}` : ''}`} empty={<EmptyState title="No site feedback yet." />}>
              <ul class="cards">
                {list.site_feedback.map((item) => (
                  <li>
                    <p class="meta">
                      <strong>{item.kind === 'capability_request' ? 'Capability request' : 'Feedback'}</strong>
                      <span>
                        <Time iso={item.created_at} />
                      </span>
                      <span>
                        <Sender id={item.principal_id} name={item.principal_id ? senders.get(item.principal_id)?.display_name : undefined} />
                        {item.agent_name ? ` through the agent “${item.agent_name}”` : ''}
                        {item.contact_ok ? (item.principal_id ? ', happy to be contacted' : ', asking to be contacted but not signed in, so there is no one to answer') : ''}
                      </span>
                    </p>
                    <Prose text={item.message} />
                    {item.contact_ok && item.principal_id && senders.has(item.principal_id) ? (
                      <ActionButton action={`/support/site-feedback/${item.id}/thread`} label="Answer in a private thread" variant="secondary" />
                    ) : null}
                  </li>
                ))}
              </ul>
            </CountedPage>
          </>
        ),
      });
    }),
  );
};

/** Why a suspension or its lifting was refused, in words: the moderation service speaks to agents ("An entry that is … cannot be changed by …"). */
const moderationRefusal = (error: DomainError, address: string, action: 'suspend' | 'unsuspend'): string => {
  if (error.code === 'not_found') return 'No entry has this address.';
  if (error.code === 'validation_failed') return FORM_PROBLEM;
  if (error.code === 'version_conflict') return `The owner changed ${address} meanwhile: send the form again.`;
  if (error.code === 'invalid_state') {
    const status = error.extras.status;
    if (status === 'suspended') return `${address} is already suspended.`;
    if (status === 'not suspended') return `${address} is not suspended.`;
    if (status === 'retired') return action === 'suspend' ? `${address} was removed for good: there is nothing to suspend.` : `${address} was removed for good: there is no suspension to lift.`;
  }
  return error.message;
};

/** An entry as support moderates it: its name, address and status, and what support may do with it now. */
const ModeratedEntry = ({ entry }: { entry: ModeratedEntryJson }) => (
  <>
    <p class="meta">
      {entry.display_name ? <strong>{entry.display_name}</strong> : null}
      <span>{entry.address}</span>
      {/* A suspension is said in words below, with its reason. */}
      {entry.suspension ? null : <EntryStatus value={entry.status} />}
    </p>
    {entry.suspension ? (
      <>
        <p>
          Suspended <Time iso={entry.suspension.suspended_at} />, because: {entry.suspension.reason}
        </p>
        {/* What the owner did besides, which lifting the suspension does not undo. */}
        {entry.suspension.underlying_status === 'active' ? null : <p class="muted">Also {hiddenStatusWords(entry.suspension.underlying_status)}.</p>}
        <ActionButton action="/support/directory/unsuspend" label="Lift the suspension" fields={{ unsuspend_address: entry.address }} />
      </>
    ) : entry.status === 'retired' ? (
      <p class="muted">Removed for good: there is nothing to suspend.</p>
    ) : (
      <p class="muted">Not suspended. Its address is filled in the form below, to suspend it.</p>
    )}
  </>
);

/** Directory moderation, for support only: suspend an address or lift a suspension. */
const directoryModeration = (router: AppRouter, { moderation, reports, baseUrl }: Services, { onReport }: ReportForms): void => {
  // Moderation: support only; anyone else is told there is nothing here, as the moderation service does.
  const supporter = (ctx: Context): Actor => {
    const actor = requireActor(ctx, baseUrl);
    if (!actor.isSupport) throw new DomainError('not_found', 'No such page.');
    return actor;
  };
  type SuspendedPage = Awaited<ReturnType<typeof moderation.suspended>>;
  /** An address asked for (`?address=`, as a report links it) and its entry, or null when none has it. */
  type LookedUp = { address: string; entry: ModeratedEntryJson | null };

  /**
   * The page with both forms, the entry asked for, and every address suspended now; a refusal
   * (`errors`) is shown on the form that was sent (`refused`).
   */
  const SupportPage = ({
    values,
    errors,
    refused,
    suspended,
    lookedUp,
  }: {
    values: FormValues;
    errors: FieldErrors;
    refused?: 'suspend' | 'unsuspend';
    suspended: SuspendedPage;
    lookedUp?: LookedUp | undefined;
  }) => (
    <>
      <h1>Directory moderation</h1>
      <SupportNav current="/support/directory" />
      <p>Suspending stops anyone looking up an address at once; its owner sees the suspension and the reason. Support cannot edit entries.</p>
      {lookedUp ? (
        <section aria-labelledby="looked-up-title" class="looked-up">
          <h2 id="looked-up-title">{lookedUp.entry?.address ?? lookedUp.address}</h2>
          {lookedUp.entry ? <ModeratedEntry entry={lookedUp.entry} /> : <p>No entry has this address.</p>}
        </section>
      ) : null}
      <Form action="/support/directory/suspend" values={refused === 'unsuspend' ? {} : values} errors={refused === 'suspend' ? errors : {}}>
        <h2>Suspend an address</h2>
        <Field name="address" label="Address" required hint="aar:handle" />
        <TextArea name="reason" label="Reason (shown to the owner)" required maxLength={500} />
        <button type="submit" class="danger">
          Suspend
        </button>
      </Form>
      <Form action="/support/directory/unsuspend" values={{ unsuspend_address: values.unsuspend_address ?? '' }} errors={refused === 'unsuspend' ? errors : {}}>
        <h2>Lift a suspension</h2>
        <Field name="unsuspend_address" label="Address to unsuspend" required hint="aar:handle" />
        <button type="submit">Lift the suspension</button>
      </Form>
      <section aria-labelledby="suspended-title">
        <h2 id="suspended-title">Suspended now</h2>
        {suspended.total > 0 ? <p>{suspended.total === 1 ? '1 address is suspended.' : `${suspended.total} addresses are suspended.`} The latest suspension comes first.</p> : null}
        <CountedPage list={suspended} shown={suspended.entries.length} href={(to) => `/support/directory?offset=${to}#suspended-title`} empty={<EmptyState title="No address is suspended." />}>
          <ul class="cards">
            {suspended.entries.map((entry) => (
              <li id={entry.address}>
                <ModeratedEntry entry={entry} />
              </li>
            ))}
          </ul>
        </CountedPage>
      </section>
    </>
  );

  /** The entry behind `?address=` as support sees it, whatever its state. */
  const lookUp = async (actor: Actor, address: string): Promise<LookedUp> => {
    try {
      return { address, entry: await moderation.get(actor, address) };
    } catch (error) {
      if (!isDomainError(error) || error.code !== 'not_found') throw error;
      return { address, entry: null };
    }
  };

  /** The moderation page; `form` is a refused form's values and errors, shown on the form that was sent. */
  const moderationPage = async (ctx: Context, actor: Actor, form: { values: FormValues; errors: FieldErrors; refused?: 'suspend' | 'unsuspend' }, status = 200) => {
    const address = queryText(ctx, 'address').trim();
    const [suspended, lookedUp] = await Promise.all([moderation.suspended(actor, pageQuery(ctx, PAGE_SIZE)), address ? lookUp(actor, address) : undefined]);
    // An entry asked for that can be suspended has its address ready in the suspend form.
    const entry = lookedUp?.entry;
    const values = entry && !entry.suspension && entry.status !== 'retired' && !form.refused ? { ...form.values, address: entry.address } : form.values;
    renderPage(ctx, {
      title: 'Directory moderation',
      description: MODERATION_DESCRIPTION,
      status,
      body: <SupportPage {...form} values={values} suspended={suspended} lookedUp={lookedUp} />,
    });
  };

  router.get(
    '/support/directory',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      await moderationPage(ctx, supporter(ctx), { values: {}, errors: {} });
    }),
  );

  for (const action of ['suspend', 'unsuspend'] as const) {
    router.post(
      `/support/directory/${action}`,
      page(async (ctx) => {
        const actor = supporter(ctx);
        const form = await readInput(ctx);
        const address = (action === 'suspend' ? form.address : form.unsuspend_address) ?? '';
        const reportId = action === 'suspend' ? form.report_id : undefined;
        if (reportId) {
          // From a report's card, as hiding reported feedback: suspending resolves the report, and a
          // refused reason comes back on that card (its field has a name of its own there).
          const reason = form.suspend_reason ?? '';
          return onReport(ctx, actor, { reportId, form: 'suspend', values: form, names: { reason: 'suspend_reason' } }, async () => {
            const entry = await moderation.suspend(actor, address, reason);
            await reports.resolveReport(actor, reportId, { resolution: `Address suspended: ${entry.suspension?.reason ?? reason}` });
            redirectWithFlash(ctx, '/support/reports', `${entry.address} is suspended.`);
          });
        }
        try {
          const entry = action === 'suspend' ? await moderation.suspend(actor, address, form.reason ?? '') : await moderation.unsuspend(actor, address);
          redirectWithFlash(ctx, '/support/directory', `${entry.address} is ${action === 'suspend' ? 'suspended' : 'no longer suspended'}.`);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          const errors: FieldErrors = { ...fieldErrorsOf(error), '': moderationRefusal(error, address.trim(), action) };
          await moderationPage(ctx, actor, { values: form, errors, refused: action }, statusOf(error));
        }
      }),
    );
  }
};

/** Every `/support` page, for the support team only: the lists of reports and feedback, and directory moderation. */
export const registerSupportRoutes = (router: AppRouter, services: Services): void => {
  const forms = reportForms(services);
  supportLists(router, services, forms);
  directoryModeration(router, services, forms);
  reopenFormAddresses(router, {
    '/support/directory/:action': () => '/support/directory',
    '/support/reports/:id/resolve': () => '/support/reports',
    '/support/feedback/:id/:action': () => '/support/feedback',
  });
};
