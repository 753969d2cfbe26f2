import { DEFAULT_CLUB_TIME_ZONE, isTimeZone } from '@club/contracts';
import path from 'node:path';
import cron from 'node-cron';
import { z } from 'zod';
import { isProxyItem } from './lib/client-address.ts';

/** Blank environment values count as unset. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalString = z.preprocess(unsetIfBlank, z.string().optional());

const urlString = (protocols: string[]) =>
  z.preprocess(
    unsetIfBlank,
    z
      .string()
      .refine((value) => {
        try {
          return protocols.includes(new URL(value).protocol);
        } catch {
          return false;
        }
      }, `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`)
      .optional(),
  );

const cronSchema = (fallback: string) =>
  z
    .string()
    .refine(
      (value) => value.trim() === '' || cron.validate(value.trim()),
      `must be a cron expression such as "${fallback}" (or empty to switch it off)`,
    )
    .default(fallback);

const environmentSchema = z.object({
  PORT: z.preprocess(unsetIfBlank, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(unsetIfBlank, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(unsetIfBlank, z.string().default('./data')),
  BASE_URL: urlString(['http:', 'https:']),
  CLUB_NAME: z.preprocess(unsetIfBlank, z.string().max(120).default('Gateway Region Classic Car Club')),
  ADMIN_EMAIL: z.preprocess(unsetIfBlank, z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: z.preprocess(unsetIfBlank, z.string().min(8, 'must be at least 8 characters').optional()),
  DEMO_DATA: z.preprocess(unsetIfBlank, z.enum(['0', '1'], 'must be 1 or 0').default('0')),
  SMTP_URL: urlString(['smtp:', 'smtps:']),
  MAIL_FROM: optionalString,
  CONTACT_EMAIL: z.preprocess(unsetIfBlank, z.email('must be an e-mail address').optional()),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Push services reach the webmaster through it: mailto: or https:. */
  VAPID_SUBJECT: z.preprocess(
    unsetIfBlank,
    z.string().regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL, e.g. mailto:webmaster@example.org').optional(),
  ),
  CLUB_TIMEZONE: z.preprocess(
    unsetIfBlank,
    z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago').default(DEFAULT_CLUB_TIME_ZONE),
  ),
  /** Empty disables the in-process job, so these are not blank-to-default. */
  REMINDER_CRON: cronSchema('0 9 * * *'),
  BACKUP_CRON: cronSchema('30 3 * * *'),
  BACKUP_KEEP: z.preprocess(unsetIfBlank, z.coerce.number().int().min(1).max(365).default(14)),
  /** Who may set X-Forwarded-For: names, addresses or subnets, comma-separated; "none" trusts no one. */
  TRUST_PROXY: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .refine(
        (value) => value.trim() === 'none' || value.split(',').every((item) => isProxyItem(item.trim())),
        'must be "loopback", "none", or addresses or subnets such as 10.0.0.2 or 172.16.0.0/12, separated by commas',
      )
      .default('loopback'),
  ),
  LOG_LEVEL: z.preprocess(
    unsetIfBlank,
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  /** Where the built SPA lives; the default finds apps/web/dist beside this package. */
  WEB_DIST: optionalString,
  NODE_ENV: optionalString,
});

/** Every variable the site reads; docker/.env.example documents each one. */
export const ENVIRONMENT_VARIABLES = Object.keys(environmentSchema.shape);

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  databaseFile: string;
  uploadsDir: string;
  outboxDir: string;
  backupsDir: string;
  /** Uploads in progress, each request in its own folder that is removed after it. */
  tempDir: string;
  baseUrl: string;
  clubName: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  demoData: boolean;
  smtpUrl: string | undefined;
  mailFrom: string;
  contactEmail: string;
  vapid: { publicKey: string | undefined; privateKey: string | undefined; subject: string };
  timeZone: string;
  reminderCron: string;
  backupCron: string;
  backupKeep: number;
  logLevel: string;
  /** The proxies whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  webDist: string | undefined;
  /** Check every reply against its response schema (tests and development). */
  checkReplies: boolean;
};

export class ConfigError extends Error {}

/** Reads the environment once. A bad value throws a ConfigError naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = environmentSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const variable = String(issue?.path[0] ?? 'environment');
    // The value itself is never repeated: it may be a password (SMTP_URL, ADMIN_PASSWORD).
    throw new ConfigError(`Invalid configuration: ${variable} ${issue?.message ?? 'is invalid'}.`);
  }
  const e = parsed.data;
  if (e.ADMIN_EMAIL && !e.ADMIN_PASSWORD) {
    throw new ConfigError('Invalid configuration: ADMIN_PASSWORD must be set when ADMIN_EMAIL is set.');
  }
  if (Boolean(e.VAPID_PUBLIC_KEY) !== Boolean(e.VAPID_PRIVATE_KEY)) {
    throw new ConfigError('Invalid configuration: set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together (or neither, to use the pair generated in DATA_DIR).');
  }
  // pnpm runs package scripts inside apps/api; a relative DATA_DIR means the folder where the
  // command was typed (pnpm's INIT_CWD), so `pnpm start`, `pnpm backup` and the demo agree.
  const dataDir = path.resolve(env.INIT_CWD ?? '', e.DATA_DIR);
  const baseUrl = (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const host = new URL(baseUrl).hostname;
  // An IP address or a bare host name is no mail domain; fall back to a reserved one.
  const mailDomain = host.includes('.') && !/^[\d.]+$/.test(host) && !host.startsWith('[') ? host : 'example.org';
  return {
    port: e.PORT,
    host: e.HOST,
    dataDir,
    databaseFile: path.join(dataDir, 'club.db'),
    uploadsDir: path.join(dataDir, 'uploads'),
    outboxDir: path.join(dataDir, 'outbox'),
    backupsDir: path.join(dataDir, 'backups'),
    tempDir: path.join(dataDir, 'tmp'),
    baseUrl,
    clubName: e.CLUB_NAME,
    adminEmail: e.ADMIN_EMAIL?.toLowerCase(),
    adminPassword: e.ADMIN_PASSWORD,
    demoData: e.DEMO_DATA === '1',
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.CLUB_NAME} <noreply@${mailDomain}>`,
    contactEmail: e.CONTACT_EMAIL ?? `webmaster@${mailDomain}`,
    vapid: {
      publicKey: e.VAPID_PUBLIC_KEY,
      privateKey: e.VAPID_PRIVATE_KEY,
      subject: e.VAPID_SUBJECT ?? `mailto:webmaster@${mailDomain}`,
    },
    timeZone: e.CLUB_TIMEZONE,
    reminderCron: e.REMINDER_CRON.trim(),
    backupCron: e.BACKUP_CRON.trim(),
    backupKeep: e.BACKUP_KEEP,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY.trim() === 'none' ? [] : e.TRUST_PROXY.split(',').map((item) => item.trim()),
    webDist: e.WEB_DIST,
    checkReplies: e.NODE_ENV === 'test' || e.NODE_ENV === 'development',
  };
}
