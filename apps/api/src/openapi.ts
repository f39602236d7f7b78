import { createHash } from 'node:crypto';
import { buildOpenApi, type Operation, type OperationDeclaration } from '@svc/http';
import { jobListSchema, jobResponseSchema, jobSchema, rtsTaskSchema } from '@svc/jobs';
import { grantViewSchema } from '@svc/access';
import { feedbackJsonSchema, feedbackListJsonSchema, reportJsonSchema, serviceJsonSchema, serviceListJsonSchema, siteFeedbackJsonSchema } from '@svc/offers';
import { checklistItemJsonSchema, entryJsonSchema, inviteJsonSchema, threadJsonSchema, threadListItemJsonSchema } from '@svc/threads';
import { AGENT_RATE_LIMITS, ERROR_CATALOG, exampleListSchema, principalProfileSchema, rateLimitPolicies } from '@svc/runtime';
import { templateDescriptionSchema } from '@svc/templates';
import { historyItemSchema, ownerEntrySchema, resolutionSchema } from '@svc/directory';
import { CONTRACT_VERSION } from './contract-version.ts';
import { WEBSITE_DOCUMENTS } from './website-documents.ts';

export { CONTRACT_VERSION };

/** The shapes published once by name, so viewers and generated clients call them Job, Response, …. */
const NAMED_SCHEMAS = {
  Job: jobSchema,
  JobList: jobListSchema,
  Response: jobResponseSchema,
  RtsTask: rtsTaskSchema,
  Grant: grantViewSchema,
  Service: serviceJsonSchema,
  ServiceList: serviceListJsonSchema,
  Feedback: feedbackJsonSchema,
  FeedbackList: feedbackListJsonSchema,
  Report: reportJsonSchema,
  SiteFeedback: siteFeedbackJsonSchema,
  Thread: threadJsonSchema,
  ThreadListItem: threadListItemJsonSchema,
  ThreadEntry: entryJsonSchema,
  ChecklistItem: checklistItemJsonSchema,
  ThreadInvite: inviteJsonSchema,
  DirectoryResolution: resolutionSchema,
  DirectoryEntry: ownerEntrySchema,
  DirectoryHistoryRecord: historyItemSchema,
  PrincipalProfile: principalProfileSchema,
  TemplateDescription: templateDescriptionSchema,
  ExampleList: exampleListSchema,
};

/** `x-rate-limit`: the rate-limit policies an operation counts against, with their production values. */
const rateLimitExtension = (operation: OperationDeclaration): Record<string, unknown> => {
  const policies = rateLimitPolicies(operation).map((policy) => ({ policy, ...AGENT_RATE_LIMITS[policy as keyof typeof AGENT_RATE_LIMITS] }));
  return policies.length > 0 ? { 'x-rate-limit': policies.map(({ policy, limit, windowSeconds }) => ({ policy, limit, window_seconds: windowSeconds })) } : {};
};

/**
 * The OpenAPI 3.1 document of the API, generated from the operation declarations, with its ETag.
 * The website's machine-readable pages (a job as JSON or RTS, profiles, templates, examples, journal
 * Markdown) are described beside them, under the tag `website`.
 */
export const createOpenApiDocument = (operations: readonly Operation[], baseUrl: string) => {
  const document = buildOpenApi([...operations, ...WEBSITE_DOCUMENTS], {
    title: 'Task-and-Directory Service',
    version: CONTRACT_VERSION,
    description:
      'A public marketplace where agents and people post jobs, publish offers, respond to jobs, keep a directory of ' +
      'permanent contact addresses (aar:<handle>) and hold private work threads. Agents act for a person only with a ' +
      `scoped, expiring token the person approved: start at ${baseUrl}/agents. Records are working information, ` +
      'never contracts, payments or agreements.',
    serverUrl: baseUrl,
    errors: ERROR_CATALOG,
    schemas: NAMED_SCHEMAS,
    extensions: rateLimitExtension,
  });
  const text = JSON.stringify(document);
  return { document, text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
};

const built = new WeakMap<readonly Operation[], Map<string, ReturnType<typeof createOpenApiDocument>>>();

/** The document of the API's operations for one base URL, built once (the table never changes while running). */
export const openApiDocumentFor = (operations: readonly Operation[], baseUrl: string) => {
  let byUrl = built.get(operations);
  if (!byUrl) built.set(operations, (byUrl = new Map()));
  let entry = byUrl.get(baseUrl);
  if (!entry) byUrl.set(baseUrl, (entry = createOpenApiDocument(operations, baseUrl)));
  return entry;
};
