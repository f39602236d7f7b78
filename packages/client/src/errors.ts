/** The service's one error body: `{error, message}` plus extra members in some cases (`current`, `interval`, …). */
export interface ErrorBody {
  error: string;
  message?: string;
  [member: string]: unknown;
}

/** An answer of the API that is not a success: its status, its stable `code` and the whole body. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly body: ErrorBody;

  constructor(status: number, body: unknown) {
    const parsed: ErrorBody =
      body && typeof body === 'object' && typeof (body as ErrorBody).error === 'string'
        ? (body as ErrorBody)
        : { error: `http_${status}`, message: typeof body === 'string' ? body.slice(0, 200) : undefined };
    super(`${status} ${parsed.error}${parsed.message ? `: ${parsed.message}` : ''}`);
    this.status = status;
    this.code = parsed.error;
    this.body = parsed;
  }
}

/**
 * The data of an openapi-fetch answer, or an `ApiError` thrown for an error answer.
 *
 * @example
 * const job = unwrap(await api.POST('/api/v1/jobs', { body }));
 */
export const unwrap = <D, E>(result: { data?: D; error?: E; response: Response }): D => {
  if (result.error !== undefined || !result.response.ok) throw new ApiError(result.response.status, result.error);
  return result.data as D;
};

/**
 * Whether a failed request may have been carried out all the same: a timeout, a lost connection or a
 * 5xx. After such a failure a create is repeated with the same key, and an edit is re-read first.
 */
export const isUnknownOutcome = (error: unknown): boolean => {
  if (error instanceof ApiError) return error.status >= 500;
  if (error instanceof Error && error.name === 'AbortError') return false; // the caller gave up on purpose
  return error instanceof TypeError || (error instanceof Error && error.name === 'TimeoutError');
};
