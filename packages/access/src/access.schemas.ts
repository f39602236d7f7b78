import * as v from 'valibot';
import { boundedInteger, boundedIntegerText, maxChars, minChars, noDirectionControl, notBlank, TEXT_PATTERNS, wholeNumberRange, describedIsoTimestamp } from '@svc/kernel';
import { SCOPES } from './scopes.ts';

/** A token lives at most 90 days (the contract); `days` is checked against it wherever it is sent. */
const MAX_TOKEN_DAYS = 90;

const text = (min: number, max: number) => v.pipe(v.string(), v.trim(), minChars(min), ...notBlank, noDirectionControl, maxChars(max));
const optionalText = (max: number) => v.optional(v.pipe(v.string(), noDirectionControl, maxChars(max)));
/**
 * An agent's or an application's own address, which a person is shown: http or https only (never
 * javascript:, data: or file:). The device flow's `agent_url` and a registered client's `client_uri`,
 * which becomes its grant's `agent_url`. The scheme is the kernel's pattern, its case spelled out, so
 * the OpenAPI document's `pattern` (which takes no flags) says the same.
 */
export const webAddress = (max: number) => v.pipe(v.string(), maxChars(max), noDirectionControl, v.regex(new RegExp(TEXT_PATTERNS.webForm), 'must be an http or https address'), v.url('must be an absolute URI'));

export const email = v.pipe(v.string(), v.trim(), v.toLowerCase(), maxChars(254), v.email('must be an e-mail address'));

const password = v.pipe(v.string(), minChars(10), maxChars(200));
const displayName = text(1, 80);

export const signupSchema = v.strictObject({ display_name: displayName, email, password });

export const renameSchema = v.strictObject({ display_name: displayName });

export const passwordChangeSchema = v.strictObject({
  current_password: v.pipe(v.string(), minChars(1), maxChars(200)),
  new_password: password,
});

/**
 * The e-mail typed to get in: not checked for form, so an address with no account gets the same
 * answer as any other; only one left empty is said to be missing.
 */
const signInEmail = v.pipe(v.string(), v.trim(), v.toLowerCase(), minChars(1), maxChars(254));

export const loginSchema = v.strictObject({
  email: signInEmail,
  password: v.pipe(v.string(), minChars(1), maxChars(200)),
});

export const recoveryCodeCreateSchema = v.strictObject({ current_password: v.pipe(v.string(), maxChars(200)) });

/** A forgotten password replaced with a recovery code; the new password follows sign-up's rules. */
export const passwordResetSchema = v.strictObject({
  email: signInEmail,
  recovery_code: v.pipe(v.string(), v.trim(), minChars(1), maxChars(100)),
  new_password: password,
});

export const connectSchema = v.strictObject({
  agent_name: text(1, 120),
  scopes: v.pipe(
    v.array(v.picklist(SCOPES, `must be one of ${SCOPES.join(', ')}`)),
    v.minLength(1, 'name at least one scope'),
    // No repeats, so never more than every scope.
    v.maxLength(SCOPES.length, `must name at most ${SCOPES.length} scopes`),
    v.check((list) => new Set(list).size === list.length, 'must not repeat a scope'),
  ),
  description: optionalText(1000),
  agent_url: v.optional(webAddress(2048)),
  built_with: optionalText(60),
  model: optionalText(60),
  days: v.optional(boundedInteger(1, MAX_TOKEN_DAYS), 30),
});
export type ConnectInput = v.InferOutput<typeof connectSchema>;

/**
 * The scopes a person leaves an agent with. Only their form is checked here: that they are fewer
 * than the grant holds, and not none, the grants service checks against the grant.
 */
export const narrowScopesSchema = v.strictObject({
  scopes: v.pipe(
    v.array(v.picklist(SCOPES, `must be one of ${SCOPES.join(', ')}`)),
    v.check((list) => new Set(list).size === list.length, 'must not repeat a scope'),
  ),
});

export const deviceCodeSchema = v.strictObject({ device_code: v.pipe(v.string(), minChars(1), maxChars(200)) });

export const userCodeSchema = v.strictObject({ user_code: v.pipe(v.string(), minChars(1), maxChars(20)) });

export const introductionSchema = v.strictObject({
  schema_version: v.literal('1', 'must be "1"'),
  agent_name: text(1, 120),
  purpose: optionalText(240),
  client_name: optionalText(120),
  client_version: optionalText(64),
  built_with: optionalText(120),
  model: optionalText(120),
  agent_url: v.optional(webAddress(2048)),
  agent_card_url: v.optional(webAddress(2048)),
});
export type IntroductionInput = v.InferOutput<typeof introductionSchema>;

