/**
 * Counts requests per route template and outcome (status class and error code).
 * Never sees user ids, addresses or content. The database-backed recorder lives in `@svc/db`.
 */
export interface UsageRecorder {
  record(route: string, outcome: string): void;
}

export const noUsage: UsageRecorder = { record: () => {} };

/** `2xx`, `4xx:validation_failed`, …: the status class, plus the error code when there is one. */
export const outcomeOf = (status: number, errorCode: string | undefined): string => {
  const statusClass = `${Math.floor(status / 100)}xx`;
  return errorCode ? `${statusClass}:${errorCode}` : statusClass;
};
