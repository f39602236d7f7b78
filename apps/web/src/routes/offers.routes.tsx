import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { isDomainError, type Actor } from '@svc/kernel';
import { statusOf } from '@svc/http';
import {
  FeedbackForm,
  FeedbackList,
  OfferCards,
  OfferDetails,
  roleLine,
  type FeedbackJson,
  type FeedbackReader,
  type LeaveStanding,
  type ServiceJson,
} from '../components/offers/offers-view.tsx';
import { EmptyState, PagedList, Pagination } from '../kit/blocks.tsx';
import { ActionButton, fieldErrorsOf, type FieldErrors, type FormValues, ErrorSummary } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { offsetParam } from '../kit/paging.ts';
import { page, readInput } from '../http/respond.ts';
import { versionOf } from '../forms/normalise.ts';
import { feedbackInputFromForm } from '../forms/offer-input.ts';

const PAGE_SIZE = 20;

const queryText = (ctx: Context, name: string): string => (typeof ctx.query[name] === 'string' ? (ctx.query[name] as string) : '');

/**
 * Below the feedback: the form for someone the service says may leave feedback now (`standing`, null
 * when signed out), or one sentence saying what would make it possible; nothing for the provider or
 * someone whose feedback is already there. A refused form (`leave`) is shown again with its reason.
 */
