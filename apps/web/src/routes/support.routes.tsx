import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { DomainError, isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { NEEDS_MET_WORDS, REPORT_KIND_WORDS } from '../components/offers/offers-view.tsx';
import { CountedPage, EmptyState, Notice, Prose } from '../kit/blocks.tsx';
import { ActionButton, CsrfField, Field, fieldErrorsOf, Form, TextArea, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { pageQuery } from '../kit/paging.ts';
import { page, queryText, readInput, signInFirst } from '../http/respond.ts';
import { targetPath } from '../components/support/support-views.tsx';
import { reopenFormAddresses } from '../http/form-addresses.ts';

const PAGE_SIZE = 50;

/** Support pages answer everyone else as the API does: a page that does not exist. */
const requireSupport = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | null;
  if (!actor?.isSupport) throw new DomainError('not_found', 'No such page.');
  return actor;
};

const MODERATION_DESCRIPTION = 'Support: suspend a directory address or lift a suspension.';

/** Support's lists: open and resolved reports, hidden feedback, site feedback. */
const supportLists = (router: AppRouter, { reports, siteFeedback, feedback }: Services): void => {

  const SupportNav = () => (
    <p class="actions">
      <a href="/support/reports">Reports</a>
      <a href="/support/feedback">Hidden feedback</a>
      <a href="/support/site-feedback">Site feedback</a>
    </p>
  );

  router.get(
    '/support/reports',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const status = queryText(ctx, 'status') || 'open';
      const list = await reports.listReports(actor, { status, ...pageQuery(ctx, PAGE_SIZE) });
      renderPage(ctx, {
        title: 'Reports',
        description: 'Support: reports about public jobs, offers, directory entries and feedback, to resolve.',
        body: (
          <>
            <h1>Reports</h1>
            <SupportNav />
            <p>
              {status === 'open' ? <strong>Open</strong> : <a href="/support/reports?status=open">Open</a>} ·{' '}
              {status === 'resolved' ? <strong>Resolved</strong> : <a href="/support/reports?status=resolved">Resolved</a>}
            </p>
            <CountedPage list={list} shown={list.reports.length} href={(to) => `/support/reports?status=${status}&offset=${to}`} empty={<EmptyState title={status === 'open' ? 'No open reports.' : 'No resolved reports.'} />}>
              <ul class="cards">
                {list.reports.map((report) => {
                  const path = targetPath(report.target_kind, report.target_id);
                  return (
                    <li id={report.id}>
                      <p class="meta">
                        <strong>{report.reason}</strong>
                        <span>
                          about a {REPORT_KIND_WORDS[report.target_kind]} {path ? <a href={path}>{report.target_id}</a> : <code>{report.target_id}</code>}
                        </span>
                        <span>
                          <Time iso={report.created_at} />
                        </span>
                      </p>
                      {report.details ? <Prose text={report.details} /> : null}
                      {report.status === 'resolved' ? (
                        <p class="muted">Resolved: {report.resolution}</p>
                      ) : (
                        <>
                          {report.target_kind === 'feedback' ? (
                            <form method="post" action={`/support/feedback/${report.target_id}/hide`} class="hide-form">
                              <CsrfField />
                              <input type="hidden" name="report_id" value={report.id} />
                              <label for={`hide-${report.id}`}>Hide this feedback, because</label>
                              <input id={`hide-${report.id}`} name="reason" required maxLength={500} />
                              <button type="submit" class="outline">
                                Hide
                              </button>
                            </form>
                          ) : null}
                          <form method="post" action={`/support/reports/${report.id}/resolve`} class="resolve-form">
                            <CsrfField />
                            <label for={`resolve-${report.id}`}>Resolution</label>
                            <input id={`resolve-${report.id}`} name="resolution" required maxLength={2000} />
                            <button type="submit">Resolve</button>
                          </form>
                        </>
                      )}
                    </li>
                  );
                })}
              </ul>
            </CountedPage>
          </>
        ),
      });
    }),
  );

  router.post(
    '/support/reports/:id/resolve',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const { resolution = '' } = await readInput(ctx);
      await reports.resolveReport(actor, ctx.params.id, { resolution });
      redirectWithFlash(ctx, '/support/reports', 'Report resolved.');
    }),
  );

  router.get(
    '/support/feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const list = await feedback.listHidden(actor, pageQuery(ctx, PAGE_SIZE));
      renderPage(ctx, {
        title: 'Hidden feedback',
        description: 'Support: feedback hidden by moderation, with the reasons, to show again when they no longer hold.',
        body: (
          <>
            <h1>Hidden feedback</h1>
            <SupportNav />
            <Notice>Hidden feedback is still seen by its author and the provider, with the reason. Show it again when the reason no longer holds.</Notice>
            <CountedPage list={list} shown={list.feedback.length} href={(to) => `/support/feedback?offset=${to}`} empty={<EmptyState title="No hidden feedback." />}>
              <ul class="cards">
                {list.feedback.map((item) => (
                  <li id={item.id}>
                    <p class="meta">
                      <strong>{NEEDS_MET_WORDS[item.needs_met]}</strong>
                      <span>from {item.author.display_name}</span>
                      <span>
                        on <a href={`/services/${item.service_id}`}>{item.service_id}</a>
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
      const { reason = '', report_id } = await readInput(ctx);
      const item = await feedback.hide(actor, ctx.params.id, { reason });
      if (report_id) await reports.resolveReport(actor, report_id, { resolution: `Feedback hidden: ${reason}` });
      redirectWithFlash(ctx, report_id ? '/support/reports' : `/services/${item.service_id}#${item.id}`, 'Feedback hidden.');
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

  router.get(
    '/support/site-feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const kind = queryText(ctx, 'kind');
      const list = await siteFeedback.listSiteFeedback(actor, { ...(kind ? { kind } : {}), ...pageQuery(ctx, PAGE_SIZE) });
      renderPage(ctx, {
        title: 'Site feedback',
        description: 'Support: site feedback and capability requests sent by people and agents.',
        body: (
          <>
            <h1>Site feedback</h1>
            <SupportNav />
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
                        {item.principal_id ? <a href={`/principals/${item.principal_id}`}>a signed-in person</a> : 'anonymous'}
                        {item.agent_name ? ` through the agent “${item.agent_name}”` : ''}
                        {item.contact_ok ? ', happy to be contacted' : ''}
                      </span>
                    </p>
                    <Prose text={item.message} />
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

/** Directory moderation, for support only: suspend an address or lift a suspension. */
const directoryModeration = (router: AppRouter, { moderation, baseUrl }: Services): void => {
  // Moderation: support only; anyone else is told there is nothing here, as the moderation service does.
  const supporter = (ctx: Context): Actor => {
    const actor = requireActor(ctx, baseUrl);
    if (!actor.isSupport) throw new DomainError('not_found', 'No such page.');
    return actor;
  };
  const SupportPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
    <>
      <h1>Directory moderation</h1>
      <p>Suspending stops an address from resolving at once; its owner sees the suspension and the reason. Support cannot edit entries.</p>
      <Form action="/support/directory/suspend" values={values} errors={errors}>
        <h2>Suspend an address</h2>
        <Field name="address" label="Address" required hint="aar:handle" />
        <TextArea name="reason" label="Reason (shown to the owner)" required maxLength={500} />
        <button type="submit" class="danger">
          Suspend
        </button>
      </Form>
      <Form action="/support/directory/unsuspend" values={{ unsuspend_address: values.unsuspend_address ?? '' }}>
        <h2>Lift a suspension</h2>
        <Field name="unsuspend_address" label="Address to unsuspend" required hint="aar:handle" />
        <button type="submit">Lift the suspension</button>
      </Form>
    </>
  );

  router.get(
    '/support/directory',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      supporter(ctx);
      renderPage(ctx, { title: 'Directory moderation', description: MODERATION_DESCRIPTION, body: <SupportPage values={{}} errors={{}} /> });
    }),
  );

  for (const action of ['suspend', 'unsuspend'] as const) {
    router.post(
      `/support/directory/${action}`,
      page(async (ctx) => {
        const actor = supporter(ctx);
        const form = await readInput(ctx);
        const address = (action === 'suspend' ? form.address : form.unsuspend_address) ?? '';
        try {
          const entry = action === 'suspend' ? await moderation.suspend(actor, address, form.reason ?? '') : await moderation.unsuspend(actor, address);
          redirectWithFlash(ctx, '/support/directory', `${entry.address} is ${action === 'suspend' ? 'suspended' : 'no longer suspended'} (version ${entry.version}).`);
        } catch (error) {
          if (!isDomainError(error)) throw error;
          const errors: FieldErrors = { ...fieldErrorsOf(error), '': error.code === 'not_found' ? 'No entry has this address.' : error.message };
          renderPage(ctx, { title: 'Directory moderation', description: MODERATION_DESCRIPTION, status: statusOf(error), body: <SupportPage values={form} errors={errors} /> });
        }
      }),
    );
  }
};

/** Every `/support` page, for the support team only: the lists of reports and feedback, and directory moderation. */
export const registerSupportRoutes = (router: AppRouter, services: Services): void => {
  supportLists(router, services);
  directoryModeration(router, services);
  reopenFormAddresses(router, {
    '/support/directory/:action': () => '/support/directory',
    '/support/reports/:id/resolve': () => '/support/reports',
    '/support/feedback/:id/:action': () => '/support/feedback',
  });
};
