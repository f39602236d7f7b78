import type { ComponentChildren } from 'preact';

const TITLES: Partial<Record<string, string>> = {
  not_found: 'Not found',
  removed: 'This has been removed',
  unauthenticated: 'Please sign in',
  invalid_credentials: 'Sign-in failed',
  not_owner: 'This is not yours to change',
  human_only: 'Only the person can do this',
  csrf_failed: 'This form has expired',
  rate_limited: 'Too many attempts',
  invalid_state: 'That cannot be done now',
  job_closed: 'This job is not open',
  own_job: 'This is your own job',
  // An application's connection request that cannot be trusted (OAuth, checked before anything is shown or sent).
  invalid_client: 'This application cannot connect',
  invalid_redirect_uri: 'This application cannot connect',
  invalid_request: 'This application cannot connect',
};

/** The title and the heading of the page for a refusal with this code. */
export const refusalTitle = (code: string): string => TITLES[code] ?? 'This did not work';

/** What to do next, in plain words, for the refusals a person meets; the reference stays below. */
const NEXT_STEPS: Partial<Record<string, string>> = {
  not_found: 'Check the address, or find it again from the lists.',
  removed: 'It is no longer available.',
  unauthenticated: 'Sign in, then try again.',
  invalid_credentials: 'Check your e-mail address and password, then try again.',
  not_owner: 'Only the person who created it can change it. If it is yours, sign in with that account.',
  human_only: 'Sign in yourself to do this; an agent cannot do it for you.',
  rate_limited: 'Wait a little, then try again.',
  invalid_state: 'Reload the page to see how things stand now.',
  job_closed: 'It no longer takes responses.',
  own_job: 'You cannot respond to a job you posted.',
  validation_failed: 'Go back, correct what you entered and send it again.',
  invalid_client: 'Nothing was shared with it. Go back to the application and tell its makers; you can close this page.',
  invalid_redirect_uri: 'Nothing was shared with it. Go back to the application and tell its makers; you can close this page.',
  invalid_request: 'Nothing was shared with it. Go back to the application and tell its makers; you can close this page.',
};

/**
 * Refusals met on the way from another site (an application's connection request): what to do is
 * back there, so the page offers no browsing of this site.
 */
const FROM_ELSEWHERE = new Set(['invalid_client', 'invalid_redirect_uri', 'invalid_request']);

/** A link onward from a refusal. */
export interface Way {
  href: string;
  text: string;
}

/**
 * The API's words for a refusal where they are not a person's words: it speaks to agents of routes,
 * principals and bearer tokens. The code below the page stays the API's.
 */
const PLAIN_MESSAGES: Partial<Record<string, string>> = {
  'No such route.': 'There is no page at this address.',
  'No such principal.': 'There is no such person on this site.',
  'No such record.': 'There is nothing at this address.',
  'No such grant.': 'There is no such agent access on your account.',
  'This path does not accept that method; see the Allow header.': 'This address is not a page to open: it is where a form is sent.',
};

/**
 * Codes whose message speaks OAuth to the application's makers (`client_id`, `redirect_uri`): a
 * person reads what it means for them. The JSON answers keep the service's words.
 */
const PLAIN_BY_CODE: Partial<Record<string, string>> = {
  unauthenticated: 'You are signed out: you may have signed out in another window, or your sign-in has ended.',
  // The form's own token (kit/form.tsx) or, from a script, the Origin check: both say the same to a person.
  csrf_failed: 'This form has expired, or it was not sent from a page of this site, so nothing was sent.',
  invalid_client: 'The application that sent you here is not registered with this site, so it cannot connect to your account.',
  invalid_redirect_uri:
    'The application that sent you here asked to bring you back to an address it has not registered with this site, so it cannot connect to your account.',
  // Shown only where the application's identity or return address cannot be read (sent twice, too long).
  invalid_request: 'The application that sent you here sent a connection request this site cannot read, so it cannot connect to your account.',
};

/** What a refusal says to a person: plain words for the codes above, else the service's message where it reads plainly. */
export const plainMessageOf = (code: string, message: string): string => PLAIN_BY_CODE[code] ?? PLAIN_MESSAGES[message] ?? message;

/**
 * The frame every refusal page shares: its title, what happened, a button and a link onward, and
 * the code below as a reference to quote when asking for help.
 */
export const RefusalSection = ({ title, code, next, also, children }: { title: string; code: string; next: Way; also?: Way | undefined; children: ComponentChildren }) => (
  <section class="error-page">
    <h1>{title}</h1>
    {children}
    <p class="actions">
      <a href={next.href} class="button secondary">
        {next.text}
      </a>
      {also ? (
        <>
          {' '}
          <a href={also.href}>{also.text}</a>
        </>
      ) : null}
    </p>
    <p class="muted">
      <small>
        Reference: <code>{code}</code>
      </small>
    </p>
  </section>
);

/**
 * A readable page for a refused request: what happened, what to do, and the API's code as a
 * reference. `back` leads to the record the refusal concerns (a thread whose form was refused);
 * `signIn` is the page to come back to after signing in, for a signed-out person, and `sent` says
 * a form was sent, whose text did not arrive. `formPage` is the page an expired form was on, to
 * open it again. `why` replaces the code's usual next step.
 */
export const ErrorPage = ({
  code,
  message,
  back,
  signIn,
  formPage,
  sent = false,
  why,
}: {
  code: string;
  message: string;
  status?: number;
  back?: Way;
  signIn?: string;
  formPage?: string | undefined;
  sent?: boolean;
  /** Said instead of the code's usual next step (a page's own reason it may not show). */
  why?: string | undefined;
}) => {
  if (code === 'unauthenticated' && signIn !== undefined) {
    return (
      <RefusalSection title={TITLES[code]!} code={code} next={{ href: `/login?next=${encodeURIComponent(signIn)}`, text: 'Sign in' }} also={{ href: '/', text: 'Back to the start' }}>
        <p>{plainMessageOf(code, message)}</p>
        <p>
          {sent
            ? 'Nothing was sent. What you wrote may still be on the previous page: go back to copy it, then sign in and send it again.'
            : 'Sign in, and you come back to this page.'}
        </p>
      </RefusalSection>
    );
  }
  if (code === 'csrf_failed') {
    // Said once, with the way back to the form where its page is known: a fresh page carries a fresh token.
    return (
      <RefusalSection
        title={TITLES[code]!}
        code={code}
        next={formPage ? { href: formPage, text: 'Open the form again' } : { href: '/', text: 'Back to the start' }}
        also={{ href: '/jobs', text: 'Browse jobs' }}
      >
        <p>{plainMessageOf(code, message)}</p>
        <p>
          {formPage
            ? 'Open the form again and send it from there. What you wrote may still be on the previous page: go back to copy it first.'
            : 'Go back, reload the page and send the form again.'}
        </p>
      </RefusalSection>
    );
  }
  return (
    <RefusalSection
      title={refusalTitle(code)}
      code={code}
      next={back ?? { href: '/', text: 'Back to the start' }}
      also={FROM_ELSEWHERE.has(code) ? undefined : { href: '/jobs', text: 'Browse jobs' }}
    >
      <p>{plainMessageOf(code, message)}</p>
      {why ? <p>{why}</p> : NEXT_STEPS[code] ? <p>{NEXT_STEPS[code]}</p> : null}
    </RefusalSection>
  );
};
