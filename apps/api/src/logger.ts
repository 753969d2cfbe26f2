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
 * A path segment that looks like a random token: a reset link's, a private calendar feed's
 * (`<token>.ics`) or an opt-out link's (`<member id>.<signature>`).
 */
const TOKEN_SEGMENT = /^(?:\d{1,12}\.)?[A-Za-z0-9_-]{20,}(?:\.ics)?$/;

/** A URL without its query string and with token-like path segments replaced. */
export function scrubUrl(url: string): string {
  const [pathname = ''] = url.split(/[?#]/, 1);
  return pathname
    .split('/')
    .map((segment) => (TOKEN_SEGMENT.test(segment) ? '[token]' : segment))
    .join('/');
}

/** Free text (a message, a stack trace) with token-like path segments of any URL in it replaced. */
export function scrubText(text: string): string {
  return text.replace(/\/(?:\d{1,12}\.)?[A-Za-z0-9_-]{20,}(?:\.ics)?(?![A-Za-z0-9_.-])/g, '/[token]');
}

const censor = (value: unknown, path: string[]) =>
  path.at(-1) === 'url' ? (typeof value === 'string' ? scrubUrl(value) : value) : '[redacted]';

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
