import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { loadConfig } from './config.ts';
import { events, outbox, reminderLedger } from './db/schema/index.ts';
import { queueMail } from './services/mail.ts';
import { tryLockDataDir, type SiteLock } from './site-lock.ts';
import { saveSiteSettings } from './site-settings.ts';
import { createMember } from '../test/factories.ts';
import { createTestApp, type TestApp } from '../test/test-app.ts';

let t: TestApp;
let lock: SiteLock | undefined;
let out = '';
let err = '';
const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (err += text) };
afterEach(() => {
  lock?.release();
  lock = undefined;
  t.close();
  out = '';
  err = '';
});

const SITE = { BASE_URL: 'https://club.example', SMTP_URL: 'smtp://club:secret@mail.example:587', CLUB_NAME: 'Gateway A Club' };

/** A site with one member and an event whose "now" reminder is due. */
function siteWithDueReminder() {
  t = createTestApp(SITE);
  createMember(t.db);
  t.db
    .insert(events)
    .values({ title: 'Tour', start: '2099-06-20T10:00', end: '2099-06-20T12:00', notifyDaysOut: [0] })
    .run();
  return t;
}

const reminders = (env: Record<string, string>, ...extra: string[]) =>
  runCli(['reminders', ...extra], { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent', ...env }, io);
const queued = () => t.db.select().from(outbox).all();

describe('pnpm reminders and the running site', () => {
  it('refuses to send with only DATA_DIR set when the site has sent mail before, and queues nothing', async () => {
    siteWithDueReminder();
    queueMail(t.db, { to: 'old@example.test', subject: 'Earlier', text: 'x' });
    t.db.update(outbox).set({ status: 'sent' }).run();
    expect(await reminders({})).toBe(1);
    expect(err).toMatch(
      /^BASE_URL and SMTP_URL are not set, but this site has sent e-mail before; nothing was sent\. Run it with the site's settings: `pnpm reminders --env-file/,
    );
    expect(queued()).toHaveLength(1);
    expect(t.db.select().from(reminderLedger).all()).toEqual([]);
  });

  it("refuses when BASE_URL or SMTP_URL differ from the running site's, naming both without the password", async () => {
    siteWithDueReminder();
    saveSiteSettings(t.config);
    expect(await reminders({ ...SITE, BASE_URL: 'http://localhost:3000' })).toBe(1);
    expect(err).toContain('The site runs with BASE_URL=https://club.example, but this command has http://localhost:3000; nothing was sent.');
    err = '';
    expect(await reminders({ BASE_URL: SITE.BASE_URL })).toBe(1);
    expect(err).toContain('The site runs with SMTP_URL to mail.example:587, but this command has no SMTP_URL');
    expect(fs.readFileSync(path.join(t.dataDir, 'site-settings.json'), 'utf8')).not.toContain('secret');
    expect(queued()).toEqual([]);
  });

  it("reads the site's settings from --env-file, and leaves the sending to the running site", async () => {
    siteWithDueReminder();
    saveSiteSettings(t.config);
    const envFile = path.join(t.dataDir, 'site.env');
    fs.writeFileSync(envFile, `BASE_URL=${SITE.BASE_URL}\nSMTP_URL="${SITE.SMTP_URL}"\nCLUB_NAME='Gateway A Club'\n`);
    lock = tryLockDataDir(t.dataDir);
    expect(await reminders({}, '--env-file', envFile)).toBe(0);
    expect(err).toBe('');
    expect(out).toContain('Sent 1 due reminder(s): 1 e-mail(s) and 0 push(es) queued.');
    expect(out).toContain('The site is running: it sends them within 30 seconds.');
    // Queued with the site's links, and not sent by this process (mail.example does not exist).
    expect(queued().map((m) => [m.status, m.attempts, m.text.includes('https://club.example/event/')])).toEqual([['pending', 0, true]]);
  });
});

describe('restore --replace', () => {
  it('refuses while the site is running on the data folder', async () => {
    t = createTestApp();
    lock = tryLockDataDir(t.dataDir);
    expect(await runCli(['restore', 'latest', '--replace'], { DATA_DIR: t.dataDir, LOG_LEVEL: 'silent' }, io)).toBe(1);
    expect(err).toBe(
      `The site is running on ${loadConfig({ DATA_DIR: t.dataDir }).dataDir}: stop it first (docker compose stop, or stop the service), then restore.\n`,
    );
    expect(fs.existsSync(t.config.databaseFile)).toBe(true);
  });
});
