import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * One site process per data folder. The server holds an exclusive SQLite lock on
 * DATA_DIR/site.lock for as long as it runs: an operating-system lock, so it is released when the
 * process ends however it ends (kill -9 included), and it works between a container and the host
 * sharing the folder. A second server refuses to start; the CLI asks whether the site is running
 * to leave its loops to it (reminders) or to refuse (restore --replace).
 */
export type SiteLock = { release(): void };

const lockFile = (dataDir: string) => path.join(dataDir, 'site.lock');

/** Takes the data folder's lock, or returns undefined when another process holds it. */
export function tryLockDataDir(dataDir: string): SiteLock | undefined {
  fs.mkdirSync(dataDir, { recursive: true });
  return tryLockFile(lockFile(dataDir));
}

/**
 * Takes an exclusive lock on `file` (created if missing), or returns undefined when another
 * process (or another connection of this one) holds it.
 */
export function tryLockFile(file: string): SiteLock | undefined {
  const db = new Database(file);
  db.pragma('busy_timeout = 0');
  try {
    db.exec('BEGIN EXCLUSIVE');
  } catch (error) {
    db.close();
    if (error instanceof Database.SqliteError && error.code.startsWith('SQLITE_BUSY')) return undefined;
    throw error;
  }
  return {
    release: () => {
      if (!db.open) return;
      db.exec('ROLLBACK');
      db.close();
    },
  };
}

/** Whether a site process is running on this data folder now. */
export function isSiteRunning(dataDir: string): boolean {
  if (!fs.existsSync(lockFile(dataDir))) return false;
  const lock = tryLockDataDir(dataDir);
  lock?.release();
  return !lock;
}
