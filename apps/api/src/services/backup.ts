import { resetPath, signInPath } from '@club/contracts/plain';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Config } from '../config.ts';
import { codeSchemaVersion, type Db } from '../db/client.ts';
import { tryLockFile } from '../site-lock.ts';

/** A backup or restore that cannot go ahead; the message tells the webmaster what to do. */
export class BackupError extends Error {}

export type BackupKind = 'backup' | 'pre-migration';

export type BackupConfig = Pick<Config, 'dataDir' | 'databaseFile' | 'backupsDir' | 'backupKeep'>;

export type BackupManifest = {
  format: 1;
  kind: BackupKind;
  createdAt: string;
  /** Migrations applied to the copied database; a restore refuses one newer than the code. */
  migrations: number;
  files: number;
  bytes: number;
  /** A pre-migration backup: the last migration of the upgrade it was taken for (one is kept per target). */
  target?: string;
  /** A pre-migration backup: SHA-256 of the database file it copies, to know a retried upgrade's database is unchanged. */
  source?: string;
};

export type BackupResult = { path: string; manifest: BackupManifest; pruned: string[] };

const MANIFEST = 'manifest.json';
/** The database's name inside a backup, whatever DATA_DIR calls it. */
const BACKUP_DATABASE = 'club.db';
/** Scheduled and manual backups; only these are pruned to BACKUP_KEEP. */
const PRUNABLE = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?$/;
/** Entries a DATA_DIR may hold and still count as empty for a restore. */
const EMPTY_ALLOWED = new Set(['backups', 'lost+found']);

/** 2026-05-02T03-30-00Z: sortable, UTC, and safe in file names on every system. */
function formatStamp(date: Date): string {
  return `${date.toISOString().slice(0, 19).replace(/:/g, '-')}Z`;
}

function countAppliedMigrations(sqlite: Database.Database): number {
  const hasTable = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  return hasTable ? (sqlite.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }).n : 0;
}

/** Files beside the database that make up the site's state (uploads, generated keys, ...). */
function stateEntries(config: BackupConfig): string[] {
  if (!fs.existsSync(config.dataDir)) return [];
  const database = path.basename(config.databaseFile);
  const skipped = new Set([
    database,
    `${database}-wal`,
    `${database}-shm`,
    `${database}-journal`,
    path.basename(config.backupsDir),
    // Sent mail is a log, not state, and may hold reset links.
    'outbox',
    // Uploads in progress.
    'tmp',
    'lost+found',
  ]);
  return fs.readdirSync(config.dataDir).filter((name) => !skipped.has(name));
}

function readManifest(dir: string): BackupManifest | undefined {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, MANIFEST), 'utf8')) as BackupManifest;
  } catch {
    return undefined;
  }
}

