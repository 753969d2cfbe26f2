import { pino, type Logger } from 'pino';

/** Paths that may carry secrets or private text; they never reach the log. */
const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
  '*.password',
  '*.passwordHash',
  '*.token',
  '*.text',
  '*.html',
];

export function createLogger(level: string): Logger {
  return pino({
    level,
    base: { service: 'club-api' },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: REDACT, censor: '[redacted]' },
    formatters: { level: (label) => ({ level: label }) },
  });
}
