import { vitestPreset } from '../../tooling/vitest.preset.ts';

export default vitestPreset;
