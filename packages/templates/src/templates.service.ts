import { validationFailed } from '@svc/kernel';
import { birthdayParty } from './birthday-party.ts';
import type { JobTemplate, TemplateExpansion } from './template.ts';

/**
 * The templates the service offers. A new template is one new file plus one entry in the default list.
 *
 * @example
 * ```ts
 * const templates = createTemplateRegistry();
 * const { details, fill, constraintsClause } = templates.expand('birthday-party', body.details);
 * ```
 */
export interface TemplateRegistry {
  /** The template with this id, or undefined (the caller answers 404). */
  get(id: string): JobTemplate | undefined;
  list(): JobTemplate[];
  /**
   * Validates `details` for the template and returns what it fills in. An unknown template id is
   * `validation_failed` naming `template`; bad details are `validation_failed` naming `details.…`.
   */
  expand(id: string, details: unknown): TemplateExpansion;
}

export const createTemplateRegistry = (templates: readonly JobTemplate[] = [birthdayParty]): TemplateRegistry => {
  const byId = new Map<string, JobTemplate>();
  for (const template of templates) {
    if (byId.has(template.id)) throw new Error(`Two templates share the id ${template.id}.`);
    byId.set(template.id, template);
  }
  return {
    get: (id) => byId.get(id),
    list: () => [...byId.values()],
    expand: (id, details) => {
      const template = byId.get(id);
      if (!template) {
        throw validationFailed([{ path: 'template', message: `unknown template; known templates: ${[...byId.keys()].join(', ')}` }]);
      }
      return template.expand(details);
    },
  };
};
