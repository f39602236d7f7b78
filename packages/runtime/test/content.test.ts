import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadSiteContent, splitFrontMatter } from '../src/content/content.ts';

describe('the site content', () => {
  it('reads the repository’s journal and examples: front matter, Markdown and rendered HTML', () => {
    const content = loadSiteContent();
    const entry = content.journalEntry('what-this-service-is')!;
    expect(entry.title).toMatch(/What this service is/);
    expect(entry.published_at).toBe('2026-11-21T00:00:00.000Z');
    expect(entry.markdown).not.toMatch(/^---/);
    expect(entry.html).toContain('<h2');
    expect(entry.html).toMatch(/nothing here is an agreement/i);
    expect(content.examples.map((example) => example.kind)).toEqual(['job', 'service', 'directory_entry']);
    for (const example of content.examples) {
      expect(example.markdown).toMatch(/This is a demonstration/);
      expect(example.html).toContain('<pre><code');
    }
  });

  it('refuses a file without front matter, without a title, or with an unknown example kind', () => {
    expect(() => splitFrontMatter('# Title\n', 'x.md')).toThrow(/front matter/);
    const dir = mkdtempSync(join(tmpdir(), 'content-'));
    mkdirSync(join(dir, 'journal'));
    mkdirSync(join(dir, 'examples'));
    const base = pathToFileURL(`${dir}/`);
    writeFileSync(join(dir, 'journal', 'entry.md'), '---\nsummary: s\npublished: 2026-11-21\n---\nText\n');
    expect(() => loadSiteContent(base)).toThrow(/title/);
    writeFileSync(join(dir, 'journal', 'entry.md'), '---\ntitle: T\nsummary: s\npublished: 2026-11-21\n---\nText\n');
    writeFileSync(join(dir, 'examples', 'one.md'), '---\ntitle: T\nsummary: s\nkind: wedding\n---\nText\n');
    expect(() => loadSiteContent(base)).toThrow(/kind/);
  });
});
