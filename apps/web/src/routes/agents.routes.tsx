import type { AppRouter, Services } from '@svc/runtime';
import { SCOPE_WORDS } from '../components/words.tsx';
import { StackedTable } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';

/**
 * Where agents and their tools find the service: the documents of docs/agents.md. The page links
 * those a browser can open; endpoints only a client posts to, and the WebFinger address pattern, are
 * written out as addresses instead (a link there answered 405 or 404).
 */
const DISCOVERY_LINKS: readonly { key: string; path: string; title: string; openable?: false }[] = [
  { key: 'llms_txt', path: '/llms.txt', title: 'llms.txt: the service in one Markdown page' },
  { key: 'openapi_json', path: '/api/v1/openapi.json', title: 'The OpenAPI document' },
  { key: 'mcp', path: '/mcp', title: 'The MCP endpoint (streamable HTTP, same bearer token)', openable: false },
  { key: 'agent_card', path: '/.well-known/agent-card.json', title: 'The A2A agent card' },
  { key: 'protected_resource', path: '/.well-known/oauth-protected-resource', title: 'OAuth protected resource metadata (RFC 9728)' },
  { key: 'authorization_server', path: '/.well-known/oauth-authorization-server', title: 'OAuth authorization server metadata (RFC 8414)' },
  { key: 'device_authorization', path: '/api/v1/oauth/device_authorization', title: 'Device authorization, form-encoded (RFC 8628)', openable: false },
  { key: 'webfinger', path: '/.well-known/webfinger?resource=aar:example', title: 'WebFinger for directory addresses (RFC 7033)', openable: false },
  { key: 'examples', path: '/examples', title: 'Examples' },
];

/** The instructions for agent authors (where 401 answers point), as a page or as JSON. */
export const registerAgentsRoutes = (router: AppRouter, { baseUrl }: Services): void => {
  router.get('/agents', (ctx) => {
    const steps = {
      connect: `POST ${baseUrl}/api/v1/agent/connect {"agent_name", "scopes": [...], "days"}`,
      approve: 'Show the user_code to your principal; they approve it at verification_uri.',
      poll: `POST ${baseUrl}/api/v1/agent/token {"device_code"} every "interval" seconds until it answers 200.`,
      call: 'Send "Authorization: Bearer <access_token>" on every call.',
    };
    // MCP clients and apps that can open the person's browser: the authorization code grant (docs/mcp.md).
    const codeFlow = {
      register: `POST ${baseUrl}/api/v1/oauth/register {"client_name", "redirect_uris": [...]} (RFC 7591)`,
      authorize: `Open ${baseUrl}/oauth/authorize?response_type=code&client_id=…&redirect_uri=…&code_challenge=…&code_challenge_method=S256&scope=…&state=… in the person's browser.`,
      token: `POST ${baseUrl}/api/v1/oauth/token grant_type=authorization_code&code=…&code_verifier=…&redirect_uri=…&client_id=… (form-encoded); refresh with grant_type=refresh_token.`,
    };
    if (ctx.accepts('json', 'html') === 'json') {
      ctx.body = {
        steps,
        authorization_code: codeFlow,
        scopes_docs: `${baseUrl}/agents`,
        introductions: `${baseUrl}/api/v1/agent-introductions`,
        openapi: `${baseUrl}/api/v1/openapi.json`,
        ...Object.fromEntries(DISCOVERY_LINKS.map(({ key, path }) => [key, `${baseUrl}${path}`])),
      };
      return;
    }
    renderPage(ctx, {
      title: 'For agents',
      description: 'How an agent acts for a person: ask for access with the device flow (or, for MCP clients, the authorization code flow), collect a scoped token, call the API; with every scope in plain words.',
      body: (
        <>
          <h1>Acting for a person</h1>
          <p>
            Public reads need no token. To post, respond or read a person’s records, an agent asks that person for access. The flow
            is the OAuth device flow (RFC 8628) with JSON bodies. The machine-readable description of every operation is{' '}
            <a href="/api/v1/openapi.json">the OpenAPI document</a>.
          </p>
          <ol class="steps">
            <li>
              <strong>Ask for access.</strong> <code>{steps.connect}</code>
            </li>
            <li>
              <strong>The person approves.</strong> {steps.approve} They see your name, your self-declared details, every scope in plain
              words and the expiry.
            </li>
            <li>
              <strong>Collect the token.</strong> <code>{steps.poll}</code>
            </li>
            <li>
              <strong>Call the API.</strong> {steps.call} A token lasts at most 90 days and stops on the next request after it is
              revoked.
            </li>
          </ol>
          <h2 id="authorization-code">MCP clients and apps with a browser</h2>
          <p>
            An MCP client, or any app that can open the person’s browser, connects with the OAuth authorization code flow with PKCE
            (S256) instead. Its first call to <code>{`${baseUrl}/mcp`}</code> answers 401 with a <code>WWW-Authenticate</code> header naming the{' '}
            <a href="/.well-known/oauth-protected-resource/mcp">protected resource metadata</a>, which leads to the{' '}
            <a href="/.well-known/oauth-authorization-server">authorization server metadata</a>.
          </p>
          <ol class="steps">
            <li>
              <strong>Register.</strong> <code>{codeFlow.register}</code>
            </li>
            <li>
              <strong>The person approves.</strong> {codeFlow.authorize} They see the same consent as above; the browser comes back to
              your redirect URI with <code>code</code> and <code>state</code>.
            </li>
            <li>
              <strong>Exchange the code.</strong> <code>{codeFlow.token}</code> The grant lasts 30 days; each refresh token works once
              and comes back with a new one.
            </li>
          </ol>
          <h2>Scopes</h2>
          <StackedTable columns={['Scope', 'What it lets the agent do']}>
            {Object.entries(SCOPE_WORDS).map(([scope, words]) => (
              <tr>
                <td data-label="Scope">
                  <code>{scope}</code>
                </td>
                <td data-label="Allows">{words}</td>
              </tr>
            ))}
          </StackedTable>
          <p>Scope is never enough on its own: every owned record is also checked for ownership.</p>
          <h2>For machines</h2>
          <ul>
            {DISCOVERY_LINKS.map(({ path, title, openable }) => (
              <li>
                {openable === false ? (
                  <>
                    {title}: <code>{`${baseUrl}${path}`}</code>
                  </>
                ) : (
                  <a href={path}>{title}</a>
                )}
              </li>
            ))}
          </ul>
          <h2>Introductions</h2>
          <p>
            An introduction (<code>POST /api/v1/agent-introductions</code>) is optional, self-declared and grants nothing.
          </p>
        </>
      ),
    });
  });
};
