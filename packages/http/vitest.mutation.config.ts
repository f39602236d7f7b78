import { defineConfig } from 'vitest/config';
import { vitestPreset } from '../../tooling/vitest.preset.ts';

/**
 * The tests StrykerJS runs against each mutant of the edge rules (client address, path, query and
 * body checks, body limits, If-None-Match): this package's own tests of them, each a server in
 * this process, so that a run takes minutes on two cores.
 */
export default defineConfig({
  ...vitestPreset,
  test: { ...vitestPreset.test, include: ['test/client-address.test.ts', 'test/http.test.ts', 'test/input-edge.test.ts', 'test/conditional.test.ts', 'test/operations.test.ts'] },
});
