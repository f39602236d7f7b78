import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

/**
 * The tests StrykerJS runs against each mutant of the website's HTTP rules (form tokens, the session
 * cookie, security headers, error pages, sign-in redirects): each serves the rule in this process
 * without a database, so that a run takes minutes on two cores (the integration tests check the
 * same rules against PostgreSQL in the test command).
 */
export default defineConfig({
  ...vitestPreset,
  test: {
    ...vitestPreset.test,
    include: ['test/csrf.test.ts', 'test/session-cookie.test.ts', 'test/respond.test.ts', 'test/security-headers.test.ts', 'test/safe-next.test.ts'],
  },
});
