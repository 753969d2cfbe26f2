import fs from 'node:fs';
import path from 'node:path';
import type { Express } from 'express';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { writeProblem, type Db } from '../db/client.ts';

/** Each check's answer: `ok`, or a sentence that says what is wrong and what to do. */
type HealthChecks = { database: string; uploads: string };

type Health = { ok: boolean; checks: HealthChecks } & Record<string, unknown>;

type FileIdentity = { dev: number; ino: number };

const identityOf = (file: string): FileIdentity | undefined => {
  try {
    const { dev, ino } = fs.statSync(file);
    return { dev, ino };
  } catch {
    return undefined;
  }
};

/**
 * Whether the database reads and can be written where the site expects it. The open connection
 * keeps working on a file that was moved or replaced, so the file at DATA_DIR/club.db must still
 * be the one the site opened, with room to grow, and its folder must take a new file (the WAL
 * and backups need it).
 */
function checkDatabase(db: Db, config: Pick<Config, 'databaseFile'>, opened: FileIdentity | undefined): string {
  try {
    db.$client.prepare('SELECT count(*) FROM sqlite_master').get();
  } catch (error) {
    return `The database does not answer: ${(error as Error).message}.`;
  }
  const now = identityOf(config.databaseFile);
  if (!now) return 'club.db is not in DATA_DIR any more (was the data folder moved or unmounted?); put it back and restart the site.';
  if (opened && (now.dev !== opened.dev || now.ino !== opened.ino)) {
    return 'club.db in DATA_DIR was replaced while the site runs; restart the site (use `pnpm restore` to restore a backup).';
  }
  // Room to write: the file below SQLite's max_page_count, a megabyte free on its disk.
  const problem = writeProblem(db, config.databaseFile);
  if (problem) return `The database cannot save: ${problem}; free some space (df -h), then restart the site.`;
  const probe = path.join(path.dirname(config.databaseFile), `.healthz-${process.pid}`);
  try {
    fs.writeFileSync(probe, '');
    fs.rmSync(probe);
  } catch (error) {
    return `The data folder takes no new file (${(error as NodeJS.ErrnoException).code ?? 'error'}): check the disk (df -h) and its owner.`;
  }
  return 'ok';
}

function checkUploads(config: Pick<Config, 'uploadsDir'>): string {
  try {
    if (fs.statSync(config.uploadsDir).isDirectory()) return 'ok';
  } catch {
    // Reported below.
  }
  return 'The uploads folder is missing from DATA_DIR: pictures and newsletters cannot be shown or saved; restore it from a backup.';
}

/**
 * `/healthz`: 200 or 503 for the container's health check (which reads only the status), with
 * each check's answer and the `details` (e.g. whether mail is delivered, which never fails the
 * check) for the webmaster. It is cheap enough to run every few seconds.
 */
export function mountHealth(
  app: Express,
  { db, config, logger }: { db: Db; config: Config; logger: Logger },
  details: () => Record<string, unknown> = () => ({}),
): void {
  const opened = identityOf(config.databaseFile);
  app.get('/healthz', (_req, res) => {
    const checks: HealthChecks = { database: checkDatabase(db, config, opened), uploads: checkUploads(config) };
    const ok = Object.values(checks).every((answer) => answer === 'ok');
    if (!ok) logger.error({ checks }, 'health check failed');
    let more: Record<string, unknown> = {};
    try {
      more = details();
    } catch (error) {
      logger.error({ err: error }, 'health details failed');
    }
    res.status(ok ? 200 : 503).json({ ...more, ok, checks } satisfies Health);
  });
}
