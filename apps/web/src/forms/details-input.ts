import type { FieldDescription } from '@svc/templates';
import type { FormValues } from '../kit/form.tsx';

/**
 * A template's details from form fields named `details.<field>` (and `details.<field>.<part>` for
 * an object such as the party budget), shaped by the template's own description: numbers as
 * numbers, lists one item a line. Validation stays with the template.
 */
const valueOf = (field: FieldDescription, name: string, form: FormValues): unknown => {
  if (field.type === 'object') {
    const parts = (field.fields ?? []).map((part) => [part.name!, valueOf(part, `${name}.${part.name}`, form)] as const);
    return parts.some(([, value]) => value !== undefined) ? Object.fromEntries(parts.filter(([, value]) => value !== undefined)) : undefined;
  }
  const raw = form[name]?.trim() ?? '';
  if (raw === '') return undefined;
  if (field.type === 'number') return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
  if (field.type === 'array') return raw.split(/\r?\n/).map((line) => line.trim()).filter(Boolean);
  if (name.endsWith('currency')) return raw.toUpperCase();
  return raw;
};

export const detailsFromForm = (description: FieldDescription, form: FormValues): Record<string, unknown> => {
  const details: Record<string, unknown> = {};
  for (const field of description.fields ?? []) {
    const value = valueOf(field, `details.${field.name}`, form);
    if (value !== undefined) details[field.name!] = value;
  }
  return details;
};
