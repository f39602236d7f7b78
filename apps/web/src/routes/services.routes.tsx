import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { DomainError, isDomainError, notFound, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import type { Context } from 'koa';
import { FeedbackForm, FeedbackList, OfferCards, OfferDetails, OfferFields, OFFER_STATUS_WORDS, roleLine, type FeedbackJson, type FeedbackReader, type LeaveStanding, type RefusedItemForm, type ServiceJson } from '../components/offers/offers-view.tsx';
import { feedbackInputFromForm, formFromOffer, OFFER_FIELDS, offerInputFromForm } from '../forms/offer-input.ts';
import { BaseField, baseOf, EditConflict, formAfterRefusal, versionAfterRefusal, type EditConflictState } from '../kit/conflict.tsx';
import { EmptyState, Notice, PagedList, Pagination } from '../kit/blocks.tsx';
import { Check, fieldErrorsOf, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { OFFER_EXAMPLES } from '../kit/messages.ts';
import { FilterInput, NoMatches, SearchForm, SearchResults, StatusFilter } from '../kit/search-form.tsx';
import { ConfirmPage } from '../kit/confirm.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { formBaseOf, page, pressButton, queryText, readInput, signInFirst, wayWhenGone } from '../http/respond.ts';
import { slugOf, versionOf } from '../forms/normalise.ts';
import { offsetParam, pageQuery } from '../kit/paging.ts';
import { startThreadFrom } from '../handlers/start-thread.ts';
import { ThreadWith } from '../components/threads/thread-with.tsx';
import { OnceField } from '../kit/once-field.tsx';
import { createOnceFromForm } from '../http/once.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

/** Refusals of what was typed: the form comes back filled in, each message beside its field. */
const FORM_REFUSALS = ['validation_failed', 'blocked_content'];

const NewOfferPage = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Publish an offer</h1>
    <Notice>Offers are public. An offer is not a quote or an agreement; never put a street address, phone number or e-mail in it.</Notice>
    <Form action="/services/new" values={values} errors={errors}>
      <OnceField />
      <OfferFields />
      <button type="submit">Publish the offer</button>
    </Form>
  </>
);

/** The edit form, as the job's (`base`, and after a conflict the offer as saved now with the person's `changed` fields on top). */
const EditOfferPage = ({
  offer,
  values,
  errors,
  base,
  conflict,
  version = offer.version,
}: {
  offer: ServiceJson;
  /** The version the form sends: the offer's, or after a refusal the one it was drawn from (versionAfterRefusal). */
  version?: number;
  values: FormValues;
  errors: FieldErrors;
  base: string;
  conflict?: EditConflictState | undefined;
}) => (
  <>
    <h1>Edit “{offer.title}”</h1>
    {conflict ? <EditConflict what="offer" conflict={conflict} /> : null}
    {offer.status === 'paused' ? (
      <p class="muted">
        This offer is paused, so its contact link is not shown here: leave the field empty to keep it, type a new one, or tick “Remove the
        contact link” below the form’s fields.
      </p>
    ) : null}
    <Form action={`/services/${offer.id}/edit`} values={values} errors={errors}>
      <BaseField value={base} />
      <input type="hidden" name="expected_version" value={String(version)} />
      <OfferFields />
      {offer.status === 'paused' ? <Check name="remove_contact_url" label="Remove the contact link" checked={values.remove_contact_url === 'on'} /> : null}
      <div class="actions">
        <button type="submit">{conflict ? 'Save my edit again' : 'Save changes'}</button>
        <a href={`/services/${offer.id}`}>Cancel</a>
      </div>
    </Form>
  </>
);

const PUBLISH_DESCRIPTION = 'Publish an offer: what you can do, your role and industry, and a contact link, for people and their agents to find.';

const PAGE_SIZE = 20;


/**
 * Below the feedback: the form for someone the service says may leave feedback now (`standing`, null
 * when signed out), or one sentence saying what would make it possible; nothing for the provider or
 * someone whose feedback is already there. A refused form (`leave`) is shown again with its reason.
 */
const LeaveFeedback = ({
  offer,
  standing,
  threadId,
  leave,
}: {
  offer: ServiceJson;
  standing: LeaveStanding | null;
  /** The reader's private thread with the provider about this offer, when there is one. */
  threadId: string | undefined;
  leave?: { values: FormValues; errors: FieldErrors };
}) => {
  const provider = offer.provider.display_name;
  if (leave || standing === 'allowed') {
    return (
      <details open={leave ? true : undefined}>
        <summary>Leave feedback</summary>
        <p class="muted">It stays private to you and {provider} unless you publish it.</p>
        <FeedbackForm offer={offer} values={leave?.values} errors={leave?.errors} />
      </details>
    );
  }
  if (standing === null) {
    return (
      <p class="muted">
        Worked with {provider} on this? <a href={`/login?next=${encodeURIComponent(`/services/${offer.id}`)}`}>Sign in</a> to leave feedback.
      </p>
    );
  }
  if (standing === 'awaiting_provider') {
    return (
      <p class="muted">
        You can leave feedback once {provider} joins <a href={threadId ? `/threads/${threadId}` : '/threads'}>your thread about this offer</a>.
      </p>
    );
  }
  if (standing === 'not_related') {
    return (
      <p class="muted">
        Feedback comes from people who worked with {provider} in a private thread about this offer. <a href="#talk-title">Start one</a> to work
        together first.
      </p>
    );
  }
  return null;
};

/** The offer page with its feedback, as this reader may see it; `leave` and `reply` re-render a refused form. */
const OfferPage = ({
  offer,
  page: feedbackPage,
  reader,
  standing,
  threadId,
  leave,
  itemForm,
}: {
  offer: ServiceJson;
  page: { feedback: readonly FeedbackJson[]; has_more: boolean; limit: number; offset: number };
  reader: FeedbackReader;
  standing: LeaveStanding | null;
  /** The private thread the reader already shares with the provider about this offer. */
  threadId: string | undefined;
  leave?: { values: FormValues; errors: FieldErrors } | undefined;
  /** A refused form on one feedback item (a reply, support's hide), shown again in its place. */
  itemForm?: RefusedItemForm | undefined;
}) => {
  const { feedback } = feedbackPage;
  return (
    <>
      <OfferDetails offer={offer} isProvider={reader.isProvider} />
      {reader.principalId && !reader.isProvider && offer.status !== 'removed' ? (
        <section aria-labelledby="talk-title">
          <h2 id="talk-title">Talk with {offer.provider.display_name}</h2>
          <p class="muted">A private thread links this offer; only the people in it can read it.</p>
          <ThreadWith action={`/services/${offer.id}/thread`} person={offer.provider} threadId={threadId} />
        </section>
      ) : null}
      <section aria-labelledby="feedback-title">
        <h2 id="feedback-title">Feedback</h2>
        <p class="muted">Whether people’s stated needs were met, in their own words. There are no ratings or scores.</p>
        <PagedList shown={feedback.length} offset={feedbackPage.offset} empty={<EmptyState title="No published feedback yet." />}>
          <FeedbackList items={feedback} reader={reader} refused={itemForm} />
        </PagedList>
        <Pagination
          shown={feedback.length}
          hasMore={feedbackPage.has_more}
          limit={feedbackPage.limit}
          offset={feedbackPage.offset}
          href={(to) => `/services/${offer.id}${to ? `?offset=${to}` : ''}#feedback-title`}
        />
        <LeaveFeedback offer={offer} standing={standing} threadId={threadId} leave={leave} />
      </section>
      {offer.status !== 'removed' && !reader.isProvider ? (
        <p class="muted">
          <a href={`/reports/new?target_kind=service&target_id=${offer.id}`} class="report-link">
            Report this offer
          </a>
        </p>
      ) : null}
    </>
  );
};

const toOffer = ({ id }: Record<string, string>) => `/services/${encodeURIComponent(id!)}`;

/** The provider's own offers: publish from a form, edit, pause, resume and remove, through the same offers service as the API. */
const offerEditor = (router: AppRouter, services: Services): void => {
  const { offers, baseUrl } = services;

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
        const input = offerInputFromForm(form, { editing: false });
        // Sent twice (a double click on Publish, a retry), the form publishes one offer.
        offer = await createOnceFromForm(ctx, services, actor, input, () => offers.create(actor, input));
      } catch (error) {
        const errors = fieldErrorsOf(error, {}, 'public', OFFER_EXAMPLES);
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
      const offer = await ownOffer(requireActor(ctx, baseUrl).principalId, ctx.params.id);
      renderPage(ctx, { title: `Edit ${offer.title}`, description: `Edit your offer “${offer.title}”.`, body: <EditOfferPage offer={offer} values={formFromOffer(offer)} errors={{}} base={baseOf(OFFER_FIELDS, formFromOffer(offer))} /> });
    }),
  );

  router.post(
    '/services/:id/edit',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'services:write');
      const { expected_version, ...form } = await readInput(ctx);
      const offer = await ownOffer(actor.principalId, ctx.params.id);
      try {
        // A paused offer's stored link is not shown, so an empty field keeps it rather than clearing
        // it; its "Remove the contact link" box clears it (a link typed beside it is taken instead).
        const clearsLink = offer.status === 'active' || form.remove_contact_url === 'on';
        await offers.update(actor, offer.id, { ...offerInputFromForm(form, { editing: clearsLink }), expected_version: versionOf(expected_version) });
      } catch (error) {
        const errors = fieldErrorsOf(error, {}, 'public', OFFER_EXAMPLES);
        if (!isDomainError(error) || !errors || ![...FORM_REFUSALS, 'version_conflict'].includes(error.code)) throw error;
        const current = error.code === 'version_conflict' ? (error.extras.current as ServiceJson) : undefined;
        if (current) delete errors[''];
        const shown = formAfterRefusal(OFFER_FIELDS, form, formBaseOf(ctx), formFromOffer(offer), current && formFromOffer(current));
        return renderPage(ctx, {
          title: `Edit ${offer.title}`,
          description: `Edit your offer “${offer.title}”.`,
          status: statusOf(error),
          body: <EditOfferPage offer={current ?? offer} errors={errors} version={versionAfterRefusal(expected_version, offer.version, current)} {...shown} />,
        });
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
      wayWhenGone(ctx, { href: '/my/services', text: 'My offers', why: 'If you removed it just now, it is gone for good.' });
      const offer = await offers.get(ctx.params.id);
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
        await pressButton(ctx, {
          change: () => offers[action](actor, ctx.params.id),
          what: 'offer',
          target: { pause: 'paused', resume: 'active', remove: 'removed' }[action],
          where: (status) => (status === 'removed' ? '/my/services' : `/services/${ctx.params.id}`),
          done: WORDS[action],
        });
      }),
    );
  }
};

