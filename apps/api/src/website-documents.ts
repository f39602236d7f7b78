import * as v from 'valibot';
import { ID_MAX_CHARS, maxChars } from '@svc/kernel';
import type { OperationDeclaration } from '@svc/http';
import { jobSchema, rtsTaskSchema } from '@svc/jobs';
import { exampleListSchema, principalProfileSchema } from '@svc/runtime';
import { templateDescriptionSchema } from '@svc/templates';

/** `format` of a page that also answers in a machine-readable form. */
const format = <const T extends string>(values: readonly [T, ...T[]], description: string) =>
  // Optional: without it the same address is the page itself (WITHOUT_FORMAT).
  v.object({ format: v.optional(v.pipe(v.picklist(values), v.description(description))) });

const WITHOUT_FORMAT = 'Without `format` (or with another value) the same address is the web page, in HTML.';

/**
 * What the website serves to machines beside its pages, which the contract names and llms.txt links:
 * described in the OpenAPI document next to the API's operations, served by the website's routes
 * (never routed by the API, never MCP tools). Each entry here must match what its route sends;
 * apps/worker/test/serve.documents.integration.test.ts holds them to it.
 */
export const WEBSITE_DOCUMENTS: OperationDeclaration[] = [
  {
    id: 'website.job',
    method: 'GET',
    path: '/jobs/{id}',
    summary: 'A job as JSON (format=json, the Job of the API) or as an RTS 0.2 task (format=rts, not an RTS agreement)',
    description: `The same answers as \`GET /api/v1/jobs/{id}\` and \`GET /api/v1/jobs/{id}/rts\`. ${WITHOUT_FORMAT}`,
    auth: 'public',
    request: {
      params: v.object({ id: v.pipe(v.string(), maxChars(ID_MAX_CHARS), v.description('The job id (`job_…`)')) }),
      query: format(['json', 'rts'], '`json`: the Job; `rts`: the job as an RTS 0.2 task'),
    },
    responses: { 200: v.union([jobSchema, rtsTaskSchema]) },
    errors: ['validation_failed', 'not_found', 'removed'],
  },
  {
    id: 'website.principal',
    method: 'GET',
    path: '/principals/{id}',
    summary: "A principal's public profile as JSON: name, join date, open jobs and active offers (never an e-mail address)",
    description: WITHOUT_FORMAT,
    auth: 'public',
    request: {
      params: v.object({ id: v.pipe(v.string(), maxChars(ID_MAX_CHARS), v.description('The principal id (`prn_…`)')) }),
      query: format(['json'], '`json`: the profile'),
    },
    responses: { 200: principalProfileSchema },
    errors: ['validation_failed', 'not_found'],
  },
  {
    id: 'website.template',
    method: 'GET',
    path: '/templates/{id}',
    summary: 'A job template as JSON: its details fields with types and limits, the fields it fills, its clause and an example',
    description: `Also answered as JSON to \`Accept: application/json\`. ${WITHOUT_FORMAT}`,
    auth: 'public',
    request: {
      params: v.object({ id: v.pipe(v.string(), maxChars(ID_MAX_CHARS), v.description('The template id, e.g. `birthday-party`')) }),
      query: format(['json'], '`json`: the description'),
    },
    responses: { 200: templateDescriptionSchema },
    errors: ['validation_failed', 'not_found'],
  },
  {
    id: 'website.examples',
    method: 'GET',
    path: '/examples',
    summary: 'Worked demonstrations of using the service, as JSON (format=json) or Markdown (format=md): demonstrations, not jobs',
    description: WITHOUT_FORMAT,
    auth: 'public',
    request: { query: format(['json', 'md'], '`json`: the examples as JSON; `md`: one Markdown document (text/markdown; charset=utf-8)') },
    responses: { 200: exampleListSchema },
    alsoAnswers: { 'text/markdown': v.pipe(v.string(), v.description('format=md: the notice, then each example as a section')) },
    errors: [],
  },
  {
    id: 'website.journal_entry',
    method: 'GET',
    path: '/journal/{slug}',
    summary: 'A journal entry as Markdown (format=md); GET /api/v1/journal lists them with this address as markdown_url',
    description: WITHOUT_FORMAT,
    auth: 'public',
    request: {
      params: v.object({ slug: v.pipe(v.string(), maxChars(ID_MAX_CHARS), v.description('The entry slug, from the journal list')) }),
      query: format(['md'], '`md`: the entry (text/markdown; charset=utf-8)'),
    },
    responseType: 'text/markdown',
    responses: { 200: v.pipe(v.string(), v.description('The entry: its title as a heading, then its text')) },
    errors: ['validation_failed', 'not_found'],
  },
];
