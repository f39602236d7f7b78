import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../vitest.preset.ts';

// The smoke run starts PostgreSQL work, three servers and wrk: one file, one worker, a minute at most.
export default defineConfig({
  ...vitestPreset,
  test: { ...vitestPreset.test, testTimeout: 120_000, maxWorkers: 1 },
});
