const TITLES: Partial<Record<string, string>> = {
  not_found: 'Not found',
  removed: 'This has been removed',
  unauthenticated: 'Please sign in',
  invalid_credentials: 'Sign-in failed',
  not_owner: 'This is not yours to change',
  human_only: 'Only the person can do this',
  csrf_failed: 'This form has expired',
  rate_limited: 'Too many attempts',
  invalid_state: 'That cannot be done now',
  job_closed: 'This job is not open',
  own_job: 'This is your own job',
};

/** A readable page for a refused request, with the same status and error code as the API gives. */
export const ErrorPage = ({ code, message, status }: { code: string; message: string; status: number }) => (
  <section class="error-page">
    <h1>{TITLES[code] ?? 'This did not work'}</h1>
    <p>{message}</p>
    <p class="muted">
      Error code <code>{code}</code> (HTTP {status}), the same as the API answers.
    </p>
    <p>
      <a href="/" class="button secondary">
        Back to the start
      </a>{' '}
      <a href="/jobs">Browse jobs</a>
    </p>
  </section>
);
