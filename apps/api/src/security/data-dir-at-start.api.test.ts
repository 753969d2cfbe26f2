import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.ts';
import { startServer } from '../server.ts';

// Temporary files left by a crash mid-upload, and DATA_DIR readable by any local user under
// umask 022.
const root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-'));
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

/** Every path under `dir`, the folder itself first. */
function walk(dir: string): string[] {
  return [
    dir,
    ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const full = path.join(entry.parentPath, entry.name);
      return entry.isDirectory() ? walk(full) : [full];
    }),
  ];
}

describe('startServer and DATA_DIR', () => {
  it('empties DATA_DIR/tmp and keeps everything it writes from other local users', async () => {
    const dataDir = path.join(root, 'data');
    const leftover = path.join(dataDir, 'tmp', 'upload-crashed');
    fs.mkdirSync(leftover, { recursive: true });
    fs.writeFileSync(path.join(leftover, 'half-a-photo'), 'x');
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '0',
      LOG_LEVEL: 'silent',
      BACKUP_CRON: 'off',
      REMINDER_CRON: 'off',
      WEB_DIST: path.join(root, 'no-web'),
      ADMIN_EMAIL: 'webmaster@example.test',
      ADMIN_PASSWORD: 'model-a-1928',
    });
    const previous = process.umask(0o022);
    const { server, close } = await startServer(config);
    try {
      expect(fs.existsSync(config.tempDir) ? fs.readdirSync(config.tempDir) : []).toEqual([]);
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const res = await fetch(`${base}/api/password.request.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ e: 'webmaster@example.test' }),
      });
      expect(res.status).toBe(200);
      // The link goes out as an .eml file in DATA_DIR/outbox (no SMTP_URL).
      await vi.waitFor(() => expect(fs.readdirSync(config.outboxDir).length).toBeGreaterThan(0), { timeout: 10_000 });
      const opened = walk(dataDir).filter((file) => (fs.statSync(file).mode & 0o077) !== 0);
      expect(opened.map((file) => path.relative(dataDir, file) || '.')).toEqual([]);
      expect(walk(dataDir).some((file) => file.endsWith('club.db'))).toBe(true);
    } finally {
      await close();
      process.umask(previous);
    }
  });
});
