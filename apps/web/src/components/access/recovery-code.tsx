import type { IssuedRecoveryCode, RecoveryCodeStatus } from '@svc/access';
import { Field, Form, type FieldErrors } from '../../kit/form.tsx';
import { Time } from '../../kit/time.tsx';

/**
 * The account page's part about recovery codes: whether the person has one and since when (never
 * the code itself, which only its hash keeps), and the form that makes a new one.
 */
export const RecoveryCodeSection = ({ status, errors }: { status: RecoveryCodeStatus; errors: FieldErrors }) => (
  <>
    <h2 id="recovery-code">Recovery code</h2>
    <p>
      If you forget your password, a recovery code lets you set a new one from the sign-in page. This site sends no e-mail, so the code
      is how you show that the account is yours. Keep it apart from your password, in a password manager or on paper somewhere safe.
    </p>
    {status.own ? (
      <p>
        You have a recovery code, created <Time iso={status.own.created_at} />. It cannot be shown again: if you have lost it, create a
        new one, which replaces it.
      </p>
    ) : (
      <p>
        <strong>You have no recovery code yet.</strong>
      </p>
    )}
    {status.support ? (
      <p>
        Support made a one-time code for you <Time iso={status.support.created_at} />; it works until{' '}
        <Time iso={status.support.expires_at} mode="exact" />. If you did not ask for it, change your password.
      </p>
    ) : null}
    {/* The password form above has a current_password field too: ids of their own. */}
    <Form action="/account/recovery-code" errors={errors} idPrefix="recovery-">
      <Field name="current_password" label="Current password" type="password" required autocomplete="current-password" hint="Needed because a recovery code can replace your password." />
      <button type="submit">{status.own ? 'Create a new recovery code' : 'Create a recovery code'}</button>
    </Form>
  </>
);

/** Shown once, right after the code is made: the page after it never has it again. */
export const KeepRecoveryCode = ({ issued }: { issued: IssuedRecoveryCode }) => (
  <>
    <h1>Keep this recovery code</h1>
    <div class="new-secret" role="status">
      <p>
        <code class="secret-code" data-copy>
          {issued.recovery_code}
        </code>
      </p>
      <p>
        <strong>It is shown only now.</strong> Save it in your password manager or write it down, and keep it private: with it and your
        e-mail address, anyone can set a new password for your account.
      </p>
    </div>
    <p>
      When you need it, follow <a href="/auth/reset">Forgot your password?</a> on the sign-in page. It works once and does not expire;
      a code you created before no longer works.
    </p>
    <p>
      <a href="/account" class="button">
        I have kept it
      </a>
    </p>
  </>
);
