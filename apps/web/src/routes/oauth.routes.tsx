import type { Context } from 'koa';
import type { AuthorizationCheck, AuthorizationRequest, OAuthConsent } from '@svc/access';
import { DomainError } from '@svc/kernel';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { ConsentTerms, SelfDeclared } from '../components/access/consent-terms.tsx';
import { ErrorPage, plainMessageOf, refusalTitle } from '../kit/error-page.tsx';
import { CsrfField } from '../kit/form.tsx';
import { renderPage } from '../kit/render.tsx';
import { CONTENT_SECURITY_POLICY } from '../http/security.ts';
import { page, readInput, signInFirst } from '../http/respond.ts';

export const AUTHORIZE_PATH = '/oauth/authorize';

/** The request's parameters the consent form carries back, so the decision is checked against the very same request. */
const CARRIED = ['client_id', 'redirect_uri', 'response_type', 'code_challenge', 'code_challenge_method', 'scope', 'state', 'resource'] as const;

const Consent = ({ c, request }: { c: OAuthConsent; request: AuthorizationRequest }) => (
  <>
    <h1>Connect “{c.client_name}”?</h1>
    <p>
      An application asks to act for you. After your answer your browser goes back to <strong>{new URL(c.redirect_uri).host}</strong>.
    </p>
    <SelfDeclared
      who="application"
      facts={[
        ['Name', c.client_name],
        ['Web address', c.client_uri],
        ['Returns to', c.redirect_uri],
      ]}
    />
    <ConsentTerms scopes={c.scopes} expiresAt={c.token_expires_at} days={c.days} />
    <form method="post" action={AUTHORIZE_PATH} class="actions">
      <CsrfField />
      {CARRIED.map((name) => (request[name] === undefined ? null : <input type="hidden" name={name} value={request[name]} />))}
      <button type="submit" name="decision" value="approve">
        Approve
      </button>{' '}
      <button type="submit" name="decision" value="deny" class="secondary">
        Deny
      </button>
    </form>
  </>
);

/**
 * A problem found before the redirect URI is trusted: shown here, never sent anywhere (RFC 6749
 * §4.1.2.1), in a person's words (kit/error-page.tsx); the service's message names OAuth parameters.
 */
const showProblem = (ctx: Context, check: Extract<AuthorizationCheck, { kind: 'show' }>) =>
  renderPage(ctx, {
    title: refusalTitle(check.error),
    description: plainMessageOf(check.error, check.message),
    status: 400,
    body: <ErrorPage code={check.error} message={check.message} status={400} />,
  });

/**
 * The OAuth authorization endpoint (RFC 6749 §3.1) for MCP clients and other apps: the person signs
 * in when needed, sees the same consent as for a device-flow agent, and approves or denies; the
 * browser then goes back to the client's registered redirect URI with `code` and `state`, or
 * `error=access_denied`. The page is never framed (the site's CSP and X-Frame-Options), and its form
 * carries the session's CSRF token.
 */
export const registerOAuthRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  router.get(
    AUTHORIZE_PATH,
    page(async (ctx) => {
      // The whole query, repeats included: the service refuses a parameter sent twice (RFC 6749 §3.1)
      // rather than have either copy read.
      const check = await access.oauth.checkAuthorization(ctx.query);
      if (check.kind === 'show') return showProblem(ctx, check);
      if (check.kind === 'redirect') return ctx.redirect(check.to);
      if (signInFirst(ctx)) return;
      // The decision's answer is a redirect to the client, which a browser follows from this form only
      // when the page's form-action allows that origin.
      ctx.set('Content-Security-Policy', CONTENT_SECURITY_POLICY.replace("form-action 'self'", `form-action 'self' ${new URL(check.consent.redirect_uri).origin}`));
      ctx.set('Cache-Control', 'no-store');
      renderPage(ctx, {
        title: 'Connect an application',
        description: `“${check.consent.client_name}” asks to act for you: see what it may do, then approve or deny.`,
        body: <Consent c={check.consent} request={check.request} />,
      });
    }),
  );

  router.post(
    AUTHORIZE_PATH,
    page(async (ctx) => {
      const actor = requireActor(ctx, baseUrl);
      const input = await readInput(ctx);
      const decision = input.decision;
      if (decision !== 'approve' && decision !== 'deny') throw new DomainError('validation_failed', 'Choose Approve or Deny.');
      const outcome = await access.oauth.decide(actor, input, decision);
      if (outcome.kind === 'show') return showProblem(ctx, outcome);
      if (outcome.kind === 'consent') throw new DomainError('internal_error', 'The decision did not lead anywhere.');
      ctx.status = 303;
      ctx.redirect(outcome.to);
    }),
  );
};
