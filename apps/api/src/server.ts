import { PATHS } from '@club/contracts/plain';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import http, { type RequestListener, type Server } from 'node:http';
import type { DestinationStream, Logger } from 'pino';
import { createApp } from './app.ts';
import { loadCallContracts } from './http/call-contracts.ts';
import { createNewslettersService } from './features/newsletters/service.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import {
  codeSchemaVersion,
  findMigrationsFolder,
  flushWriteAheadLog,
  migrateDatabase,
  NewerDatabaseError,
  openDatabase,
  pendingMigrations,
  setCarStringsAside,
  type Db,
} from './db/client.ts';
import { seedDemoData } from './demo/index.ts';
import { ensureAdmin } from './features/account/service.ts';
import { createLogger } from './logger.ts';
import { createSiteJobRunner } from './jobs/index.ts';
import type { JobRunner } from './jobs/runner.ts';
import { createBackup, listBackups, removeUnfinishedBackups } from './services/backup.ts';
import { createServices } from './site-services.ts';
import { tryLockDataDir } from './site-lock.ts';
import { saveSiteSettings } from './site-settings.ts';

/** A start-up problem the webmaster can fix, said in one line. */
export class StartError extends Error {}

/** SHA-256 of a file, read in pieces (a database may be large). */
function hashFile(file: string): string {
  const hash = createHash('sha256');
  const buffer = Buffer.alloc(1024 * 1024);
  const fd = fs.openSync(file, 'r');
  try {
    for (let read = fs.readSync(fd, buffer); read > 0; read = fs.readSync(fd, buffer)) hash.update(buffer.subarray(0, read));
  } finally {
    fs.closeSync(fd);
  }
  return hash.digest('hex');
}

/** The SQL error behind drizzle's "Failed to run the query '…'" and the migration that holds that query. */
function explainMigrationFailure(error: unknown, pending: string[], folder: string): string {
  const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error);
  const query = error instanceof Error ? /^Failed to run the query '([\s\S]*)'$/.exec(error.message)?.[1]?.trim() : undefined;
  const failed = query ? pending.find((tag) => fs.readFileSync(path.join(folder, `${tag}.sql`), 'utf8').includes(query)) : undefined;
  return `${failed ? `migration ${failed}` : `one of the migrations ${pending.join(', ')}`} failed: ${cause}`;
}

/**
 * The message for a database a newer version migrated: both versions, and the backup that newer
 * version took before its upgrade (its manifest names the migration it went to), if still there.
 */
function describeNewerDatabase(error: NewerDatabaseError, config: Config, folder: string): string {
  const known = new Set(readMigrationTags(folder));
  const upgrade = listBackups(config.backupsDir)
    .filter((backup) => backup.manifest.kind === 'pre-migration' && backup.manifest.target && !known.has(backup.manifest.target))
    .at(-1);
  const named = upgrade ? new NewerDatabaseError({ ...error.database, tag: upgrade.manifest.target }, error.code) : error;
  const way = upgrade
    ? `Start the newer version again, or, to go back to this version, restore the backup taken before that upgrade: restore ${upgrade.name} --replace (what changed since that upgrade is lost).`
    : 'Start the newer version again, or, to go back to this version, restore a backup this version made (restore <backup> --replace).';
  return `${named.message} ${way}`;
}

function readMigrationTags(folder: string): string[] {
  return (JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as { entries: { tag: string }[] }).entries.map((entry) => entry.tag);
}

/**
 * Brings the database up to date. Before a migration changes an existing database, a full
 * backup (database and uploads) is taken into DATA_DIR/backups/pre-migration-<time>/: one per
 * upgrade (the last migration it goes to). A start retried after a failed migration (a container
 * restart loop) finds the database unchanged and keeps that backup rather than adding another;
 * if the database changed in between (the previous version ran again), a fresh backup replaces it.
 */
export async function migrateWithBackup(db: Db, config: Config, logger: Logger, folder = findMigrationsFolder()): Promise<string | undefined> {
  let pending: string[];
  try {
    pending = pendingMigrations(db, folder);
  } catch (error) {
    if (error instanceof NewerDatabaseError) throw new StartError(describeNewerDatabase(error, config, folder));
    throw error;
  }
  const tables = db.$client.prepare("SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table'").get() as { n: number };
  let backupPath: string | undefined;
  if (pending.length > 0 && tables.n > 0) {
    const target = codeSchemaVersion(folder).tag;
    // Before the hash: what migrateDatabase sets aside is then in the backup, and a retry finds it unchanged.
    setCarStringsAside(db, folder);
    // Everything in the one file, so that its hash says whether the database changed.
    flushWriteAheadLog(db);
    const source = hashFile(config.databaseFile);
    const earlier = listBackups(config.backupsDir).filter((backup) => backup.manifest.kind === 'pre-migration' && backup.manifest.target === target);
    const same = earlier.find((backup) => backup.manifest.source === source);
    if (same) {
      backupPath = same.path;
      logger.info({ backup: backupPath, pending }, 'database unchanged since the backup taken before an earlier attempt at this upgrade');
    } else {
      backupPath = (await createBackup(db, config, { kind: 'pre-migration', target, source })).path;
      for (const stale of earlier) fs.rmSync(stale.path, { recursive: true, force: true });
      logger.info({ backup: backupPath, pending, replaced: earlier.map((backup) => backup.path) }, 'database backed up before migrating');
    }
  }
  try {
    migrateDatabase(db, folder);
  } catch (error) {
    const backup = backupPath ? ` A backup from before is at ${backupPath}.` : '';
    throw new StartError(
      `The database could not be brought up to date: ${explainMigrationFailure(error, pending, folder)}. The database was left as it was ` +
        `(every migration runs in one transaction).${backup} Start the previous version of the site again (its data is untouched) until a corrected version is out.`,
    );
  }
  return backupPath;
}