// ---- Output: the public shapes of the access operations. ----

const scopeList = v.array(v.picklist(SCOPES));

/** `POST /api/v1/agent/connect` (RFC 8628 names). */
export const connectAnswerSchema = v.object({
  device_code: v.string(),
  user_code: v.pipe(v.string(), v.regex(/^[A-Z]{4}-[A-Z]{4}$/)),
  verification_uri: v.pipe(v.string(), v.url()),
  verification_uri_complete: v.pipe(v.string(), v.url()),
  expires_in: v.pipe(v.number(), v.integer()),
  interval: v.pipe(v.number(), v.integer()),
});

/** `POST /api/v1/agent/token` once approved: the token, shown once. */
export const tokenAnswerSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_at: describedIsoTimestamp,
  expires_in: v.pipe(v.number(), v.integer()),
  scopes: scopeList,
  grant_id: v.string(),
  principal_id: v.string(),
});

/** A grant as its principal (and its own agent) sees it; agent details are self-declared. */
export const grantViewSchema = v.object({
  grant_id: v.string(),
  agent_name: v.string(),
  description: v.nullable(v.string()),
  agent_url: v.nullable(v.string()),
  built_with: v.nullable(v.string()),
  model: v.nullable(v.string()),
  scopes: scopeList,
  created_at: describedIsoTimestamp,
  expires_at: describedIsoTimestamp,
  revoked_at: v.nullable(describedIsoTimestamp),
  last_used_at: v.nullable(describedIsoTimestamp),
  status: v.picklist(['active', 'expired', 'revoked']),
});

/** A principal's public face, with the link to their profile. */
export const principalSchema = v.object({ principal_id: v.string(), display_name: v.string(), profile: v.pipe(v.string(), v.url()) });

/** `POST /api/v1/agent-introductions`: grants nothing. */
export const introductionAnswerSchema = v.object({
  introduction_id: v.string(),
  evidence: v.literal('self_declared'),
  next_action: v.literal('continue_public_browsing'),
  instructions_url: v.pipe(v.string(), v.url()),
  expires_at: describedIsoTimestamp,
});

const formText = (max: number) => v.optional(v.pipe(v.string(), noDirectionControl, maxChars(max)));

/**
 * `POST /api/v1/oauth/device_authorization` (RFC 8628 §3.1, form-encoded): `client_id` is the agent's
 * name, `scope` the scopes separated by spaces; the connect details are accepted as extra parameters.
 * Unknown parameters are ignored, as RFC 6749 §3.2 asks.
 */
export const deviceAuthorizationFormSchema = v.object({
  client_id: v.pipe(v.string(), noDirectionControl, maxChars(120), v.description('The agent\'s name, shown to the person (agent_name)')),
  // Every scope once, separated by spaces, is under 120 characters; the bound leaves room for spacing.
  scope: v.pipe(v.string(), maxChars(500), v.description('Scopes separated by spaces, e.g. `jobs:write account:read`')),
  description: formText(1000),
  agent_url: formText(2048),
  built_with: formText(60),
  model: formText(60),
  // RFC 6749 §3.1: a parameter sent without a value is as if it were not sent.
  days: v.optional(
    v.pipe(
      v.union([v.literal(''), boundedIntegerText(1, MAX_TOKEN_DAYS)], wholeNumberRange(1, MAX_TOKEN_DAYS)),
      v.description('Token lifetime in days, 1-90 (default 30)'),
    ),
  ),
});

/** `POST /api/v1/oauth/token` (RFC 8628 §3.4, form-encoded). */
export const deviceTokenFormSchema = v.object({
  grant_type: v.pipe(v.string(), maxChars(100), v.description('`urn:ietf:params:oauth:grant-type:device_code`')),
  device_code: v.pipe(v.string(), maxChars(200)),
  client_id: v.optional(v.pipe(v.string(), maxChars(120))),
});

export const DEVICE_CODE_GRANT_TYPE = 'urn:ietf:params:oauth:grant-type:device_code';

/** The RFC 6749 §5.1 token response, with this service's own members beside. */
export const oauthTokenAnswerSchema = v.object({
  access_token: v.string(),
  token_type: v.literal('Bearer'),
  expires_in: v.pipe(v.number(), v.integer()),
  scope: v.pipe(v.string(), v.description('The granted scopes, separated by spaces')),
  expires_at: describedIsoTimestamp,
  grant_id: v.string(),
  principal_id: v.string(),
});
