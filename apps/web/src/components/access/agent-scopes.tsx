import type { GrantView } from '@svc/access';
import { SCOPE_WORDS } from '../words.tsx';
import { Form, type FieldErrors } from '../../kit/form.tsx';

/** The form's box of a scope: `scope_jobs:write`, ticked when the agent keeps it (each box has a name of its own). */
const SCOPE_FIELD = 'scope_';

/** The ticked boxes of the form → the scopes the agent keeps, as the grants service reads them. */
export const scopesFromForm = (form: Record<string, string>): { scopes: string[] } => ({
  scopes: Object.keys(form)
    .filter((name) => name.startsWith(SCOPE_FIELD) && form[name] === 'on')
    .map((name) => name.slice(SCOPE_FIELD.length)),
});

/**
 * The form was drawn before some of what the agent may do was taken away (in another tab, most
 * likely), so it sent a box for a scope the agent no longer holds. Nothing the person chose is
 * wrong: the page says what happened and shows the boxes as they are now.
 */
export const scopesChangedMeanwhile = (grant: GrantView): string =>
  `What “${grant.agent_name}” may do changed since this page was shown (perhaps in another tab), so nothing was saved. ` +
  (grant.scopes.length > 1 ? 'The boxes below show what it may do now, with what you unticked still unticked: choose again and save.' : 'Here it is as it is now.');

/**
 * "Change what it may do": one box per scope the agent holds now, all ticked; the person unticks
 * what to take away. Nothing can be added here: a wider access means the agent connects again.
 * After a refusal the boxes stay as they were sent (after a change meanwhile, those still offered).
 */
export const AgentScopesPage = ({ grant, kept, errors = {} }: { grant: GrantView; kept?: readonly string[]; errors?: FieldErrors }) => {
  const ticked = new Set(kept ?? grant.scopes);
  const error = errors.scopes;
  return (
    <>
      <h1>Change what “{grant.agent_name}” may do</h1>
      {grant.scopes.length > 1 ? (
        <Form action={`/account/grants/${grant.grant_id}/scopes`} errors={errors}>
          {/* A `field` like every other form's, so its hint and its refusal read and look the same. */}
          <fieldset class="field" aria-describedby={error ? 'f-scopes-hint f-scopes-error' : 'f-scopes-hint'}>
            <legend>It may</legend>
            {grant.scopes.map((scope, index) => (
              <label class="check" title={scope}>
                {/* The first box carries the group's id, which the refusal's summary links to and focuses. */}
                <input
                  type="checkbox"
                  name={`${SCOPE_FIELD}${scope}`}
                  value="on"
                  checked={ticked.has(scope)}
                  {...(index === 0 ? { id: 'f-scopes', autofocus: error ? true : undefined, 'aria-invalid': error ? 'true' : undefined } : {})}
                />{' '}
                {SCOPE_WORDS[scope] ?? scope}
              </label>
            ))}
            <small id="f-scopes-hint">
              Untick what it should no longer do; at least one must stay. Its token keeps working, with only what stays ticked, from its next request.
            </small>
            {error ? (
              <small id="f-scopes-error" class="field-error">
                {error}
              </small>
            ) : null}
          </fieldset>
          <div class="actions">
            <button type="submit">Save what it may do</button>
            <a href="/account/agents">Keep it as it is</a>
          </div>
        </Form>
      ) : (
        <>
          {errors[''] ? (
            // No form to hold the message: it takes the focus itself, as a form's own message does.
            <p class="form-error" role="alert" tabindex={-1} autofocus>
              {errors['']}
            </p>
          ) : null}
          <p>
            It may only {(SCOPE_WORDS[grant.scopes[0]!] ?? grant.scopes[0]!).replace(/^./, (c) => c.toLowerCase())}, and an agent keeps at least one thing
          it may do.
          </p>
        </>
      )}
      <p class="muted">
        Nothing can be added here: for more, the agent connects again and you approve it again. To stop it altogether,{' '}
        <a href={`/account/grants/${grant.grant_id}/revoke`}>revoke it</a>.
      </p>
    </>
  );
};
