import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

/**
 * The tests StrykerJS runs against each mutant of the services' authentication, authorisation,
 * lifetime and limit rules (`stryker.services.config.json`): the services over in-memory stand-ins
 * for the repository and the limiter (`test/stand-ins.ts`), so that a run takes minutes on two cores.
 * The integration tests check the same rules, and the SQL behind them, on both engines in the test command.
 */
export default defineConfig({
  ...vitestPreset,
  test: {
    ...vitestPreset.test,
    setupFiles: [...[vitestPreset.test?.setupFiles ?? []].flat(), './test/setup.ts'],
    include: ['test/accounts.test.ts', 'test/grants.test.ts', 'test/device-flow.test.ts', 'test/recovery.test.ts', 'test/oauth.test.ts'],
  },
});
