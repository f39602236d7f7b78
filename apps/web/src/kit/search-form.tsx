import type { ComponentChildren } from 'preact';
import { ErrorSummary, type FieldErrors } from './form.tsx';

/**
 * A list page's search (`/jobs`, `/services`, `/directory`): a GET form with the free text first,
 * then the page's own filters and one button, and the refused query's problems under it. Its
 * address holds the search, so a result page can be linked and paged.
 */
export const SearchForm = ({ action, q, errors, children }: { action: string; q: string; errors: FieldErrors; children: ComponentChildren }) => (
  <>
    <form method="get" action={action} role="search" class="search">
      <div>
        <label for="f-q">Search</label>
        <input id="f-q" name="q" type="search" value={q} maxLength={200} aria-invalid={errors.q ? 'true' : undefined} />
      </div>
      {children}
      <button type="submit">Search</button>
    </form>
    <ErrorSummary errors={errors} />
  </>
);

/** One text filter of a search, marked when the list refused its value. */
export const FilterInput = ({ name, label, value, placeholder, invalid }: { name: string; label: string; value: string; placeholder: string; invalid: boolean }) => (
  <div>
    <label for={`f-${name}`}>{label}</label>
    <input id={`f-${name}`} name={name} value={value} placeholder={placeholder} aria-invalid={invalid ? 'true' : undefined} />
  </div>
);

/** One filter chosen from a few values, the current one selected. */
export const FilterSelect = ({
  name,
  label,
  value,
  options,
  invalid,
}: {
  name: string;
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  invalid?: boolean;
}) => (
  <div>
    <label for={`f-${name}`}>{label}</label>
    <select id={`f-${name}`} name={name} aria-invalid={invalid ? 'true' : undefined}>
      {options.map((option) => (
        <option value={option.value} selected={value === option.value}>
          {option.label}
        </option>
      ))}
    </select>
  </div>
);
