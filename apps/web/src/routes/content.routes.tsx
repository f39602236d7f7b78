import type { Context } from 'koa';
import { DomainError } from '@svc/kernel';
import type { AppRouter, Services } from '@svc/runtime';
import { EmptyState, Notice } from '../kit/blocks.tsx';
import { renderPage } from '../kit/render.tsx';
import { Time } from '../kit/time.tsx';
import { page } from '../http/respond.ts';

const EXAMPLE_KIND_WORDS: Record<string, string> = { job: 'Jobs', service: 'Offers and feedback', directory_entry: 'Contact directory' };

/** Markdown answered as text, for agents and people who prefer the source. */
const markdown = (ctx: Context, text: string): void => {
  ctx.type = 'text/markdown; charset=utf-8';
  ctx.body = text;
};

/** Rendered Markdown from the repository's own content files (never from a visitor), so it is inserted as HTML. */
const Rendered = ({ html }: { html: string }) => <div class="content-body" dangerouslySetInnerHTML={{ __html: html }} />;

/** The journal and the examples: Markdown files of the repository, read at start (never from the database). */
export const registerContentRoutes = (router: AppRouter, { content }: Services): void => {
  router.get(
    '/journal',
    page((ctx) => {
      renderPage(ctx, {
        title: 'Journal',
        description: 'The journal: what changed in the service and why, newest first.',
        body: (
          <>
            <h1>Journal</h1>
            <p class="muted">
              Also as JSON: <a href="/api/v1/journal">/api/v1/journal</a>.
            </p>
            {content.journal.length ? (
              <ul class="cards">
                {content.journal.map((entry) => (
                  <li>
                    <h2 class="card-title">
                      <a href={`/journal/${entry.slug}`}>{entry.title}</a>
                    </h2>
                    <p class="meta">
                      <Time iso={entry.published_at} />
                    </p>
                    <p>{entry.summary}</p>
                  </li>
                ))}
              </ul>
            ) : (
              <EmptyState title="Nothing written yet." />
            )}
          </>
        ),
      });
    }),
  );

  router.get(
    '/journal/:slug',
    page((ctx) => {
      const entry = content.journalEntry(ctx.params.slug);
      if (!entry) throw new DomainError('not_found', 'No journal entry has this name.');
      if (ctx.query.format === 'md') return markdown(ctx, `# ${entry.title}\n\n${entry.markdown}`);
      renderPage(ctx, {
        title: entry.title,
        description: entry.summary || entry.title,
        body: (
          <article class="content">
            <h1>{entry.title}</h1>
            <p class="meta">
              <Time iso={entry.published_at} />
              <a href={`/journal/${entry.slug}?format=md`}>Markdown</a>
            </p>
            <Rendered html={entry.html} />
          </article>
        ),
      });
    }),
  );

  router.get(
    '/examples',
    page((ctx) => {
      if (ctx.query.format === 'json') {
        ctx.body = content.examplesJson();
        return;
      }
      if (ctx.query.format === 'md') {
        const { notice, examples } = content.examplesJson();
        return markdown(ctx, [`# Examples\n\n> ${notice}`, ...examples.map((example) => `## ${example.title}\n\n${example.markdown}`)].join('\n\n'));
      }
      renderPage(ctx, {
        title: 'Examples',
        description: `Worked examples of jobs, offers and directory entries, for people and agents: ${content.examples.map((example) => example.title).join('; ')}`,
        body: (
          <>
            <h1>Examples</h1>
            <Notice>{content.examplesJson().notice}</Notice>
            <p class="muted">
              Also as <a href="/examples?format=md">Markdown</a> and <a href="/examples?format=json">JSON</a>.
            </p>
            <nav aria-label="Examples">
              <ul>
                {content.examples.map((example) => (
                  <li>
                    <a href={`#${example.slug}`}>{example.title}</a> <span class="muted">({EXAMPLE_KIND_WORDS[example.kind]})</span>
                  </li>
                ))}
              </ul>
            </nav>
            {content.examples.map((example) => (
              <article class="content example" id={example.slug} aria-labelledby={`${example.slug}-title`}>
                <h2 id={`${example.slug}-title`}>{example.title}</h2>
                <p class="muted">{example.summary}</p>
                <Rendered html={example.html} />
              </article>
            ))}
          </>
        ),
      });
    }),
  );
};