/**
 * Takes PORT on HOST before the database is touched, or fails with one line saying the port is
 * taken: an upgrade started while the old release still runs must not back up, migrate or index
 * that release's live database and only then find the port in use. Until the site is ready, a
 * request is answered 503 (the database is being brought up to date); `serve` hands the port
 * to the app.
 */
function reservePort(config: Config): Promise<{ server: Server; serve: (app: RequestListener) => void }> {
  const starting: RequestListener = (_req, res) => {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' });
    res.end('The site is starting (bringing its database up to date). Try again in a moment.\n');
  };
  const server = http.createServer(starting);
  const serve = (app: RequestListener) => {
    server.off('request', starting);
    server.on('request', app);
  };
  return new Promise((resolve, reject) => {
    const refuse = (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StartError(
              `Port ${config.port} on ${config.host} is already in use (another copy of the site, or another program): stop it, or set PORT to a free port.`,
            )
          : error,
      );
    server.once('error', refuse);
    server.listen(config.port, config.host, () => {
      server.off('error', refuse);
      resolve({ server, serve });
    });
  });
}

/** Closes a reserved port that never served the site (a start that failed after taking it). */
const release = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

/** Where the log goes instead of stdout (tests read it). */
export type StartOptions = { logTo?: DestinationStream };

export async function startServer(config: Config, options: StartOptions = {}): Promise<{ server: Server; close: () => Promise<void> }> {
  // DATA_DIR holds members' data: whatever the site creates in it (the lock file first) is for
  // the site's user only, as backups are; startLocked closes an older install's folder too.
  process.umask(0o077);
  // Before anything else: a second process on this folder would send every e-mail again.
  const lock = tryLockDataDir(config.dataDir);
  if (!lock) {
    throw new StartError(`The site is already running on the data folder ${config.dataDir}: stop it first (only one process may use a data folder).`);
  }
  try {
    return await startLocked(config, options, () => lock.release());
  } catch (error) {
    lock.release();
    throw error;
  }
}

async function startLocked(config: Config, { logTo }: StartOptions, unlock: () => void): Promise<{ server: Server; close: () => Promise<void> }> {
  const logger = createLogger(config.logLevel, logTo);
  for (const warning of config.warnings) logger.warn(warning);
  fs.mkdirSync(config.uploadsDir, { recursive: true });
  // There before the first e-mail is written to it (SMTP_URL unset), so that listing it works.
  fs.mkdirSync(config.outboxDir, { recursive: true });
  fs.chmodSync(config.dataDir, 0o700);
  // Uploads a crash interrupted; no request is running yet.
  fs.rmSync(config.tempDir, { recursive: true, force: true });
  // Backups a crash interrupted (one a CLI backup is writing now holds its lock and stays).
  for (const removed of removeUnfinishedBackups(config.backupsDir)) logger.info({ path: removed }, 'removed an unfinished backup a crash left');
  // The port before the database (the data folder's lock is already held).
  const port = await reservePort(config);
  try {
    const db = openDatabase(config.databaseFile);
    try {
      return await startOnDatabase(config, db, logger, port, unlock);
    } catch (error) {
      db.$client.close();
      throw error;
    }
  } catch (error) {
    await release(port.server);
    throw error;
  }
}

