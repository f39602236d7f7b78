/** setTimeout's largest delay: Node turns anything longer into 1 ms, so no setting in milliseconds may go past it. */
export const MAX_TIMEOUT_MS = 2 ** 31 - 1;
