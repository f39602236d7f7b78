import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../vitest.preset.ts';

// Every file starts a whole stack (PgBouncer, API processes, workers, HAProxy) on a scratch database:
// one file at a time, or two stacks would share two cores and every time bound in the tests with them.
export default defineConfig({
  ...vitestPreset,
  test: {
    ...vitestPreset.test,
    include: ['test/**/*.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 180_000,
    maxWorkers: 1,
  },
});
