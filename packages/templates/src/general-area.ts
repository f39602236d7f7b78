/**
 * Templates ask for a general area ("Camden, London", "north Leeds"), never a street address: jobs
 * are public, and a child's party address must not be published. The detector is the kernel's
 * `looksLikeStreetAddress`, the same one that keeps street addresses out of every public text.
 */
export const GENERAL_AREA_MESSAGE =
  'must be a general area such as "Camden, London" or "north Leeds", not a street address';
