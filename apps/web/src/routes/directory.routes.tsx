import type { AppRouter, Services } from '@svc/runtime';
import type { DiscoveryPage } from '@svc/directory';
import { isDomainError, type Actor } from '@svc/kernel';
import { EntryCards, ENTRY_TYPE_WORDS, OwnHiddenPage, ResolutionView, signInTo, UnavailablePage } from '../components/directory/directory-views.tsx';
import { EmptyState } from '../kit/blocks.tsx';
import { fieldErrorsOf, type FieldErrors } from '../kit/form.tsx';
import { FilterSelect, NoMatches, SearchForm, SearchResults } from '../kit/search-form.tsx';
import { renderPage } from '../kit/render.tsx';
import { offsetParam } from '../kit/paging.ts';
import { page, queryText } from '../http/respond.ts';

const PAGE_SIZE = 20;

/** Whether a service's read answers, rather than refusing with a domain error. */
const succeeds = async (read: () => Promise<unknown>): Promise<boolean> => {
  try {
    await read();
    return true;
  } catch (error) {
    if (isDomainError(error)) return false;
    throw error;
  }
};

/** The public directory: discovery with search, and the page of one address (what resolution shows). */
export const registerDirectoryRoutes = (router: AppRouter, { directory, listReads }: Services): void => {
  /**
   * What this visitor is offered below an address they just resolved: its owner, whom the directory
   * answers with their own view (`manage`), the way to manage it; anyone else a report, which the
   * report form takes for an entry anyone may resolve (one shown only to signed-in people is not public).
   */
  const standingOf = async (address: string, actor: Actor | null): Promise<'owner' | 'reportable' | 'none'> => {
    if (actor === null) return 'reportable';
    const [publicly, owner] = await Promise.all([succeeds(() => directory.resolve(address, null)), succeeds(() => directory.manage(actor, address))]);
    return owner ? 'owner' : publicly ? 'reportable' : 'none';
  };

  router.get(
    '/directory',
    page(async (ctx) => {
      const q = queryText(ctx, 'q');
      const type = queryText(ctx, 'type');
      const offset = offsetParam(ctx, PAGE_SIZE);
      let errors: FieldErrors = {};
      let list: DiscoveryPage = { entries: [], total: 0, total_is_lower_bound: false, limit: PAGE_SIZE, offset };
      try {
        list = await listReads.run(() => directory.discover({ ...(q ? { q } : {}), ...(type ? { type } : {}), limit: String(PAGE_SIZE), offset: String(offset) }));
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'validation_failed') throw error;
        errors = fieldErrorsOf(error) ?? {};
      }
      const failed = Object.keys(errors).length > 0;
      const href = (to: number) => `/directory?${new URLSearchParams({ ...(q ? { q } : {}), ...(type ? { type } : {}), offset: String(to) })}`;
      renderPage(ctx, {
        title: q ? `Directory entries matching “${q}”` : 'Directory',
        description:
          `Permanent contact addresses of people, organisations and agents${q ? ` matching “${q}”` : ''}` +
          `${type ? ` (${ENTRY_TYPE_WORDS[type] ?? type})` : ''}, each with the ways to reach it.`,
        status: failed ? 400 : 200,
        body: (
          <>
            <h1>Directory</h1>
            <p>
              Permanent contact addresses (<code>aar:handle</code>) of people, organisations and agents.
              {ctx.state.actor ? (
                <>
                  {' '}
                  <a href="/my/directory">My directory entries</a>
                </>
              ) : null}
            </p>
            <SearchForm action="/directory" q={q} errors={errors}>
              <FilterSelect
                name="type"
                label="Kind"
                value={type}
                options={[{ value: '', label: 'Any' }, ...Object.entries(ENTRY_TYPE_WORDS).map(([value, label]) => ({ value, label }))]}
                invalid={Boolean(errors.type)}
              />
            </SearchForm>
            <SearchResults errors={errors} list={list} noun={['entry', 'entries']} shown={list.entries.length} href={href} empty={
                q || type ? (
                  <NoMatches title={q ? `No entries match “${q}”.` : 'No entries match.'} all={{ href: '/directory', text: 'see every listed entry' }} add={{ href: '/my/directory/new', text: 'register your own address' }} />
                ) : (
                  <EmptyState title="No entries listed yet.">
                    <p>
                      <a href="/my/directory/new">Register your own address</a> to be the first.
                    </p>
                  </EmptyState>
                )
              }
            >
              <EntryCards entries={list.entries} />
            </SearchResults>
          </>
        ),
      });
    }),
  );

  router.get(
    '/directory/:address',
    page(async (ctx) => {
      const actor = ctx.state.actor ?? null;
      // What may be seen differs between signed-out and signed-in visitors.
      ctx.set({ Vary: 'Cookie', 'Cache-Control': 'private, no-cache' });
      try {
        const { body, withheld } = await directory.resolve(ctx.params.address, actor);
        const standing = await standingOf(body.address, actor);
        renderPage(ctx, {
          title: body.display_name,
          description: `${body.display_name}, ${body.address}: ${body.description || 'how to reach them'}`,
          body: (
            <>
              <ResolutionView entry={body} signedIn={actor !== null} withheld={withheld} />
              {standing === 'owner' ? (
                <p>
                  <a href={`/my/directory/${body.address}`}>Manage this entry</a>
                </p>
              ) : null}
              {standing === 'reportable' ? (
                <p class="muted">
                  <a href={`/reports/new?target_kind=directory_entry&target_id=${encodeURIComponent(body.address)}`} class="report-link">
                    Report this entry
                  </a>
                </p>
              ) : null}
            </>
          ),
        });
      } catch (error) {
        if (!isDomainError(error) || error.code !== 'unavailable') throw error;
        ctx.state.errorCode = error.code;
        // Its owner, whom the directory answers with their own view (`manage`), is told it is theirs
        // and why nobody can look it up, with the way to manage it. Anyone else gets one page for
        // every reason, exactly as the API gives one answer.
        const own = actor ? await directory.manage(actor, ctx.params.address).catch((refused: unknown) => (isDomainError(refused) ? null : Promise.reject(refused))) : null;
        if (own) {
          return renderPage(ctx, {
            title: 'Your entry is hidden',
            description: 'This directory address is yours, and nobody else can look it up now.',
            status: 404,
            body: <OwnHiddenPage entry={own} />,
          });
        }
        renderPage(ctx, {
          title: 'Address not available',
          description: 'This directory address is not available: it may not exist, or it is paused, expired, removed or restricted.',
          status: 404,
          body: <UnavailablePage signIn={actor === null ? signInTo(ctx.originalUrl) : undefined} />,
        });
      }
    }),
  );
};
