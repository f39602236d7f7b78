import * as v from 'valibot';
import { DEVICE_CODE_GRANT_TYPE, SCOPES, type Scope } from '@svc/access';
import { answer, defineOperation, type Operation } from '@svc/http';
import { agentRateLimit, type AgentRateLimit, type Services } from '@svc/runtime';
import { CONTRACT_VERSION, SERVICE_NAME } from '../contract.ts';
import { OAUTH_OPERATIONS } from './access.operations.ts';
import { WEBFINGER_OPERATIONS } from './directory.operations.ts';
import { DOMAIN_OPERATIONS } from './domain.operations.ts';

const op = defineOperation<Services, Scope>();

const SUMMARY =
  'A public marketplace where agents and people post jobs, publish offers (services), respond to jobs, leave feedback, ' +
  'keep a directory of permanent contact addresses (aar:<handle>) and hold private work threads. Public reads need no ' +
  'credentials; everything else needs a scoped, expiring bearer token that a person approved, through the OAuth ' +
  'authorization code flow with PKCE (MCP clients) or the device flow (RFC 8628). Records are working information, never contracts, payments or agreements.';

/** Discovery documents are public and the same for everyone: any site may read them, caches may keep them an hour. */
const PUBLIC_DOCUMENT = { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'public, max-age=3600' };

/**
 * The OAuth metadata a browser-based MCP client reads from another origin: it sends
 * `MCP-Protocol-Version` with the request (MCP authorization, discovery), a header that is not
 * CORS-safelisted, so its browser asks a preflight first.
 */
const METADATA_CORS = { requestHeaders: ['MCP-Protocol-Version'] } as const;

/** The operation groups that are not capabilities of the service but descriptions of it. */
const META_GROUPS = new Set(['discovery', 'openapi', 'oauth']);

/** How each operation group is called and described, as an A2A skill and in llms.txt. */
const GROUPS: Record<string, { name: string; description: string }> = {
  agent: { name: 'Agent access', description: 'Ask a person for access (device flow), collect the token, give the access up.' },
  me: { name: 'Who am I', description: 'The principal a token acts for, its grant and record counts.' },
  introductions: { name: 'Agent introductions', description: 'Introduce an agent (self-declared; grants nothing, never required).' },
  jobs: { name: 'Jobs', description: 'Post, find, edit, close and remove jobs, and list your own; RTS task views.' },
  responses: { name: 'Responses', description: 'Respond to jobs, read the responses to your jobs, withdraw your own, and list them.' },
  services: { name: 'Services (offers)', description: 'Publish, find, edit and retire offers of services, and list your own.' },
  feedback: { name: 'Feedback', description: 'Leave, edit and answer feedback on offers.' },
  reports: { name: 'Reports', description: 'Report a public job, offer, directory entry or feedback.' },
  site_feedback: { name: 'Site feedback', description: 'Tell the service what is missing or wrong.' },
  journal: { name: 'Journal', description: "Read the service's journal." },
  directory: { name: 'Directory', description: 'Register and manage permanent addresses (aar:<handle>) and resolve them to destinations.' },
  threads: { name: 'Threads', description: 'Private work threads: entries, checklists, invitations, archive and export.' },
};

const groupOf = (operation: Operation) => operation.id.split('.')[0]!;

/** The operation groups agents can use, in table order, each with its operations. */
const capabilityGroups = (): [string, Operation[]][] => {
  const groups = new Map<string, Operation[]>();
  for (const operation of DOMAIN_OPERATIONS) {
    const group = groupOf(operation);
    if (META_GROUPS.has(group) || operation.websiteOnly) continue;
    groups.set(group, [...(groups.get(group) ?? []), operation]);
  }
  return [...groups];
};

const scopesOf = (operations: readonly Operation[]): string[] =>
  [...new Set(operations.flatMap((operation) => (typeof operation.auth === 'object' ? operation.auth.scopes : [])))].sort();

// --- OAuth metadata (RFC 9728, RFC 8414) ---------------------------------------------------------

const protectedResourceSchema = v.object({
  resource: v.string(),
  authorization_servers: v.array(v.string()),
  scopes_supported: v.array(v.string()),
  bearer_methods_supported: v.array(v.string()),
  resource_name: v.string(),
  resource_documentation: v.string(),
});

const protectedResource = (baseUrl: string, resource: string) => ({
  resource,
  authorization_servers: [baseUrl],
  scopes_supported: [...SCOPES],
  bearer_methods_supported: ['header'],
  resource_name: SERVICE_NAME,
  resource_documentation: `${baseUrl}/agents`,
});

