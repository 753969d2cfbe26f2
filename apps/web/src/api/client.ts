import type { CallName, CallRequest, CallResponse } from '@club/contracts';
import { CALLS, callPath } from '@club/contracts/plain';
import { clearSessionToken, getSessionToken } from '../lib/session-token.ts';
import { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './api-error.ts';

export { ApiError, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE, errorMessageOf, isApiError } from './api-error.ts';
export type { CallName, CallRequest, CallResponse } from '@club/contracts';

/** In password.reset `g` is the reset link's id, not the session, so the caller must give it. */
type CallsWithForeignG = 'password.reset';

type WithOptionalSessionToken<T> = T extends { g: unknown } ? Omit<T, 'g'> & { g?: string } : T;

/**
 * Fields that accept undefined may be left out. zod reports preprocessed fields (blanks,
 * numeric strings) as a required `unknown`, though the server treats a missing one as blank.
 */
type OptionalWhereUndefinedFits<T> = {
  [K in keyof T as undefined extends T[K] ? K : never]?: T[K];
} & {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
};

/** A call's payload as callers write it: the session token `g` is filled in when logged in. */
export type CallBody<N extends CallName> = OptionalWhereUndefinedFits<N extends CallsWithForeignG ? CallRequest<N> : WithOptionalSessionToken<CallRequest<N>>>;

export type CallFiles = Record<string, Blob | Blob[]>;

export type CallOptions = {
  signal?: AbortSignal;
  /**
   * True: a 401 to a call made with the session leaves the session in place, for a caller that
   * asks the member to log in again and sends once more (writes, see `useCallMutation`).
   */
  keepsEndedSession?: boolean;
};

type Payload = Record<string, unknown>;

function withSessionToken(body: Payload): Payload {
  const token = getSessionToken();
  const hasToken = typeof body.g === 'string' && body.g !== '';
  return token !== null && !hasToken ? { ...body, g: token } : body;
}

function toFormValue(value: unknown): string | Blob {
  if (value instanceof Blob) return value;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

/** Arrays travel as repeated `name[]` fields, the form the legacy server understood. */
function toFormData(payload: Payload, files: CallFiles | undefined): FormData {
  const form = new FormData();
  const append = (key: string, value: unknown): void => {
    if (value === undefined || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) {
        if (item !== undefined && item !== null) form.append(`${key}[]`, toFormValue(item));
      }
    } else {
      form.append(key, toFormValue(value));
    }
  };
  for (const [key, value] of Object.entries(payload)) append(key, value);
  for (const [key, value] of Object.entries(files ?? {})) append(key, value);
  return form;
}

/** Form-encoded calls travel as the legacy site's forms did: `application/x-www-form-urlencoded`. */
function toUrlEncoded(payload: Payload): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(payload)) {
    if (value === undefined || value === null) continue;
    const values: unknown[] = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === undefined || item === null) continue;
      params.append(Array.isArray(value) ? `${key}[]` : key, String(toFormValue(item)));
    }
  }
  return params;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseReply(text: string): Record<string, unknown> | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Makes one call of the registry and returns its typed answer. Throws `ApiError`: with the
 * server's `e`, or with the generic "Error" label when the network failed or the answer was
 * not JSON (then `rawText` holds it). A 401 to a call made with the session ends the session.
 */
export async function callApi<N extends CallName>(name: N, body: CallBody<N>, files?: CallFiles, options: CallOptions = {}): Promise<CallResponse<N>> {
  const definition = CALLS[name];
  const payload = withSessionToken(body as Payload);
  const hasFiles = files !== undefined && Object.keys(files).length > 0;
  const isMultipart = definition.encoding === 'multipart' || hasFiles;
  const isForm = !isMultipart && definition.encoding === 'form';

  let response: Response;
  try {
    response = await fetch(callPath(name), {
      method: 'POST',
      // For FormData and URLSearchParams the browser sets the content type itself.
      headers: isMultipart || isForm ? { Accept: 'application/json' } : { Accept: 'application/json', 'Content-Type': 'application/json' },
      body: isMultipart ? toFormData(payload, files) : isForm ? toUrlEncoded(payload) : JSON.stringify(payload),
      signal: options.signal ?? null,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  if (response.status === 401 && payload.g !== undefined && payload.g === getSessionToken() && options.keepsEndedSession !== true) {
    clearSessionToken();
  }

  let text: string;
  try {
    text = await response.text();
  } catch {
    // The connection broke while the answer was arriving.
    throw new ApiError(NETWORK_ERROR_MESSAGE, 0);
  }

  return readReply<N>(text, response.status, response.ok);
}

/**
 * A call's answer from the JSON text the server sent: the typed answer, or `ApiError` with the
 * server's `e`, or with the generic "Error" label when the text is not a JSON object or the
 * status is not a success (then `rawText` holds it). Every answer is read here, those a page
 * arrives with (first-answers.ts) too.
 */
export function readReply<N extends CallName>(text: string, status: number, isOk: boolean): CallResponse<N> {
  const reply = parseReply(text);
  if (reply === undefined) throw new ApiError(GENERIC_ERROR_MESSAGE, status, text);
  if (typeof reply.e === 'string') throw new ApiError(reply.e, status);
  if (!isOk) throw new ApiError(GENERIC_ERROR_MESSAGE, status, text);
  return reply as CallResponse<N>;
}
