import { createContext, type ComponentChildren } from 'preact';
import { useContext } from 'preact/hooks';
import { isDomainError } from '@svc/kernel';
import { usePageEnv } from './env.ts';

/** Submitted values and per-field messages, keyed by the form field's name. */
export type FormValues = Record<string, string>;
export type FieldErrors = Record<string, string>;

interface FormState {
  values: FormValues;
  errors: FieldErrors;
}
const FormContext = createContext<FormState>({ values: {}, errors: {} });

/**
 * The field a problem belongs to, from the API's `validation_failed` detail path: `tags.2` is the
 * tags field, `budget.amount` the budget, `details.budget.currency` the party budget.
 */
const fieldOf = (path: string): string => {
  const parts = path.split('.');
  return parts[0] === 'details' && parts.length > 1 ? `details.${parts[1]}` : (parts[0] ?? '');
};

/**
 * Per-field messages from a domain error: `validation_failed` details (and any error with details)
 * land beside their fields; anything else is a form-level message under the key "".
 */
export const fieldErrorsOf = (error: unknown): FieldErrors | null => {
  if (!isDomainError(error)) return null;
  const details = error.extras.details;
  if (!Array.isArray(details)) return { '': error.message };
  const errors: FieldErrors = {};
  for (const { path, message } of details as { path: string; message: string }[]) {
    const field = fieldOf(path);
    errors[field] = errors[field] ? `${errors[field]}; ${message}` : message;
  }
  if (!errors['']) errors[''] = error.message;
  return errors;
};

/** The hidden CSRF token every form carries. */
export const CsrfField = () => <input type="hidden" name="_csrf" value={usePageEnv().csrfToken} />;

/** A POST form with its CSRF token; fields inside read their value and error from `values` and `errors`. */
export const Form = ({
  action,
  values = {},
  errors = {},
  children,
  class: className,
}: {
  action: string;
  values?: FormValues;
  errors?: FieldErrors;
  children: ComponentChildren;
  class?: string;
}) => (
  <FormContext.Provider value={{ values, errors }}>
    <form method="post" action={action} class={className} noValidate={false}>
      <CsrfField />
      {errors[''] ? (
        <p class="form-error" role="alert">
          {errors['']}
          {Object.keys(errors).length > 1 ? ' See the marked fields below.' : ''}
        </p>
      ) : null}
      {children}
    </form>
  </FormContext.Provider>
);

const idFor = (name: string) => `f-${name.replace(/[^A-Za-z0-9_-]/g, '-')}`;

interface FieldProps {
  name: string;
  label: string;
  hint?: ComponentChildren;
  required?: boolean;
}

/** Label, control, hint and the field's error, wired together for screen readers. */
const FieldFrame = ({ name, label, hint, required, control }: FieldProps & { control: (aria: Record<string, string | undefined>) => ComponentChildren }) => {
  const { errors } = useContext(FormContext);
  const id = idFor(name);
  const error = errors[name];
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div class="field">
      <label for={id}>
        {label}
        {required ? null : <span class="optional"> (optional)</span>}
      </label>
      {control({ id, 'aria-describedby': described, 'aria-invalid': error ? 'true' : undefined })}
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

export const Select = ({ options, ...props }: FieldProps & { options: readonly { value: string; label: string }[] }) => {
  const { values } = useContext(FormContext);
  const selected = values[props.name] ?? options[0]?.value;
  return (
    <FieldFrame
      {...props}
      required
      control={(aria) => (
        <select {...aria} name={props.name}>
          {options.map((option) => (
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

/** The problems of a refused filter or form, in one line above the results (`field: message; …`). */
export const ErrorSummary = ({ errors }: { errors: FieldErrors }) => {
  if (Object.keys(errors).length === 0) return null;
  const named = Object.entries(errors).filter(([field]) => field).map(([field, message]) => `${field}: ${message}`);
  return (
    <p class="form-error" role="alert">
      {named.join('; ') || errors['']}
    </p>
  );
};