const readerOf = (ctx: Context, offer: ServiceJson): FeedbackReader => {
  const actor = ctx.state.actor as Actor | null;
  return {
    principalId: actor?.principalId ?? null,
    isProvider: actor?.principalId === offer.provider.principal_id,
    isSupport: actor?.isSupport ?? false,
  };
};

/** The offer page, with a refused feedback form (`leave`) or a refused form on one item (`itemForm`: a reply, support's hide) shown again as typed. */
export const renderOffer = async (
  { feedback, threads }: Pick<Services, 'feedback' | 'threads'>,
  ctx: Context,
  offer: ServiceJson,
  refused: { leave?: { values: FormValues; errors: FieldErrors }; itemForm?: RefusedItemForm } = {},
  status = 200,
) => {
  // Feedback pages like every list (never counted, so the page knows only whether there is more).
  const actor = (ctx.state.actor as Actor | null) ?? null;
  const [list, standing, shared] = await Promise.all([
    feedback.list(actor, offer.id, pageQuery(ctx, PAGE_SIZE)),
    // The form is offered by the rule that takes it: the service answers whether this person may leave feedback now.
    actor ? feedback.leaveStanding(actor, offer.id) : null,
    actor && offer.status !== 'removed' ? threads.sharedThreads(actor, { kind: 'service', id: offer.id }) : ({} as Record<string, string>),
  ]);
  const description = `Offer from ${offer.provider.display_name}: ${offer.summary || roleLine(offer)}`;
  renderPage(ctx, {
    title: offer.title,
    description,
    status,
    body: <OfferPage offer={offer} page={list} reader={readerOf(ctx, offer)} standing={standing} threadId={shared[offer.provider.principal_id]} leave={refused.leave} itemForm={refused.itemForm} />,
  });
};

