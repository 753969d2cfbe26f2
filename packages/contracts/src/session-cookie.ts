/**
 * The cookie in which the browser mirrors its stored session token (apps/web/src/lib/session-token.ts),
 * so that the server can send a member's page with its markup and first answers
 * (apps/api/src/http/first-answers.ts). Only page requests read it: the API takes the session
 * from `g` alone, so a cookie never authorises a call (docs/SECURITY.md).
 */
export const SESSION_COOKIE = 'clubSession';

/** The cookie's value in a `Cookie` header, if it is there. */
export function sessionCookieIn(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  for (const pair of header.split(';')) {
    const at = pair.indexOf('=');
    if (at !== -1 && pair.slice(0, at).trim() === SESSION_COOKIE) {
      const value = pair.slice(at + 1).trim();
      return value === '' ? undefined : value;
    }
  }
  return undefined;
}
