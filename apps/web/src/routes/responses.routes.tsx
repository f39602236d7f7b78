import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { Prose } from '../kit/blocks.tsx';
import { ActionButton } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput, signInFirst, wantsHtml } from '../http/respond.ts';

/** Withdrawing one of the person's responses: the confirmation page, and the change it posts. */
export const registerResponsesRoutes = (router: AppRouter, { responses, baseUrl }: Services): void => {
  // The confirmation step before withdrawing; only the POST below changes anything.
  router.get(
    '/responses/:id/withdraw',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl);
      const response = await responses.getMine(actor, ctx.params.id);
      // Asked from the job's page, the answer goes back there; otherwise to the list.
      const fromJob = ctx.query.from === 'job';
      const back = fromJob ? `/jobs/${response.job.id}` : '/my/responses';
      if (response.status === 'withdrawn') return redirectWithFlash(ctx, back, 'That response is already withdrawn.');
      renderPage(ctx, {
        title: 'Withdraw your response?',
        description: `Withdraw your response to “${response.job.title}”: its poster then sees it marked as withdrawn.`,
        body: (
          <>
            <h1>Withdraw your response to “{response.job.title}”?</h1>
            <blockquote>
              <Prose text={response.message} />
            </blockquote>
            <p>
              {response.job.status === 'removed' ? 'The job has been removed.' : 'The poster will see it marked as withdrawn.'} This cannot be
              undone{response.job.status === 'open' ? ', though you may respond again while the job is open' : ''}.
            </p>
            <div class="actions">
              <ActionButton action={`/responses/${response.id}/withdraw`} fields={fromJob ? {} : { next: '/my/responses' }} label="Yes, withdraw it" variant="danger" />
              <a href={back}>Keep it</a>
            </div>
          </>
        ),
      });
    }),
  );

  router.post(
    '/responses/:id/withdraw',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'responses:write');
      const { next } = await readInput(ctx);
      const response = await responses.withdraw(actor, ctx.params.id);
      if (!wantsHtml(ctx)) {
        ctx.body = response;
        return;
      }
      // Back to the list it was withdrawn from; any other value is ignored (no open redirect).
      redirectWithFlash(ctx, next === '/my/responses' ? next : `/jobs/${response.job_id}`, 'Response withdrawn.');
    }),
  );
};
