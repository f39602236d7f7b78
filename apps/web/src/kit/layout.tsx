import type { ComponentChildren } from 'preact';
import { usePageEnv } from './env.ts';
import { CsrfField } from './form.tsx';

const NavLink = ({ href, class: className, children }: { href: string; class?: string; children: ComponentChildren }) => {
  const { path } = usePageEnv();
  const current = path === href || (href !== '/' && path.startsWith(`${href}/`));
  return (
    <li>
      <a href={href} class={className} aria-current={current ? 'page' : undefined}>
        {children}
      </a>
    </li>
  );
};

/** The page frame: navigation with the signed-in person (or sign-in links), a flash message, the content, the notice. */
export const Layout = ({ title, description, flash, children }: { title: string; description: string; flash: string | null; children: ComponentChildren }) => {
  const { actor } = usePageEnv();
  return (
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
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
                <a href="/" class="brand">
                  Task-and-Directory
                </a>
              </li>
            </ul>
            <ul class="nav-links">
              <NavLink href="/jobs">Jobs</NavLink>
              <NavLink href="/services">Services</NavLink>
              <NavLink href="/directory">Directory</NavLink>
              <NavLink href="/agents">For agents</NavLink>
              {actor ? (
                <>
                  <NavLink href="/my/jobs">My jobs</NavLink>
                  <NavLink href="/threads">Threads</NavLink>
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
                  <NavLink href="/login">Sign in</NavLink>
                  <NavLink href="/signup" class="button small">
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
          <small>
            Records here are working information from participants. Posting or responding creates no agreement, authorises no
            spending, and payment happens elsewhere. E-mail addresses are never published.
          </small>
        </footer>
      </body>
    </html>
  );
};
