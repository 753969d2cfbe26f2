/**
 * The one error type that services and handlers throw; `http/errors.ts` alone turns it into `{ e }`.
 * Outside HTTP (the CLI, jobs) its message is a sentence for the webmaster.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (message: string) => new ApiError(400, message);
export const notLoggedIn = (message = 'Please log in to continue.') => new ApiError(401, message);
export const forbidden = (message = 'You do not have permission to do that. Ask the club webmaster if you need it.') => new ApiError(403, message);
export const notFound = (what: string) => new ApiError(404, `${what} was not found. It may have been deleted; reload the page to see the latest.`);
export const tooLarge = (message: string) => new ApiError(413, message);
export const wrongFileType = (message: string) => new ApiError(415, message);
export const tooManyAttempts = (message: string) => new ApiError(429, message);
