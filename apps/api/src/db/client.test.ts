import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
    // better-sqlite3's default is 16 MB: the peak memory under load (docs/PERFORMANCE.md).
    expect(pragma('cache_size')).toBe(-PAGE_CACHE_KIB);
    expect(PAGE_CACHE_KIB).toBeLessThanOrEqual(4000);
    db.$client.close();
  });
});
