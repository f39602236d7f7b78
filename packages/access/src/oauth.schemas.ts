import * as v from 'valibot';
import { maxChars, minChars, noDirectionControl, notBlank } from '@svc/kernel';
import { oauthTokenAnswerSchema, webAddress } from './access.schemas.ts';

const formText = (max: number) => v.optional(v.pipe(v.string(), maxChars(max)));

/**
 * `POST /api/v1/oauth/register` (RFC 7591 §2): a public client's metadata. Members this service does
 * not use (logo_uri, contacts, software_id, …) are accepted and ignored, as §2 asks; the addresses
 * among them must still be web addresses.
 */
export const registrationSchema = v.looseObject({
  client_name: v.pipe(v.string(), v.trim(), minChars(1), ...notBlank, noDirectionControl, maxChars(120), v.description('Shown to the person on the consent page and their agents page')),
  redirect_uris: v.pipe(
    v.array(v.pipe(v.string(), maxChars(2048))),
    v.minLength(1, 'must name at least one redirect URI'),
    v.maxLength(10, 'may name at most 10 redirect URIs'),
    v.description("https URIs, or http on a loopback address (127.0.0.1, [::1], localhost) for native apps; matched exactly, but for a loopback one's port, which may be any at authorization (RFC 8252 §7.3)"),
  ),
  // RFC 7591 §2: web pages a person may be shown; whatever is sent must be one (invalid_client_metadata, §3.2.2).
  client_uri: v.optional(v.pipe(webAddress(2048), v.description('http or https; shown to the person on the consent page and their agents page'))),
  logo_uri: v.optional(v.pipe(webAddress(2048), v.description('http or https; accepted and not used'))),
  policy_uri: v.optional(v.pipe(webAddress(2048), v.description('http or https; accepted and not used'))),
  tos_uri: v.optional(v.pipe(webAddress(2048), v.description('http or https; accepted and not used'))),
  token_endpoint_auth_method: v.optional(v.pipe(v.string(), maxChars(100), v.description('Only `none`: clients are public and get no secret'))),
  grant_types: v.optional(v.pipe(v.array(v.pipe(v.string(), maxChars(100))), v.maxLength(10, 'may name at most 10 grant types'))),
  response_types: v.optional(v.pipe(v.array(v.pipe(v.string(), maxChars(100))), v.maxLength(10, 'may name at most 10 response types'))),
  scope: v.optional(v.pipe(v.string(), maxChars(1000))),
});

/** RFC 7591 §3.2.1: the registered client, without a secret. */
export const registrationAnswerSchema = v.object({
  client_id: v.string(),
  client_id_issued_at: v.pipe(v.number(), v.integer()),
  client_name: v.string(),
  redirect_uris: v.array(v.string()),
  client_uri: v.optional(v.string()),
  grant_types: v.array(v.string()),
  response_types: v.array(v.string()),
  token_endpoint_auth_method: v.literal('none'),
});

/** The authorization request's query (RFC 6749 §4.1.1, RFC 7636 §4.3, RFC 8707 §2), checked one by one by the service. */
export const authorizationRequestSchema = v.object({
  client_id: formText(200),
  redirect_uri: formText(2048),
  response_type: formText(100),
  code_challenge: formText(200),
  code_challenge_method: formText(20),
  scope: formText(1000),
  state: formText(2000),
  resource: formText(2048),
});
export type AuthorizationRequest = v.InferOutput<typeof authorizationRequestSchema>;

/**
 * What of the authorization request is read first: whom an error may be sent back to. Until the
 * client and its redirect URI are trusted, nothing is redirected (RFC 6749 §4.1.2.1).
 */
export const authorizationTargetSchema = v.object({
  client_id: authorizationRequestSchema.entries.client_id,
  redirect_uri: authorizationRequestSchema.entries.redirect_uri,
});

/**
 * `POST /api/v1/oauth/token`, form-encoded: one of the three grants, by `grant_type` (RFC 6749 §4.1.3
 * with RFC 7636's `code_verifier`, §6, RFC 8628 §3.4). Unknown parameters are ignored (RFC 6749 §3.2).
 */
export const tokenFormSchema = v.object({
  grant_type: v.pipe(v.string(), maxChars(100), v.description('`authorization_code`, `refresh_token` or `urn:ietf:params:oauth:grant-type:device_code`')),
  code: formText(200),
  code_verifier: formText(200),
  redirect_uri: formText(2048),
  refresh_token: formText(200),
  device_code: formText(200),
  client_id: formText(200),
  resource: formText(2048),
  scope: formText(1000),
});

/** The token response; the authorization code and refresh grants add a refresh token. */
export const oauthGrantAnswerSchema = v.object({
  ...oauthTokenAnswerSchema.entries,
  refresh_token: v.optional(v.pipe(v.string(), v.description('Use once with grant_type=refresh_token; each use answers a new one'))),
});

/** `POST /api/v1/oauth/revoke` (RFC 7009 §2.1): an access or refresh token; either ends the whole grant. */
export const revocationFormSchema = v.object({
  token: v.pipe(v.string(), maxChars(600)),
  token_type_hint: formText(40),
  client_id: formText(200),
});