/** Offer list and search, the offer page (HTML, `?format=json`) and feedback from forms, through the same services as the API. */
const offerPages = (router: AppRouter, services: Services): void => {
  const { offers, feedback, baseUrl } = services;

  router.get(
    '/services',
    page(async (ctx) => {
      const q = queryText(ctx, 'q');
      const role = queryText(ctx, 'role');
      const industry = queryText(ctx, 'industry');
      const status = queryText(ctx, 'status') || 'active';
      const offset = offsetParam(ctx, PAGE_SIZE);
      const query: Record<string, string> = { status, limit: String(PAGE_SIZE), offset: String(offset) };
      if (q) query.q = q;
      // Role and industry as the offer form saves them ("Home & Garden" → home-garden); the boxes keep what was typed.
      if (role) query.role = slugOf(role);
      if (industry) query.industry = slugOf(industry);
      let errors: FieldErrors = {};
      let list: Awaited<ReturnType<typeof offers.list>> = { services: [], total: 0, total_is_lower_bound: false, limit: PAGE_SIZE, offset };
      try {
        list = await services.listReads.run(() => offers.list(query));
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'validation_failed') throw error;
        errors = fieldErrorsOf(error) ?? {};
        ctx.status = 400;
      }
      const { limit: _limit, offset: _offset, ...kept } = query;
      const href = (to: number) => `/services?${new URLSearchParams({ ...kept, offset: String(to) })}`;
      renderPage(ctx, {
        title: q ? `Offers matching “${q}”` : 'Offers',
        description:
          `${status === 'paused' ? 'Paused' : 'Active'} offers${q ? ` matching “${q}”` : ''}${role ? `, role ${role}` : ''}` +
          `${industry ? `, industry ${industry}` : ''}: what providers and their agents can do, and how to reach them.`,
        status: ctx.status === 400 ? 400 : 200,
        body: (
          <>
            <h1>Offers</h1>
            <p>
              What providers offer. {ctx.state.actor ? <a href="/my/services">My offers</a> : <a href="/login?next=/my/services">Sign in to publish yours</a>}
              {' · '}
              <a href="/examples">How agents use this</a>
            </p>
            <SearchForm action="/services" q={q} errors={errors}>
              <FilterInput name="role" label="Role" value={role} placeholder="planner" invalid={Boolean(errors.role)} />
              <FilterInput name="industry" label="Industry" value={industry} placeholder="events" invalid={Boolean(errors.industry)} />
              <StatusFilter value={status} statuses={['active', 'paused']} words={OFFER_STATUS_WORDS} />
            </SearchForm>
            <SearchResults errors={errors}
              list={list}
              noun={['offer', 'offers']}
              // Every filter asked for is named, as the jobs list names its tag: "2 offers matching “cakes”, role planner".
              narrowed={`${q ? ` matching “${q}”` : ''}${role ? `, role ${role}` : ''}${industry ? `, industry ${industry}` : ''}`}
              shown={list.services.length}
              href={href}
              empty={
                // Nothing asked for: there is nothing yet, rather than nothing matching.
                q || role || industry || status !== 'active' ? (
                  <NoMatches title="No offers match." all={{ href: '/services', text: 'see every active offer' }} add={{ href: '/services/new', text: 'publish one' }} />
                ) : (
                  <EmptyState title="No offers yet.">
                    <p>
                      <a href="/services/new">Publish one</a> to be the first.
                    </p>
                  </EmptyState>
                )
              }
            >
              <OfferCards offers={list.services} showStatus={status !== 'active'} />
            </SearchResults>
          </>
        ),
      });
    }),
  );

  router.get(
    '/services/:id',
    page(async (ctx) => {
      const offer = await offers.get(ctx.params.id);
      if (ctx.query.format === 'json') {
        ctx.body = offer;
        return;
      }
      await renderOffer(services, ctx, offer);
    }),
  );

  router.post(
    '/services/:id/feedback',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const form = await readInput(ctx);
      try {
        await feedback.leave(actor, ctx.params.id, feedbackInputFromForm(form));
      } catch (error) {
        // Feedback kept between its author and the provider is not public: the refusal says so.
        const errors = fieldErrorsOf(error, {}, form.published === 'true' ? 'public' : 'private');
        if (!isDomainError(error) || !errors || !['validation_failed', 'blocked_content', 'not_related', 'limit_reached'].includes(error.code)) throw error;
        return renderOffer(services, ctx, await offers.get(ctx.params.id), { leave: { values: form, errors } }, statusOf(error));
      }
      redirectWithFlash(ctx, `/services/${ctx.params.id}#feedback-title`, 'Feedback saved.');
    }),
  );

};

/** Every `/services` page and form (offers are called services in paths): the list, an offer's page and its feedback form, starting a thread, and the provider's editor. */
export const registerServicesRoutes = (router: AppRouter, services: Services): void => {
  // The editor first: the offer page's `/services/:id` would otherwise take `/services/new` for an offer called "new".
  offerEditor(router, services);
  offerPages(router, services);
  router.post('/services/:id/thread', startThreadFrom(services, 'service', 'offer'));
  reopenFormAddresses(router, {
    '/services/:id/feedback': (params) => `${toOffer(params)}#feedback-title`,
    '/services/:id/pause': toOffer,
    '/services/:id/resume': toOffer,
    '/services/:id/thread': toOffer,
  });
};
