import * as v from 'valibot';
import { reasonOf, toIssues, validationFailed, withReason, type ValidationIssue } from '@svc/kernel';
import { describeSchema, type FieldDescription } from './describe-schema.ts';

/** The job fields a template fills in when the poster left them blank (names as in the Job JSON). */
export interface JobFill {
  title: string;
  outcome: string;
  scope: string;
  deliverables: string;
  completion_checklist: string[];
  tags: string[];
}

/** What a template makes of a job's `details`. */
export interface TemplateExpansion {
  /** The validated, normalised details, stored on the job as `template.details`. */
  details: Record<string, unknown>;
  /** Defaults for the blank job fields; fields the poster gave are kept. */
  fill: JobFill;
  /** Text that is always part of the job's `constraints`, whatever the poster wrote. */
  constraintsClause: string;
}

/** The fields of one field's description, as `describeSchema` writes them (`FieldDescription`). */
const fieldEntries = {
  name: v.optional(v.string()),
  type: v.string(),
  required: v.optional(v.boolean()),
  default: v.optional(v.unknown()),
  description: v.optional(v.string()),
  format: v.optional(v.string()),
  pattern: v.optional(v.string()),
  integer: v.optional(v.boolean()),
  minimum: v.optional(v.number()),
  maximum: v.optional(v.number()),
  min_length: v.optional(v.number()),
  max_length: v.optional(v.number()),
  min_items: v.optional(v.number()),
  max_items: v.optional(v.number()),
  one_of: v.optional(v.array(v.unknown())),
  unknown_fields: v.optional(v.picklist(['refused', 'allowed'])),
};

/**
 * One field of a details schema, as the template description shows it; a nested field (an object's
 * `fields`, an array's `items`) is described by this same schema, to any depth (published as
 * `TemplateField`, which refers to itself).
 */
export const fieldDescriptionSchema: v.GenericSchema<FieldDescription> = v.pipe(
  v.object({
    ...fieldEntries,
    items: v.optional(v.lazy(() => fieldDescriptionSchema)),
    fields: v.optional(v.array(v.lazy(() => fieldDescriptionSchema))),
  }),
  v.description('One field of a details schema: its type, limits and description; an object describes its `fields` and an array its `items` the same way.'),
);

const FILLED_FIELD_NAMES = ['title', 'outcome', 'scope', 'deliverables', 'completion_checklist', 'tags'] as const;

/** `GET /templates/{id}?format=json`, for the OpenAPI document (the shape of `TemplateDescription`). */
export const templateDescriptionSchema = v.object({
  id: v.string(),
  title: v.string(),
  description: v.string(),
  details: fieldDescriptionSchema,
  fills_when_blank: v.array(v.picklist(FILLED_FIELD_NAMES)),
  constraints_clause: v.string(),
  example: v.object({
    details: v.record(v.string(), v.unknown()),
    defaults: v.object({
      title: v.string(),
      outcome: v.string(),
      scope: v.string(),
      deliverables: v.string(),
      completion_checklist: v.array(v.string()),
      tags: v.array(v.string()),
    }),
  }),
});

/** What `GET /templates/{id}?format=json` returns. */
export interface TemplateDescription {
  id: string;
  title: string;
  description: string;
  details: FieldDescription;
  fills_when_blank: (keyof JobFill)[];
  constraints_clause: string;
  example: { details: Record<string, unknown>; defaults: JobFill };
}

/**
 * A structured job type: a details schema plus the job content it fills in.
 *
 * @example
 * ```ts
 * const expansion = birthdayParty.expand({ date: '2026-12-05', guest_count: 12, general_area: 'Camden, London' });
 * expansion.fill.title; // "Plan a birthday party in Camden, London — 12 guests"
 * ```
 */
export interface JobTemplate {
  /** A slug, used as `template` in job input. */
  readonly id: string;
  readonly title: string;
  readonly description: string;
  /** Validates `details`; unknown keys are refused. */
  readonly detailsSchema: v.GenericSchema;
  /** Validates `details` (problems are `validation_failed` with paths under `details.`) and expands them. */
  expand(details: unknown): TemplateExpansion;
  /** The readable JSON description: details fields with types and limits, defaults, clause, an example. */
  describe(): TemplateDescription;
}

/** What a template file declares; `defineTemplate` adds validation and the description. */
export interface TemplateDefinition<S extends v.GenericSchema> {
  id: string;
  title: string;
  description: string;
  detailsSchema: S;
  constraintsClause: string;
  /** Valid details used in the published description. */
  exampleDetails: v.InferInput<S>;
  fill(details: v.InferOutput<S>): JobFill;
  /**
   * Content rules checked after the schema (paths relative to `details`): any issue refuses the
   * details with `validation_failed` marked as refused content (422) instead of a schema error (400).
   */
  refuse?(details: v.InferOutput<S>): ValidationIssue[];
}

const FILLED_FIELDS: (keyof JobFill)[] = [...FILLED_FIELD_NAMES];

/** Validates details and reports problems with paths under `details.`, as the job input names them. */
const parseDetails = <S extends v.GenericSchema>(schema: S, details: unknown): v.InferOutput<S> => {
  const result = v.safeParse(schema, details, { abortPipeEarly: true });
  if (result.success) return result.output;
  const issues = toIssues(result.issues, schema).map((issue) =>
    withReason({ path: issue.path ? `details.${issue.path}` : 'details', message: issue.message }, reasonOf(issue)),
  );
  throw validationFailed(issues, 'The template details are not valid.');
};

/** Builds a `JobTemplate` from its definition: one file per template, nothing else to edit. */
export const defineTemplate = <S extends v.GenericSchema>(definition: TemplateDefinition<S>): JobTemplate => {
  const expand = (details: unknown): TemplateExpansion => {
    const parsed = parseDetails(definition.detailsSchema, details);
    const refused = definition.refuse?.(parsed) ?? [];
    if (refused.length > 0) {
      // Well-formed but refused for what it says: still validation_failed, answered 422 (decisions.md).
      throw validationFailed(
        refused.map((issue) => ({ ...issue, path: issue.path ? `details.${issue.path}` : 'details' })),
        'The template details are well-formed but cannot be accepted.',
        { refusedContent: true },
      );
    }
    return {
      details: parsed as Record<string, unknown>,
      fill: definition.fill(parsed),
      constraintsClause: definition.constraintsClause,
    };
  };
  return {
    id: definition.id,
    title: definition.title,
    description: definition.description,
    detailsSchema: definition.detailsSchema,
    expand,
    describe: () => {
      const example = expand(definition.exampleDetails);
      return {
        id: definition.id,
        title: definition.title,
        description: definition.description,
        details: describeSchema(definition.detailsSchema),
        fills_when_blank: FILLED_FIELDS,
        constraints_clause: definition.constraintsClause,
        example: { details: example.details, defaults: example.fill },
      };
    },
  };
};
