import type { Context } from 'koa';
import type { AppRouter, Services } from '@svc/runtime';
import type { NewSession, PasswordReset } from '@svc/access';
import { isDomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { Field, fieldErrorsOf, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { page, readInput, setRetryAfter, wantsHtml } from '../http/respond.ts';
import { clearSessionCookie, sessionIdOf, setSessionCookie } from '../http/session-cookie.ts';
import { withNext } from '../kit/places.ts';
import { reopenFormAddresses, nextQuery } from '../http/form-addresses.ts';
import { AUTHORIZE_PATH } from './oauth.routes.tsx';

/** Only local paths, so a crafted link cannot send someone elsewhere after signing in. */
export const safeNext = (value: unknown): string =>
  typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\') ? value : '/account';

/** The path of `next` without its query, when it is one of this site's own. */
const pathOf = (next: string): string | null => (safeNext(next) === next ? next.split(/[?#]/)[0]! : null);

/**
 * Why a person was sent to sign in or sign up, from the place `next` leads back to: the links an
 * agent or a friend hands out, and posting a job. `general` is the line for any other place.
 */
export const reasonFor = (next: string, general: string | null): string | null => {
  const path = pathOf(next);
  if (path === null) return null;
  if (path === '/connect' || path.startsWith('/connect/')) return 'An agent asked to connect to your account. Sign in, or create an account, to see what it asks for and approve or deny it.';
  if (path === AUTHORIZE_PATH) return 'An application asked to connect to your account. Sign in, or create an account, to see what it asks for and approve or deny it.';
  if (path.startsWith('/threads/invites/')) return 'You were invited to join a private thread. Sign in, or create an account, to see the invitation and join.';
  if (path === '/jobs/new') return 'Sign in, or create an account, to post a job.';
  return general;
};

/** The reason line above a sign-in or sign-up form, when there is one. */
const Reason = ({ next, general }: { next: string; general: string | null }) => {
  const reason = reasonFor(next, general);
  return reason ? (
    <p class="notice" role="note">
      {reason}
    </p>
  ) : null;
};

const SignUpForm = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Sign up</h1>
    <Reason next={values.next ?? ''} general={null} />
    <p>
      Already have an account? <a href={withNext('/login', values.next ?? '')}>Sign in</a>.
    </p>
    {/* `next` also in the address, so reopening a refused form's address keeps it (see http/form-addresses.ts). */}
    <Form action={withNext('/auth/signup', values.next ?? '')} values={values} errors={errors}>
      <Field name="display_name" label="Display name" required maxLength={80} autocomplete="name" hint="Shown publicly beside your jobs." />
      <Field name="email" label="E-mail" type="email" required autocomplete="email" hint="Never shown to anyone." />
      <Field name="password" label="Password" type="password" required minLength={10} autocomplete="new-password" hint="At least 10 characters." />
      <input type="hidden" name="next" value={values.next ?? ''} />
      <button type="submit">Create the account</button>
    </Form>
  </>
);

const SignInForm = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Sign in</h1>
    <Reason next={values.next ?? ''} general="Sign in to continue: you will be taken back to the page you opened." />
    <p>
      New here? <a href={withNext('/signup', values.next ?? '')}>Create an account</a>.
    </p>
    <Form action={withNext('/auth/login', values.next ?? '')} values={values} errors={errors}>
      <Field name="email" label="E-mail" type="email" required autocomplete="email" />
      <Field name="password" label="Password" type="password" required autocomplete="current-password" />
      <input type="hidden" name="next" value={values.next ?? ''} />
      <button type="submit">Sign in</button>
    </Form>
    <p>
      <a href="/auth/reset">Forgot your password?</a>
    </p>
  </>
);

/** A new password with a recovery code: the service sends no e-mail, so the code is the proof. */
const ResetForm = ({ values, errors }: { values: FormValues; errors: FieldErrors }) => (
  <>
    <h1>Set a new password</h1>
    <p>
      Forgot your password? This site sends no e-mail, so you show that the account is yours with a recovery code: the one you created
      on your account page, or a code from support.
    </p>
    <Form action="/auth/reset" values={values} errors={errors}>
      <Field name="email" label="E-mail" type="email" required autocomplete="email" />
      <Field
        name="recovery_code"
        label="Recovery code"
        required
        maxLength={100}
        autocomplete="off"
        hint="Such as 7KQ2M-XD4RP-ABCDE-FGHJK-MNPQR. Capitals, spaces and dashes do not matter."
      />
      <Field name="new_password" label="New password" type="password" required minLength={10} autocomplete="new-password" hint="At least 10 characters." />
      <button type="submit">Set the new password</button>
    </Form>
    <p class="muted">
      This signs you out everywhere else, and the code works only once. No recovery code? Ask the people who run this service, through{' '}
      <a href="/site-feedback">site feedback</a>: once they have checked another way that the account is yours, they give you a code
      that works for one hour.
    </p>
    <p>
      Remember it after all? <a href="/login">Sign in</a>.
    </p>
  </>
);

const DESCRIPTIONS = {
  signup: 'Create an account to post jobs, respond to them, publish offers and let agents act for you with the access you approve.',
  login: 'Sign in to your account to post and answer jobs, manage your offers and directory entries, and approve your agents.',
  reset: 'Forgot your password? Set a new one with the recovery code from your account page or from support.',
};

const nextOf = (ctx: Context): string => (typeof ctx.query.next === 'string' ? ctx.query.next : '');

/** Sign-up, sign-in and sign-out: HTML forms for people, the same routes as JSON for scripts. */
export const registerAuthRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  router.get('/signup', (ctx) =>
    renderPage(ctx, { title: 'Sign up', description: DESCRIPTIONS.signup, body: <SignUpForm values={{ next: nextOf(ctx) }} errors={{}} /> }),
  );
  router.get('/login', (ctx) =>
    renderPage(ctx, { title: 'Sign in', description: DESCRIPTIONS.login, body: <SignInForm values={{ next: nextOf(ctx) }} errors={{}} /> }),
  );

  const signIn = (ctx: Context, status: number, session: NewSession, next: unknown, said: (name: string) => string) => {
    setSessionCookie(ctx, baseUrl, session);
    if (wantsHtml(ctx)) return redirectWithFlash(ctx, safeNext(next), said(session.principal.display_name));
    ctx.status = status;
    ctx.body = session.principal;
  };

  /** A refused form comes back with what was typed and the problem beside its field. */
  const attempt = (
    form: typeof SignUpForm,
    title: string,
    description: string,
    run: (input: Record<string, string>, ctx: Context) => Promise<NewSession>,
    status: number,
    said: (name: string) => string,
  ) =>
    page(async (ctx) => {
      const { next, ...input } = await readInput(ctx);
      try {
        signIn(ctx, status, await run(input, ctx), next, said);
      } catch (error) {
        const errors = wantsHtml(ctx) && isDomainError(error) ? fieldErrorsOf(error) : null;
        if (!errors || !isDomainError(error)) throw error;
        if (error.code === 'email_taken') {
          // Said once, in full, beside the field; the page's "Sign in" link is the way on.
          errors[''] = 'There is already an account with this e-mail address. Nothing was created.';
          errors.email = 'This e-mail address already has an account: sign in with it (link above), or use another address.';
        }
        if (error.code === 'invalid_credentials' && form === SignInForm) {
          // Which of the two was wrong is never said (no one learns an address has an account): what to do is.
          errors[''] = `${error.message} Check both and sign in again, or choose “Forgot your password?” below the form.`;
        }
        setRetryAfter(ctx, error);
        const Page = form;
        renderPage(ctx, { title, description, status: statusOf(error), body: <Page values={{ ...input, next: next ?? '' }} errors={errors} /> });
      }
    });

  // The first page after sign-up says the account exists. A new account has no recovery code yet, the
  // one way back in if the password is forgotten: that page says where to make one (a step of its own
  // would stand between a person and the page they signed up for, such as an agent's connect request).
  const created = (name: string) => `Your account is created and you are signed in as ${name}. Keep a recovery code in case you forget your password: create one on your account page.`;
  router.post('/auth/signup', attempt(SignUpForm, 'Sign up', DESCRIPTIONS.signup, (input, ctx) => access.accounts.signup(input, ctx.ip), 201, created));
  router.post('/auth/login', attempt(SignInForm, 'Sign in', DESCRIPTIONS.login, (input, ctx) => access.accounts.login(input, ctx.ip), 200, (name) => `Signed in as ${name}.`));

  router.get('/auth/reset', (ctx) =>
    renderPage(ctx, { title: 'Set a new password', description: DESCRIPTIONS.reset, body: <ResetForm values={{}} errors={{}} /> }),
  );
  router.post(
    '/auth/reset',
    page(async (ctx) => {
      const input = await readInput(ctx);
      let reset: PasswordReset;
      try {
        reset = await access.recovery.reset(input, ctx.ip);
      } catch (error) {
        if (!isDomainError(error) || !wantsHtml(ctx)) throw error;
        setRetryAfter(ctx, error);
        // The code is kept as typed (a typo is easier to see than to type again); the password never is.
        const values = { email: input.email ?? '', recovery_code: input.recovery_code ?? '' };
        return renderPage(ctx, {
          title: 'Set a new password',
          description: DESCRIPTIONS.reset,
          status: statusOf(error),
          body: <ResetForm values={values} errors={fieldErrorsOf(error) ?? {}} />,
        });
      }
      setSessionCookie(ctx, baseUrl, reset.session);
      if (wantsHtml(ctx)) {
        return redirectWithFlash(
          ctx,
          '/account',
          'New password set, and you are signed in; every other session is signed out. The recovery code is used up: create a new one below. Agents you approved still work: if someone else may know the old password, revoke them all below.',
        );
      }
      ctx.body = { ...reset.session.principal, sessions_ended: reset.sessions_ended };
    }),
  );

  router.post(
    '/auth/logout',
    page(async (ctx) => {
      await readInput(ctx);
      const sessionId = sessionIdOf(ctx, baseUrl);
      if (sessionId) await access.accounts.logout(sessionId);
      clearSessionCookie(ctx, baseUrl);
      if (wantsHtml(ctx)) return redirectWithFlash(ctx, '/', 'Signed out.');
      ctx.status = 204;
    }),
  );

  reopenFormAddresses(router, {
    '/auth/signup': (_, ctx) => `/signup${nextQuery(ctx)}`,
    '/auth/login': (_, ctx) => `/login${nextQuery(ctx)}`,
  });
};
