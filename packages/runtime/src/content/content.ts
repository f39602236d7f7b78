import { readdirSync, readFileSync } from 'node:fs';
import { Marked } from 'marked';
import { parse as parseYaml } from 'yaml';

/**
 * The site's written content: journal entries and examples, Markdown files with a YAML front
 * matter kept in the repository (`packages/runtime/content/`). They are read and rendered once, at
 * start; nothing of this lives in the database, so examples can never show up as jobs or offers.
 */

/** What an example demonstrates. */
export const EXAMPLE_KINDS = ['job', 'service', 'directory_entry'] as const;
export type ExampleKind = (typeof EXAMPLE_KINDS)[number];

export interface ContentPage {
  /** From the file name: `what-this-service-is.md` → `what-this-service-is`. */
  slug: string;
  title: string;
  /** One or two sentences for lists. */
  summary: string;
  /** The body as written (Markdown, without the front matter). */
  markdown: string;
  /** The body rendered to HTML by `marked`. Trusted: it comes from the repository, never from a visitor. */
  html: string;
}

export interface JournalEntry extends ContentPage {
  /** `published` in the front matter, as an ISO 8601 UTC timestamp with milliseconds. */
  published_at: string;
}

export interface Example extends ContentPage {
  kind: ExampleKind;
}

export interface SiteContent {
  /** Newest first. */
  journal: readonly JournalEntry[];
  /** In the order of their `order` front-matter field. */
  examples: readonly Example[];
  journalEntry(slug: string): JournalEntry | undefined;
}

/** Where the repository keeps the files. */
export const CONTENT_DIR = new URL('../../content/', import.meta.url);

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Splits `---\nYAML\n---\nMarkdown`; a file without front matter is refused (every page needs a title). */
export const splitFrontMatter = (text: string, file: string): { data: Record<string, unknown>; body: string } => {
  const match = FRONT_MATTER.exec(text);
  if (!match) throw new Error(`${file}: starts without a YAML front matter (--- … ---)`);
  const data: unknown = parseYaml(match[1]!);
  if (typeof data !== 'object' || data === null || Array.isArray(data)) throw new Error(`${file}: the front matter is not a mapping`);
  return { data: data as Record<string, unknown>, body: text.slice(match[0].length) };
};

const requiredText = (data: Record<string, unknown>, key: string, file: string): string => {
  const value = data[key];
  if (typeof value !== 'string' || value.trim() === '') throw new Error(`${file}: the front matter needs ${key} (text)`);
  return value.trim();
};

// One parser of our own, so no other code's `marked.use(...)` changes how our pages render.
const markdown = new Marked({ gfm: true, async: false });
export const renderMarkdown = (text: string): string => markdown.parse(text) as string;

const readPages = (dir: URL): { slug: string; file: string; data: Record<string, unknown>; body: string }[] => {
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.md')).sort();
  } catch {
    return [];
  }
  return names.map((name) => {
    const slug = name.slice(0, -3);
    if (!SLUG.test(slug)) throw new Error(`${name}: a content file is named by a lower-case slug`);
    const { data, body } = splitFrontMatter(readFileSync(new URL(name, dir), 'utf8'), name);
    return { slug, file: name, data, body };
  });
};

const page = ({ slug, file, data, body }: ReturnType<typeof readPages>[number]): ContentPage => ({
  slug,
  title: requiredText(data, 'title', file),
  summary: requiredText(data, 'summary', file),
  markdown: body.trim() + '\n',
  html: renderMarkdown(body),
});

/** Reads and renders every journal entry and example under `dir`; a malformed file fails the start. */
export const loadSiteContent = (dir: URL = CONTENT_DIR): SiteContent => {
  const journal = readPages(new URL('journal/', dir))
    .map((found): JournalEntry => {
      const published = found.data.published;
      const at = published instanceof Date ? published : new Date(String(published ?? ''));
      if (Number.isNaN(at.getTime())) throw new Error(`${found.file}: the front matter needs published (a date)`);
      return { ...page(found), published_at: at.toISOString() };
    })
    .sort((a, b) => b.published_at.localeCompare(a.published_at) || a.slug.localeCompare(b.slug));
  const examples = readPages(new URL('examples/', dir))
    .map((found) => {
      const kind = found.data.kind as ExampleKind;
      if (!EXAMPLE_KINDS.includes(kind)) throw new Error(`${found.file}: kind must be one of ${EXAMPLE_KINDS.join(', ')}`);
      return { example: { ...page(found), kind } as Example, order: Number(found.data.order ?? 1000) };
    })
    .sort((a, b) => a.order - b.order || a.example.slug.localeCompare(b.example.slug))
    .map(({ example }) => example);
  const bySlug = new Map(journal.map((entry) => [entry.slug, entry]));
  return { journal, examples, journalEntry: (slug) => bySlug.get(slug) };
};

let loaded: SiteContent | undefined;
/** The repository's content, read once per process. */
export const siteContent = (): SiteContent => (loaded ??= loadSiteContent());
