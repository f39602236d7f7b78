import { defineConfig } from 'vitest/config';

/**
 * Shared test settings: storage tests start databases (an embedded PGlite with its migrations takes
 * seconds, and many times that on a loaded two-core machine), so tests and hooks get time; two
 * cores, so few workers.
 */
export const vitestPreset = defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 90_000,
    hookTimeout: 120_000,
    pool: 'forks',
    maxWorkers: 2,
    reporters: ['default'],
    setupFiles: [new URL('./vitest.setup.ts', import.meta.url).pathname],
  },
});
