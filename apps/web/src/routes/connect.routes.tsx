import type { Context } from 'koa';
import { requireActor, type AppRouter, type Services } from '@svc/runtime';
import { isDomainError } from '@svc/kernel';
import { DEVICE_CODE_LIFETIME_SECONDS, type PendingConnection } from '@svc/access';
import { ConsentTerms, SelfDeclared } from '../components/access/consent-terms.tsx';
import { ActionButton, Field, Form } from '../kit/form.tsx';
import { redirectWithFlash } from '../kit/flash.ts';
import { renderPage } from '../kit/render.tsx';
import { backOnRefusal, page, readInput, signInFirst, wantsHtml } from '../http/respond.ts';
import { reopenFormAddresses } from '../http/form-addresses.ts';


const Decision = ({ c }: { c: PendingConnection }) => (
  <>
    <h1>Connect “{c.agent_name}”?</h1>
    <p>
      An agent asks to act for you with the code <strong class="code-box" data-copy>{c.user_code}</strong>. Check that this is the code
      your agent shows.
    </p>
    <SelfDeclared
      who="agent"
      facts={[
        ['Name', c.agent_name],
        ['Description', c.description],
        ['Web address', c.agent_url],
        ['Built with', c.built_with],
        ['Model', c.model],
      ]}
    />
    <ConsentTerms scopes={c.scopes} expiresAt={c.token_expires_at} days={c.days} />
    <div class="actions">
      <ActionButton action="/connect/approve" label="Approve" fields={{ user_code: c.user_code }} />
      <ActionButton action="/connect/deny" label="Deny" fields={{ user_code: c.user_code }} variant="secondary" />
    </div>
  </>
);

const CodeForm = ({ problem, code, decided = false }: { problem?: string; code?: string; decided?: boolean }) => (
  <>
    <h1>Connect an agent</h1>
    {decided ? (
      <p>
        <a href="/account/agents">My agents</a> lists the agents acting for you and the approvals waiting for their agent.
      </p>
    ) : null}
    <p>Your agent shows a code such as WDJB-MJHT. Type it here to see what it asks for.</p>
    {/* A refused code is summed up at the form's top and its field takes the focus, as on every refused form. */}
    <Form method="get" action="/connect" values={{ user_code: code ?? '' }} errors={problem ? { '': 'This code leads to no request waiting for your decision.', user_code: problem } : {}}>
      <Field name="user_code" label="Code shown by the agent" required placeholder="WDJB-MJHT" autocomplete="off" />
      <button type="submit">Continue</button>
    </Form>
  </>
);

/** Which way a connection request was decided (`denied`, or `approved` and maybe `consumed` by its agent since), and what follows. */
const decidedAlready = (status: string): string =>
  status === 'denied'
    ? 'This connection request was already denied, or its approval cancelled: the agent gets no access. To act for you, it connects again.'
    : 'This connection request was already approved: the agent collects its token and then shows under My agents.';

const CONNECT_DESCRIPTION = 'Type the code your agent shows to see what it asks to do for you, then approve or deny it.';

/** Where a principal approves or denies an agent's connect request (RFC 8628 verification page). */
export const registerConnectRoutes = (router: AppRouter, { access, baseUrl }: Services): void => {
  router.get(
    '/connect',
    page(async (ctx) => {
      // Signing up or in first keeps this address (and its code) as where to come back to.
      if (signInFirst(ctx)) return;
      const userCode = typeof ctx.query.user_code === 'string' ? ctx.query.user_code.trim() : '';
      if (!userCode) return renderPage(ctx, { title: 'Connect an agent', description: CONNECT_DESCRIPTION, body: <CodeForm /> });
      const pending = await access.deviceFlow.describe(requireActor(ctx, baseUrl), userCode, ctx.ip);
      const problem = !pending
        ? `No connection request has this code. Check the code the agent showed: a code works for ${DEVICE_CODE_LIFETIME_SECONDS / 60} minutes, after that ask the agent to connect again.`
        : pending.expired
          ? 'This code has expired; ask the agent to connect again.'
          : pending.status !== 'pending'
            ? decidedAlready(pending.status)
            : '';
      // A request already decided exists, in a state that refuses a decision (409, as deciding it again answers); an unknown or expired code is not found.
      const decided = Boolean(pending && !pending.expired && pending.status !== 'pending');
      renderPage(ctx, {
        title: 'Connect an agent',
        description: pending && !problem ? `“${pending.agent_name}” asks to act for you: see what it may do, then approve or deny.` : CONNECT_DESCRIPTION,
        status: decided ? 409 : problem ? 404 : 200,
        body: problem || !pending ? <CodeForm problem={problem} code={userCode} decided={decided} /> : <Decision c={pending} />,
      });
    }),
  );

  const decide = (decision: 'approve' | 'deny') =>
    page(async (ctx: Context) => {
      // A refusal (a code that expired meanwhile) leads to the agents; one decided meanwhile, below, too.
      backOnRefusal(ctx, { href: '/account/agents', text: 'My agents' });
      const actor = requireActor(ctx, baseUrl);
      const input = await readInput(ctx);
      let result: PendingConnection;
      try {
        result = await access.deviceFlow[decision](actor, { user_code: input.user_code }, ctx.ip);
      } catch (error) {
        // Decided meanwhile (the other button in another tab, Back and a second click): My agents,
        // saying which way, as the request's page does; nothing was done now.
        const status = isDomainError(error) && error.code === 'invalid_state' && wantsHtml(ctx) ? error.extras.status : undefined;
        if (typeof status !== 'string') throw error;
        return redirectWithFlash(ctx, '/account/agents', `${decidedAlready(status)} Nothing was done now.`);
      }
      if (!wantsHtml(ctx)) {
        ctx.body = { status: decision === 'approve' ? 'approved' : 'denied', connection: result };
        return;
      }
      // Post, redirect, get: My agents lists the decision (the approved agent waits there until it
      // collects its token), and a reload there sends nothing again.
      redirectWithFlash(
        ctx,
        '/account/agents',
        decision === 'approve'
          ? `Connected: “${result.agent_name}” can now collect its token and act for you within what you approved. You can revoke it here any time.`
          : `Denied: “${result.agent_name}” gets no access.`,
      );
    });

  router.post('/connect/approve', decide('approve'));
  router.post('/connect/deny', decide('deny'));

  reopenFormAddresses(router, {
    '/connect/approve': () => '/connect',
    '/connect/deny': () => '/connect',
  });
};