const LeaveFeedback = ({ offer, standing, leave }: { offer: ServiceJson; standing: LeaveStanding | null; leave?: { values: FormValues; errors: FieldErrors } }) => {
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

/** The offer page with its feedback, as this reader may see it; `leave` re-renders a refused feedback form. */
const OfferPage = ({
  offer,
  page: feedbackPage,
  reader,
  standing,
  leave,
}: {
  offer: ServiceJson;
  page: { feedback: readonly FeedbackJson[]; has_more: boolean; limit: number; offset: number };
  reader: FeedbackReader;
  standing: LeaveStanding | null;
  leave?: { values: FormValues; errors: FieldErrors };
}) => {
  const { feedback } = feedbackPage;
  return (
    <>
      <OfferDetails offer={offer} isProvider={reader.isProvider} />
      {reader.principalId && !reader.isProvider && offer.status !== 'removed' ? (
        <section aria-labelledby="talk-title">
          <h2 id="talk-title">Talk with {offer.provider.display_name}</h2>
          <p class="muted">A private thread links this offer; only the people in it can read it.</p>
          <ActionButton action={`/services/${offer.id}/thread`} fields={{ with: offer.provider.principal_id }} label={`Start a private thread with ${offer.provider.display_name}`} />
        </section>
      ) : null}
      <section aria-labelledby="feedback-title">
        <h2 id="feedback-title">Feedback</h2>
        <p class="muted">Whether people’s stated needs were met, in their own words. There are no ratings or scores.</p>
        <PagedList shown={feedback.length} offset={feedbackPage.offset} empty={<EmptyState title="No published feedback yet." />}>
          <FeedbackList items={feedback} reader={reader} />
        </PagedList>
        <Pagination
          shown={feedback.length}
          hasMore={feedbackPage.has_more}
          limit={feedbackPage.limit}
          offset={feedbackPage.offset}
          href={(to) => `/services/${offer.id}${to ? `?offset=${to}` : ''}#feedback-title`}
        />
        <LeaveFeedback offer={offer} standing={standing} leave={leave} />
      </section>
      {offer.status !== 'removed' ? (
        <p class="muted">
          <a href={`/reports/new?target_kind=service&target_id=${offer.id}`} class="report-link">
            Report this offer
          </a>
        </p>
      ) : null}
    </>
  );
};

/** Offer list and search, the offer page (HTML, `?format=json`) and feedback from forms, through the same services as the API. */
export const registerOfferPages = (router: AppRouter, services: Services): void => {
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
      if (role) query.role = role;
      if (industry) query.industry = industry;
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
      const invalid = (field: string) => (errors[field] ? 'true' : undefined);
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
              What providers offer. {ctx.state.actor ? <a href="/my/services">Your offers</a> : <a href="/login?next=/my/services">Sign in to publish yours</a>}
              {' · '}
              <a href="/examples">How agents use this</a>
            </p>
            <form method="get" action="/services" role="search" class="search">
              <div>
                <label for="f-q">Search</label>
                <input id="f-q" name="q" type="search" value={q} maxLength={200} aria-invalid={invalid('q')} />
              </div>
              <div>
                <label for="f-role">Role</label>
                <input id="f-role" name="role" value={role} placeholder="planner" aria-invalid={invalid('role')} />
              </div>
              <div>
                <label for="f-industry">Industry</label>
                <input id="f-industry" name="industry" value={industry} placeholder="events" aria-invalid={invalid('industry')} />
              </div>
              <div>
                <label for="f-status">Status</label>
                <select id="f-status" name="status">
                  <option value="active" selected={status === 'active'}>
                    Active
                  </option>
                  <option value="paused" selected={status === 'paused'}>
                    Paused
                  </option>
                </select>
              </div>
              <button type="submit">Search</button>
            </form>
            <ErrorSummary errors={errors} />
            <p class="muted" role="status">
              {list.total_is_lower_bound ? `${list.total}+ offers` : list.total === 1 ? '1 offer' : `${list.total} offers`}
              {q ? ` matching “${q}”` : ''}
            </p>
            <PagedList
              shown={list.services.length}
              offset={list.offset}
              empty={
                <EmptyState title="No offers match.">
                  <p>
                    Try other words, <a href="/services">see every active offer</a>, or <a href="/services/new">publish one</a>.
                  </p>
                </EmptyState>
              }
            >
              <OfferCards offers={list.services} showStatus={status !== 'active'} />
            </PagedList>
            <Pagination shown={list.services.length} total={list.total} totalIsLowerBound={list.total_is_lower_bound} limit={list.limit} offset={list.offset} href={href} />
          </>
        ),
      });
    }),
  );

  const readerOf = (ctx: Context, offer: ServiceJson): FeedbackReader => {
    const actor = ctx.state.actor as Actor | null;
    return {
      principalId: actor?.principalId ?? null,
      isProvider: actor?.principalId === offer.provider.principal_id,
      isSupport: actor?.isSupport ?? false,
    };
  };

  const renderOffer = async (ctx: Context, offer: ServiceJson, leave?: { values: FormValues; errors: FieldErrors }, status = 200) => {
    // Feedback pages like every list (never counted, so the page knows only whether there is more).
    const offset = offsetParam(ctx, PAGE_SIZE);
    const actor = (ctx.state.actor as Actor | null) ?? null;
    const [list, standing] = await Promise.all([
      feedback.list(actor, offer.id, { limit: String(PAGE_SIZE), offset: String(offset) }),
      // The form is offered by the rule that takes it: the service answers whether this person may leave feedback now.
      actor ? feedback.leaveStanding(actor, offer.id) : null,
    ]);
    const description = `Offer from ${offer.provider.display_name}: ${offer.summary || roleLine(offer)}`;
    renderPage(ctx, {
      title: offer.title,
      description,
      status,
      body: <OfferPage offer={offer} page={list} reader={readerOf(ctx, offer)} standing={standing} leave={leave} />,
    });
  };

  router.get(
    '/services/:id',
    page(async (ctx) => {
      const offer = await offers.get(ctx.params.id!);
      if (ctx.query.format === 'json') {
        ctx.body = offer;
        return;
      }
      await renderOffer(ctx, offer);
    }),
  );

  router.post(
    '/services/:id/feedback',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const form = await readInput(ctx);
      try {
        await feedback.leave(actor, ctx.params.id!, feedbackInputFromForm(form));
      } catch (error) {
        const errors = fieldErrorsOf(error);
        if (!isDomainError(error) || !errors || !['validation_failed', 'not_related', 'limit_reached'].includes(error.code)) throw error;
        return renderOffer(ctx, await offers.get(ctx.params.id!), { values: form, errors }, statusOf(error));
      }
      redirectWithFlash(ctx, `/services/${ctx.params.id}#feedback-title`, 'Feedback saved.');
    }),
  );

  router.post(
    '/feedback/:id/publish',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { expected_version, published } = await readInput(ctx);
      const item = await feedback.edit(actor, ctx.params.id!, { expected_version: versionOf(expected_version), published: published === 'true' });
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, item.published ? 'Feedback published.' : 'Feedback is private again.');
    }),
  );

  router.post(
    '/feedback/:id/remove',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      await readInput(ctx);
      const item = await feedback.removeFeedback(actor, ctx.params.id!);
      redirectWithFlash(ctx, `/services/${item.service_id}`, 'Feedback removed.');
    }),
  );

  router.post(
    '/feedback/:id/reply',
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl, 'feedback:write');
      const { text } = await readInput(ctx);
      const item = await feedback.reply(actor, ctx.params.id!, { text: text ?? '' });
      redirectWithFlash(ctx, `/services/${item.service_id}#${item.id}`, 'Reply sent.');
    }),
  );
};
