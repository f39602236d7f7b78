import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { redirectWithFlash } from '../kit/flash.ts';
import { fieldErrorsOf } from '../kit/form.tsx';
import { formBaseOf, page, readInput, signInFirst, wayWhenGone } from '../http/respond.ts';
import { ConfirmPage } from '../kit/confirm.tsx';
import { baseOf, formAfterRefusal, versionAfterRefusal } from '../kit/conflict.tsx';
import { renderPage } from '../kit/render.tsx';
import { versionOf } from '../forms/normalise.ts';
import { FEEDBACK_FIELDS, feedbackPatchFromForm, formFromFeedback } from '../forms/offer-input.ts';
import { EditFeedbackPage } from '../components/offers/feedback-edit.tsx';
import type { FeedbackJson } from '../components/offers/offers-view.tsx';
import { renderOffer } from './services.routes.tsx';

/** Refusals of what was typed, and a version conflict: the edit form comes back filled in. */
const EDIT_REFUSALS = ['validation_failed', 'blocked_content', 'version_conflict'];

/** Changes to one piece of feedback by its author (edit, publish or keep private, remove) or the provider (reply); each goes back to the offer's page. */
export const registerFeedbackRoutes = (router: AppRouter, services: Services): void => {
  const { feedback, offers, baseUrl } = services;
  /** Whether a piece of feedback is kept between its author and the provider (unreadable: not known to be). */
  const privateFeedback = async (actor: Actor, id: string): Promise<boolean> => {
    try {
      return !(await feedback.get(actor, id)).published;
    } catch (error) {
      if (isDomainError(error)) return false;
      throw error;
    }
  };
  /** The edit page, as drawn from `item` or shown again after a refusal. */
  const editPage = async (item: FeedbackJson, shown: Omit<Parameters<typeof EditFeedbackPage>[0], 'item' | 'offer'>) => {
    const offer = await offers.get(item.service_id);
    return { title: `Edit your feedback on ${offer.title}`, description: `Edit your feedback on the offer “${offer.title}”.`, body: <EditFeedbackPage item={item} offer={offer} {...shown} /> };
  };
  // An edit page opened after the feedback (or its offer) went: no way back to it, so one on.
  const editGone = { href: '/services', text: 'Browse offers', why: 'If you removed this feedback, or its offer was removed, there is nothing left to edit.' };

  // Only the author has the page: the provider and support get the API's 403 not_owner, anyone else its 404.
  router.get(
    '/feedback/:id/edit',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, editGone);
      const item = await feedback.getOwn(requireActor(ctx, baseUrl, 'feedback:write'), ctx.params.id);
      const values = formFromFeedback(item);
      renderPage(ctx, await editPage(item, { version: item.version, values, errors: {}, base: baseOf(FEEDBACK_FIELDS, values) }));
    }),
  );

  router.post(
    '/feedback/:id/edit',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      wayWhenGone(ctx, editGone);
      const { expected_version, ...form } = await readInput(ctx);
      const saved = await feedback.getOwn(actor, ctx.params.id);
      let item: FeedbackJson;
      try {
        item = await feedback.edit(actor, saved.id, { ...feedbackPatchFromForm(form, saved), expected_version: versionOf(expected_version) });
      } catch (error) {
        // Kept between its author and the provider, the text is not public: the refusal says so.
        const errors = fieldErrorsOf(error, {}, form.published === 'true' ? 'public' : 'private');
        if (!isDomainError(error) || !errors || !EDIT_REFUSALS.includes(error.code)) throw error;
        const current = error.code === 'version_conflict' ? (error.extras.current as FeedbackJson) : undefined;
        if (current) delete errors[''];
        const shown = formAfterRefusal(FEEDBACK_FIELDS, form, formBaseOf(ctx), formFromFeedback(saved), current && formFromFeedback(current));
        const version = versionAfterRefusal(expected_version, saved.version, current);
        return renderPage(ctx, { ...(await editPage(current ?? saved, { version, errors, ...shown })), status: statusOf(error) });
      }
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, 'Your feedback is saved.');
    }),
  );

  router.post(
    '/feedback/:id/publish',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { expected_version, published } = await readInput(ctx);
      const item = await feedback.edit(actor, ctx.params.id, { expected_version: versionOf(expected_version), published: published === 'true' });
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, item.published ? 'Feedback published.' : 'Feedback is private again.');
    }),
  );

  // Removing cannot be undone (nobody sees the item again), so it asks first.
  router.get(
    '/feedback/:id/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, { href: '/services', text: 'Browse offers', why: 'If you removed it just now, it is gone for good.' });
      const item = await feedback.getOwn(requireActor(ctx, baseUrl, 'feedback:write'), ctx.params.id);
      renderPage(ctx, {
        title: 'Remove your feedback?',
        description: 'Remove your feedback on an offer: nobody sees it again.',
        body: (
          <ConfirmPage question="Remove your feedback?" action={`/feedback/${item.id}/remove`} confirm="Yes, remove it" back={`/services/${item.service_id}#${item.id}`}>
            <p>Nobody will see it again, the provider included, and it cannot be restored. You may leave new feedback on the offer afterwards.</p>
          </ConfirmPage>
        ),
      });
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

  // A reply refused for what it says shows at its form's address, as does an error page after
  // publishing: opened again (a reload, the back button), each leads to the item on its offer's page.
  for (const form of ['publish', 'reply']) {
    router.get(
      `/feedback/:id/${form}`,
      page(async (ctx) => {
        if (signInFirst(ctx)) return;
        const item = await feedback.get(requireActor(ctx, baseUrl, 'feedback:write'), ctx.params.id);
        ctx.redirect(`/services/${item.service_id}#${item.id}`);
      }),
    );
  }

  router.post(
    '/feedback/:id/reply',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { reply_text: text = '', offer } = await readInput(ctx);
      let item;
      try {
        item = await feedback.reply(actor, ctx.params.id, { text });
      } catch (error) {
        // A reply refused for what it says comes back in its form on the offer's page, as typed; so
        // does one sent after another reply (a second tab), to keep, as a provider replies once.
        const replied = isDomainError(error) && error.code === 'invalid_state' && error.extras.action === 'reply';
        if (!isDomainError(error) || !offer || !(replied || ['validation_failed', 'blocked_content'].includes(error.code))) throw error;
        // A reply is read wherever its feedback is: private while the feedback is.
        const errors = replied
          ? { '': 'This feedback already has a reply (perhaps sent from another tab), and a provider replies once, so yours was not sent. Here it is, to keep.' }
          : fieldErrorsOf(error, { text: 'reply_text' }, (await privateFeedback(actor, ctx.params.id)) ? 'private' : 'public')!;
        const refused = { feedbackId: ctx.params.id, form: 'reply' as const, text, errors };
        return renderOffer(services, ctx, await services.offers.get(offer), { itemForm: refused }, statusOf(error));
      }
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, 'Reply sent.');
    }),
  );
};
