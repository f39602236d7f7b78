import type { FieldDescription } from '@svc/templates';
import { Field, FieldError, TextArea } from '../../kit/form.tsx';

/** Readable labels for template detail fields; others are made from the field name. */
const LABELS: Record<string, string> = {
  child_name: 'Who the party is for',
  age: 'Age they are turning',
  date: 'Date of the party',
  start_time: 'Start time',
  guest_count: 'Number of guests',
  general_area: 'General area',
  theme: 'Theme',
  budget: 'Party budget',
  dietary_notes: 'Dietary notes',
  activities: 'Activities',
  amount: 'Amount',
  currency: 'Currency',
};

export const labelOf = (name: string): string => LABELS[name] ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

const inputType = (field: FieldDescription): string =>
  field.format?.startsWith('date') ? 'date' : field.format?.startsWith('time') ? 'time' : field.type === 'number' ? 'number' : 'text';

/**
 * A field's limits as one plain sentence, from its description: "A whole number from 1 to 500.",
 * "Up to 80 characters.", "A three-letter currency code, such as GBP." (whose pattern says its
 * length, so the length is not said again). A date or a time is chosen with the browser's picker,
 * which shows it in the person's own format, so the machine format ("YYYY-MM-DD", for agents in the
 * template's JSON) is not shown.
 */
export const limitsInWords = (field: FieldDescription): string => {
  if (field.pattern === '^[A-Z]{3}$') return 'A three-letter currency code, such as GBP.';
  if (field.type === 'number') {
    const range = field.minimum !== undefined && field.maximum !== undefined ? ` from ${field.minimum.toLocaleString('en-GB')} to ${field.maximum.toLocaleString('en-GB')}` : '';
    return `${field.integer ? 'A whole number' : 'A number'}${range}.`;
  }
  if (field.type === 'array') return `One a line${field.max_items ? `, at most ${field.max_items}` : ''}.`;
  if (['date', 'time'].includes(inputType(field))) return '';
  return field.max_length ? `Up to ${field.max_length} characters.` : '';
};

const hintOf = (field: FieldDescription): string => [field.description, limitsInWords(field)].filter(Boolean).join(' ');

/** The form fields of a template's details, made from its published description. */
export const DetailsFields = ({ description }: { description: FieldDescription }) => (
  <>
    {(description.fields ?? []).map((field) => {
      const name = `details.${field.name}`;
      if (field.type === 'object') {
        return (
          <fieldset>
            <legend>
              {labelOf(field.name!)}
              {field.required ? null : <span class="optional"> (optional)</span>}
            </legend>
            {field.description ? <small class="muted">{field.description}</small> : null}
            <div class="grid-2">
              {(field.fields ?? []).map((part) => (
                <Field name={`${name}.${part.name}`} label={labelOf(part.name!)} type={inputType(part)} step={part.type === 'number' ? 'any' : undefined} hint={limitsInWords(part) || undefined} required={false} />
              ))}
            </div>
            <FieldError name={name} />
          </fieldset>
        );
      }
      if (field.type === 'array' || (field.max_length ?? 0) > 300) {
        return <TextArea name={name} label={labelOf(field.name!)} hint={hintOf(field)} required={field.required} rows={3} />;
      }
      return (
        <Field
          name={name}
          label={labelOf(field.name!)}
          type={inputType(field)}
          hint={hintOf(field)}
          required={field.required}
          min={field.minimum}
          max={field.maximum}
          maxLength={field.max_length}
        />
      );
    })}
  </>
);
