import { DEFAULT_CLUB_TIME_ZONE, isTimeZone } from '@club/contracts/plain';
import path from 'node:path';
import cron from 'node-cron';
import { z } from 'zod';
import { isProxyItem } from './lib/client-address.ts';

/** Blank environment values count as unset. */
const unsetIfBlank = (value: unknown) => (typeof value === 'string' && value.trim() === '' ? undefined : value);

const optionalString = z.preprocess(unsetIfBlank, z.string().optional());

const isUrlWith = (protocols: string[]) => (value: string) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

const urlMessage = (protocols: string[]) => `must be a URL starting with ${protocols.map((p) => `${p}//`).join(' or ')}`;

const urlString = (protocols: string[]) => z.preprocess(unsetIfBlank, z.string().refine(isUrlWith(protocols), urlMessage(protocols)).optional());

/**
 * A job's schedule: unset for the default, `off` to switch it off. Set but empty is refused: it is
 * what `set -a; . .env` makes of an unquoted "0 9 * * *", and would stop the job without a word.
 */
const cronSchema = (name: string, fallback: string) =>
  z
    .string()
    .refine((value) => value.trim() !== '', {
      message: `is set but empty; put the schedule in quotes ("${fallback}"), or write ${name}=off to switch it off`,
      abort: true,
    })
    .refine(
      (value) => value.trim().toLowerCase() === 'off' || cron.validate(value.trim()),
      `must be a cron expression such as "${fallback}" (or off to switch it off)`,
    )
    .transform((value) => (value.trim().toLowerCase() === 'off' ? '' : value.trim()))
    .default(fallback);

