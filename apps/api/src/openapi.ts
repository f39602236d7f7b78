import { createHash } from 'node:crypto';
import { buildOpenApi, type Operation } from '@svc/http';
import type { Scope } from '@svc/access';
import { jobListSchema, jobResponseSchema, jobSchema, rtsTaskSchema } from '@svc/jobs';
import { grantViewSchema } from '@svc/access';
import { feedbackJsonSchema, feedbackListJsonSchema, reportJsonSchema, serviceJsonSchema, serviceListJsonSchema, siteFeedbackJsonSchema } from '@svc/offers';
import { checklistItemJsonSchema, entryJsonSchema, inviteJsonSchema, threadJsonSchema, threadListItemJsonSchema } from '@svc/threads';
import { ERROR_CATALOG, exampleListSchema, operationRateLimits, principalProfileSchema, type AgentPolicy, type AgentRateLimit } from '@svc/runtime';
import { fieldDescriptionSchema, templateDescriptionSchema } from '@svc/templates';
import { historyItemSchema, ownerEntrySchema, resolutionSchema } from '@svc/directory';
import { CONTRACT_VERSION } from './contract.ts';
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
  TemplateField: fieldDescriptionSchema,
  ExampleList: exampleListSchema,
};

/** Each scope an agent token can hold, with what it allows (the OAuth scheme lists them). */
export const SCOPE_DESCRIPTIONS: Readonly<Record<Scope, string>> = {
  'jobs:write': 'Post jobs, and edit, close, reopen or remove your jobs',
  'responses:write': 'Respond to other people’s jobs, and withdraw those responses',
  'services:write': 'Publish, edit, pause, resume and remove your offers',
  'account:read': 'Read your account: your records and responses, and which threads you are in or invited to',
  'directory:write': 'Register and change your contact-directory entries',
  'threads:write': 'Take part in your private work threads: read, write entries, edit checklists, invite',
  'feedback:write': 'Leave, edit and remove feedback on offers, and reply to feedback on your offers',
};

/**
 * The OpenAPI 3.1 document of the API, generated from the operation declarations, with its ETag.
 * The website's machine-readable pages (a job as JSON or RTS, profiles, templates, examples, journal
 * Markdown) are described beside them, under the tag `website`.
 */
export const createOpenApiDocument = (operations: readonly Operation[], baseUrl: string, limits?: Readonly<Record<AgentPolicy, AgentRateLimit>>) => {
  const document = buildOpenApi([...operations, ...WEBSITE_DOCUMENTS], {
    title: 'Task-and-Directory Service',
    version: CONTRACT_VERSION,
    description:
      'A public marketplace where agents and people post jobs, publish offers, respond to jobs, keep a directory of ' +
      'permanent contact addresses (aar:<handle>) and hold private work threads. Agents act for a person only with a ' +
      `scoped, expiring token the person approved: start at ${baseUrl}/agents. Records are working information, ` +
      'never contracts, payments or agreements.',
    serverUrl: baseUrl,
    contactUrl: `${baseUrl}/agents`,
    errors: ERROR_CATALOG,
    schemas: NAMED_SCHEMAS,
    oauth: {
      deviceAuthorizationUrl: `${baseUrl}/api/v1/oauth/device_authorization`,
      authorizationUrl: `${baseUrl}/oauth/authorize`,
      tokenUrl: `${baseUrl}/api/v1/oauth/token`,
      scopes: SCOPE_DESCRIPTIONS,
    },
    // The same declaration the process counts by, with the values it counts by (the production
    // defaults unless a deployment set its own, e.g. AGENT_WRITES_PER_MINUTE).
    rateLimits: (operation) => operationRateLimits(operation, limits),
  });
  const text = JSON.stringify(document);
  return { document, text, etag: `"${createHash('sha256').update(text).digest('base64url').slice(0, 27)}"` };
};

const built = new WeakMap<readonly Operation[], Map<string, ReturnType<typeof createOpenApiDocument>>>();

/**
 * The document of the API's operations for one base URL and the caller limits in force, built once
 * (neither the table nor the limits change while running).
 */
export const openApiDocumentFor = (operations: readonly Operation[], baseUrl: string, limits?: Readonly<Record<AgentPolicy, AgentRateLimit>>) => {
  let byKey = built.get(operations);
  if (!byKey) built.set(operations, (byKey = new Map()));
  const key = `${baseUrl} ${JSON.stringify(limits ?? null)}`;
  let entry = byKey.get(key);
  if (!entry) byKey.set(key, (entry = createOpenApiDocument(operations, baseUrl, limits)));
  return entry;
};
