import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from '../config.ts';
import { findMigrationsFolder, migrateDatabase, openDatabase, type Db } from '../db/client.ts';
import { BackupError, createBackup, listBackups, restoreBackup, setAsideData } from './backup.ts';

/** Every committed migration; a backup records how many its database has. */
const MIGRATIONS = (JSON.parse(fs.readFileSync(path.join(findMigrationsFolder(), 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;

let root: string;
let config: Config;
let db: Db;

const dataDirAt = (name: string) => path.join(root, name);

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-backup-'));
  config = loadConfig({ DATA_DIR: dataDirAt('data'), BACKUP_KEEP: '3', LOG_LEVEL: 'silent' });
  db = openDatabase(config.databaseFile);
  migrateDatabase(db);
  db.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Ada', 'Lovelace', 'ada@example.test')").run();
  fs.mkdirSync(path.join(config.uploadsDir, 'blog'), { recursive: true });
  fs.writeFileSync(path.join(config.uploadsDir, 'blog', 'car.jpg'), 'jpeg bytes');
  fs.writeFileSync(path.join(config.dataDir, 'vapid.json'), '{"publicKey":"k"}');
  fs.mkdirSync(config.outboxDir, { recursive: true });
  fs.writeFileSync(path.join(config.outboxDir, 'reset.eml'), 'a reset link');
});

afterEach(() => {
  if (db.$client.open) db.$client.close();
  fs.rmSync(root, { recursive: true, force: true });
});

const readEmails = (file: string) => {
  const copy = new Database(file, { readonly: true });
  try {
    return (copy.prepare('SELECT email FROM members ORDER BY id').all() as { email: string }[]).map((row) => row.email);
  } finally {
    copy.close();
  }
};

describe('createBackup', () => {
  it('writes the database, uploads and other state into backups/backup-<UTC time>/', async () => {
    const { path: dir, manifest } = await createBackup(db, config, { now: new Date('2026-05-02T03:30:00.123Z') });
    expect(path.basename(dir)).toBe('backup-2026-05-02T03-30-00Z');
    expect(path.dirname(dir)).toBe(config.backupsDir);
    expect(readEmails(path.join(dir, 'club.db'))).toEqual(['ada@example.test']);
    expect(fs.readFileSync(path.join(dir, 'uploads', 'blog', 'car.jpg'), 'utf8')).toBe('jpeg bytes');
    expect(fs.readFileSync(path.join(dir, 'vapid.json'), 'utf8')).toBe('{"publicKey":"k"}');
    expect(manifest).toMatchObject({ format: 1, kind: 'backup', migrations: MIGRATIONS, files: 2 });
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8'))).toEqual(manifest);
  });

  it('leaves out the mail outbox, earlier backups and the WAL side files', async () => {
    const first = await createBackup(db, config);
    const { path: dir } = await createBackup(db, config);
    expect(fs.readdirSync(dir).sort()).toEqual(['club.db', 'manifest.json', 'uploads', 'vapid.json']);
    expect(fs.existsSync(path.join(first.path, 'backups'))).toBe(false);
  });

  it('copies a snapshot: later writes do not reach it', async () => {
    const { path: dir } = await createBackup(db, config);
    db.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Later', 'One', 'later@example.test')").run();
    expect(readEmails(path.join(dir, 'club.db'))).toEqual(['ada@example.test']);
  });

  it('gives two backups in the same second different names', async () => {
    const now = new Date('2026-05-02T03:30:00Z');
    const a = await createBackup(db, config, { now });
    const b = await createBackup(db, config, { now });
    expect(path.basename(a.path)).toBe('backup-2026-05-02T03-30-00Z');
    expect(path.basename(b.path)).toBe('backup-2026-05-02T03-30-00Z-2');
  });

  it('keeps the last BACKUP_KEEP backups and never prunes pre-migration copies', async () => {
    const preMigration = await createBackup(db, config, { kind: 'pre-migration', now: new Date('2026-01-01T00:00:00Z') });
    const made: string[] = [];
    for (let day = 1; day <= 5; day += 1) {
      const result = await createBackup(db, config, { now: new Date(`2026-02-0${day}T03:30:00Z`) });
      made.push(path.basename(result.path));
      if (day === 5) expect(result.pruned.map((p) => path.basename(p))).toEqual([made[1]]);
    }
    const names = listBackups(config.backupsDir).map((b) => b.name);
    expect(names).toEqual([path.basename(preMigration.path), ...made.slice(2)]);
  });

  it('hard-links uploads unchanged since the previous backup and copies changed ones', async () => {
    const photo = path.join(config.uploadsDir, 'blog', 'car.jpg');
    const other = path.join(config.uploadsDir, 'member.jpg');
    fs.writeFileSync(other, 'first version');
    const first = await createBackup(db, config);
    fs.writeFileSync(other, 'second version, longer');
    const second = await createBackup(db, config);

    const inode = (dir: string, ...parts: string[]) => fs.statSync(path.join(dir, 'uploads', ...parts)).ino;
    expect(inode(second.path, 'blog', 'car.jpg')).toBe(inode(first.path, 'blog', 'car.jpg'));
    expect(inode(first.path, 'blog', 'car.jpg')).not.toBe(fs.statSync(photo).ino);
    expect(inode(second.path, 'member.jpg')).not.toBe(inode(first.path, 'member.jpg'));
    expect(fs.readFileSync(path.join(first.path, 'uploads', 'member.jpg'), 'utf8')).toBe('first version');
    expect(fs.readFileSync(path.join(second.path, 'uploads', 'member.jpg'), 'utf8')).toBe('second version, longer');
  });

  it('leaves nothing behind when it fails', async () => {
    db.$client.close();
    await expect(createBackup(db, config)).rejects.toThrow();
    expect(fs.readdirSync(config.backupsDir)).toEqual([]);
  });
});

describe('restoreBackup', () => {
  it('restores database, uploads and state into a new folder', async () => {
    const { path: dir } = await createBackup(db, config);
    const target = dataDirAt('restored');
    const result = restoreBackup(dir, target);
    expect(result).toMatchObject({ from: dir, dataDir: target, migrations: MIGRATIONS, files: 2 });
    expect(readEmails(path.join(target, 'club.db'))).toEqual(['ada@example.test']);
    expect(fs.readFileSync(path.join(target, 'uploads', 'blog', 'car.jpg'), 'utf8')).toBe('jpeg bytes');
    expect(fs.readdirSync(target).sort()).toEqual(['club.db', 'uploads', 'vapid.json']);
  });

  it('finds a backup by its name under DATA_DIR/backups and accepts a folder that holds only backups/', async () => {
    const { path: dir } = await createBackup(db, config);
    const target = dataDirAt('fresh');
    fs.mkdirSync(path.join(target, 'backups'), { recursive: true });
    fs.cpSync(dir, path.join(target, 'backups', path.basename(dir)), { recursive: true });
    restoreBackup(path.basename(dir), target);
    expect(readEmails(path.join(target, 'club.db'))).toEqual(['ada@example.test']);
  });

  it('refuses a data folder that already holds a site, naming what is there', async () => {
    const { path: dir } = await createBackup(db, config);
    db.$client.close();
    const attempt = () => restoreBackup(dir, config.dataDir);
    expect(attempt).toThrow(BackupError);
    expect(attempt).toThrow(/is not empty \(it holds club\.db.*uploads.*\).*--replace/);
    expect(readEmails(config.databaseFile)).toEqual(['ada@example.test']);
  });

  it('says where to look when the backup does not exist', () => {
    expect(() => restoreBackup('backup-1999-01-01T00-00-00Z', dataDirAt('x'))).toThrow(/There is no backup at "backup-1999/);
  });

  it('refuses a damaged database and leaves the folder empty', async () => {
    const { path: dir } = await createBackup(db, config);
    fs.writeFileSync(path.join(dir, 'club.db'), 'not a database at all, just text '.repeat(200));
    const target = dataDirAt('restored');
    expect(() => restoreBackup(dir, target)).toThrow(/cannot be read|damaged/);
    expect(fs.readdirSync(target)).toEqual([]);
  });

  it('refuses a backup made by a newer version of the site', async () => {
    const { path: dir } = await createBackup(db, config);
    const copy = new Database(path.join(dir, 'club.db'));
    copy.prepare("INSERT INTO __drizzle_migrations (hash, created_at) VALUES ('future', 1)").run();
    copy.close();
    expect(() => restoreBackup(dir, dataDirAt('restored'))).toThrow(/made by a newer version/);
  });
});

describe('setAsideData', () => {
  it('moves everything but backups/ into backups/replaced-<time>/', async () => {
    await createBackup(db, config);
    db.$client.close();
    const moved = setAsideData(config.dataDir, new Date('2026-03-04T05:06:07Z'));
    expect(moved).toBe(path.join(config.backupsDir, 'replaced-2026-03-04T05-06-07Z'));
    expect(fs.readdirSync(config.dataDir)).toEqual(['backups']);
    expect(fs.readdirSync(moved ?? '').sort()).toEqual(['club.db', 'outbox', 'uploads', 'vapid.json']);
  });
});
