import type { AppRouter, Services } from '@svc/runtime';
import { DomainError, isDomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { REPORT_KIND_WORDS } from '../components/offers/offers-view.tsx';
import { ReportPage, targetPath } from '../components/support/support-views.tsx';
import { fieldErrorsOf } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, queryText, readInput } from '../http/respond.ts';
import { reportInputFromForm } from '../forms/report-input.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

const reportDescription = (kind: string) => `Report this ${REPORT_KIND_WORDS[kind] ?? 'record'} to support if it breaks the rules: support reads every report.`;

/** Reporting a public record to support, from anyone: the form (opened from the record's page) and the report it sends. */
export const registerReportsRoutes = (router: AppRouter, { reports }: Services): void => {
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

  reopenFormAddresses(router, {
    '/reports': () => '/site-feedback',
  });
};
