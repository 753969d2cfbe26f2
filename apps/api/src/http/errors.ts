import type { ErrorRequestHandler, RequestHandler } from 'express';
import { ZodError } from 'zod';
import { ApiError, badRequest, tooLarge } from '../errors.ts';

/** The first zod issue as a sentence; the schemas' messages already name the field. */
function describeZodError(error: ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'The request was not valid.';
  if (issue.message.startsWith('Invalid input')) {
    const field = issue.path.join('.');
    return `Please check ${field ? `the field "${field}"` : 'the form'}: ${issue.message.toLowerCase()}.`;
  }
  return issue.message;
}

/** SQLite's codes for a write that found no room (SQLITE_FULL; an I/O error when the disk filled mid-write). */
const DISK_FULL_CODES = new Set(['SQLITE_FULL', 'SQLITE_IOERR_WRITE', 'SQLITE_IOERR_SHMSIZE']);

/** SQLite's error code, also where drizzle wraps the error of a raw `sql` query ("Failed to run the query …"). */
function sqliteCodeOf(error: object): string {
  const { code, cause } = error as { code?: unknown; cause?: unknown };
  if (code !== undefined) return String(code);
  return typeof cause === 'object' && cause !== null ? String((cause as { code?: unknown }).code) : '';
}

function toApiError(error: unknown): ApiError | undefined {
  if (error instanceof ApiError) return error;
  if (typeof error === 'object' && error !== null && DISK_FULL_CODES.has(sqliteCodeOf(error))) {
    return new ApiError(503, "Nothing was saved: the website's disk is full. Please try again later, and tell the webmaster.");
  }
  if (error instanceof ZodError) return badRequest(describeZodError(error));
  if (typeof error === 'object' && error !== null && 'type' in error) {
    const type = (error as { type: unknown }).type;
    if (type === 'entity.parse.failed') return badRequest('The request body is not valid JSON.');
    if (type === 'entity.too.large') return tooLarge('The request is too large.');
  }
  if (typeof error === 'object' && error !== null && 'status' in error) {
    const status = (error as { status: unknown }).status;
    if (status === 404) return new ApiError(404, 'That file was not found.');
    if (typeof status === 'number' && status >= 400 && status < 500) return new ApiError(status, 'The request could not be handled.');
  }
  return undefined;
}

/** Unknown `/api/*` paths answer a JSON 404 rather than the SPA. */
export const apiNotFound: RequestHandler = (req, res) => {
  res.status(404).json({ e: `There is no API call at ${req.originalUrl.split('?')[0] ?? req.path}.` });
};

/** The last middleware: every failure becomes `{ e }`; unexpected ones are logged with the request id. */
export const errorHandler: ErrorRequestHandler = (error, req, res, _next) => {
  const apiError = toApiError(error);
  if (apiError) {
    if (apiError.status >= 500) req.log.error({ err: error }, 'request failed');
    res.status(apiError.status).json({ e: apiError.message });
    return;
  }
  req.log.error({ err: error }, 'unexpected error');
  if (res.headersSent) return;
  res.status(500).json({ e: `Something went wrong on the server. Please try again; if it keeps happening, tell the webmaster (reference ${String(req.id)}).` });
};
