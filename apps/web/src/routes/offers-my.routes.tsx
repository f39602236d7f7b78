import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { DomainError, isDomainError, notFound } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { OfferFields, type ServiceJson } from '../components/offers/offers-view.tsx';
import { formFromOffer, offerInputFromForm } from '../forms/offer-input.ts';
import { EmptyState, Notice } from '../kit/blocks.tsx';
import { ActionButton, fieldErrorsOf, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { ConfirmLink, ConfirmPage } from '../kit/confirm.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput, signInFirst } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';

/** Refusals of what was typed: the form comes back filled in, each message beside its field. */
const FORM_REFUSALS = ['validation_failed', 'blocked_content'];

const NewOfferPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Publish an offer</h1>
    <Notice>Offers are public. An offer is not a quote or an agreement; never put a street address, phone number or e-mail in it.</Notice>
    <Form action="/services/new" values={values} errors={errors}>
      <OfferFields />
      <button type="submit">Publish the offer</button>
    </Form>
  </>
);

const EditOfferPage = ({ offer, values, errors }: { offer: ServiceJson; values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Edit “{offer.title}”</h1>
    {offer.status === 'paused' ? (
      <p class="muted">This offer is paused, so its contact link is not shown here: leave the field empty to keep it, or type a new one.</p>
    ) : null}
    <Form action={`/services/${offer.id}/edit`} values={values} errors={errors}>
      <input type="hidden" name="expected_version" value={String(offer.version)} />
      <OfferFields />
      <div class="actions">
        <button type="submit">Save changes</button>
        <a href={`/services/${offer.id}`}>Cancel</a>
      </div>
    </Form>
  </>
);

const MyOfferList = ({ offers, paused }: { offers: readonly ServiceJson[]; paused: boolean }) => (
  <ul class="cards">
    {offers.map((offer) => (
      <li>
        <h3>
          <a href={`/services/${offer.id}`}>{offer.title}</a>
        </h3>
        <p class="meta">
          <span>
            {offer.role} · {offer.industry}
          </span>
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

const PUBLISH_DESCRIPTION = 'Publish an offer: what you can do, your role and industry, and a contact link, for people and their agents to find.';

/** The provider's own offers: publish from a form, edit, pause, resume and remove, through the same offers service as the API. */
export const registerMyOfferRoutes = (router: AppRouter, { offers, baseUrl }: Services): void => {
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
            <h1>My offers</h1>
            <p class="actions">
              <a href="/services/new" class="button">
                Publish an offer
              </a>
            </p>
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

  router.get(
    '/services/new',
    page((ctx) => {
      if (signInFirst(ctx)) return;
      renderPage(ctx, { title: 'Publish an offer', description: PUBLISH_DESCRIPTION, body: <NewOfferPage values={{}} errors={{}} /> });
    }),
  );

  router.post(
    '/services/new',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'services:write');
      const form = await readInput(ctx);
      let offer: ServiceJson;
      try {
        offer = await offers.create(actor, offerInputFromForm(form, { editing: false }));
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || !FORM_REFUSALS.includes(error.code)) throw error;
        return renderPage(ctx, { title: 'Publish an offer', description: PUBLISH_DESCRIPTION, status: statusOf(error), body: <NewOfferPage values={form} errors={errors} /> });
      }
      redirectWithFlash(ctx, `/services/${offer.id}`, 'Offer published.');
    }),
  );

  /** The caller's own offer, or the error the API gives anyone else. */
  const ownOffer = async (principalId: string, id: string): Promise<ServiceJson> => {
    const offer = await offers.get(id);
    if (offer.provider.principal_id !== principalId) throw new DomainError('not_owner', 'Only the provider of this offer can change it.');
    return offer;
  };

  router.get(
    '/services/:id/edit',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const offer = await ownOffer(requireActor(ctx, baseUrl).principalId, ctx.params.id!);
      renderPage(ctx, { title: `Edit ${offer.title}`, description: `Edit your offer “${offer.title}”.`, body: <EditOfferPage offer={offer} values={formFromOffer(offer)} errors={{}} /> });
    }),
  );

  router.post(
    '/services/:id/edit',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'services:write');
      const { expected_version, ...form } = await readInput(ctx);
      const offer = await ownOffer(actor.principalId, ctx.params.id!);
      try {
        // A paused offer's stored link is not shown, so an empty field keeps it rather than clearing it.
        await offers.update(actor, offer.id, { ...offerInputFromForm(form, { editing: offer.status === 'active' }), expected_version: versionOf(expected_version) });
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || ![...FORM_REFUSALS, 'version_conflict'].includes(error.code)) throw error;
        const current = error.code === 'version_conflict' ? (error.extras.current as ServiceJson) : offer;
        if (error.code === 'version_conflict') {
          errors[''] = 'This offer changed while you were editing. Nothing was saved; your edit is kept below, save again to apply it to the current version.';
        }
        return renderPage(ctx, { title: `Edit ${offer.title}`, description: `Edit your offer “${offer.title}”.`, status: statusOf(error), body: <EditOfferPage offer={current} values={form} errors={errors} /> });
      }
      redirectWithFlash(ctx, `/services/${offer.id}`, 'Offer saved.');
    }),
  );

  // Removing takes the offer down for good, so it asks first.
  router.get(
    '/services/:id/remove',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const actor = requireActor(ctx, baseUrl, 'services:write');
      const offer = await offers.get(ctx.params.id!);
      // Only the provider's own offer has this page; anyone else gets the same 404 as for no offer.
      if (offer.provider.principal_id !== actor.principalId) throw notFound('offer');
      renderPage(ctx, {
        title: `Remove ${offer.title}?`,
        description: `Remove your offer “${offer.title}”: it leaves the list and its page for good.`,
        body: (
          <ConfirmPage question={`Remove “${offer.title}”?`} action={`/services/${offer.id}/remove`} confirm="Yes, remove it" back={`/services/${offer.id}`}>
            <p>The offer leaves the list and its page says it was removed. This cannot be undone: to offer it again, publish it anew. To stop for a while, pause it instead.</p>
          </ConfirmPage>
        ),
      });
    }),
  );

  const WORDS = { pause: 'Offer paused: its contact link is hidden.', resume: 'Offer resumed.', remove: 'Offer removed.' } as const;
  for (const action of ['pause', 'resume', 'remove'] as const) {
    router.post(
      `/services/:id/${action}`,
      page(async (ctx) => {
        const actor = requireActor(ctx, baseUrl, 'services:write');
        await readInput(ctx);
        const offer = await offers[action](actor, ctx.params.id!);
        redirectWithFlash(ctx, action === 'remove' ? '/my/services' : `/services/${offer.id}`, WORDS[action]);
      }),
    );
  }
};
