import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { ENDED_GRANTS_SHOWN_DAYS, type GrantView, type IssuedRecoveryCode, type RecoveryCodeStatus } from '@svc/access';
import { isDomainError, notFound, requireHuman, type Actor, type DomainError } from '@svc/kernel';
import { statusOf } from '@svc/http';
import { AgentScopesPage, scopesChangedMeanwhile, scopesFromForm } from '../components/access/agent-scopes.tsx';
import { KeepRecoveryCode, RecoveryCodeSection } from '../components/access/recovery-code.tsx';
import { SCOPE_WORDS, Status } from '../components/words.tsx';
import { EmptyState, StackedTable } from '../kit/blocks.tsx';
import { ActionButton, Field, fieldErrorsOf, Form, type FieldErrors, type FormValues } from '../kit/form.tsx';
import { redirectWithFlash, setFlashData, takeFlashData } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { SUPPORT_HOME } from '../kit/places.ts';
import { ConfirmLink, ConfirmPage } from '../kit/confirm.tsx';
import { Time } from '../kit/time.tsx';
import { isFormPost, page, readInput, signInFirst, wantsHtml, wayWhenGone } from '../http/respond.ts';
import { clearSessionCookie, sessionIdOf } from '../http/session-cookie.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';

type Account = Awaited<ReturnType<Services['access']['principals']['account']>>;

type AccountForm = 'name' | 'password' | 'recovery';

const AccountPage = ({
  account,
  recovery,
  values = {},
  errors = {},
  form,
  agentsLive,
}: {
  account: Account;
  recovery: RecoveryCodeStatus;
  /** Whether any agent may act for the person now, or has an approval waiting: else there is nothing to revoke. */
  agentsLive: boolean;
  values?: FormValues;
  errors?: FieldErrors;
  form?: AccountForm;
}) => (
  <>
    <h1>Your account</h1>
    <dl class="facts">
      <dt>Display name</dt>
      <dd>{account.display_name}</dd>
      <dt>E-mail</dt>
      <dd>
        {account.email} <span class="muted">(private, shown only here)</span>
      </dd>
      <dt>Joined</dt>
      <dd>
        <Time iso={account.joined_at} mode="day" />
      </dd>
    </dl>
    <p class="actions">
      <a href={account.profile}>Your public profile</a>
      <a href="/my">Everything of mine</a>
      <a href="/my/jobs">My jobs</a>
      <a href="/my/responses">My responses</a>
      <a href="/my/services">My offers</a>
      <a href="/my/directory">My directory entries</a>
      <a href="/threads">Threads</a>
      <a href="/account/agents">My agents</a>
      <a href="/connect">Connect an agent</a>
    </p>
    {account.is_support ? (
      <p>
        You are on the support team: <a href={SUPPORT_HOME}>Support pages</a> (reports, hidden feedback, site feedback and directory moderation).
      </p>
    ) : null}
    <h2>Change your display name</h2>
    <Form action="/account/name" values={form === 'name' ? values : { display_name: account.display_name }} errors={form === 'name' ? errors : {}}>
      <Field name="display_name" label="Display name" required maxLength={80} autocomplete="name" hint="Shown publicly; changes at once everywhere." />
      <button type="submit">Save the name</button>
    </Form>
    <h2>Change your password</h2>
    <Form action="/account/password" errors={form === 'password' ? errors : {}}>
      <Field name="current_password" label="Current password" type="password" required autocomplete="current-password" />
      <Field name="new_password" label="New password" type="password" required minLength={10} autocomplete="new-password" hint="At least 10 characters." />
      <button type="submit">Change the password</button>
    </Form>
    <p class="muted">Changing it signs you out everywhere else. Agents you approved keep working until you revoke them.</p>
    <RecoveryCodeSection status={recovery} errors={form === 'recovery' ? errors : {}} />
    <h2>Sessions and agents</h2>
    <p>
      A sign-in lasts 30 days, and ends sooner after 7 days without use. If someone else may have used your account, sign out
      everywhere{agentsLive ? ' and revoke every agent' : ''}.
    </p>
    <div class="actions">
      <ActionButton action="/account/sign-out-everywhere" label="Sign out everywhere" variant="secondary" />
      {agentsLive ? <ConfirmLink href="/account/grants/revoke-all">Revoke every agent</ConfirmLink> : null}
    </div>
    {agentsLive ? null : (
      <p class="muted">
        No agent can act for you now, so there is none to revoke. <a href="/account/agents">My agents</a> lists the ones you approved before.
      </p>
    )}
  </>
);

