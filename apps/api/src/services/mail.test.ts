import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { describeMailDelivery, MAIL_RETRY_MINUTES, NO_SMTP_REASON, queueMail } from './mail.ts';
import { PUSH_BACKOFF_MINUTES } from './push.ts';

let t: TestApp | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  await t?.services.mail.stop();
  t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const message = { to: 'ann@example.test', subject: 'Reset your password', text: 'Follow this link: http://x/reset/abc' };

describe('the retry schedules', () => {
  const hours = (minutes: number[]) => minutes.reduce((sum, m) => sum + m, 0) / 60;
  const guide = fs.readFileSync(path.join(import.meta.dirname, '../../../../docs/WEBMASTER.md'), 'utf8');

  it('retries an e-mail for about a day, as the webmaster guide says', () => {
    expect(guide).toContain('Failed messages are retried for about a day');
    expect(hours(MAIL_RETRY_MINUTES)).toBeGreaterThanOrEqual(20);
    expect(hours(MAIL_RETRY_MINUTES)).toBeLessThanOrEqual(26);
  });

  it('retries a push for a few hours, as the webmaster guide says', () => {
    expect(guide).toMatch(/pushes\s+for a few hours/);
    expect(hours(PUSH_BACKOFF_MINUTES)).toBeGreaterThanOrEqual(2);
    expect(hours(PUSH_BACKOFF_MINUTES)).toBeLessThanOrEqual(6);
  });
});

describe('the mail service', () => {
  it('delivers queued mail to the SMTP server and marks it sent', async () => {
    smtp = await startTestSmtp();
    t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <club@example.test>' });
    queueMail(t.db, message);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.subject).toBe('Reset your password');
    expect(mail?.text).toContain('http://x/reset/abc');
    expect(mail?.from?.value[0]).toMatchObject({ name: 'Club', address: 'club@example.test' });
    expect(t.db.select().from(outbox).all()[0]).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('keeps a message and retries later when the mail server is down', async () => {
    t = createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    queueMail(t.db, message);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const row = t.db.select().from(outbox).all()[0];
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(Date.parse(row?.nextAttempt ?? '')).toBeGreaterThan(Date.now() + 30_000);
    expect(row?.lastError).toBeTruthy();
    // Not due yet: a second round leaves it alone.
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 0 });
  });

  it('writes an .eml file under DATA_DIR/outbox when no SMTP_URL is set, and counts it saved, not sent', async () => {
    t = createTestApp();
    queueMail(t.db, message);
    await t.services.mail.deliverDue();
    expect(t.db.select().from(outbox).all()[0]).toMatchObject({ status: 'saved', attempts: 1 });
    expect(describeMailDelivery(t.config, t.db)).toEqual({ isDelivering: false, reason: NO_SMTP_REASON, savedNotSent: 1 });
    const files = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    expect(files).toEqual([expect.stringMatching(/^000001-reset-your-password\.eml$/)]);
    const eml = fs.readFileSync(path.join(t.dataDir, 'outbox', files[0] as string), 'utf8');
    expect(eml).toContain('Subject: Reset your password');
    expect(eml).toContain('To: ann@example.test');
  });
});
