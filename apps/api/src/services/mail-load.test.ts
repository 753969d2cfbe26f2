import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { outbox } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { queueMail } from './mail.ts';

let t: TestApp | undefined;
afterEach(async () => {
  vi.doUnmock('nodemailer');
  await t?.services.mail.stop();
  t?.close();
  t = undefined;
});

describe('the mail service when nodemailer cannot be loaded', () => {
  it('keeps the message in the outbox with the reason, and sends it once nodemailer loads', async () => {
    vi.doMock('nodemailer', () => {
      throw new Error('Cannot find package nodemailer');
    });
    t = createTestApp();
    queueMail(t.db, { to: 'ann@example.test', subject: 'Your renewal', text: 'Thank you for renewing.' });

    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    const [waiting] = t.db.select().from(outbox).all();
    expect(waiting).toMatchObject({ status: 'pending', attempts: 1, text: 'Thank you for renewing.' });
    expect(waiting?.lastError).toContain('Could not load nodemailer');

    vi.doUnmock('nodemailer');
    t.db
      .update(outbox)
      .set({ nextAttempt: new Date(0).toISOString() })
      .run();
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    expect(t.db.select().from(outbox).all()[0]).toMatchObject({ status: 'saved', attempts: 2 });
    const [file] = fs.readdirSync(path.join(t.dataDir, 'outbox'));
    expect(fs.readFileSync(path.join(t.dataDir, 'outbox', file ?? ''), 'utf8')).toContain('Subject: Your renewal');
  });
});