/** What an agent may do, in words, each with its scope's name as a tooltip. */
const ScopeList = ({ scopes }: { scopes: readonly string[] }) => (
  <ul>
    {scopes.map((scope) => (
      <li title={scope}>{SCOPE_WORDS[scope] ?? scope}</li>
    ))}
  </ul>
);

/** Agents approved that have not collected their token yet: they have no grant until they do, so they are listed apart, each with a way to cancel. */
const WaitingTable = ({ waiting }: { waiting: Awaited<ReturnType<Services['access']['deviceFlow']['uncollected']>> }) => (
  <section aria-labelledby="waiting-heading">
    <h2 id="waiting-heading">Approved, waiting for the agent</h2>
    <p class="muted">You approved these; each gets its token when it next asks (within 15 minutes of connecting). Until then, you can still cancel.</p>
    <StackedTable columns={['Agent', 'May', 'Approved', <span class="visually-hidden">Action</span>]}>
      {waiting.map((connection) => (
        <tr>
          <td data-label="Agent">
            <strong>{connection.agent_name}</strong>
          </td>
          <td data-label="May">
            <ScopeList scopes={connection.scopes} />
          </td>
          <td data-label="Approved">
            <Time iso={connection.approved_at} />
          </td>
          <td>
            <ConfirmLink href={`/account/connections/${connection.id}/cancel`}>Cancel</ConfirmLink>
          </td>
        </tr>
      ))}
    </StackedTable>
  </section>
);

/** The agent's self-declared name, and what it says it is built with. */
const AgentCell = ({ grant }: { grant: GrantView }) => (
  <td data-label="Agent">
    <strong>{grant.agent_name}</strong>
    {grant.built_with || grant.model ? (
      <small class="muted">
        <br />
        Self-declared: {[grant.built_with, grant.model].filter(Boolean).join(', ')}
      </small>
    ) : null}
  </td>
);

/** The agents that may act for the person now, each with its ways to change or stop that. */
const GrantsTable = ({ grants }: { grants: GrantView[] }) => (
  <StackedTable columns={['Agent', 'May', 'Expires', 'Last used', <span class="visually-hidden">Actions</span>]}>
    {grants.map((grant) => (
      <tr>
        <AgentCell grant={grant} />
        <td data-label="May">
          <ScopeList scopes={grant.scopes} />
        </td>
        <td data-label="Expires">
          <Time iso={grant.expires_at} />
        </td>
        <td data-label="Last used">{grant.last_used_at ? <Time iso={grant.last_used_at} /> : 'Never'}</td>
        <td>
          <div class="actions">
            {/* One scope left cannot be narrowed: an agent keeps at least one, so revoking is the way. */}
            {grant.scopes.length > 1 ? (
              <a href={`/account/grants/${grant.grant_id}/scopes`} class="button secondary small">
                Change what it may do…
              </a>
            ) : null}
            <a href={`/account/grants/${grant.grant_id}/revoke`} class="button secondary small">
              Revoke…
            </a>
          </div>
        </td>
      </tr>
    ))}
  </StackedTable>
);

