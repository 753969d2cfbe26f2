import { PATHS } from '@club/contracts/plain';
import { pino, type DestinationStream, type Logger } from 'pino';

/** Paths that may carry secrets or private text (passwords, tokens, e-mail bodies); they never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.g',
  '*.text',
  '*.html',
  // Kept, but with tokens taken out (see scrubUrl).
  '*.url',
];

/**
 * The pages a signed or secret link opens (a reset, a sign-in link, an opt-out, an "I'm coming",
 * a classified's renewal, ...): every route of PATHS whose last part is a token. Whatever follows
 * one of these is a secret, whatever its shape (dots, a short or an escaped one).
 */
const SECRET_LINK_PREFIXES = Object.values(PATHS)
  .filter((route) => /\/:(?:token|resetGuid)$/.test(route))
  .map((route) => route.replace(/:[^/]+$/, ''));

/**
 * A path segment that looks like a random token elsewhere: a private calendar feed's
 * (`<token>.ics`), or any id-dotted signature (`<member id>.<signature>`).
 */
const TOKEN_SEGMENT = /^(?:\d{1,12}\.)?[A-Za-z0-9_-]{20,}(?:\.ics)?$/;

const escapeForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * A signed link's page and its token, up to where the token ends in free text: a space, a quote,
 * a bracket, a query, or the `/` or `:` after it in a message or a stack line (no token the site
 * makes holds either; an escaped one holds `%2F`).
 */
const SECRET_LINK_IN_TEXT = new RegExp(`(${SECRET_LINK_PREFIXES.map(escapeForPattern).join('|')})[^\\s"'<>()?#/:]+`, 'g');

/** A URL without its query string, and with the token of a signed link or any token-like path segment replaced. */
export function scrubUrl(url: string): string {
  const [pathname = ''] = url.split(/[?#]/, 1);
  const path = pathname.replace(/^[a-z][a-z0-9+.-]*:\/\/[^/]*/i, '');
  const origin = pathname.slice(0, pathname.length - path.length);
  const prefix = SECRET_LINK_PREFIXES.find((start) => path.startsWith(start) && path.length > start.length);
  if (prefix) return `${origin}${prefix}[token]`;
  return pathname
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? '[token]' : segment))
    .join('/');
}

/** Free text (a message, a stack trace) with the token of any signed link, and token-like path segments, replaced. */
export function scrubText(text: string): string {
  return text.replace(SECRET_LINK_IN_TEXT, '$1[token]').replace(/\/(?:\d{1,12}\.)?[A-Za-z0-9_-]{20,}(?:\.ics)?(?![A-Za-z0-9_.-])/g, '/[token]');
}

const censor = (value: unknown, path: string[]) => (path.at(-1) === 'url' ? (typeof value === 'string' ? scrubUrl(value) : value) : '[redacted]');

/** Structured JSON logs on stdout (or the given stream, for tests). */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'club-api' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT, censor },
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