/** Finished backups, oldest first. */
export function listBackups(backupsDir: string): { name: string; path: string; manifest: BackupManifest }[] {
  if (!fs.existsSync(backupsDir)) return [];
  return fs
    .readdirSync(backupsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .flatMap((entry) => {
      const dir = path.join(backupsDir, entry.name);
      const manifest = readManifest(dir);
      return manifest ? [{ name: entry.name, path: dir, manifest }] : [];
    })
    .sort((a, b) => a.manifest.createdAt.localeCompare(b.manifest.createdAt) || a.name.localeCompare(b.name));
}

type CopyStats = { files: number; bytes: number };

/**
 * Copies a file, or hard-links the previous backup's copy when the file has not changed since,
 * so that fourteen daily backups of the photos cost about one copy of them.
 */
function copyOrLink(from: string, to: string, previous: string | undefined, stats: CopyStats) {
  const source = fs.statSync(from);
  stats.files += 1;
  stats.bytes += source.size;
  if (previous) {
    try {
      const before = fs.statSync(previous);
      if (before.isFile() && before.size === source.size && Math.floor(before.mtimeMs) === Math.floor(source.mtimeMs)) {
        fs.linkSync(previous, to);
        return;
      }
    } catch {
      // No earlier copy, or links are not possible here: copy instead.
    }
  }
  fs.copyFileSync(from, to);
  fs.chmodSync(to, 0o600);
  fs.utimesSync(to, source.atimeMs / 1000, source.mtimeMs / 1000);
}

function copyTree(from: string, to: string, previous: string | undefined, stats: CopyStats) {
  const entry = fs.statSync(from);
  if (entry.isFile()) {
    copyOrLink(from, to, previous, stats);
    return;
  }
  if (!entry.isDirectory()) return;
  fs.mkdirSync(to, { recursive: true, mode: 0o700 });
  for (const name of fs.readdirSync(from)) {
    copyTree(path.join(from, name), path.join(to, name), previous && path.join(previous, name), stats);
  }
}

/**
 * A message still waiting in the copied outbox may hold a working password link: the copy keeps
 * it with the link taken out, marked failed so that a restore never sends a dead link.
 */
function leaveOutPasswordLinks(copy: Database.Database): void {
  const waiting = copy.prepare("SELECT id, text, html FROM outbox WHERE status = 'pending'").all() as {
    id: number;
    text: string;
    html: string | null;
  }[];
  const update = copy.prepare(
    "UPDATE outbox SET status = 'failed', text = ?, html = ?, last_error = 'Left out of the backup: it held a password link.' WHERE id = ?",
  );
  // Password links and sign-in links alike.
  const withoutLinks = (value: string) =>
    [resetPath(''), signInPath('')].reduce(
      (text, prefix) => text.replace(new RegExp(`${prefix}[A-Za-z0-9_-]+`, 'g'), `${prefix}[left out of the backup]`),
      value,
    );
  for (const row of waiting) {
    const text = withoutLinks(row.text);
    const html = row.html === null ? null : withoutLinks(row.html);
    if (text !== row.text || html !== row.html) update.run(text, html, row.id);
  }
}

/** Where a backup is built, under a hidden name, until it is whole and renamed. */
const PARTIAL_PREFIX = '.partial-';

/**
 * A hidden folder to build a backup in, with a lock held beside it for as long as the backup is
 * being written: a crash releases the lock, and `removeUnfinishedBackups` then knows the folder
 * is left over rather than in progress (a CLI backup while the site starts).
 */
export function startPartialBackup(backupsDir: string, name: string): { path: string; release(): void } {
  const partial = path.join(backupsDir, `${PARTIAL_PREFIX}${name}-${randomBytes(4).toString('hex')}`);
  const lockFile = `${partial}.lock`;
  const lock = tryLockFile(lockFile);
  if (!lock) throw new BackupError(`Another backup is being written to ${partial}.`);
  fs.mkdirSync(partial, { mode: 0o700 });
  return {
    path: partial,
    release: () => {
      lock.release();
      fs.rmSync(lockFile, { force: true });
    },
  };
}

/** Removes the unfinished backups a crash left behind; returns their paths. */
export function removeUnfinishedBackups(backupsDir: string): string[] {
  if (!fs.existsSync(backupsDir)) return [];
  const removed: string[] = [];
  for (const name of fs.readdirSync(backupsDir)) {
    if (!name.startsWith(PARTIAL_PREFIX) || name.endsWith('.lock')) continue;
    const partial = path.join(backupsDir, name);
    const lock = tryLockFile(`${partial}.lock`);
    // Held: a backup is being written there right now.
    if (!lock) continue;
    fs.rmSync(partial, { recursive: true, force: true });
    lock.release();
    fs.rmSync(`${partial}.lock`, { force: true });
    removed.push(partial);
  }
  // A lock file whose folder is gone (a crash between the two removals).
  for (const name of fs.readdirSync(backupsDir)) {
    if (!name.startsWith(PARTIAL_PREFIX) || !name.endsWith('.lock')) continue;
    const lockFile = path.join(backupsDir, name);
    if (fs.existsSync(lockFile.slice(0, -'.lock'.length))) continue;
    const lock = tryLockFile(lockFile);
    if (!lock) continue;
    lock.release();
    fs.rmSync(lockFile, { force: true });
  }
  return removed;
}

function uniqueName(backupsDir: string, base: string): string {
  let name = base;
  for (let n = 2; fs.existsSync(path.join(backupsDir, name)); n += 1) name = `${base}-${n}`;
  return name;
}

/** Removes the oldest scheduled/manual backups beyond `keep`; pre-migration copies stay. */
function pruneBackups(backupsDir: string, keep: number): string[] {
  const prunable = listBackups(backupsDir).filter((backup) => PRUNABLE.test(backup.name));
  const old = prunable.slice(0, Math.max(0, prunable.length - keep));
  for (const backup of old) fs.rmSync(backup.path, { recursive: true, force: true });
  return old.map((backup) => backup.path);
}

/**
 * A consistent copy of the live database (SQLite's online backup API, safe while the site
 * serves) and of the other state in DATA_DIR, in DATA_DIR/backups/<kind>-<UTC time>/.
 */
export async function createBackup(
  db: Db,
  config: BackupConfig,
  { kind = 'backup', now = new Date(), target, source }: { kind?: BackupKind; now?: Date; target?: string; source?: string } = {},
): Promise<BackupResult> {
  // Backups hold members' personal data: readable by the site's own user only.
  fs.mkdirSync(config.backupsDir, { recursive: true, mode: 0o700 });
  fs.chmodSync(config.backupsDir, 0o700);
  const previous = listBackups(config.backupsDir).at(-1)?.path;
  const name = uniqueName(config.backupsDir, `${kind}-${formatStamp(now)}`);
  // Built under a hidden name and renamed when whole, so a crash never leaves a backup that looks complete.
  const building = startPartialBackup(config.backupsDir, name);
  const partial = building.path;
  try {
    const databaseCopy = path.join(partial, BACKUP_DATABASE);
    // One step copies every page inside one read transaction: a point-in-time snapshot that
    // writers (WAL) do not wait for and that other processes' writes cannot restart.
    await db.$client.backup(databaseCopy, { progress: ({ remainingPages }) => Math.max(remainingPages, 1) });
    fs.chmodSync(databaseCopy, 0o600);
    const copy = new Database(databaseCopy);
    let migrations: number;
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`The database copy failed its integrity check (${String(check)}).`);
      // Zero what the scrub below rewrites, so the link is not left in the copy's free space.
      copy.pragma('secure_delete = ON');
      leaveOutPasswordLinks(copy);
      // A self-contained single file: no -wal or -shm beside it.
      copy.pragma('journal_mode = DELETE');
      migrations = countAppliedMigrations(copy);
    } finally {
      copy.close();
    }

    // After the database: a file deleted in between is the only mismatch left, and deletions are rare.
    const stats: CopyStats = { files: 0, bytes: 0 };
    for (const entry of stateEntries(config)) {
      copyTree(path.join(config.dataDir, entry), path.join(partial, entry), previous && path.join(previous, entry), stats);
    }

    const manifest: BackupManifest = {
      format: 1,
      kind,
      createdAt: now.toISOString(),
      migrations,
      files: stats.files,
      bytes: stats.bytes + fs.statSync(databaseCopy).size,
      ...(target === undefined ? {} : { target }),
      ...(source === undefined ? {} : { source }),
    };
    fs.writeFileSync(path.join(partial, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: 0o600 });
    const finalPath = path.join(config.backupsDir, name);
    fs.renameSync(partial, finalPath);
    const pruned = kind === 'backup' ? pruneBackups(config.backupsDir, config.backupKeep) : [];
    return { path: finalPath, manifest, pruned };
  } catch (error) {
    fs.rmSync(partial, { recursive: true, force: true });
    throw error;
  } finally {
    building.release();
  }
}

