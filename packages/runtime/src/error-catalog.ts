import { ACCESS_ERRORS, OAUTH_ERRORS } from '@svc/access';
import { DIRECTORY_ERRORS } from '@svc/directory';
import { JOBS_ERRORS } from '@svc/jobs';
import { GENERAL_ERRORS, type ErrorCatalog } from '@svc/kernel';
import { OFFERS_ERRORS } from '@svc/offers';
import { THREADS_ERRORS } from '@svc/threads';

/** Every error code the service can answer, with its kind: the general ones and each domain's own. */
export const ERROR_CATALOG: ErrorCatalog = {
  ...GENERAL_ERRORS,
  ...ACCESS_ERRORS,
  ...OAUTH_ERRORS,
  ...JOBS_ERRORS,
  ...OFFERS_ERRORS,
  ...DIRECTORY_ERRORS,
  ...THREADS_ERRORS,
};
