import type { ComponentChildren } from 'preact';
import { usePageEnv } from './env.ts';
import { CsrfField } from './form.tsx';
import { placeOf, SUPPORT_HOME, withNext } from './places.ts';

const NavLink = ({ href, class: className, badge, children }: { href: string; class?: string; badge?: BadgeProps; children: ComponentChildren }) => {
  const { path } = usePageEnv();
  return (
    <li>
      <a href={href} class={className} aria-current={placeOf(path) === href.split('?')[0] ? 'page' : undefined}>
        {children}
        {badge ? <Badge {...badge} /> : null}
      </a>
    </li>
  );
};

interface BadgeProps {
  count: number;
  /** What the count counts, read out after the link's name ("2 new invitations"). */
  one: string;
  many: string;
}

/** A count beside a link's name; the words are read out by screen readers and shown on hover. Nothing at zero. */
const Badge = ({ count, one, many }: BadgeProps) => {
  if (count <= 0) return null;
  const words = `${count} ${count === 1 ? one : many}`;
  return (
    <>
      {' '}
      <span class="badge" title={words} aria-hidden="true">
        {count > 99 ? '99+' : count}
      </span>
      <span class="visually-hidden">({words})</span>
    </>
  );
};

/** The page frame: navigation with the signed-in person (or sign-in links), a flash message, the content, the notice. */
export const Layout = ({ title, description, flash, children }: { title: string; description: string; flash: string | null; children: ComponentChildren }) => {
  const { actor, navigation, returnTo } = usePageEnv();
  return (
    // The light theme always: our notices, errors and status colours are drawn for it, and Pico's dark
    // theme (which a dark-mode system would pick) put light text on them (1.5:1 contrast).
    <html lang="en" data-theme="light">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
        <title>{`${title} · Task-and-Directory`}</title>
        <meta name="description" content={description} />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="stylesheet" href="/assets/pico.min.css" />
        <link rel="stylesheet" href="/assets/site.css" />
        <script src="/assets/site.js" defer />
      </head>
      <body>
        <a class="skip-link" href="#main">
          Skip to content
        </a>
        <header class="site-header">
          <nav class="container" aria-label="Main">
            <ul>
              <li>
                <a href="/" class="brand" aria-current={placeOf(usePageEnv().path) === '/' ? 'page' : undefined}>
                  Task-and-Directory
                </a>
              </li>
            </ul>
            <ul class="nav-links">
              <NavLink href="/jobs">Jobs</NavLink>
              <NavLink href="/services">Offers</NavLink>
              <NavLink href="/directory">Directory</NavLink>
              <NavLink href="/agents">For agents</NavLink>
              {actor ? (
                <>
                  <NavLink href="/my/jobs" badge={navigation ? { count: navigation.responses_waiting, one: 'active response on your open jobs', many: 'active responses on your open jobs' } : undefined}>
                    My jobs
                  </NavLink>
                  <NavLink href="/threads" badge={navigation ? { count: navigation.invitations_waiting, one: 'invitation waiting', many: 'invitations waiting' } : undefined}>
                    Threads
                  </NavLink>
                  {actor.isSupport ? <NavLink href={SUPPORT_HOME}>Support</NavLink> : null}
                  <NavLink href="/account">{actor.displayName}</NavLink>
                  <li>
                    <form method="post" action="/auth/logout" class="inline">
                      <CsrfField />
                      <button type="submit" class="secondary outline small">
                        Sign out
                      </button>
                    </form>
                  </li>
                </>
              ) : (
                <>
                  <NavLink href={withNext('/login', returnTo)}>Sign in</NavLink>
                  <NavLink href={withNext('/signup', returnTo)} class="button small">
                    Sign up
                  </NavLink>
                </>
              )}
            </ul>
          </nav>
        </header>
        <main id="main" class="container">
          {flash ? (
            <p class="flash" role="status">
              {flash}
            </p>
          ) : null}
          {children}
        </main>
        <footer class="container site-footer">
          <nav aria-label="About the site">
            <ul>
              <NavLink href="/journal">Journal</NavLink>
              <NavLink href="/site-feedback">Site feedback</NavLink>
            </ul>
          </nav>
          <small>
            Records here are working information from participants. Posting or responding creates no agreement, authorises no
            spending, and payment happens elsewhere. E-mail addresses are never published.
          </small>
        </footer>
      </body>
    </html>
  );
};
