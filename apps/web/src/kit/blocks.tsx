import type { ComponentChildren } from 'preact';
import { MAX_OFFSET } from '@svc/kernel';

/** What a list shows when it has nothing, with the next useful step. */
export const EmptyState = ({ title, children }: { title: string; children?: ComponentChildren }) => (
  <article class="empty">
    <p>
      <strong>{title}</strong>
    </p>
    {children}
  </article>
);

/** The offset of a list's last page: the deepest one that holds anything, and no deeper than any list is paged. */
export const lastPageOffset = (total: number, limit: number): number =>
  Math.min(Math.floor(Math.max(0, total - 1) / limit) * limit, Math.floor(MAX_OFFSET / limit) * limit);

/**
 * Previous / next links for an offset-paged list; `href(offset)` builds each page's address. A list
 * counted to a cap says so (`totalIsLowerBound`: "of 15+"); one never counted gives `hasMore` instead
 * of `total`, and shows no page count. `shown` is how many items this page holds: a page opened past
 * the list's end (an old link, a typed offset) holds none, and says so with a way back instead of
 * "Page 5000 of 3"; the list then shows no empty state of its own (see `PagedList`).
 */
export const Pagination = ({
  shown,
  total,
  totalIsLowerBound = false,
  hasMore,
  limit,
  offset,
  href,
}: { shown: number; limit: number; offset: number; href: (offset: number) => string } & (
  | { total: number; totalIsLowerBound?: boolean; hasMore?: undefined }
  | { total?: undefined; totalIsLowerBound?: undefined; hasMore: boolean }
)) => {
  if (shown === 0 && offset > 0) return <PastTheEnd total={total} totalIsLowerBound={totalIsLowerBound} limit={limit} href={href} />;
  // No link to a page past the deepest offset any list takes (it would be 400).
  const more = (hasMore ?? offset + limit < total!) && offset + limit <= MAX_OFFSET;
  if (!more && offset === 0) return null;
  const page = Math.floor(offset / limit) + 1;
  // Never "Page 16 of 15+": a count that changed meanwhile, or one capped below this page, still reaches it.
  const pages = total === undefined ? '' : ` of ${Math.max(page, Math.ceil(total / limit))}${totalIsLowerBound ? '+' : ''}`;
  return (
    <nav class="pagination" aria-label="Pages">
      {offset > 0 ? <a href={href(Math.max(0, offset - limit))} rel="prev">← Newer</a> : <span />}
      <span>
        Page {page}
        {pages}
      </span>
      {more ? <a href={href(offset + limit)} rel="next">Older →</a> : <span />}
    </nav>
  );
};

/** A page past the end of its list: nothing here, and the way to the last page that holds something. */
const PastTheEnd = ({
  total,
  totalIsLowerBound,
  limit,
  href,
}: {
  total: number | undefined;
  totalIsLowerBound: boolean;
  limit: number;
  href: (offset: number) => string;
}) => {
  if (!total) {
    // Never counted (the list knows only "more or not"), or nothing left at all: the first page is the sure way back.
    return (
      <EmptyState title="No results on this page.">
        <p>
          {total === 0 ? 'The list is empty now.' : 'This page is past the end of the list.'} <a href={href(0)}>Go to the first page</a>.
        </p>
      </EmptyState>
    );
  }
  const last = lastPageOffset(total, limit);
  const lastPage = last / limit + 1;
  return (
    <EmptyState title="No results on this page.">
      <p>
        {totalIsLowerBound ? `The list holds at least ${lastPage} ${lastPage === 1 ? 'page' : 'pages'}.` : `The list ends on page ${lastPage}.`}{' '}
        <a href={href(last)}>{totalIsLowerBound ? `Go to page ${lastPage}` : `Go to the last page (page ${lastPage})`}</a>.
      </p>
    </EmptyState>
  );
};

/**
 * A paged list's items, or on its first page its own empty state ("No jobs match."). A page past the
 * end shows neither: its `Pagination` says there is nothing on that page, so the list is not said to
 * be empty when it is not.
 */
export const PagedList = ({ shown, offset, empty, children }: { shown: number; offset: number; empty: ComponentChildren; children: ComponentChildren }) => (
  <>{shown > 0 ? children : offset > 0 ? null : empty}</>
);

/** Links between views of one list (open / closed), the current one marked for screen readers too. */
export const Tabs = ({ label, tabs }: { label: string; tabs: readonly { href: string; text: string; current: boolean }[] }) => (
  <nav class="tabs" aria-label={label}>
    <ul>
      {tabs.map((tab) => (
        <li>
          <a href={tab.href} aria-current={tab.current ? 'page' : undefined}>
            {tab.text}
          </a>
        </li>
      ))}
    </ul>
  </nav>
);

/**
 * The fixed notice: nothing here is an agreement. A note, not a landmark: a page may hold several
 * (a thread and its linked job), and landmarks of one kind must each be named apart.
 */
export const Notice = ({ children }: { children: ComponentChildren }) => (
  <p class="notice" role="note">
    {children}
  </p>
);

/** Text written by a person, with its line breaks kept (numbered deliverables stay one per line). */
export const Prose = ({ text }: { text: string }) => <p class="prose">{text}</p>;

/**
 * Text that could not be sent because its record stopped taking it while it was written (a job
 * closed or removed, a thread archived, feedback replied to meanwhile): what was typed, to keep, and
 * why. No field is left to mark, so the message is announced and takes the focus, as a form's own
 * message does. `heading` is its level on the page (`h1` when it is the page), `headingClass` its look.
 */
export const Unsent = ({
  id,
  title,
  why,
  text,
  heading: Heading = 'h2',
  headingClass,
  children,
}: {
  id: string;
  title: string;
  why: string;
  text: string;
  heading?: 'h1' | 'h2' | 'h3';
  headingClass?: string;
  children?: ComponentChildren;
}) => (
  <section class="conflict" aria-labelledby={id} role="alert" tabindex={-1} autofocus>
    <Heading id={id} class={headingClass}>
      {title}
    </Heading>
    <p>{why}</p>
    {text ? <blockquote class="prose">{text}</blockquote> : null}
    {children}
  </section>
);

/**
 * A table that becomes stacked cards on a phone (`table.stack` in site.css): the headings row is
 * hidden there, so each cell names its column itself with `data-label`.
 */
export const StackedTable = ({ columns, children }: { columns: readonly ComponentChildren[]; children: ComponentChildren }) => (
  <table class="stack">
    <thead>
      <tr>
        {columns.map((column) => (
          <th scope="col">{column}</th>
        ))}
      </tr>
    </thead>
    <tbody>{children}</tbody>
  </table>
);

/**
 * One page of a counted list: its items, or its empty state as `PagedList` decides, then the links to
 * the other pages, all read from the list's own `total`, `limit` and `offset`.
 */
export const CountedPage = ({
  list,
  shown,
  empty,
  href,
  children,
}: {
  list: { total: number; total_is_lower_bound?: boolean; limit: number; offset: number };
  shown: number;
  empty: ComponentChildren;
  href: (offset: number) => string;
  children: ComponentChildren;
}) => (
  <>
    <PagedList shown={shown} offset={list.offset} empty={empty}>
      {children}
    </PagedList>
    <Pagination shown={shown} total={list.total} totalIsLowerBound={list.total_is_lower_bound} limit={list.limit} offset={list.offset} href={href} />
  </>
);
