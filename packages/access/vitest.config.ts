import { mergeConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

export default mergeConfig(vitestPreset, { test: { setupFiles: ['./test/setup.ts'] } });