async function startOnDatabase(
  config: Config,
  db: Db,
  logger: Logger,
  { server, serve }: Awaited<ReturnType<typeof reservePort>>,
  unlock: () => void,
): Promise<{ server: Server; close: () => Promise<void> }> {
  await migrateWithBackup(db, config, logger);

  // The demo content before the administrator: it fills only a database without members, which
  // the administrator from ADMIN_EMAIL would otherwise be (a fresh demo volume with both set).
  const accounts = config.demoData ? await seedDemoData(db, { uploadsDir: config.uploadsDir, dataDir: config.dataDir }) : undefined;
  if (config.demoData && !accounts) logger.info('DEMO_DATA=1, but the database already has members: no demo content added (it fills only an empty database)');
  // Beside the demo's own administrator, the one ADMIN_EMAIL names is still made.
  const isAdminCreated = ensureAdmin(db, config.adminEmail, config.adminPassword, { besideDemo: accounts !== undefined });
  if (isAdminCreated) logger.info({ email: config.adminEmail }, 'created the first administrator from ADMIN_EMAIL');
  if (accounts) {
    logger.info('filled the empty database with demo content');
    const [roleWidth, emailWidth] = [Math.max(...accounts.map((a) => a.role.length)), Math.max(...accounts.map((a) => a.email.length))];
    const lines = accounts.map((a) => `  ${a.role.padEnd(roleWidth)}  ${a.email.padEnd(emailWidth)}  ${a.password}`);
    process.stdout.write(`\nDemo accounts (log in at ${config.baseUrl}${PATHS.login}):\n${lines.join('\n')}\n\n`);
  }

  const services = createServices(config, db, logger);
  // The migration that added the site search asks for it to be filled from the existing data;
  // so do demo content and the first administrator, written straight into the tables (demo
  // content only when this start wrote it: a demo site started again has its index already).
  const isIndexFilled = accounts || isAdminCreated ? services.search.rebuild() : services.search.rebuildIfWanted();
  if (isIndexFilled) logger.info('filled the site search index');
  const app = createApp({ config, db, services, logger });
  // `pnpm bench` measures every call against this trivial route on the same server and middleware.
  if (process.env.BENCH === '1') app.post('/bench/bare', (_req, res) => void res.json({ ok: true }));
  serve(app);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info({ port, host: config.host, dataDir: config.dataDir }, `club website listening on http://${config.host}:${port}`);

  // What no request waits for starts once the site has answered its first request, or after a
  // quarter of a second: done before, it would hold the first answer of a starting container
  // (about 15 ms), and none of it is due that soon.
  let jobs: JobRunner | undefined;
  let background: 'waiting' | 'started' | 'stopped' = 'waiting';
  const startBackgroundWork = () => {
    if (background !== 'waiting') return;
    background = 'started';
    clearTimeout(backgroundTimer);
    // Each step on its own: nothing here may take the serving site down, so a failure is logged
    // (and the next start tries again), and the steps after it still run.
    const step = (what: string, run: () => void) => {
      try {
        run();
      } catch (error) {
        logger.error({ err: error }, `could not ${what}`);
      }
    };
    // The calls' schemas, which the first call would otherwise build (http/call-contracts.ts).
    step("build the calls' contracts", () => {
      loadCallContracts().catch((error: unknown) => logger.error({ err: error }, "could not build the calls' contracts"));
    });
    // What `pnpm reminders` checks its own settings against.
    step('write the site settings that `pnpm reminders` checks its own against', () => saveSiteSettings(config));
    // The written pages' words, which a new version may have changed (a rebuild has them already).
    if (!isIndexFilled) step('index the written pages again for the site search', () => services.search.reindexShipped());
    // Editions stored before the search (or by the demo) have their text read in the background,
    // in the cover renderer's child process, one batch at a time.
    step('start reading the text of stored newsletters for the site search', () => {
      createNewslettersService({ db, config, services })
        .readPendingTexts()
        .then((read) => read > 0 && logger.info({ read }, 'read the text of stored newsletters for the site search'))
        .catch((error: unknown) => logger.warn({ err: error }, 'could not read the text of stored newsletters for the site search'));
    });
    // The mail and push rounds and the schedules in CLUB_TIMEZONE (mail polling, the daily
    // backup, reminders; node-cron works out each schedule's next time).
    step('start the mail round', () => services.mail.start());
    step('start the push round', () => services.push.start());
    step('start the schedules (reminders, backups, the digest)', () => {
      jobs = createSiteJobRunner({ config, db, services, logger });
      jobs.start();
    });
  };
  const backgroundTimer = setTimeout(startBackgroundWork, 250);
  server.once('request', (_req: unknown, res: NodeJS.EventEmitter) => res.once('finish', () => setImmediate(startBackgroundWork)));

  const close = async () => {
    const hadStarted = background === 'started';
    background = 'stopped';
    clearTimeout(backgroundTimer);
    await jobs?.stop();
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 5000).unref();
    });
    if (hadStarted) {
      await services.mail.stop();
      await services.push.stop();
    }
    db.$client.close();
    unlock();
    logger.info('stopped cleanly');
  };
  return { server, close };
}

async function main() {
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let close: () => Promise<void>;
  try {
    ({ close } = await startServer(config));
  } catch (error) {
    if (error instanceof StartError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(1);
    }
    throw error;
  }
  let isStopping = false;
  const stop = (signal: string) => {
    if (isStopping) return;
    isStopping = true;
    process.stdout.write(`${JSON.stringify({ level: 'info', msg: `received ${signal}, shutting down` })}\n`);
    close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGTERM', () => stop('SIGTERM'));
  process.on('SIGINT', () => stop('SIGINT'));
}

const isEntry = process.argv[1] && /server\.(ts|js)$/.test(process.argv[1]);
if (isEntry) {
  main().catch((error: unknown) => {
    process.stderr.write(`The server could not start: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  });
}
