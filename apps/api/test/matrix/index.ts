import { ACCESS_FIXTURES } from './access.fixtures.ts';
import { DIRECTORY_FIXTURES } from './directory.fixtures.ts';
import { DISCOVERY_FIXTURES } from './discovery.fixtures.ts';
import { JOBS_FIXTURES } from './jobs.fixtures.ts';
import { OFFERS_FIXTURES } from './offers.fixtures.ts';
import { THREADS_FIXTURES } from './threads.fixtures.ts';
import type { MatrixFixtures } from './types.ts';

/** One fixture per operation of the table; the matrix test fails for an operation without one. */
export const MATRIX_FIXTURES: MatrixFixtures = {
  ...ACCESS_FIXTURES,
  ...JOBS_FIXTURES,
  ...OFFERS_FIXTURES,
  ...DIRECTORY_FIXTURES,
  ...THREADS_FIXTURES,
  ...DISCOVERY_FIXTURES,
};