/** Whether a grant's revocation came before its expiry, and so ended it (ISO times compare as text). */
const revokedFirst = (grant: GrantView): grant is GrantView & { revoked_at: string } => grant.revoked_at !== null && grant.revoked_at < grant.expires_at;

/** When a grant stopped working: its revocation, or its expiry if that came first. */
const endOf = (grant: GrantView): string => (revokedFirst(grant) ? grant.revoked_at : grant.expires_at);

/** Revoked and expired agents, apart from the live ones and in the order the grants service gives (the latest to end first). */
const EndedTable = ({ grants }: { grants: GrantView[] }) => (
  <section aria-labelledby="ended-heading">
    <h2 id="ended-heading">Ended</h2>
    <p class="muted">
      These agents can no longer act for you. Agents whose access ended more than {ENDED_GRANTS_SHOWN_DAYS} days ago are not shown.
    </p>
    <StackedTable columns={['Agent', 'Could', 'Ended', 'Last used']}>
      {grants.map((grant) => (
        <tr>
          <AgentCell grant={grant} />
          <td data-label="Could">
            <ScopeList scopes={grant.scopes} />
          </td>
          <td data-label="Ended">
            <Status value={revokedFirst(grant) ? 'revoked' : 'expired'} /> <Time iso={endOf(grant)} />
          </td>
          <td data-label="Last used">{grant.last_used_at ? <Time iso={grant.last_used_at} /> : 'Never'}</td>
        </tr>
      ))}
    </StackedTable>
  </section>
);

/** The flash data holding a new recovery code, shown once on its own page. */
const NEW_RECOVERY_CODE = 'recovery_code';

/** The principal's own account (the only place their e-mail address is shown) and the agents they connected. */
const ACCOUNT_DESCRIPTION = 'Your account: your display name, your password, your agents and your own records.';

