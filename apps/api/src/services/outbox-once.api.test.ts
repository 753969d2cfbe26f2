import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { events, outbox } from '../db/schema/index.ts';
import { createMember } from '../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queueMail } from './mail.ts';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

let t: TestApp | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await t?.services.mail.stop();
  t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

/** `pnpm reminders` in its own process, as a host cron runs it. */
const runRemindersCli = (env: Record<string, string>) =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(apiRoot, 'src/cli.ts'), 'reminders'], {
      cwd: apiRoot,
      env: { ...process.env, LOG_LEVEL: 'silent', INIT_CWD: '', ...env },
    });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(out))));
  });

describe('the outbox with several senders', () => {
  it('sends each reminder exactly once while the server loop and two `pnpm reminders` runs deliver at once to a slow SMTP server', async () => {
    smtp = await startTestSmtp(0, { delayMs: 250 });
    const env = { SMTP_URL: smtp.url, BASE_URL: 'https://club.example', MAIL_FROM: 'Club <noreply@club.example>' };
    t = createTestApp(env);
    const app = t;
    const recipients = Array.from({ length: 30 }, () => createMember(app.db).email);
    app.db
      .insert(events)
      .values({ title: 'Swap Meet', start: '2099-06-20T10:00', end: '2099-06-20T12:00', notifyDaysOut: [0] })
      .run();
    expect(app.services.reminders.run().emails).toBe(30);

    // The server's loop (its 30-second poll, here back to back) and two cron runs, all at once.
    const clis = [runRemindersCli({ ...env, DATA_DIR: app.dataDir }), runRemindersCli({ ...env, DATA_DIR: app.dataDir })];
    let isDone = false;
    void Promise.allSettled(clis).then(() => (isDone = true));
    while (!isDone) {
      await app.services.mail.deliverDue();
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await Promise.all(clis);
    await app.services.mail.deliverDue();

    await smtp.waitFor(31, 1500);
    const received = smtp.received.map((mail) => (mail.to && 'text' in mail.to ? mail.to.text : ''));
    expect(received.filter((to, i) => received.indexOf(to) !== i)).toEqual([]);
    expect(received.sort()).toEqual([...recipients].sort());
    const rows = app.db.select().from(outbox).all();
    expect(rows.map((row) => [row.status, row.attempts, row.claimedBy])).toEqual(rows.map(() => ['sent', 1, null]));
  }, 90_000);

  it('lets a message whose sender died be claimed again once its lease has run out, and not before', async () => {
    t = createTestApp();
    queueMail(t.db, { to: 'ann@example.test', subject: 'Invitation', text: 'Come in' });
    t.db
      .update(outbox)
      .set({ claimedBy: 'gone:1', claimedUntil: new Date(Date.now() + 60_000).toISOString() })
      .run();
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
    t.db
      .update(outbox)
      .set({ claimedUntil: new Date(Date.now() - 1000).toISOString() })
      .run();
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
  });
});

describe('the outbox order', () => {
  it('sends a password link, an invitation or a sign-in link before reminders queued earlier', async () => {
    t = createTestApp();
    const app = t;
    for (let i = 0; i < 120; i += 1) queueMail(app.db, { to: `m${i}@example.test`, subject: `Reminder ${i}`, text: 'Tour' }, { isBulk: true });
    queueMail(app.db, { to: 'new@example.test', subject: 'Set your password', text: 'http://x/reset/abc' });
    expect(await app.services.mail.deliverDue()).toEqual({ sent: 50, failed: 0 });
    const personal = app.db.select().from(outbox).where(eq(outbox.subject, 'Set your password')).get();
    // No SMTP_URL here: handled in the first round means saved to a file.
    expect(personal?.status).toBe('saved');
  });
});
