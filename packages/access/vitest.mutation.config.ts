import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

/**
 * The tests StrykerJS runs against each mutant: the rule files' own unit tests, without a database,
 * so that a run takes minutes rather than hours on two cores (the integration tests check the same
 * rules against PostgreSQL in the test command).
 */
export default defineConfig({ ...vitestPreset, test: { ...vitestPreset.test, include: ['test/limits.test.ts', 'test/secrets.test.ts'] } });
