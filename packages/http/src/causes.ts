/** What an error says: its code (a socket's `ECONNREFUSED`, PostgreSQL's SQLSTATE) and its message. */
export interface Said {
  code?: unknown;
  message?: unknown;
}

/** An error and those it wraps (`cause`), outermost first, at most five deep: drivers and the ORM wrap what the socket or the server said. */
export const causesOf = (thrown: unknown): Said[] => {
  const chain: Said[] = [];
  for (let error = thrown as (Said & { cause?: unknown }) | null; error && chain.length < 5; error = error.cause as typeof error) chain.push(error);
  return chain;
};
