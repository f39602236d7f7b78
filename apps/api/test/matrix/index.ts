import { ACCESS_FIXTURES } from './access.fixtures.ts';
import { JOBS_FIXTURES } from './jobs.fixtures.ts';
import type { MatrixFixtures } from './types.ts';

/** One fixture per operation of the table; the matrix test fails for an operation without one. */
export const MATRIX_FIXTURES: MatrixFixtures = {
  ...ACCESS_FIXTURES,
  ...JOBS_FIXTURES,
};
