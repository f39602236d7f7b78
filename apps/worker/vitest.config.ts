import { defineConfig, mergeConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

// These tests start the command line and the server as processes of their own, from source: on a
// loaded machine a start alone can take tens of seconds.
export default mergeConfig(vitestPreset, defineConfig({ test: { testTimeout: 120_000 } }));
