import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * The process killed (SIGKILL, no chance to clean up) while writes are in flight, then started
 * again on the same DATA_DIR: every write that was answered is there, the database passes its
 * integrity check, and no row is half-saved.
 */
const API_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ADMIN = { email: 'crash-admin@example.test', password: 'crash-test-password-1' };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-crash-'));
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

async function startSite(port: number): Promise<ChildProcess> {
  // Node itself with tsx's loader: the tsx command would run the server in a child process of its
  // own, which a SIGKILL of the command leaves running.
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: API_DIR,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      BASE_URL: `http://127.0.0.1:${port}`,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      REMINDER_CRON: 'off',
      BACKUP_CRON: 'off',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      WEB_DIST: path.join(dataDir, 'no-web'),
      NODE_ENV: 'production',
    },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => (errors += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the site exited with ${child.exitCode}: ${errors}`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/healthz`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the site did not become healthy');
}

const post = async (port: number, name: string, body: object) => {
  const res = await fetch(`http://127.0.0.1:${port}/api/${name}.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('crash and restart', () => {
  it('keeps every answered write and nothing half-saved after a SIGKILL mid-write', async () => {
    const port = await freePort();
    const site = await startSite(port);
    const login = await post(port, 'session.create', { u: ADMIN.email, p: ADMIN.password });
    expect(login.status).toBe(200);
    const token = String(login.body.g);

    const acknowledged: number[] = [];
    let isRunning = true;
    const writer = async (n: number) => {
      for (let round = 0; isRunning; round += 1) {
        try {
          const res = await post(port, 'president.save', { g: token, i: 0, y: 1900 + (round % 100), n: `Crash ${n}-${round}` });
          if (res.status === 200) acknowledged.push(Number(res.body.i));
        } catch {
          return; // The connection died with the process.
        }
      }
    };
    const writers = [1, 2, 3, 4, 5, 6, 7, 8].map(writer);
    while (acknowledged.length < 50) await new Promise((resolve) => setTimeout(resolve, 5));
    site.kill('SIGKILL');
    await new Promise((resolve) => site.once('exit', resolve));
    isRunning = false;
    await Promise.all(writers);
    // The kill reached the server itself: nothing answers on its port any more.
    await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();

    const again = await startSite(port);
    try {
      const list = await post(port, 'presidents.get', {});
      expect(list.status).toBe(200);
      const stored = new Set((list.body.p as { id: number }[]).map((president) => president.id));
      expect(acknowledged.filter((id) => !stored.has(id))).toEqual([]);
    } finally {
      again.kill('SIGTERM');
      await new Promise((resolve) => again.once('exit', resolve));
    }

    const db = new Database(path.join(dataDir, 'club.db'), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      const half = db.prepare("SELECT COUNT(*) AS n FROM presidents WHERE name = '' OR year IS NULL").get() as { n: number };
      expect(half.n).toBe(0);
    } finally {
      db.close();
    }
    console.log(`crash: ${acknowledged.length} writes answered before SIGKILL, all kept after restart`);
  }, 90_000);
});
