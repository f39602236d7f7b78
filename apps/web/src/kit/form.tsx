import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { isDomainError, type ValidationIssue } from '@svc/kernel';
import { CONTACT_PROBLEM, FIELD_REFUSALS, FORM_PROBLEM, plainMessage, type TextAudience } from './messages.ts';
import { usePageEnv } from './env.ts';

/** Submitted values and per-field messages, keyed by the form field's name. */
export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

interface FormState {
  values: FormValues;
  errors: FieldErrors;
  /** The first field with a problem: it takes the focus when the page opens. */
  first?: string;
  /** Put before every field's id, for a form beside another with a field of the same name. */
  idPrefix: string;
}
const FormContext = createContext<FormState>({ values: {}, errors: {}, idPrefix: '' });

const namedErrors = (errors: FieldErrors): [string, string][] => Object.entries(errors).filter(([field, message]) => field && message);

/**
 * The field a problem belongs to, from the API's `validation_failed` detail path: `tags.2` is the
 * tags field, `budget.amount` the budget amount and `budget.currency` its currency field,
 * `details.budget.currency` the party budget's currency.
 */
const fieldOf = (path: string): string => {
  const parts = path.split('.');
  if (parts[0] === 'details' && parts.length > 1) return parts[1] === 'budget' && parts[2] ? `details.budget.${parts[2]}` : `details.${parts[1]}`;
  if (parts[0] === 'budget' && parts[1] === 'currency') return 'budget_currency';
  // A directory form's new destination is its `destination_*` fields: a problem with its value, label or audience marks that field.
  const last = parts.at(-1) ?? '';
  if ((parts[0] === 'destination' || parts[0] === 'destinations') && ['value', 'label', 'audience'].includes(last)) return `destination_${last}`;
  return parts[0] ?? '';
};

/**
 * Per-field messages from a domain error, in the words of `messages.ts`: `validation_failed`
 * details (and any error with details) land beside their fields, one sentence per problem; the
 * form-level line under the key "" says the form was refused. Any other error is that line alone.
 * `names` maps the service's field to the form's where they differ (`text` → `entry_text`), so the
 * message names the field by the label the person sees. `audience` says who reads the text sent
 * (private feedback and a reply to it are not public), for the words about contact details.
 * `examples` are the form's own where the site-wide ones would mislead (`OFFER_EXAMPLES`).
 */
export const fieldErrorsOf = (
  error: unknown,
  names: Record<string, string> = {},
  audience: TextAudience = 'public',
  examples: Readonly<Record<string, string>> = {},
): FieldErrors | null => {
  if (!isDomainError(error)) return null;
  const details = error.extras.details;
  if (!Array.isArray(details)) return { '': error.message };
  const errors: FieldErrors = {};
  for (const issue of details as ValidationIssue[]) {
    const field = names[fieldOf(issue.path)] ?? fieldOf(issue.path);
    const message = plainMessage(field, issue, audience, examples);
    errors[field] = errors[field] ? `${errors[field]} ${message}` : message;
  }
  if (!errors['']) errors[''] = FIELD_REFUSALS.has(error.code) ? FORM_PROBLEM : error.code === 'blocked_content' ? CONTACT_PROBLEM[audience] : error.message;
  return errors;
};

/** The hidden CSRF token every form carries. */
export const CsrfField = () => <input type="hidden" name="_csrf" value={usePageEnv().csrfToken} />;

/**
 * A POST form with its CSRF token (or a GET form, without); fields inside read their value and error from `values` and
 * `errors`. A refused form opens with a summary at its top linking to each marked field, and the
 * first marked field takes the focus (`autofocus`), which also scrolls the page to it.
 */
export const Form = ({
  action,
  values = {},
  errors = {},
  children,
  class: className,
  idPrefix = '',
  method = 'post',
}: {
  action: string;
  /** `get` for a form that changes nothing and whose address holds what was typed (the connect page's code): it carries no token. */
  method?: 'get' | 'post';
  values?: FormValues;
  errors?: FieldErrors;
  children: ComponentChildren;
  class?: string;
  /** Ids unique on the page when another form has a field of the same name (`recovery-` gives `f-recovery-current_password`). */
  idPrefix?: string;
}) => {
  const named = namedErrors(errors);
  return (
    <FormContext.Provider value={{ values, errors, first: named[0]?.[0], idPrefix }}>
      <form method={method} action={action} class={className} noValidate={false}>
        {method === 'post' ? <CsrfField /> : null}
        {named.length > 0 ? (
          <div class="error-summary" role="alert">
            <p>
              <strong>{errors[''] || FORM_PROBLEM}</strong>
            </p>
            <ul>
              {named.map(([field, message]) => (
                <li>
                  <a href={`#${idFor(field, idPrefix)}`}>{message}</a>
                </li>
              ))}
            </ul>
          </div>
        ) : errors[''] ? (
          // Nothing to focus in the form: the message itself takes the focus so it is read and seen.
          <p class="form-error" role="alert" tabindex={-1} autofocus>
            {errors['']}
          </p>
        ) : null}
        {children}
      </form>
    </FormContext.Provider>
  );
};

