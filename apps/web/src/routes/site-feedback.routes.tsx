import type { AppRouter, Services } from '@svc/runtime';
import { isDomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { SiteFeedbackPage } from '../components/support/support-views.tsx';
import { fieldErrorsOf } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput } from '../http/respond.ts';
import { siteFeedbackInputFromForm } from '../forms/report-input.ts';

const SITE_FEEDBACK_DESCRIPTION = 'Tell us what works, what does not, or what you would like the service to do: site feedback and capability requests.';

/** Site feedback and capability requests from anyone, signed in or not. */
export const registerSiteFeedbackRoutes = (router: AppRouter, { siteFeedback }: Services): void => {
  router.get(
    '/site-feedback',
    page((ctx) =>
      renderPage(ctx, { title: 'Site feedback', description: SITE_FEEDBACK_DESCRIPTION, body: <SiteFeedbackPage values={{}} errors={{}} signedIn={Boolean(ctx.state.actor)} /> }),
    ),
  );

  router.post(
    '/site-feedback',
    page(async (ctx) => {
      const form = await readInput(ctx);
      const actor = ctx.state.actor ?? null;
      try {
        // Support can answer only someone it knows: a signed-out sender is not asked, and never counts as willing.
        await siteFeedback.submit(actor, siteFeedbackInputFromForm(actor ? form : { ...form, contact_ok: 'false' }), ctx.ip);
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || error.code !== 'validation_failed') throw error;
        return renderPage(ctx, { title: 'Site feedback', description: SITE_FEEDBACK_DESCRIPTION, status: statusOf(error), body: <SiteFeedbackPage values={form} errors={errors} signedIn={actor !== null} /> });
      }
      redirectWithFlash(ctx, '/site-feedback', 'Thank you. Your message reached support.');
    }),
  );
};
