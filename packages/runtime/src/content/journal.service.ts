import * as v from 'valibot';
import { pagingEntries, parseInput, isoTimestamp, listEntries } from '@svc/kernel';
import { EXAMPLE_KINDS, type SiteContent } from './content.ts';

/** `GET /api/v1/journal` query strings. */
export const journalListQuerySchema = v.strictObject({ ...pagingEntries });


/** One journal entry in a list: where to read it as a page and as Markdown. */
export const journalEntrySummarySchema = v.object({
  slug: v.string(),
  title: v.string(),
  summary: v.string(),
  published_at: isoTimestamp,
  url: v.string(),
  markdown_url: v.string(),
});

export const journalListSchema = v.object(listEntries('entries', journalEntrySummarySchema));
export type JournalList = v.InferOutput<typeof journalListSchema>;

/** An example as `/examples?format=json` answers it: a demonstration, never a job or an offer. */
export const exampleJsonSchema = v.object({
  slug: v.string(),
  kind: v.picklist(EXAMPLE_KINDS),
  title: v.string(),
  summary: v.string(),
  markdown: v.string(),
});

export const EXAMPLES_NOTICE =
  'These are demonstrations of how to use the service. They are not jobs or offers, nobody is waiting for an answer, and nothing here creates an agreement.';

export const exampleListSchema = v.object({
  notice: v.string(),
  examples: v.array(exampleJsonSchema),
});
export type ExampleList = v.InferOutput<typeof exampleListSchema>;

/**
 * The journal and the examples as the API and the website answer them, from the content read at
 * start.
 *
 * @example
 * ```ts
 * const { entries } = services.content.listJournal({ limit: '5' });
 * const entry = services.content.journalEntry('what-this-service-is'); // undefined when unknown
 * ```
 */
export const createContentService = (content: SiteContent, baseUrl: string) => {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    /** `GET /api/v1/journal`: newest first, paged (`limit` 1-100, default 20; `offset`). */
    listJournal: (query: unknown): JournalList => {
      const { limit, offset } = parseInput(journalListQuerySchema, query ?? {});
      const entries = content.journal.slice(offset, offset + limit).map((entry) => ({
        slug: entry.slug,
        title: entry.title,
        summary: entry.summary,
        published_at: entry.published_at,
        url: `${base}/journal/${entry.slug}`,
        markdown_url: `${base}/journal/${entry.slug}?format=md`,
      }));
      return { entries, total: content.journal.length, limit, offset };
    },
    journal: content.journal,
    journalEntry: (slug: string) => content.journalEntry(slug),
    examples: content.examples,
    /** `/examples?format=json`. */
    examplesJson: (): ExampleList => ({
      notice: EXAMPLES_NOTICE,
      examples: content.examples.map(({ slug, kind, title, summary, markdown }) => ({ slug, kind, title, summary, markdown })),
    }),
  };
};

export type ContentService = ReturnType<typeof createContentService>;
