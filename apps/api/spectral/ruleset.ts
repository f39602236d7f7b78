/**
 * The Spectral ruleset the served OpenAPI document is linted with (test/openapi-spectral.integration.test.ts):
 * Spectral's own OpenAPI rules and the OWASP API Security Top 10 (2023) rules, every finding an error
 * or a warning failing the test. A rule that does not fit this service is switched off, or narrowed to
 * what it is meant to guard, below, each with its reason.
 */
import type { RuleDefinition, RulesetDefinition } from '@stoplight/spectral-core';
import { oas } from '@stoplight/spectral-rulesets';
import owaspModule from '@stoplight/spectral-owasp-ruleset';

const OPERATIONS = '$.paths[*][get,put,post,delete,patch]';
// The package's types describe its module, not the ruleset object its default export is.
const owasp = owaspModule as unknown as RulesetDefinition & { rules: Record<string, RuleDefinition> };

/** An OWASP rule as written, checking only the places `given` names. */
const narrowed = (name: string, given: string[]) => ({ ...(owasp.rules[name] as object), given }) as RuleDefinition;

/**
 * Every schema of a type on the request side: parameters and request bodies (and what they refer
 * to). Answers are built by the service from what it stored, so their sizes follow from the bounds
 * on what it accepts; the bounds that stop resource exhaustion are those on input.
 */
const requestSchemas = (type: string) =>
  // valibot writes a nullable value as `anyOf` with `null`, never as a list of types, so `type` is one name.
  [`${OPERATIONS}.parameters[*]`, `${OPERATIONS}.requestBody`].map((root) => `${root}..[?(@ && @.type=="${type}")]`);

export const ruleset = {
  extends: [
    [oas as RulesetDefinition, 'recommended'],
    [owasp, 'recommended'],
  ],
  rules: {
    // Every operation has a summary; a description is written where the summary does not say enough.
    'operation-description': 'off',

    // OWASP's `$.paths..responses` also matches a response schema's property named `responses` (a job's
    // responses): these check each operation's own answers.
    'owasp:api8:2023-define-error-responses-401': narrowed('owasp:api8:2023-define-error-responses-401', [`${OPERATIONS}.responses`]),
    'owasp:api8:2023-define-error-responses-500': narrowed('owasp:api8:2023-define-error-responses-500', [`${OPERATIONS}.responses`]),
    'owasp:api8:2023-define-error-validation': narrowed('owasp:api8:2023-define-error-validation', [`${OPERATIONS}.responses`]),

    // Bounds on input: every string, array and integer a client sends is bounded in the document, as
    // the service enforces it (see `requestSchemas` for why answers are left out).
    'owasp:api4:2023-string-limit': narrowed('owasp:api4:2023-string-limit', requestSchemas('string')),
    'owasp:api4:2023-array-limit': narrowed('owasp:api4:2023-array-limit', requestSchemas('array')),
    'owasp:api4:2023-integer-limit': narrowed('owasp:api4:2023-integer-limit', requestSchemas('integer')),
    'owasp:api4:2023-integer-format': narrowed('owasp:api4:2023-integer-format', requestSchemas('integer')),
    // Most input is free text (titles, descriptions, messages) that no pattern describes; strings with a
    // form (ids, handles, dates, currencies) carry their pattern or format where the service checks one.
    'owasp:api4:2023-string-restricted': 'off',

    // Rate limits are described where they are counted: an operation with `x-rate-limit` documents 429
    // and the `RateLimit` / `RateLimit-Policy` headers on its answers. Reads are not counted per caller,
    // and no header is promised where none is sent.
    'owasp:api4:2023-rate-limit': narrowed('owasp:api4:2023-rate-limit', [
      `$.paths[*][?(@ && @['x-rate-limit'])].responses[?(@property.match(/^(2|4)/))]`,
    ]),
    'owasp:api4:2023-rate-limit-responses-429': narrowed('owasp:api4:2023-rate-limit-responses-429', [
      `$.paths[*][?(@ && @['x-rate-limit'])].responses`,
    ]),

    // Open by design: public reads, the device flow's own endpoints (the way to a token), and reports and
    // introductions from visitors, limited per address instead. Every other operation names the OAuth
    // scheme with its scopes or the session, which `oas3-operation-security-defined` checks.
    'owasp:api2:2023-write-restricted': 'off',
    'owasp:api2:2023-read-restricted': 'off',
    // Agent tokens are opaque random strings looked up in the database, not JWTs.
    'owasp:api2:2023-jwt-best-practices': 'off',
    // There are no refresh tokens: an agent token expires (at most 90 days after approval, chosen by the
    // person) and is revoked at once by the person; a new one takes a new approval.
    'owasp:api2:2023-short-lived-access-tokens': 'off',

    // The API and the website are served from one origin, and the few documents meant for other origins
    // (WebFinger) send their own CORS header; no answer needs `Access-Control-Allow-Origin` described.
    'owasp:api8:2023-define-cors-origin': 'off',
    // The server is the running BASE_URL: plain http only for local runs and tests; production is https.
    'owasp:api8:2023-no-server-http': 'off',
  },
} satisfies RulesetDefinition;