const idFor = (name: string, prefix = '') => `f-${prefix}${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

interface FieldProps {
  name: string;
  label: string;
  hint?: ComponentChildren;
  required?: boolean;
}

/** Label, control, hint and the field's error, wired together for screen readers. */
const FieldFrame = ({ name, label, hint, required, control }: FieldProps & { control: (aria: Record<string, string | boolean | undefined>) => ComponentChildren }) => {
  const { errors, first, idPrefix } = useContext(FormContext);
  const id = idFor(name, idPrefix);
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>
        {label}
        {required ? null : <span class="optional"> (optional)</span>}
      </label>
      {control({ id, 'aria-describedby': described, 'aria-invalid': error ? 'true' : undefined, autofocus: first === name || undefined })}
      {hint ? <small id={`${id}-hint`}>{hint}</small> : null}
      {error ? (
        <small id={`${id}-error`} class="field-error">
          {error}
        </small>
      ) : null}
    </div>
  );
};

export const Field = ({
  type = 'text',
  autocomplete,
  placeholder,
  min,
  max,
  step,
  maxLength,
  minLength,
  ...props
}: FieldProps & {
  type?: string;
  autocomplete?: string;
  placeholder?: string;
  min?: string | number;
  max?: string | number;
  step?: string | number;
  maxLength?: number;
  minLength?: number;
}) => {
  const { values } = useContext(FormContext);
  return (
    <FieldFrame
      {...props}
      control={(aria) => (
        <input
          {...aria}
          name={props.name}
          type={type as 'text'}
          // Passwords are never sent back into a page.
          value={type === 'password' ? '' : (values[props.name] ?? '')}
          required={props.required}
          autocomplete={autocomplete}
          placeholder={placeholder}
          min={min}
          max={max}
          step={step}
          maxLength={maxLength}
          minLength={minLength}
        />
      )}
    />
  );
};

export const TextArea = ({ rows = 4, maxLength, ...props }: FieldProps & { rows?: number; maxLength?: number }) => {
  const { values } = useContext(FormContext);
  return (
    <FieldFrame
      {...props}
      control={(aria) => (
        <textarea {...aria} name={props.name} rows={rows} required={props.required} maxLength={maxLength}>
          {values[props.name] ?? ''}
        </textarea>
      )}
    />
  );
};

/**
 * A select's choices, in order: `{ value, label }` pairs, or the words of a set of values written as
 * value → label (`{ yes: 'Yes', partly: 'Partly', no: 'No' }`), shown in the object's order. Values
 * that look like array indexes (`'1'`) would be put first by JavaScript: give those, and any list
 * built from what people typed, as pairs.
 */
type SelectOptions = readonly { value: string; label: string }[] | Readonly<Record<string, string>>;

const optionPairs = (options: SelectOptions): readonly { value: string; label: string }[] =>
  Array.isArray(options) ? options : Object.entries(options).map(([value, label]) => ({ value, label }));

/**
 * A choice of fixed options, the first chosen unless `choose` is given: then nothing is chosen until
 * the person picks (an answer that is theirs, such as a report's reason, never a default they missed).
 */
export const Select = ({ options, choose, ...props }: FieldProps & { options: SelectOptions; choose?: string }) => {
  const { values } = useContext(FormContext);
  const pairs = optionPairs(options);
  const selected = values[props.name] ?? (choose ? '' : pairs[0]?.value);
  return (
    <FieldFrame
      {...props}
      required
      control={(aria) => (
        // With "Choose one" first, the browser itself asks for an answer before sending (`required`);
        // without, the first option is chosen already (and may be an empty value, such as "The offer as a whole").
        <select {...aria} name={props.name} required={choose ? true : undefined}>
          {choose ? (
            <option value="" disabled selected={selected === ''}>
              {choose}
            </option>
          ) : null}
          {pairs.map((option) => (
            <option value={option.value} selected={option.value === selected}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    />
  );
};

/** The message for a group of fields (a fieldset), when the problem is about the group as a whole. */
export const FieldError = ({ name }: { name: string }) => {
  const { errors } = useContext(FormContext);
  return errors[name] ? (
    <small class="field-error" role="alert">
      {errors[name]}
    </small>
  ) : null;
};

/**
 * A folded part of a page (`<details>`) that holds a form or some of its fields. It opens when asked
 * (`open`) and always when `errors` (the problems of the fields inside it) has any, so a refused form
 * is never folded away with its summary and the field that takes the focus out of sight.
 */
export const Fold = ({ summary, errors, open = false, children }: { summary: string; errors: FieldErrors; open?: boolean; children: ComponentChildren }) => (
  <details open={open || Object.values(errors).some(Boolean) || undefined}>
    <summary>{summary}</summary>
    {children}
  </details>
);

/** A checkbox with its label around it; a ticked one sends "on". */
export const Check = ({ name, label, checked }: { name: string; label: string; checked: boolean }) => (
  <label class="check">
    <input type="checkbox" name={name} value="on" checked={checked} /> {label}
  </label>
);

/** A one-button form (close, reopen, withdraw, sign out…). */
export const ActionButton = ({
  action,
  label,
  fields = {},
  variant,
}: {
  action: string;
  label: string;
  fields?: Record<string, string>;
  variant?: 'secondary' | 'contrast' | 'outline' | 'danger';
}) => (
  <form method="post" action={action} class="inline">
    <CsrfField />
    {Object.entries(fields).map(([name, value]) => (
      <input type="hidden" name={name} value={value} />
    ))}
    <button type="submit" class={variant ?? undefined}>
      {label}
    </button>
  </form>
);

/** The problems of a refused filter, in one line above the results. */
export const ErrorSummary = ({ errors }: { errors: FieldErrors }) => {
  if (Object.keys(errors).length === 0) return null;
  // Each message already names its field ("Page must be a whole number from 1 to 100.").
  const named = namedErrors(errors).map(([, message]) => message);
  return (
    <p class="form-error" role="alert">
      {named.join(' ') || errors['']}
    </p>
  );
};