/** `noreply@club.org` or `Club Name <noreply@club.org>`: what a mail server accepts as From. */
const MAIL_FROM_PATTERN = /^(?:[^<>@]*<[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+>|[^\s<>@]+@[^\s<>@]+\.[^\s<>@]+)$/;

/** The part between `//` and the path: a second `@` there means an un-encoded one in the user name or password. */
const hasBareAtInUserInfo = (url: string) => (url.split('//')[1]?.split(/[/?#]/)[0]?.split('@').length ?? 0) > 2;

/** OpenStreetMap's standard tiles and the credit their tile policy asks for. */
const DEFAULT_MAP_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

const environmentSchema = z.object({
  PORT: z.preprocess(unsetIfBlank, z.coerce.number().int().min(0).max(65535).default(3000)),
  HOST: z.preprocess(unsetIfBlank, z.string().default('127.0.0.1')),
  DATA_DIR: z.preprocess(unsetIfBlank, z.string().default('./data')),
  BASE_URL: urlString(['http:', 'https:']),
  CLUB_NAME: z.preprocess(unsetIfBlank, z.string().max(120).default('Gateway Region Classic Car Club')),
  ADMIN_EMAIL: z.preprocess(unsetIfBlank, z.email('must be an e-mail address').optional()),
  ADMIN_PASSWORD: z.preprocess(unsetIfBlank, z.string().min(8, 'must be at least 8 characters').optional()),
  DEMO_DATA: z.preprocess(unsetIfBlank, z.enum(['0', '1'], 'must be 1 or 0').default('0')),
  SMTP_URL: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .refine((value) => !hasBareAtInUserInfo(value), {
        message: 'has an @ in its user name or password: write it as %40 (and : as %3A, / as %2F), e.g. smtp://me%40club.org:secret@mail.example.net:587',
        abort: true,
      })
      .refine(isUrlWith(['smtp:', 'smtps:']), urlMessage(['smtp:', 'smtps:']))
      .optional(),
  ),
  MAIL_FROM: z.preprocess(
    unsetIfBlank,
    z.string().trim().regex(MAIL_FROM_PATTERN, 'must be an e-mail address or "Name <address>", e.g. Model A Club <noreply@club.org>').optional(),
  ),
  CONTACT_EMAIL: z.preprocess(unsetIfBlank, z.email('must be an e-mail address').optional()),
  VAPID_PUBLIC_KEY: optionalString,
  VAPID_PRIVATE_KEY: optionalString,
  /** Push services reach the webmaster through it: mailto: or https:. */
  VAPID_SUBJECT: z.preprocess(
    unsetIfBlank,
    z
      .string()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL, e.g. mailto:webmaster@example.org')
      .optional(),
  ),
  CLUB_TIMEZONE: z.preprocess(unsetIfBlank, z.string().refine(isTimeZone, 'must be an IANA time zone such as America/Chicago').default(DEFAULT_CLUB_TIME_ZONE)),
  /** `off` disables the in-process job; empty is an error, so these are not blank-to-default. */
  REMINDER_CRON: cronSchema('REMINDER_CRON', '0 9 * * *'),
  BACKUP_CRON: cronSchema('BACKUP_CRON', '30 3 * * *'),
  DIGEST_CRON: cronSchema('DIGEST_CRON', '0 8 * * 1'),
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
  LOG_LEVEL: z.preprocess(unsetIfBlank, z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info')),
  /**
   * Route books' map tiles, `{z}/{x}/{y}` in the address (`{s}` for a subdomain). Unset: OpenStreetMap's
   * standard tiles; empty or `off`: routes draw without tiles. So not blank-to-default.
   */
  MAP_TILE_URL: z
    .string()
    .transform((value) => (['', 'off'].includes(value.trim().toLowerCase()) ? '' : value.trim()))
    .refine(
      (value) =>
        value === '' || (isUrlWith(['http:', 'https:'])(value.replace(/\{[a-z]\}/g, 'a')) && ['{z}', '{x}', '{y}'].every((part) => value.includes(part))),
      'must be a tile address with {z}, {x} and {y} such as https://tile.openstreetmap.org/{z}/{x}/{y}.png, or off for no tiles',
    )
    .default(DEFAULT_MAP_TILE_URL),
  MAP_TILE_ATTRIBUTION: z.preprocess(unsetIfBlank, z.string().trim().max(300).optional()),
  /** `1`: route books show kilometres beside miles. */
  ROUTE_SHOW_KM: z.preprocess(unsetIfBlank, z.enum(['0', '1'], 'must be 1 or 0').default('0')),
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
  /** When the weekly digest goes out, in CLUB_TIMEZONE; '' when switched off. */
  digestCron: string;
  backupKeep: number;
  logLevel: string;
  /** The proxies whose X-Forwarded-For is believed; empty: none. */
  trustProxy: string[];
  webDist: string | undefined;
  /** Route books' map: the tile address ('' for none) and the credit shown on the map. */
  mapTiles: { url: string; attribution: string };
  /** Route books show kilometres beside miles. */
  showKilometres: boolean;
  /** Check every reply against its response schema (tests and development). */
  checkReplies: boolean;
  /** Variables that look like a misspelt setting; the server logs each at start. */
  warnings: string[];
};

export class ConfigError extends Error {}

/** Read from the environment though not in the schema: set by pnpm or the tests. */
const OTHER_VARIABLES = ['INIT_CWD'];

function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= b.length; j += 1) {
      current[j] = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}

/**
 * Variables that look like a misspelt setting (`SMPT_URL`): within two edits of one of ours
 * (short ones like PORT and HOST are left out, or HOME would look like HOST). Only warned of: the
 * environment holds many variables that are none of the site's business.
 */
function lookalikeWarnings(env: NodeJS.ProcessEnv): string[] {
  const known = [...ENVIRONMENT_VARIABLES, ...OTHER_VARIABLES];
  return Object.keys(env)
    .filter((name) => /^[A-Z][A-Z0-9_]*$/.test(name) && !known.includes(name))
    .flatMap((name) => {
      // Two edits cannot bridge a greater difference in length: most names are not compared.
      const match = known.find((ours) => ours.length >= 6 && Math.abs(ours.length - name.length) <= 2 && editDistance(name, ours) <= 2);
      return match ? [`${name} is not a setting this site reads (did you mean ${match}?); it is ignored.`] : [];
    });
}

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
    reminderCron: e.REMINDER_CRON,
    backupCron: e.BACKUP_CRON,
    digestCron: e.DIGEST_CRON,
    backupKeep: e.BACKUP_KEEP,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY.trim() === 'none' ? [] : e.TRUST_PROXY.split(',').map((item) => item.trim()),
    webDist: e.WEB_DIST,
    mapTiles: {
      url: e.MAP_TILE_URL,
      attribution: e.MAP_TILE_ATTRIBUTION ?? (e.MAP_TILE_URL === DEFAULT_MAP_TILE_URL ? OSM_ATTRIBUTION : ''),
    },
    showKilometres: e.ROUTE_SHOW_KM === '1',
    checkReplies: e.NODE_ENV === 'test' || e.NODE_ENV === 'development',
    warnings: lookalikeWarnings(env),
  };
}
