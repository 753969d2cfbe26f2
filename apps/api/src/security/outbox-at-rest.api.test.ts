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

describe('password links at rest', () => {
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

/** Every file of the live database: the main file and, in WAL mode, its write-ahead log. */
const databaseFiles = (file: string) => [file, `${file}-wal`].filter((name) => fs.existsSync(name));
const holdsSecret = (file: string, secret: string) => fs.readFileSync(file).includes(Buffer.from(secret));

// `strings` on a backup's club.db found a live invitation link. Only the
// hash of the token is stored, but the queued e-mail's body held the link, and after it was
// scrubbed the old bytes stayed in the database's free space, its WAL, and the backup copy.
describe('a sent password link at rest', () => {
  it("leaves the link's secret in neither the database file, its WAL, nor a backup taken afterwards", async () => {
    expect((await request(t.app).post('/api/password.request.php').send({ e: member.email })).status).toBe(200);
    // A second row written meanwhile, so the link is not simply the last thing in the WAL.
    createMember(t.db);
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1 });
    const [received] = await smtp.waitFor(1);
    const secret = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(received?.text ?? '')?.[1] ?? '';
    expect(secret).toHaveLength(43);

    for (const file of databaseFiles(t.config.databaseFile))
      expect({ file: path.basename(file), holdsSecret: holdsSecret(file, secret) }).toEqual({ file: path.basename(file), holdsSecret: false });
    const backup = await createBackup(t.db, t.config);
    const backupFiles = fs
      .readdirSync(backup.path, { recursive: true, encoding: 'utf8' })
      .map((name) => path.join(backup.path, name))
      .filter((name) => fs.statSync(name).isFile());
    expect(backupFiles.filter((file) => holdsSecret(file, secret))).toEqual([]);
    // The link still works: nothing was lost but the copies.
    const reset = await request(t.app).post('/api/password.reset.php').send({ g: secret, n: 'a new long password 1' });
    expect(reset.status).toBe(200);
  });

  it("leaves an invitation's secret in neither the database nor a backup once the invitation is sent", async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    const invited = await request(t.app)
      .post('/api/member.save.php')
      .send({ g: admin.token, i: '0', o: '1', fn: 'Ivy', l: 'Invited', e: 'ivy@example.org', invite: '1' });
    expect(invited.status).toBe(200);
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1 });
    const [received] = await smtp.waitFor(1);
    const secret = /\/reset\/([A-Za-z0-9_-]{20,})/.exec(received?.text ?? '')?.[1] ?? '';
    expect(secret).toHaveLength(43);
    expect(databaseFiles(t.config.databaseFile).filter((file) => holdsSecret(file, secret))).toEqual([]);
    const backup = await createBackup(t.db, t.config);
    expect(holdsSecret(path.join(backup.path, 'club.db'), secret)).toBe(false);
  });
});
