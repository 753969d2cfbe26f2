import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createBackup } from '../services/backup.ts';

let t: TestApp;
let smtp: TestSmtp;
let member: TestMember;
beforeEach(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url });
  member = createMember(t.db);
});
afterEach(async () => {
  t.close();
  await smtp.close();
});

type OutboxRow = { status: string; text: string; html: string | null };
const outboxRows = (db: Database.Database) => db.prepare('SELECT status, text, html FROM outbox').all() as OutboxRow[];
const hasLink = (row: OutboxRow) => /\/reset\/[A-Za-z0-9_-]{20,}/.test(`${row.text} ${row.html ?? ''}`);

describe('password links at rest (finding 4)', () => {
  it('are not kept in the outbox once the e-mail is sent', async () => {
    expect((await request(t.app).post('/api/password.request.php').send({ e: member.email })).status).toBe(200);
    expect(outboxRows(t.db.$client).some(hasLink)).toBe(true);
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1 });
    const rows = outboxRows(t.db.$client);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.status).toBe('sent');
    expect(rows.some(hasLink)).toBe(false);
  });

  it('are not in a backup taken while the e-mail waits, and a restore will not send a dead link', async () => {
    await request(t.app).post('/api/password.request.php').send({ e: member.email });
    const backup = await createBackup(t.db, t.config);
    const copy = new Database(path.join(backup.path, 'club.db'), { readonly: true });
    const rows = outboxRows(copy);
    copy.close();
    expect(rows).toHaveLength(1);
    expect(rows.some(hasLink)).toBe(false);
    expect(rows[0]?.status).not.toBe('pending');
  });

  it('writes backups readable by the owner only', async () => {
    fs.mkdirSync(path.join(t.config.uploadsDir, 'blog'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'blog', 'car.jpg'), 'photo');
    const backup = await createBackup(t.db, t.config);
    const modeOf = (file: string) => fs.statSync(file).mode & 0o777;
    expect(modeOf(t.config.backupsDir)).toBe(0o700);
    expect(modeOf(backup.path)).toBe(0o700);
    for (const file of ['club.db', 'manifest.json', path.join('uploads', 'blog', 'car.jpg')]) {
      expect({ file, mode: modeOf(path.join(backup.path, file)) }).toEqual({ file, mode: 0o600 });
    }
  });
});
