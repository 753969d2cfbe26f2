import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';
import { createBackup, restoreBackup } from './backup.ts';

let t: TestApp;
let restoredDir: string;
beforeAll(() => {
  t = createTestApp();
  restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-restored-'));
});
afterAll(() => {
  t.close();
  fs.rmSync(restoredDir, { recursive: true, force: true });
});

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

const readReports = (file: string) => {
  const db = new Database(file, { readonly: true });
  try {
    return db.prepare('SELECT id, member_id, message, url, created FROM error_reports ORDER BY id').all() as { id: number }[];
  } finally {
    db.close();
  }
};

describe('backup and restore', () => {
  it('round-trips data written through the API while writes keep arriving during the backup', async () => {
    const member = createMember(t.db);
    const login = await post('session.create', { u: member.email, p: member.password });
    expect(login.status).toBe(200);
    const token: string = login.body.g;
    expect((await post('user.settings.set', { g: token, e: 0 })).status).toBe(200);
    const photo = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4, 0xff, 0xd9]);
    fs.mkdirSync(path.join(t.config.uploadsDir, 'blog'), { recursive: true });
    fs.writeFileSync(path.join(t.config.uploadsDir, 'blog', 'model-a.jpg'), photo);

    let isBackingUp = true;
    let written = 0;
    const writer = async (n: number) => {
      while (isBackingUp) {
        // error.report is limited per address, so each report comes from its own (forwarded) one.
        const res = await post('error.report', { g: token, e: `writer ${n} report ${written}`, u: '/events', s: 'stack' }).set(
          'X-Forwarded-For',
          `198.18.${Math.floor(written / 250)}.${written % 250}`,
        );
        expect(res.status).toBe(200);
        written += 1;
      }
    };
    const writers = [1, 2, 3, 4].map(writer);
    while (written < 20) await new Promise((r) => setTimeout(r, 5));
    const before = written;
    const backup = await createBackup(t.db, t.config);
    const afterBackup = written;
    isBackingUp = false;
    await Promise.all(writers);

    const original = readReports(t.config.databaseFile);
    expect(original.length).toBe(written);
    expect(afterBackup).toBeGreaterThan(before);

    restoreBackup(backup.path, restoredDir);
    const restored = readReports(path.join(restoredDir, 'club.db'));
    // A consistent snapshot: every report up to some moment during the backup, none after, none torn.
    expect(restored.length).toBeGreaterThanOrEqual(before);
    expect(restored.length).toBeLessThanOrEqual(written);
    expect(restored).toEqual(original.slice(0, restored.length));

    const config = loadConfig({
      DATA_DIR: restoredDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      BACKUP_CRON: 'off',
      REMINDER_CRON: 'off',
      WEB_DIST: path.join(restoredDir, 'no-web'),
    });
    const { server, close } = await startServer(config);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const session = await fetch(`${base}/api/session.get.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ g: token }),
      });
      expect(session.status).toBe(200);
      expect(await session.json()).toMatchObject({ u: { id: member.id, name: member.name, emailNotifications: false } });

      const image = await fetch(`${base}/uploads/blog/model-a.jpg`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(photo);

      const relogin = await fetch(`${base}/api/session.create.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ u: member.email, p: member.password }),
      });
      expect(relogin.status).toBe(200);
    } finally {
      await close();
    }
  });
});
