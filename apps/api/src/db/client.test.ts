import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, PAGE_CACHE_KIB } from './client.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('openDatabase', () => {
  it('opens the file in WAL mode with foreign keys, zeroed deletes and a small page cache', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-db-'));
    dirs.push(dir);
    const db = openDatabase(path.join(dir, 'club.db'));
    const pragma = (name: string): unknown => db.$client.pragma(name, { simple: true });
    expect(pragma('journal_mode')).toBe('wal');
    expect(pragma('foreign_keys')).toBe(1);
    expect(pragma('secure_delete')).toBe(1);
    // better-sqlite3's default is 16 MB: the peak memory under load (docs/decisions/004-sqlite-page-cache-4mb.md).
    expect(pragma('cache_size')).toBe(-PAGE_CACHE_KIB);
    expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(4000);
    db.$client.close();
  });

  it('takes the write lock when a transaction begins, so a command writing meanwhile waits instead of failing it', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-db-'));
    dirs.push(dir);
    const file = path.join(dir, 'club.db');
    const db = openDatabase(file);
    db.$client.exec('CREATE TABLE notes (body TEXT)');
    // A second process (`pnpm reminders` while the site serves), impatient so the test does not wait.
    const command = new Database(file);
    command.pragma('busy_timeout = 0');
    const written = db.transaction(() => {
      const before = db.$client.prepare('SELECT count(*) AS n FROM notes').get() as { n: number };
      // Deferred, the command's write would land here and the site's write below would then fail
      // with SQLITE_BUSY_SNAPSHOT, the busy timeout notwithstanding.
      expect(() => command.exec("INSERT INTO notes VALUES ('from the command')")).toThrow(/database is locked/);
      db.$client.prepare("INSERT INTO notes VALUES ('from the site')").run();
      return before.n + 1;
    });
    expect(written).toBe(1);
    command.exec("INSERT INTO notes VALUES ('from the command')");
    expect(command.prepare('SELECT body FROM notes ORDER BY rowid').pluck().all()).toEqual(['from the site', 'from the command']);
    command.close();
    db.$client.close();
  });
});