/** Whose a path is, said for a webmaster: "uid 0 (root)". */
export function ownerOf(file: string): string {
  try {
    const { uid, mode } = fs.statSync(file);
    return `it belongs to uid ${uid}${uid === 0 ? ' (root)' : ''} with mode ${(mode & 0o777).toString(8).padStart(3, '0')}`;
  } catch {
    return 'it cannot be opened';
  }
}

/**
 * The first file or folder of a backup this process cannot read (a copy made as root, e.g.
 * `sudo docker compose cp`, is root's with mode 0600/0700), or undefined when all can be read.
 */
function firstUnreadable(dir: string): string | undefined {
  const canRead = (file: string, mode: number) => {
    try {
      fs.accessSync(file, mode);
      return true;
    } catch {
      return false;
    }
  };
  if (!canRead(dir, fs.constants.R_OK | fs.constants.X_OK)) return dir;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      const inside = firstUnreadable(file);
      if (inside) return inside;
    } else if (!canRead(file, fs.constants.R_OK)) {
      return file;
    }
  }
  return undefined;
}

/** The outermost folder on the way to `file` that this process cannot open, if any. */
function closedAncestor(file: string): string | undefined {
  const parts = path.resolve(file).split(path.sep);
  for (let depth = 2; depth < parts.length; depth += 1) {
    const dir = parts.slice(0, depth).join(path.sep);
    try {
      fs.accessSync(dir, fs.constants.X_OK);
    } catch {
      return dir;
    }
  }
  return undefined;
}

function unreadableError(backup: string, unreadable: string): BackupError {
  const uid = process.getuid?.() ?? 1000;
  const gid = process.getgid?.() ?? 1000;
  // Give the whole copy: the outermost folder that is shut, or the backup folder itself.
  const shut = closedAncestor(unreadable) ?? unreadable;
  const copy = shut.length < backup.length ? shut : backup;
  return new BackupError(
    `The backup at ${backup} cannot be read by this user (uid ${uid}): ${shut} ${ownerOf(shut).replace(/^it /, '')}. ` +
      'A copy made as root (with sudo, or "docker compose cp" run as root) can be read by root only. ' +
      `Give the copy to the site's user, then restore again: sudo chown -R ${uid}:${gid} ${copy} ` +
      '(in a container, run it on the server on the folder you mounted, e.g. sudo chown -R 1000:1000 club-backups-2026-05-02).',
  );
}

