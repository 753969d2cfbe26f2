/** The label the spec shows for a network or parse failure. */
export const GENERIC_ERROR_MESSAGE = 'Error';

/**
 * Every failed call throws this. `message` is safe to show to a member: the server's `e`
 * or the generic label. `status` is 0 when no answer arrived; `rawText` holds an answer
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
