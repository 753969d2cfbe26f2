/** The label the spec shows for an answer that could not be read. */
export const GENERIC_ERROR_MESSAGE = 'Error';

/** When no answer arrived at all: say what happened, so it does not read as a wrong password. */
export const NETWORK_ERROR_MESSAGE = 'The site could not be reached. Check your connection and try again.';

/**
 * Every failed call throws this. `message` is safe to show to a member: the server's `e`
 * the network message, or the generic label. `status` is 0 when no answer arrived; `rawText` holds an answer
 * that was not JSON, for error reports.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly rawText: string | undefined;

  constructor(message: string, status: number, rawText?: string) {
    super(message);
    this.status = status;
    this.rawText = rawText;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A message fit for a member, whatever was thrown. */
export function errorMessageOf(error: unknown): string {
  return isApiError(error) ? error.message : GENERIC_ERROR_MESSAGE;
}

/** Whether a failed call failed for want of a connection (no answer arrived), not by the server's doing. */
export function isNetworkFailure(error: unknown): boolean {
  return (isApiError(error) && error.status === 0) || (typeof navigator !== 'undefined' && !navigator.onLine);
}