/** A backup given by path, or by its name under DATA_DIR/backups; one that cannot be read says why and what to run. */
export function resolveBackup(backup: string, dataDir: string): string {
  const candidates = [path.resolve(backup), path.join(dataDir, 'backups', backup)];
  for (const candidate of candidates) {
    let isFolder: boolean;
    try {
      isFolder = fs.statSync(candidate).isDirectory();
    } catch (error) {
      // A folder above it that cannot be opened hides whether it is there at all.
      if ((error as NodeJS.ErrnoException).code === 'EACCES') throw unreadableError(candidate, candidate);
      continue;
    }
    if (!isFolder) continue;
    const unreadable = firstUnreadable(candidate);
    if (unreadable) throw unreadableError(candidate, unreadable);
    if (fs.existsSync(path.join(candidate, BACKUP_DATABASE))) return candidate;
  }
  throw new BackupError(
    `There is no backup at "${backup}": expected a folder made by "backup" that holds ${BACKUP_DATABASE} ` + `(look in ${path.join(dataDir, 'backups')}).`,
  );
}

function occupiedEntries(dataDir: string): string[] {
  if (!fs.existsSync(dataDir)) return [];
  return fs.readdirSync(dataDir).filter((name) => !EMPTY_ALLOWED.has(name));
}

/**
 * Moves the current state (everything but backups/) into DATA_DIR/backups/replaced-<time>/,
 * so that a restore can go ahead without deleting anything. The site must be stopped.
 */
export function setAsideData(dataDir: string, now = new Date()): string | undefined {
  const entries = occupiedEntries(dataDir);
  if (entries.length === 0) return undefined;
  const backupsDir = path.join(dataDir, 'backups');
  fs.mkdirSync(backupsDir, { recursive: true });
  const target = path.join(backupsDir, uniqueName(backupsDir, `replaced-${formatStamp(now)}`));
  fs.mkdirSync(target);
  for (const entry of entries) fs.renameSync(path.join(dataDir, entry), path.join(target, entry));
  return target;
}

export type RestoreResult = { from: string; dataDir: string; migrations: number; files: number };

/** Restores a backup into an empty DATA_DIR (one that holds nothing but backups/). */
export function restoreBackup(backup: string, dataDir: string): RestoreResult {
  const target = path.resolve(dataDir);
  const source = resolveBackup(backup, target);
  const occupied = occupiedEntries(target);
  if (occupied.length > 0) {
    throw new BackupError(
      `The data folder ${target} is not empty (it holds ${occupied.join(', ')}). A restore only writes into an empty ` +
        'data folder, so that nothing is overwritten. Stop the site, then either point DATA_DIR at a new empty folder ' +
        'or run the restore again with --replace to move the current data into backups/replaced-<time>/ first.',
    );
  }
  fs.mkdirSync(target, { recursive: true });

  // The database arrives under a temporary name and is checked before anything else is copied.
  const incoming = path.join(target, `${BACKUP_DATABASE}.restoring`);
  fs.copyFileSync(path.join(source, BACKUP_DATABASE), incoming);
  let migrations: number;
  try {
    const copy = new Database(incoming);
    try {
      const check = copy.pragma('quick_check', { simple: true });
      if (check !== 'ok') throw new BackupError(`The backup's database is damaged (${String(check)}); choose another backup.`);
      migrations = countAppliedMigrations(copy);
    } finally {
      copy.close();
    }
    const known = codeSchemaVersion();
    if (migrations > known.migrations) {
      throw new BackupError(
        `This backup was made by a newer version of the site (database version ${migrations}); this version of the site knows ` +
          `database version ${known.migrations} (${known.tag}). Install that version or a later one, then restore.`,
      );
    }
  } catch (error) {
    fs.rmSync(incoming, { force: true });
    if (error instanceof BackupError) throw error;
    throw new BackupError(`The backup's database cannot be read (${error instanceof Error ? error.message : String(error)}); choose another backup.`);
  }

  const stats: CopyStats = { files: 0, bytes: 0 };
  for (const entry of fs.readdirSync(source)) {
    if (entry === BACKUP_DATABASE || entry === MANIFEST) continue;
    copyTree(path.join(source, entry), path.join(target, entry), undefined, stats);
  }
  fs.renameSync(incoming, path.join(target, BACKUP_DATABASE));
  return { from: source, dataDir: target, migrations, files: stats.files };
}
