import type { Context } from 'koa';
import type { AppRouter, Services } from '@svc/runtime';
import { DomainError, isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { NEEDS_MET_WORDS, REPORT_KIND_WORDS, ReportForm } from '../components/offers/offers-view.tsx';
import { EmptyState, Notice, PagedList, Pagination, Prose } from '../kit/blocks.tsx';
import { ActionButton, CsrfField, fieldErrorsOf, Form, Select, TextArea, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { offsetParam } from '../kit/paging.ts';
import { page, readInput } from '../http/respond.ts';
import { reportInputFromForm, siteFeedbackInputFromForm } from '../forms/report-input.ts';

const PAGE_SIZE = 50;
const queryText = (ctx: Context, name: string): string => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');
const offsetOf = (ctx: Context) => String(offsetParam(ctx, PAGE_SIZE));

/** Where a report's target is read on this site. */
const targetPath = (kind: string, id: string): string | null =>
  kind === 'job' ? `/jobs/${encodeURIComponent(id)}` : kind === 'service' ? `/services/${encodeURIComponent(id)}` : null;

/** Support pages answer everyone else as the API does: a page that does not exist. */
const requireSupport = (ctx: Context): Actor => {
  const actor = ctx.state.actor as Actor | null;
  if (!actor?.isSupport) throw new DomainError('not_found', 'No such page.');
  return actor;
};

const ReportPage = ({ kind, id, values, errors }: { kind: string; id: string; values: FormValues; errors: FieldErrors }) => {
  const back = targetPath(kind, id);
  return (
    <>
      <h1>Report a {REPORT_KIND_WORDS[kind] ?? 'record'}</h1>
      <p>
        Tell support what is wrong with {back ? <a href={back}>this {REPORT_KIND_WORDS[kind]}</a> : `this ${REPORT_KIND_WORDS[kind] ?? 'record'}`}. A report does not
        change it, and nothing about you is stored with the report.
      </p>
      <ReportForm targetKind={kind} targetId={id} values={values} errors={errors} />
    </>
  );
};

const SiteFeedbackPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Site feedback</h1>
    <p>Tell the people who run this service what works, what does not, or what you would like it to do.</p>
    <Form action="/site-feedback" values={values} errors={errors}>
      <Select
        name="kind"
        label="What is it?"
        options={[
          { value: 'feedback', label: 'Feedback about the site' },
          { value: 'capability_request', label: 'A capability you would like' },
        ]}
      />
      <TextArea name="message" label="Message" required maxLength={4000} rows={6} />
      <Select
        name="contact_ok"
        label="May support contact you about it?"
        options={[
          { value: 'false', label: 'No' },
          { value: 'true', label: 'Yes, if I am signed in' },
        ]}
      />
      <button type="submit">Send</button>
    </Form>
  </>
);

const reportDescription = (kind: string) => `Report this ${REPORT_KIND_WORDS[kind] ?? 'record'} to support if it breaks the rules: support reads every report.`;
const SITE_FEEDBACK_DESCRIPTION = 'Tell us what works, what does not, or what you would like the service to do: site feedback and capability requests.';

/** Reports and site feedback from anyone; support's pages for reports, site feedback and hidden feedback. */
export const registerSupportPages = (router: AppRouter, services: Services): void => {
  const { reports, siteFeedback, feedback } = services;

  router.get(
    '/reports/new',
    page((ctx) => {
      const kind = queryText(ctx, 'target_kind');
      const id = queryText(ctx, 'target_id');
      if (!REPORT_KIND_WORDS[kind] || !id) throw new DomainError('not_found', 'Report a record from its own page.');
      renderPage(ctx, { title: 'Report', description: reportDescription(kind), body: <ReportPage kind={kind} id={id} values={{}} errors={{}} /> });
    }),
  );

  router.post(
    '/reports',
    page(async (ctx) => {
      const form = await readInput(ctx);
      const { target_kind = '', target_id = '', reason = '', details = '' } = form;
      try {
        // The limiter keys on the client address and keeps only a hash of it.
        await reports.report(reportInputFromForm(form), ctx.ip);
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || error.code !== 'validation_failed') throw error;
        return renderPage(ctx, {
          title: 'Report',
          description: reportDescription(target_kind),
          status: statusOf(error),
          body: <ReportPage kind={target_kind} id={target_id} values={{ reason, details }} errors={errors} />,
        });
      }
      redirectWithFlash(ctx, targetPath(target_kind, target_id) ?? '/', 'Thank you. Support will look at your report.');
    }),
  );

  router.get(
    '/site-feedback',
    page((ctx) => renderPage(ctx, { title: 'Site feedback', description: SITE_FEEDBACK_DESCRIPTION, body: <SiteFeedbackPage values={{}} errors={{}} /> })),
  );

  router.post(
    '/site-feedback',
    page(async (ctx) => {
      const form = await readInput(ctx);
      try {
        await siteFeedback.submit(ctx.state.actor ?? null, siteFeedbackInputFromForm(form), ctx.ip);
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || error.code !== 'validation_failed') throw error;
        return renderPage(ctx, { title: 'Site feedback', description: SITE_FEEDBACK_DESCRIPTION, status: statusOf(error), body: <SiteFeedbackPage values={form} errors={errors} /> });
      }
      redirectWithFlash(ctx, '/site-feedback', 'Thank you. Your message reached support.');
    }),
  );

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
      const list = await reports.listReports(actor, { status, limit: String(PAGE_SIZE), offset: offsetOf(ctx) });
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
            <PagedList shown={list.reports.length} offset={list.offset} empty={<EmptyState title={status === 'open' ? 'No open reports.' : 'No resolved reports.'} />}>
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
            </PagedList>
            <Pagination shown={list.reports.length} total={list.total} limit={list.limit} offset={list.offset} href={(to) => `/support/reports?status=${status}&offset=${to}`} />
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
      await reports.resolveReport(actor, ctx.params.id!, { resolution });
      redirectWithFlash(ctx, '/support/reports', 'Report resolved.');
    }),
  );

  router.get(
    '/support/feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const list = await feedback.listHidden(actor, { limit: String(PAGE_SIZE), offset: offsetOf(ctx) });
      renderPage(ctx, {
        title: 'Hidden feedback',
        description: 'Support: feedback hidden by moderation, with the reasons, to show again when they no longer hold.',
        body: (
          <>
            <h1>Hidden feedback</h1>
            <SupportNav />
            <Notice>Hidden feedback is still seen by its author and the provider, with the reason. Show it again when the reason no longer holds.</Notice>
            <PagedList shown={list.feedback.length} offset={list.offset} empty={<EmptyState title="No hidden feedback." />}>
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
            </PagedList>
            <Pagination shown={list.feedback.length} total={list.total} limit={list.limit} offset={list.offset} href={(to) => `/support/feedback?offset=${to}`} />
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
      const item = await feedback.hide(actor, ctx.params.id!, { reason });
      if (report_id) await reports.resolveReport(actor, report_id, { resolution: `Feedback hidden: ${reason}` });
      redirectWithFlash(ctx, report_id ? '/support/reports' : `/services/${item.service_id}#${item.id}`, 'Feedback hidden.');
    }),
  );

  router.post(
    '/support/feedback/:id/unhide',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      await readInput(ctx);
      await feedback.unhide(actor, ctx.params.id!);
      redirectWithFlash(ctx, '/support/feedback', 'Feedback shown again.');
    }),
  );

  router.get(
    '/support/site-feedback',
    page(async (ctx) => {
      const actor = requireSupport(ctx);
      const kind = queryText(ctx, 'kind');
      const list = await siteFeedback.listSiteFeedback(actor, { ...(kind ? { kind } : {}), limit: String(PAGE_SIZE), offset: offsetOf(ctx) });
      renderPage(ctx, {
        title: 'Site feedback',
        description: 'Support: site feedback and capability requests sent by people and agents.',
        body: (
          <>
            <h1>Site feedback</h1>
            <SupportNav />
            <PagedList shown={list.site_feedback.length} offset={list.offset} empty={<EmptyState title="No site feedback yet." />}>
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
            </PagedList>
            <Pagination shown={list.site_feedback.length} total={list.total} limit={list.limit} offset={list.offset} href={(to) => `/support/site-feedback?offset=${to}${kind ? `&kind=${kind}` : ''}`} />
          </>
        ),
      });
    }),
  );

};