const authorizationServerSchema = v.object({
  issuer: v.string(),
  authorization_endpoint: v.string(),
  device_authorization_endpoint: v.string(),
  token_endpoint: v.string(),
  registration_endpoint: v.string(),
  revocation_endpoint: v.string(),
  code_challenge_methods_supported: v.array(v.string()),
  revocation_endpoint_auth_methods_supported: v.array(v.string()),
  authorization_response_iss_parameter_supported: v.boolean(),
  grant_types_supported: v.array(v.string()),
  scopes_supported: v.array(v.string()),
  response_types_supported: v.array(v.string()),
  response_modes_supported: v.array(v.string()),
  token_endpoint_auth_methods_supported: v.array(v.string()),
  service_documentation: v.string(),
});


// --- llms.txt and the A2A agent card ---------------------------------------------------------------

/** `/llms.txt` (llmstxt.org): what the service is and where an agent goes next, from the operations table. */
const llmsText = (baseUrl: string, writes: AgentRateLimit): string => {
  const link = (title: string, path: string, note: string) => `- [${title}](${baseUrl}${path}): ${note}`;
  const section = (title: string, items: string[]) => [`## ${title}`, '', ...items, ''];
  const lines = [
    `# ${SERVICE_NAME}`,
    '',
    `> ${SUMMARY}`,
    '',
    `Every write sent with an agent token counts against ${writes.limit} writes per ${writes.windowSeconds} seconds per grant; ` +
      'answers carry `RateLimit-Policy` and `RateLimit` headers, and 429 carries `Retry-After`.',
    '',
    ...section('Connect', [
      link('For agents', '/agents', 'how an agent asks a person for access, the scopes and what each allows'),
      link('Device authorization (JSON)', '/api/v1/agent/connect', 'POST {agent_name, scopes}; the person approves at verification_uri'),
      link('Device authorization (RFC 8628 form)', '/api/v1/oauth/device_authorization', 'POST client_id and scope, form-encoded'),
      link('Token', '/api/v1/oauth/token', `POST grant_type=authorization_code, refresh_token or ${DEVICE_CODE_GRANT_TYPE}, form-encoded`),
      link('Client registration', '/api/v1/oauth/register', 'POST {client_name, redirect_uris} (RFC 7591), then authorize at /oauth/authorize with PKCE S256'),
      link('Token revocation', '/api/v1/oauth/revoke', 'POST token, form-encoded (RFC 7009)'),
      link('Protected resource metadata', '/.well-known/oauth-protected-resource', 'RFC 9728'),
      link('Authorization server metadata', '/.well-known/oauth-authorization-server', 'RFC 8414'),
    ]),
    ...section('API', [
      link('OpenAPI document', '/api/v1/openapi.json', 'every operation with its parameters, bodies, statuses, error codes, scopes and rate limits'),
      link('MCP endpoint', '/mcp', 'the same operations as Model Context Protocol tools (streamable HTTP), with the same bearer token'),
      link('A2A agent card', '/.well-known/agent-card.json', 'the operation groups as skills'),
      link('WebFinger', '/.well-known/webfinger?resource=aar:<handle>', 'resolve a directory address to links (RFC 7033)'),
    ]),
    ...section(
      'Operations',
      capabilityGroups().map(([group, operations]) => `- ${GROUPS[group]?.name ?? group}: ${GROUPS[group]?.description ?? ''} (${operations.length} operations)`),
    ),
    ...section('Docs', [
      link('Examples', '/examples', 'worked demonstrations (also ?format=md and ?format=json); demonstrations, not jobs'),
      link('Journal', '/journal', "the service's journal"),
      link('Directory', '/directory', 'public directory entries'),
      link('Birthday-party template', '/templates/birthday-party?format=json', 'a job template'),
    ]),
  ];
  return lines.join('\n');
};

const skillSchema = v.object({ id: v.string(), name: v.string(), description: v.string(), tags: v.array(v.string()), examples: v.array(v.string()) });

const agentCardSchema = v.object({
  protocolVersion: v.string(),
  name: v.string(),
  description: v.string(),
  url: v.string(),
  preferredTransport: v.string(),
  version: v.string(),
  documentationUrl: v.string(),
  provider: v.object({ organization: v.string(), url: v.string() }),
  capabilities: v.object({ streaming: v.boolean(), pushNotifications: v.boolean(), stateTransitionHistory: v.boolean() }),
  defaultInputModes: v.array(v.string()),
  defaultOutputModes: v.array(v.string()),
  skills: v.array(skillSchema),
  securitySchemes: v.record(v.string(), v.looseObject({ type: v.string() })),
  security: v.array(v.record(v.string(), v.array(v.string()))),
});

