import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { BackupError, ownerOf, startPartialBackup } from './backup.ts';

/**
 * One backup as a single `.tar.gz` file, for a copy off the server: the folder a backup wrote
 * (database, uploads, keys, manifest) packed by the system's tar, which Debian and the image's
 * base always carry, so the format needs no library and any machine can open it (`tar -xzf`).
 * Inside, the files are whole: the hard links a backup shares with the previous one are not
 * followed out of the folder, so one archive restores alone.
 */
const run = promisify(execFile);

/** Archives the site writes: the backup's own name, so they sort by time and prune by name. */
const ARCHIVE = /^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ(-\d+)?\.tar\.gz$/;
const ARCHIVE_SUFFIX = '.tar.gz';

export function isBackupArchive(file: string): boolean {
  return file.endsWith(ARCHIVE_SUFFIX);
}

async function tar(args: string[]): Promise<string> {
  try {
    return (await run('tar', args, { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT') throw new BackupError('The tar program is not installed here; install it (sudo apt install tar) and run this again.');
    throw new BackupError(`tar failed: ${(failure.stderr ?? failure.message).trim()}`);
  }
}

/**
 * Refuses, before any backup is taken, a folder that is missing or that this user cannot write
 * to (a host folder mounted into the container still belonging to root), saying what to run.
 */
export function checkArchiveFolder(dir: string): void {
  let isFolder: boolean;
  try {
    isFolder = fs.statSync(dir).isDirectory();
  } catch {
    throw new BackupError(`There is no folder at ${dir}. Create it (mkdir -p ${dir}) or choose another with --to.`);
  }
  if (!isFolder) throw new BackupError(`${dir} is a file, not a folder: choose a folder with --to.`);
  // A real file, not access(): root passes access() on a read-only mount, and a full disk passes it too.
  const probe = path.join(dir, `.write-test-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    const uid = process.getuid?.() ?? 1000;
    const gid = process.getgid?.() ?? 1000;
    const code = (error as NodeJS.ErrnoException).code ?? 'an error';
    throw new BackupError(
      `Cannot write to ${dir}: ${ownerOf(dir)} (${code}), and this command runs as uid ${uid}. ` +
        `Give the folder to this user (sudo chown ${uid}:${gid} ${dir}), or choose another with --to.`,
    );
  }
}

/** Packs the backup folder `backupPath` into `<dir>/<its name>.tar.gz`, written under a hidden name and renamed when whole. */
export async function writeBackupArchive(backupPath: string, dir: string): Promise<string> {
  const name = path.basename(backupPath);
  const archive = path.join(dir, `${name}${ARCHIVE_SUFFIX}`);
  const partial = path.join(dir, `.${name}${ARCHIVE_SUFFIX}.partial`);
  try {
    await tar(['-czf', partial, '-C', path.dirname(backupPath), name]);
    // Read it back: an archive that cannot be listed or lacks the database is no backup.
    const members = (await tar(['-tzf', partial])).split('\n');
    if (!members.includes(`${name}/club.db`)) throw new BackupError(`The archive ${partial} does not hold the database; it was removed.`);
    fs.chmodSync(partial, 0o600);
    fs.renameSync(partial, archive);
    return archive;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/** Removes all but the newest `keep` archives the site wrote in `dir` (by the time in their names); other files stay. */
export function pruneArchives(dir: string, keep: number): string[] {
  const archives = fs
    .readdirSync(dir)
    .filter((name) => ARCHIVE.test(name))
    .sort();
  const old = archives.slice(0, Math.max(0, archives.length - keep));
  for (const name of old) fs.rmSync(path.join(dir, name), { force: true });
  return old.map((name) => path.join(dir, name));
}

/**
 * Unpacks an archive made by `backup --to` into a hidden folder under DATA_DIR/backups (which a
 * restore may write to), for the restore to read like any backup; `dispose` removes it again, and
 * a crash leaves it for the next start to clean like any unfinished backup.
 */
export async function unpackBackupArchive(archive: string, dataDir: string): Promise<{ path: string; dispose(): void }> {
  if (!fs.existsSync(archive)) throw new BackupError(`There is no backup archive at ${archive}.`);
  const backupsDir = path.join(dataDir, 'backups');
  fs.mkdirSync(backupsDir, { recursive: true, mode: 0o700 });
  const unpacking = startPartialBackup(backupsDir, 'unpacked');
  const dispose = () => {
    fs.rmSync(unpacking.path, { recursive: true, force: true });
    unpacking.release();
  };
  try {
    // The files become this user's, whoever owned them where the archive was made.
    await tar(['-xzf', path.resolve(archive), '-C', unpacking.path, '--no-same-owner']);
    const top = fs.readdirSync(unpacking.path);
    if (top.length !== 1 || !fs.existsSync(path.join(unpacking.path, top[0] ?? '', 'club.db'))) {
      throw new BackupError(`${archive} is not an archive made by "backup --to": it should hold one backup folder with club.db in it.`);
    }
    return { path: path.join(unpacking.path, top[0] ?? ''), dispose };
  } catch (error) {
    dispose();
    throw error;
  }
}
