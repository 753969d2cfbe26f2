import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterEach, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { makeJpeg } from '../../test/images.ts';
import { startTestSmtp, type TestSmtp } from '../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp | undefined;
let smtp: TestSmtp | undefined;
afterEach(async () => {
  t?.close();
  await smtp?.close();
  t = undefined;
  smtp = undefined;
});

const rowCount = (app: TestApp, table: string) => (app.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;
const uploaded = (app: TestApp) =>
  fs.existsSync(app.config.uploadsDir) ? fs.readdirSync(app.config.uploadsDir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()) : [];

describe('faults', () => {
  it('SMTP down: the e-mail waits in the outbox and goes when the server is back', async () => {
    const probe = await startTestSmtp();
    const port = Number(new URL(probe.url).port);
    await probe.close();
    t = createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` });
    const member = createMember(t.db);
    expect((await request(t.app).post('/api/password.request.php').send({ e: member.email })).status).toBe(200);
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
    expect(t.db.$client.prepare('SELECT status FROM outbox').all()).toEqual([{ status: 'pending' }]);

    smtp = await startTestSmtp(port);
    // The retry is due later; bring it forward instead of waiting a minute.
    t.db.$client.prepare("UPDATE outbox SET next_attempt = '2000-01-01T00:00:00.000Z'").run();
    expect(await t.services.mail.deliverDue()).toEqual({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.text).toMatch(/\/reset\/[\w-]{20,}/);
  });

  it('a refused database write during an upload leaves no half record and no orphan file', async () => {
    t = createTestApp();
    const admin = createMember(t.db, { permissions: ['admin'] });
    const membersBefore = rowCount(t, 'members');
    t.db.$client.exec("CREATE TRIGGER refuse_members BEFORE INSERT ON members BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END");
    const res = await request(t.app)
      .post('/api/member.save.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('o', '1')
      .field('fn', 'Half')
      .field('l', 'Saved')
      .field('e', 'half.saved@example.test')
      .attach('f', await makeJpeg(60, 60), 'face.jpg');
    expect(res.status).toBe(500);
    expect(res.body.e).toMatch(/Something went wrong/);
    expect(rowCount(t, 'members')).toBe(membersBefore);
    expect(uploaded(t)).toEqual([]);
  });

  it('a refused file write during an upload stores no record', async () => {
    t = createTestApp();
    const admin = createMember(t.db, { permissions: ['history'] });
    // The photo's folder cannot be made: a file stands where it should be.
    fs.mkdirSync(t.config.uploadsDir, { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'shaft-award'), 'in the way');
    const before = rowCount(t, 'shaft_award_winners');
    const res = await request(t.app)
      .post('/api/shaftAwardWinner.set.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('y', '1999')
      .field('n', 'Nobody Saved')
      .attach('f', await makeJpeg(60, 60), 'award.jpg');
    expect(res.status).toBe(500);
    expect(rowCount(t, 'shaft_award_winners')).toBe(before);
  });

  it('SQLite busy: writes wait for another process holding the write lock, and none is lost', async () => {
    const app = createTestApp();
    t = app;
    const editor = createMember(app.db, { permissions: ['history'] });
    // Another process takes the write lock and keeps it for 1.5 s.
    const holder = spawn(
      process.execPath,
      [
        '-e',
        `const Database = require(${JSON.stringify(require.resolve('better-sqlite3'))});
         const db = new Database(${JSON.stringify(t.config.databaseFile)});
         db.exec('BEGIN IMMEDIATE');
         process.stdout.write('locked\\n');
         setTimeout(() => { db.exec('COMMIT'); db.close(); }, 1500);`,
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    await new Promise<void>((resolve) => holder.stdout.once('data', () => resolve()));
    const started = Date.now();
    const writes = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        request(app.app)
          .post('/api/president.save.php')
          .send({ g: editor.token, i: 0, y: 1950 + i, n: `Busy ${i}` }),
      ),
    );
    await new Promise((resolve) => holder.once('exit', resolve));
    expect(writes.map((res) => res.status)).toEqual([200, 200, 200, 200, 200]);
    expect(Date.now() - started).toBeGreaterThan(1000);
    expect((t.db.$client.prepare("SELECT COUNT(*) AS n FROM presidents WHERE name LIKE 'Busy %'").get() as { n: number }).n).toBe(5);
  });
});
