import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

/**
 * The tests StrykerJS runs against each mutant of the caller's resolution (bearer token, session
 * cookie, Origin / X-CSRF-Token, scopes, write limits): a server in this process over stand-in
 * grants and sessions, so that a run takes minutes on two cores (the API's and the website's
 * integration tests check the same rules against PostgreSQL in the test command).
 */
export default defineConfig({ ...vitestPreset, test: { ...vitestPreset.test, include: ['test/actor.test.ts', 'test/rate-limits.test.ts'] } });
