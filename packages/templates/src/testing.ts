/** Valid birthday-party details; override what a test is about. */
export const partyDetails = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  child_name: 'Mia',
  age: 7,
  date: '2026-12-05',
  start_time: '14:00',
  guest_count: 12,
  general_area: 'Camden, London',
  ...overrides,
});

/** Runs `work`, which must fail, and returns the error it threw. */
export const failure = (work: () => unknown) => {
  try {
    work();
  } catch (error) {
    return error as { code: string; message: string; extras: { details?: { path: string; message: string }[] } };
  }
  throw new Error('expected a failure');
};
