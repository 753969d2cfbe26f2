import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies the defaults of INTERFACE.md', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.host).toBe('127.0.0.1');
    expect(config.baseUrl).toBe('http://localhost:3000');
    expect(config.timeZone).toBe('America/Chicago');
    expect(config.reminderCron).toBe('0 9 * * *');
    expect(config.databaseFile).toMatch(/data\/club\.db$/);
    expect(config.demoData).toBe(false);
  });

  it('derives mail addresses from BASE_URL, but never from an IP address', () => {
    expect(loadConfig({ BASE_URL: 'https://club.example.com' }).contactEmail).toBe('webmaster@club.example.com');
    expect(loadConfig({ BASE_URL: 'http://127.0.0.1:3000' }).mailFrom).toMatch(/<noreply@example\.org>$/);
  });

  it('takes the VAPID keys as a pair and a subject push services can reach', () => {
    expect(() => loadConfig({ VAPID_PUBLIC_KEY: 'abc' })).toThrow(/set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY together/);
    expect(() => loadConfig({ VAPID_SUBJECT: 'webmaster@club.example' })).toThrow(/VAPID_SUBJECT must be a mailto: address or an https:\/\/ URL/);
    expect(loadConfig({ VAPID_SUBJECT: 'mailto:web@club.example' }).vapid.subject).toBe('mailto:web@club.example');
    expect(loadConfig({ BASE_URL: 'https://club.example.com' }).vapid.subject).toBe('mailto:webmaster@club.example.com');
  });

  it('lets REMINDER_CRON=off disable the job', () => {
    expect(loadConfig({ REMINDER_CRON: 'off' }).reminderCron).toBe('');
    expect(loadConfig({ REMINDER_CRON: ' OFF ' }).reminderCron).toBe('');
    expect(loadConfig({}).reminderCron).toBe('0 9 * * *');
  });

  // `set -a; . .env` leaves an unquoted "0 9 * * *" empty: a silent "off" would stop reminders and backups.
  it('sends the weekly digest on Mondays at 08:00 by default; DIGEST_CRON moves it or switches it off', () => {
    expect(loadConfig({}).digestCron).toBe('0 8 * * 1');
    expect(loadConfig({ DIGEST_CRON: '30 7 * * 0' }).digestCron).toBe('30 7 * * 0');
    expect(loadConfig({ DIGEST_CRON: 'off' }).digestCron).toBe('');
    expect(() => loadConfig({ DIGEST_CRON: 'mondays' })).toThrow(/DIGEST_CRON must be a cron expression such as "0 8 \* \* 1"/);
  });

  it.each(['REMINDER_CRON', 'BACKUP_CRON', 'DIGEST_CRON'])('stops on a %s that is set but empty, saying to write off', (name) => {
    expect(() => loadConfig({ [name]: '' })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: '  ' })).toThrow(new RegExp(`^Invalid configuration: ${name} is set but empty; .*quotes.*write ${name}=off`));
  });

  it('resolves a relative DATA_DIR from where the pnpm command was typed', () => {
    expect(loadConfig({ DATA_DIR: 'site-data', INIT_CWD: '/srv/club' }).databaseFile).toBe('/srv/club/site-data/club.db');
    expect(loadConfig({ DATA_DIR: '/data', INIT_CWD: '/srv/club' }).dataDir).toBe('/data');
  });

  it('lets BACKUP_CRON=off switch the daily backup off', () => {
    expect(loadConfig({ BACKUP_CRON: 'off' }).backupCron).toBe('');
    expect(loadConfig({}).backupCron).toBe('30 3 * * *');
  });

  it('takes MAIL_FROM as an address or "Name <address>", and refuses free text', () => {
    expect(loadConfig({ MAIL_FROM: 'Model A Club <noreply@club.example>' }).mailFrom).toBe('Model A Club <noreply@club.example>');
    expect(loadConfig({ MAIL_FROM: 'noreply@club.example' }).mailFrom).toBe('noreply@club.example');
    expect(() => loadConfig({ MAIL_FROM: 'The Model A Club' })).toThrow(/^Invalid configuration: MAIL_FROM must be an e-mail address or "Name <address>"/);
    expect(() => loadConfig({ MAIL_FROM: 'Club <noreply>' })).toThrow(/MAIL_FROM must be/);
  });

  it('refuses an SMTP_URL whose user name or password holds an @ that is not written %40', () => {
    expect(() => loadConfig({ SMTP_URL: 'smtp://me@club.example:secret@mail.example.net:587' })).toThrow(
      /^Invalid configuration: SMTP_URL has an @ in its user name or password: write it as %40/,
    );
    expect(loadConfig({ SMTP_URL: 'smtp://me%40club.example:secret@mail.example.net:587' }).smtpUrl).toBe(
      'smtp://me%40club.example:secret@mail.example.net:587',
    );
  });

  it('warns of a variable that looks like one of its own but is not (a misspelling)', () => {
    expect(loadConfig({ SMPT_URL: 'smtp://mail.example.net', CLUB_TIMEZON: 'UTC', BACKUP_KEPP: '3' }).warnings).toEqual([
      'SMPT_URL is not a setting this site reads (did you mean SMTP_URL?); it is ignored.',
      'CLUB_TIMEZON is not a setting this site reads (did you mean CLUB_TIMEZONE?); it is ignored.',
      'BACKUP_KEPP is not a setting this site reads (did you mean BACKUP_KEEP?); it is ignored.',
    ]);
    expect(
      loadConfig({
        HOME: '/root',
        PATH: '/bin',
        PWD: '/srv',
        HOSTNAME: 'box',
        INIT_CWD: '/srv',
        npm_config_user_agent: 'pnpm',
        SMTP_URL: 'smtp://mail.example.net',
      }).warnings,
    ).toEqual([]);
  });

  it('draws route maps on OpenStreetMap tiles with their credit by default, on other tiles or none when set', () => {
    expect(loadConfig({}).mapTiles).toEqual({ url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png', attribution: '© OpenStreetMap contributors' });
    expect(loadConfig({ MAP_TILE_URL: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles © Example' }).mapTiles).toEqual({
      url: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      attribution: 'Tiles © Example',
    });
    expect(loadConfig({ MAP_TILE_URL: '' }).mapTiles.url).toBe('');
    expect(loadConfig({ MAP_TILE_URL: 'off' }).mapTiles.url).toBe('');
    expect(loadConfig({}).showKilometres).toBe(false);
    expect(loadConfig({ ROUTE_SHOW_KM: '1' }).showKilometres).toBe(true);
  });

  it.each([
    ['MAP_TILE_URL', 'https://tiles.example.org/tile.png', /MAP_TILE_URL must be a tile address with \{z\}, \{x\} and \{y\}/],
    ['ROUTE_SHOW_KM', 'yes', /ROUTE_SHOW_KM must be 1 or 0/],
    ['PORT', 'eighty', /PORT/],
    ['CLUB_TIMEZONE', 'Mars/Olympus', /CLUB_TIMEZONE must be an IANA time zone/],
    ['SMTP_URL', 'http://mail', /SMTP_URL must be a URL starting with smtp:\/\/ or smtps:\/\//],
    ['DEMO_DATA', 'yes', /DEMO_DATA must be 1 or 0/],
    ['REMINDER_CRON', 'every morning', /REMINDER_CRON must be a cron expression such as "0 9 \* \* \*"/],
    ['ADMIN_EMAIL', 'not-an-address', /ADMIN_EMAIL must be an e-mail address/],
    ['BACKUP_CRON', 'every night', /BACKUP_CRON must be a cron expression/],
  ])('stops on a bad %s with one line naming it', (name, value, message) => {
    expect(() => loadConfig({ [name]: value })).toThrow(ConfigError);
    expect(() => loadConfig({ [name]: value })).toThrow(message);
  });
});
