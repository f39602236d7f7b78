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

/**
 * Previous / next links for an offset-paged list; `href(offset)` builds each page's address. A list
 * counted to a cap says so (`totalIsLowerBound`: "of 15+"); one never counted gives `hasMore` instead
 * of `total`, and shows no page count.
 */
export const Pagination = ({
  total,
  totalIsLowerBound = false,
  hasMore,
  limit,
  offset,
  href,
}: { limit: number; offset: number; href: (offset: number) => string } & (
  | { total: number; totalIsLowerBound?: boolean; hasMore?: undefined }
  | { total?: undefined; totalIsLowerBound?: undefined; hasMore: boolean }
)) => {
  // No link to a page past the deepest offset any list takes (it would be 400).
  const more = (hasMore ?? offset + limit < total!) && offset + limit <= MAX_OFFSET;
  if (!more && offset === 0) return null;
  const page = Math.floor(offset / limit) + 1;
  const pages = total === undefined ? '' : ` of ${Math.max(1, Math.ceil(total / limit))}${totalIsLowerBound ? '+' : ''}`;
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

/** The fixed notice: nothing here is an agreement. */
export const Notice = ({ children }: { children: ComponentChildren }) => (
  <aside class="notice" aria-label="Notice">
    {children}
  </aside>
);

/** Text written by a person, with its line breaks kept (numbered deliverables stay one per line). */
export const Prose = ({ text }: { text: string }) => <p class="prose">{text}</p>;