export const registerAccountRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  const person = (ctx: Context): Actor => {
    const actor = requireActor(ctx, baseUrl);
    requireHuman(actor);
    return actor;
  };

  /**
   * Whether revoking every agent would revoke anything: a live grant, or an approval an agent has not
   * collected yet (which it revokes too). An OAuth code waits only the seconds its application takes to
   * exchange it, so it is not looked for: a moment later it is a grant.
   */
  const agentsLiveOf = async (actor: Actor): Promise<boolean> => {
    const [grants, waiting] = await Promise.all([access.grants.list(actor), access.deviceFlow.uncollected(actor)]);
    return waiting.length > 0 || grants.some((grant) => grant.status === 'active');
  };

  /** The account page, with a refused form's values and messages when there is one. */
  const accountPage = async (ctx: Context, actor: Actor, refused?: { form: AccountForm; values: FormValues; error: DomainError }) => {
    const [account, recovery, agentsLive] = await Promise.all([access.principals.account(actor), access.recovery.status(actor), agentsLiveOf(actor)]);
    renderPage(ctx, {
      title: 'Your account',
      description: ACCOUNT_DESCRIPTION,
      ...(refused ? { status: statusOf(refused.error) } : {}),
      body: (
        <AccountPage account={account} recovery={recovery} agentsLive={agentsLive} values={refused?.values} errors={(refused && fieldErrorsOf(refused.error)) ?? {}} form={refused?.form} />
      ),
    });
  };

  router.get(
    '/account',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      await accountPage(ctx, person(ctx));
    }),
  );

  /** A refused change comes back on the account page with the message beside its field. */
  const change = (form: AccountForm, run: (actor: Actor, input: Record<string, string>, ctx: Context) => Promise<unknown>, done: string) =>
    page(async (ctx) => {
      const actor = person(ctx);
      const input = await readInput(ctx);
      try {
        await run(actor, input, ctx);
      } catch (error) {
        if (!isDomainError(error) || !wantsHtml(ctx)) throw error;
        return accountPage(ctx, actor, { form, values: input, error });
      }
      if (wantsHtml(ctx)) return redirectWithFlash(ctx, '/account', done);
      ctx.status = 204;
    });

  router.post('/account/name', change('name', (actor, input) => access.principals.rename(actor, input), 'Display name changed.'));
  router.post(
    '/account/password',
    change(
      'password',
      // A person always comes with the session cookie: the one session the change keeps.
      (actor, input, ctx) => access.accounts.changePassword(actor, input, sessionIdOf(ctx, baseUrl) ?? ''),
      'Password changed, and every other session signed out. Agents you approved still work: if someone else may know the old password, revoke them all below.',
    ),
  );

  // The new code is shown once, on the page the form redirects to (kept a minute in a cookie of the
  // person's and read once): a reload there shows the account page, never makes a second code that
  // would silently replace the one just written down. Scripts get the code as the answer.
  router.get(
    '/account/recovery-code',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const issued = takeFlashData(ctx, NEW_RECOVERY_CODE) as IssuedRecoveryCode | null;
      if (!issued || typeof issued.recovery_code !== 'string') return ctx.redirect('/account');
      ctx.set('Cache-Control', 'no-store');
      renderPage(ctx, {
        title: 'Keep this recovery code',
        description: 'Your new recovery code, shown only now: keep it to set a new password if you forget yours.',
        body: <KeepRecoveryCode issued={issued} />,
      });
    }),
  );
  router.post(
    '/account/recovery-code',
    page(async (ctx) => {
      const actor = person(ctx);
      const input = await readInput(ctx);
      let issued: IssuedRecoveryCode;
      try {
        issued = await access.recovery.create(actor, input);
      } catch (error) {
        if (!isDomainError(error) || !wantsHtml(ctx)) throw error;
        return accountPage(ctx, actor, { form: 'recovery', values: {}, error });
      }
      ctx.set('Cache-Control', 'no-store');
      if (!wantsHtml(ctx)) {
        ctx.body = issued;
        return;
      }
      setFlashData(ctx, NEW_RECOVERY_CODE, issued);
      ctx.status = 303;
      ctx.redirect('/account/recovery-code');
    }),
  );

  router.post(
    '/account/sign-out-everywhere',
    page(async (ctx) => {
      const actor = person(ctx);
      await readInput(ctx);
      const ended = await access.accounts.endAllSessions(actor);
      clearSessionCookie(ctx, baseUrl);
      if (wantsHtml(ctx)) return redirectWithFlash(ctx, '/login', 'Signed out everywhere, here too.');
      ctx.body = ended;
    }),
  );

  router.get(
    '/account/grants/revoke-all',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      // Nothing to revoke (Back after revoking them all, an old link): the account page says so, rather than asking.
      if (!(await agentsLiveOf(person(ctx)))) return redirectWithFlash(ctx, '/account', 'No agent can act for you now: there is none to revoke.');
      renderPage(ctx, {
        title: 'Revoke every agent?',
        description: 'Revoke every agent that may act for you: each token stops working on its next request.',
        body: (
          <ConfirmPage question="Revoke every agent?" action="/account/grants/revoke-all" confirm="Yes, revoke them all" back="/account" keep="Keep them">
            <p>
              Every agent you approved stops working on its next request. This cannot be undone: each agent would have to connect again and
              you would approve it again. To stop just one, revoke it under <a href="/account/agents">My agents</a>.
            </p>
          </ConfirmPage>
        ),
      });
    }),
  );

  router.post(
    '/account/grants/revoke-all',
    page(async (ctx) => {
      const actor = person(ctx);
      await readInput(ctx);
      const revoked = await access.grants.revokeAll(actor);
      if (wantsHtml(ctx)) {
        const n = revoked.grants_revoked;
        return redirectWithFlash(ctx, '/account', n === 0 ? 'No agent had access.' : `${n === 1 ? 'One agent' : `${n} agents`} can no longer act for you.`);
      }
      ctx.body = revoked;
    }),
  );

  router.get(
    '/account/agents',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      const [grants, waiting] = await Promise.all([access.grants.list(person(ctx)), access.deviceFlow.uncollected(person(ctx))]);
      const active = grants.filter((grant) => grant.status === 'active');
      const ended = grants.filter((grant) => grant.status !== 'active');
      renderPage(ctx, {
        title: 'My agents',
        description: 'The agents you let act for you, with their scopes and expiry; narrow or revoke any of them at once.',
        body: (
          <>
            <h1>My agents</h1>
            <p>
              Agents act for you only with what you approved. Taking something away or revoking holds from the agent’s very next request.
            </p>
            {waiting.length ? <WaitingTable waiting={waiting} /> : null}
            {active.length ? (
              <GrantsTable grants={active} />
            ) : waiting.length ? null : (
              <EmptyState title="No agents connected yet.">
                <p>
                  An agent connects through <a href="/agents">the agent instructions</a>; you then approve its code at{' '}
                  <a href="/connect">Connect an agent</a>.
                </p>
              </EmptyState>
            )}
            {ended.length ? <EndedTable grants={ended} /> : null}
          </>
        ),
      });
    }),
  );

  // JSON for scripts with the session cookie (docs/access.md); a browser is shown the agents page.
  router.get('/account/grants', async (ctx) => {
    if (wantsHtml(ctx)) return ctx.redirect('/account/agents');
    ctx.body = { grants: await access.grants.list(person(ctx)) };
  });

  // Cancelling an approval cannot be undone (the agent must connect again), so it asks first.
  router.get(
    '/account/connections/:id/cancel',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, { href: '/account/agents', text: 'My agents', why: 'If you cancelled it just now, or the agent has collected its token, it no longer waits.' });
      const connection = (await access.deviceFlow.uncollected(person(ctx))).find((c) => c.id === ctx.params.id);
      if (!connection) throw notFound('connection');
      renderPage(ctx, {
        title: `Cancel ${connection.agent_name}?`,
        description: `Cancel your approval of “${connection.agent_name}” before it collects its token.`,
        body: (
          <ConfirmPage question={`Cancel “${connection.agent_name}”?`} action={`/account/connections/${connection.id}/cancel`} confirm="Yes, cancel it" back="/account/agents">
            <p>The agent gets no token: its next request for one is refused. To let it act for you later, it connects again and you approve it again.</p>
          </ConfirmPage>
        ),
      });
    }),
  );

  router.post(
    '/account/connections/:id/cancel',
    page(async (ctx) => {
      const actor = person(ctx);
      await readInput(ctx);
      await access.deviceFlow.cancelUncollected(actor, ctx.params.id);
      redirectWithFlash(ctx, '/account/agents', 'Approval cancelled: that agent gets no token.');
    }),
  );

  /** Where a grant's page leads when the grant is not there (any more). */
  const TO_MY_AGENTS = { href: '/account/agents', text: 'My agents', why: `My agents lists the agents you approved, and those that ended in the last ${ENDED_GRANTS_SHOWN_DAYS} days.` };

  /** The person's grant named in the address; someone else's is `not_found`. */
  const grantOf = (ctx: Context): Promise<GrantView> => access.grants.getOwn(person(ctx), ctx.params.id!);

  const renderScopesPage = (ctx: Context, grant: GrantView, refused?: { kept: string[] | undefined; errors: FieldErrors; status: number }) =>
    renderPage(ctx, {
      title: `Change what ${grant.agent_name} may do`,
      description: `Take away some of what “${grant.agent_name}” may do for you; it holds from its next request.`,
      ...(refused ? { status: refused.status } : {}),
      body: <AgentScopesPage grant={grant} kept={refused?.kept} errors={refused?.errors ?? {}} />,
    });

  // Only ever narrower: the form offers the scopes the agent holds now, and the service refuses any other.
  router.get(
    '/account/grants/:id/scopes',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, TO_MY_AGENTS);
      const grant = await grantOf(ctx);
      if (grant.status !== 'active') return redirectWithFlash(ctx, '/account/agents', `“${grant.agent_name}” can no longer act for you: there is nothing left to change.`);
      renderScopesPage(ctx, grant);
    }),
  );

  router.post(
    '/account/grants/:id/scopes',
    page(async (ctx) => {
      const actor = person(ctx);
      const input = await readInput(ctx);
      // A form ticks a box per scope kept; a script sends `{"scopes": [...]}`.
      const asked = isFormPost(ctx) ? scopesFromForm(input) : input;
      let grant: GrantView;
      try {
        grant = await access.grants.narrow(actor, ctx.params.id, asked);
      } catch (error) {
        // A refused choice comes back on the form, the boxes as they were sent; any other refusal is its error page.
        if (!isDomainError(error) || error.code !== 'validation_failed' || !wantsHtml(ctx)) throw error;
        const now = await grantOf(ctx);
        const { scopes: kept } = scopesFromForm(input);
        // The form offers only what the agent held when it was drawn: a box for anything else means
        // that was taken away since (another tab), not that the person asked for more. 409: nothing
        // sent is wrong, the page was out of date; the boxes are the agent's now, unticked where the person unticked.
        if (kept.some((scope) => !now.scopes.includes(scope))) {
          const still = kept.filter((scope) => now.scopes.includes(scope));
          return renderScopesPage(ctx, now, { kept: still.length ? still : undefined, errors: { '': scopesChangedMeanwhile(now) }, status: 409 });
        }
        return renderScopesPage(ctx, now, { kept, errors: fieldErrorsOf(error) ?? {}, status: statusOf(error) });
      }
      if (!wantsHtml(ctx)) {
        ctx.body = { grant };
        return;
      }
      const n = grant.scopes.length;
      redirectWithFlash(ctx, '/account/agents', `Saved: from its next request, “${grant.agent_name}” may do only ${n === 1 ? 'the one thing' : `the ${n} things`} listed.`);
    }),
  );

  // The confirmation step: revoking cannot be undone, so it is a page of its own before the change.
  router.get(
    '/account/grants/:id/revoke',
    page(async (ctx) => {
      if (signInFirst(ctx)) return;
      wayWhenGone(ctx, TO_MY_AGENTS);
      const grant = await grantOf(ctx);
      // An ended agent has nothing left to revoke: Back after revoking leads on to My agents, where it shows under Ended.
      if (grant.status !== 'active') {
        return redirectWithFlash(ctx, '/account/agents', `“${grant.agent_name}” ${grant.status === 'revoked' ? 'is revoked' : 'has expired'}: its token no longer works.`);
      }
      renderPage(ctx, {
        title: `Revoke ${grant.agent_name}?`,
        description: `Revoke “${grant.agent_name}”: its token stops working on its next request.`,
        body: (
          <>
            <h1>Revoke “{grant.agent_name}”?</h1>
            <p>
              Its token stops working on its next request. This cannot be undone; the agent would have to connect again and you would
              approve it again.
            </p>
            <div class="actions">
              <ActionButton action={`/account/grants/${grant.grant_id}/revoke`} label="Yes, revoke it" variant="danger" />
              <a href="/account/agents">Keep it</a>
            </div>
          </>
        ),
      });
    }),
  );

  router.post(
    '/account/grants/:id/revoke',
    page(async (ctx) => {
      const actor = person(ctx);
      await readInput(ctx);
      const grant = await access.grants.revoke(actor, ctx.params.id);
      if (wantsHtml(ctx)) return redirectWithFlash(ctx, '/account/agents', `“${grant.agent_name}” can no longer act for you.`);
      ctx.body = { revoked: true, grant };
    }),
  );

  reopenFormAddresses(router, {
    '/account/name': () => '/account',
    '/account/password': () => '/account',
  });
};