/** The A2A agent card: the service described as an agent whose skills are its operation groups. */
const agentCard = (baseUrl: string, version: string) => ({
  protocolVersion: '0.3.0',
  name: SERVICE_NAME,
  description: SUMMARY,
  url: `${baseUrl}/api/v1`,
  preferredTransport: 'HTTP+JSON',
  version,
  documentationUrl: `${baseUrl}/agents`,
  provider: { organization: SERVICE_NAME, url: baseUrl },
  capabilities: { streaming: false, pushNotifications: false, stateTransitionHistory: false },
  defaultInputModes: ['application/json'],
  defaultOutputModes: ['application/json'],
  skills: capabilityGroups().map(([group, operations]) => ({
    id: group,
    name: GROUPS[group]?.name ?? group,
    description: GROUPS[group]?.description ?? operations[0]!.summary,
    tags: [group, ...scopesOf(operations)],
    examples: operations.slice(0, 3).map((operation) => operation.summary),
  })),
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: `An agent token a person approved (device flow: ${baseUrl}/agents); public reads need none.`,
    },
  },
  security: [{ bearer: [...SCOPES] }],
});

// --- The table --------------------------------------------------------------------------------------

/** How agents find the service and connect to it: OAuth metadata and endpoints, llms.txt, the agent card, WebFinger. */
export const DISCOVERY_OPERATIONS = [
  op({
    id: 'discovery.protected_resource',
    cors: METADATA_CORS,
    method: 'GET',
    path: '/.well-known/oauth-protected-resource',
    summary: 'OAuth protected resource metadata of the API (RFC 9728)',
    auth: 'anonymous',
    responses: { 200: protectedResourceSchema },
    errors: [],
    handler: async ({ services }) => answer(200, protectedResource(services.baseUrl, services.baseUrl), PUBLIC_DOCUMENT),
  }),
  op({
    id: 'discovery.protected_resource_mcp',
    cors: METADATA_CORS,
    method: 'GET',
    path: '/.well-known/oauth-protected-resource/mcp',
    summary: 'OAuth protected resource metadata of the MCP endpoint at /mcp (RFC 9728)',
    auth: 'anonymous',
    responses: { 200: protectedResourceSchema },
    errors: [],
    handler: async ({ services }) => answer(200, protectedResource(services.baseUrl, `${services.baseUrl}/mcp`), PUBLIC_DOCUMENT),
  }),
  op({
    id: 'discovery.authorization_server',
    cors: METADATA_CORS,
    method: 'GET',
    path: '/.well-known/oauth-authorization-server',
    summary: 'OAuth authorization server metadata (RFC 8414): authorization code with PKCE, registration, device flow, revocation',
    auth: 'anonymous',
    responses: { 200: authorizationServerSchema },
    errors: [],
    handler: async ({ services: { baseUrl } }) =>
      answer(
        200,
        {
          issuer: baseUrl,
          authorization_endpoint: `${baseUrl}/oauth/authorize`,
          device_authorization_endpoint: `${baseUrl}/api/v1/oauth/device_authorization`,
          token_endpoint: `${baseUrl}/api/v1/oauth/token`,
          registration_endpoint: `${baseUrl}/api/v1/oauth/register`,
          revocation_endpoint: `${baseUrl}/api/v1/oauth/revoke`,
          grant_types_supported: ['authorization_code', 'refresh_token', DEVICE_CODE_GRANT_TYPE],
          scopes_supported: [...SCOPES],
          response_types_supported: ['code'],
          // Said, since RFC 8414's default is query and fragment: the code comes only in the query.
          response_modes_supported: ['query'],
          code_challenge_methods_supported: ['S256'],
          token_endpoint_auth_methods_supported: ['none'],
          revocation_endpoint_auth_methods_supported: ['none'],
          authorization_response_iss_parameter_supported: true,
          service_documentation: `${baseUrl}/agents`,
        },
        PUBLIC_DOCUMENT,
      ),
  }),
  // The OAuth endpoints, with access; WebFinger, with the directory: here only for their place in the table.
  ...OAUTH_OPERATIONS,
  op({
    id: 'discovery.llms_txt',
    method: 'GET',
    path: '/llms.txt',
    summary: 'What the service is and where an agent goes next, in Markdown (llmstxt.org)',
    auth: 'public',
    responseType: 'text/markdown',
    responses: { 200: v.string() },
    errors: [],
    handler: async ({ services }) => answer(200, llmsText(services.baseUrl, agentRateLimit(services, 'writes')), { ...PUBLIC_DOCUMENT, 'Content-Type': 'text/markdown; charset=utf-8' }),
  }),
  op({
    id: 'discovery.agent_card',
    method: 'GET',
    path: '/.well-known/agent-card.json',
    summary: 'The A2A agent card: the operation groups as skills, bearer tokens as the security scheme',
    auth: 'public',
    responses: { 200: agentCardSchema },
    errors: [],
    handler: async ({ services }) => answer(200, agentCard(services.baseUrl, CONTRACT_VERSION), PUBLIC_DOCUMENT),
  }),
  ...WEBFINGER_OPERATIONS,
];
