export {
  defineTemplate,
  fieldDescriptionSchema,
  templateDescriptionSchema,
  type JobTemplate,
  type JobFill,
  type TemplateDefinition,
  type TemplateDescription,
  type TemplateExpansion,
} from './template.ts';
export type { FieldDescription } from './describe-schema.ts';
export { birthdayParty } from './birthday-party.ts';
export { createTemplateRegistry, type TemplateRegistry } from './templates.service.ts';
