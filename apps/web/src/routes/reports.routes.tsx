import type { AppRouter, Services } from '@svc/runtime';
import { DomainError, isDomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { ReportPage, reportHeading } from '../components/support/support-views.tsx';
import { KIND_AFTER_THE, readReportTarget, type ReportTarget } from '../components/support/report-targets.ts';
import { fieldErrorsOf } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, queryText, readInput } from '../http/respond.ts';
import { reportInputFromForm } from '../forms/report-input.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

const reportDescription = (target: ReportTarget) =>
  `Report “${target.title}” to support if it breaks the rules: support reads every report, and a report changes nothing by itself.`;

/** Reporting a public record to support, from anyone: the form (opened from the record's page) and the report it sends. */
export const registerReportsRoutes = (router: AppRouter, services: Services): void => {
  const { reports } = services;

  /** The record a report is about, as anyone reads it (the report form takes only public records): its service's 404 or 410 otherwise. */
  const publicTarget = async (kind: string, id: string): Promise<ReportTarget> => {
    if (!KIND_AFTER_THE[kind] || !id) throw new DomainError('not_found', 'Report a record from its own page.');
    return readReportTarget(services, kind, id, null);
  };

  router.get(
    '/reports/new',
    page(async (ctx) => {
      const target = await publicTarget(queryText(ctx, 'target_kind'), queryText(ctx, 'target_id'));
      renderPage(ctx, { title: reportHeading(target), description: reportDescription(target), body: <ReportPage target={target} values={{}} errors={{}} /> });
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
        const target = await publicTarget(target_kind, target_id);
        return renderPage(ctx, {
          title: reportHeading(target),
          description: reportDescription(target),
          status: statusOf(error),
          body: <ReportPage target={target} values={{ reason, details }} errors={errors} />,
        });
      }
      // Back to what was reported: the job, the offer, the feedback on its offer's page, the directory entry.
      const back = await publicTarget(target_kind, target_id).then(
        (target) => target.href,
        (error: unknown) => {
          if (isDomainError(error)) return '/';
          throw error;
        },
      );
      redirectWithFlash(ctx, back, 'Thank you. Support will look at your report.');
    }),
  );

  reopenFormAddresses(router, {
    '/reports': () => '/site-feedback',
  });
};
