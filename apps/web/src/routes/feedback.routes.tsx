import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { redirectWithFlash } from '../kit/flash.ts';
import { page, readInput } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';

/** Changes to one piece of feedback by its author (publish or keep private, remove) or the provider (reply); each goes back to the offer's page. */
export const registerFeedbackRoutes = (router: AppRouter, { feedback, baseUrl }: Services): void => {
  router.post(
    '/feedback/:id/publish',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { expected_version, published } = await readInput(ctx);
      const item = await feedback.edit(actor, ctx.params.id, { expected_version: versionOf(expected_version), published: published === 'true' });
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, item.published ? 'Feedback published.' : 'Feedback is private again.');
    }),
  );

  router.post(
    '/feedback/:id/remove',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      await readInput(ctx);
      const item = await feedback.removeFeedback(actor, ctx.params.id);
      redirectWithFlash(ctx, `/services/${item.service_id}`, 'Feedback removed.');
    }),
  );

  router.post(
    '/feedback/:id/reply',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { text } = await readInput(ctx);
      const item = await feedback.reply(actor, ctx.params.id, { text: text ?? '' });
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, 'Reply sent.');
    }),
  );
};
