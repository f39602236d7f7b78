import { describe, expect, it } from 'vitest';
import { createElement } from 'preact';
import { renderToString } from 'preact-render-to-string';
import { Pagination } from '../src/kit/blocks.tsx';

/** The pager's words for lists counted only up to a cap ("300+ jobs"), which no test database reaches. */
const pager = (props: Parameters<typeof Pagination>[0]): string =>
  renderToString(createElement(Pagination, props))
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const href = (offset: number) => `/jobs?offset=${offset}`;

describe('Pagination of a list counted to a cap', () => {
  it('never shows a page beyond the count it gives: page 16 of a list counted to 15 pages is "16 of 16+"', () => {
    expect(pager({ shown: 20, total: 300, totalIsLowerBound: true, limit: 20, offset: 300, href })).toBe('← Newer Page 16 of 16+');
    expect(pager({ shown: 20, total: 300, totalIsLowerBound: true, limit: 20, offset: 0, href })).toBe('Page 1 of 15+ Older →');
  });

  it('past the end, sends the person back to the last page the count reaches', () => {
    expect(pager({ shown: 0, total: 300, totalIsLowerBound: true, limit: 20, offset: 600, href })).toBe(
      'No results on this page. The list holds at least 15 pages. Go to page 15 .',
    );
  });
});
