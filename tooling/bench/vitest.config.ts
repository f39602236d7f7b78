import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../vitest.preset.ts';

// The smoke run starts PostgreSQL work, three servers and wrk, and the seed check fills a scratch
// database: one worker, so the two files never compete for the machine.
export default defineConfig({
  ...vitestPreset,
  test: { ...vitestPreset.test, testTimeout: 120_000, maxWorkers: 1 },
});
