import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from './config.ts';

/**
 * The settings mail depends on, as the running site has them: the server writes them to
 * DATA_DIR/site-settings.json at start, so that a CLI command that sends mail (`pnpm reminders`)
 * can refuse to send with other ones (links to localhost, e-mail written to files) instead of
 * quietly marking the reminders sent. The SMTP URL holds a password: only a fingerprint is kept.
 */
export type SiteSettings = { baseUrl: string; clubName: string; smtp: string | null; smtpHost: string | null };

const FILE = 'site-settings.json';

const fingerprint = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 16);

function siteSettingsOf(config: Pick<Config, 'baseUrl' | 'clubName' | 'smtpUrl'>): SiteSettings {
  return {
    baseUrl: config.baseUrl,
    clubName: config.clubName,
    smtp: config.smtpUrl ? fingerprint(config.smtpUrl) : null,
    smtpHost: config.smtpUrl ? new URL(config.smtpUrl).host : null,
  };
}

export function saveSiteSettings(config: Pick<Config, 'dataDir' | 'baseUrl' | 'clubName' | 'smtpUrl'>): void {
  fs.writeFileSync(path.join(config.dataDir, FILE), `${JSON.stringify(siteSettingsOf(config), null, 2)}\n`, { mode: 0o600 });
}

export function readSiteSettings(dataDir: string): SiteSettings | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dataDir, FILE), 'utf8')) as SiteSettings;
  } catch {
    return undefined;
  }
}

const HOW =
  "Run it with the site's settings: `pnpm reminders --env-file <the site's .env>`, or `docker compose exec club node dist/cli.js reminders` in a container.";

/**
 * Why a command must not send mail with these settings, or undefined when it may: they differ
 * from the site's (BASE_URL, SMTP_URL), or, when the site never saved its settings, BASE_URL or
 * SMTP_URL is missing on a database that has sent mail before.
 */
export function refuseToSend(
  config: Pick<Config, 'dataDir' | 'baseUrl' | 'clubName' | 'smtpUrl'>,
  env: NodeJS.ProcessEnv,
  hasSentMail: boolean,
): string | undefined {
  const site = readSiteSettings(config.dataDir);
  const mine = siteSettingsOf(config);
  if (site) {
    if (site.baseUrl !== mine.baseUrl) return `The site runs with BASE_URL=${site.baseUrl}, but this command has ${mine.baseUrl}; nothing was sent. ${HOW}`;
    if (site.smtp !== mine.smtp) {
      const theirs = site.smtpHost ? `SMTP_URL to ${site.smtpHost}` : 'no SMTP_URL (e-mail written to files)';
      const ours = mine.smtpHost ? `SMTP_URL to ${mine.smtpHost}` : 'no SMTP_URL';
      return `The site runs with ${theirs}, but this command has ${ours} (or another password); nothing was sent. ${HOW}`;
    }
    return undefined;
  }
  const missing = ['BASE_URL', 'SMTP_URL'].filter((name) => !env[name]?.trim());
  if (hasSentMail && missing.length > 0) {
    return `${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} not set, but this site has sent e-mail before; nothing was sent. ${HOW}`;
  }
  return undefined;
}
