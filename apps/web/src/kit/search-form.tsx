import type { ComponentChildren } from 'preact';
import { CountedPage, EmptyState } from './blocks.tsx';
import { ErrorSummary, type FieldErrors } from './form.tsx';
import { resultCount } from './paging.ts';

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

/** The status filter of a list that shows one status at a time, in the words its status badges use. */
export const StatusFilter = ({ value, statuses, words }: { value: string; statuses: readonly string[]; words: Record<string, string> }) => (
  <FilterSelect name="status" label="Status" value={value} options={statuses.map((status) => ({ value: status, label: words[status] ?? status }))} />
);

/**
 * A search's results: how many matched (`noun`: one, many) and what narrowed them, then one page of
 * them, or the search's empty state, and the links to the other pages. A refused search (`errors`,
 * the filter's problems) ran no query: nothing is shown below the form but its refusal, never a count
 * of 0 or "No … match" for a search that did not happen.
 */
export const SearchResults = ({
  errors,
  list,
  noun: [one, many],
  narrowed,
  shown,
  href,
  empty,
  children,
}: {
  errors: FieldErrors;
  list: { total: number; total_is_lower_bound?: boolean; limit: number; offset: number };
  noun: readonly [string, string];
  narrowed?: ComponentChildren;
  shown: number;
  href: (offset: number) => string;
  empty: ComponentChildren;
  children: ComponentChildren;
}) =>
  Object.keys(errors).length > 0 ? null : (
    <>
      <p class="muted" role="status">
        {resultCount(list, one, many)}
        {narrowed}
      </p>
      <CountedPage list={list} shown={shown} href={href} empty={empty}>
        {children}
      </CountedPage>
    </>
  );

/** A search that matched nothing: other words, the whole list, or adding one. */
export const NoMatches = ({ title, all, add }: { title: string; all: { href: string; text: string }; add: { href: string; text: string } }) => (
  <EmptyState title={title}>
    <p>
      Try other words, <a href={all.href}>{all.text}</a>, or <a href={add.href}>{add.text}</a>.
    </p>
  </EmptyState>
);
