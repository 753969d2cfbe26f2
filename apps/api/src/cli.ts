import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import type { Logger } from 'pino';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { migrateDatabase, NewerDatabaseError, openDatabase, pendingMigrations, type Db } from './db/client.ts';
import { SharedAddressError, upsertAccount } from './features/account/service.ts';
import { createNewslettersService } from './features/newsletters/service.ts';
import { createSiteJobRunner } from './jobs/index.ts';
import { createLogger } from './logger.ts';
import { BackupError, createBackup, resolveBackup, restoreBackup, setAsideData } from './services/backup.ts';
import { checkArchiveFolder, isBackupArchive, pruneArchives, unpackBackupArchive, writeBackupArchive } from './services/backup-archive.ts';
import { createServices, type Services } from './site-services.ts';
import { isSiteRunning } from './site-lock.ts';
import { refuseToSend } from './site-settings.ts';

/** Webmaster commands. */
const USAGE = [
  "Usage: node dist/cli.js <command> [--env-file <file>]   (the file: the site's settings, as in .env)",
  '  admin:create <email> <password> [first name] [last name]   create an administrator, or reset one',
  '  backup [--to <folder> [--keep <n>]]                         back up the database and uploads now; with --to, also',
  '                                                             write it as one .tar.gz there, keeping the newest n (BACKUP_KEEP)',
  '  newsletters:covers                                         make the cover of every stored newsletter again',
  '  reminders                                                  send the event reminders (and the classifieds\' "still for sale?" e-mails) due now',
  "  search:rebuild                                             fill the site search again from the data (and newsletters' text)",
  "  digest                                                     send this week's digest to those who have not had it",
  '  restore <backup> [--replace]                               restore a backup (folder or .tar.gz) into an empty DATA_DIR',
].join('\n');

export type CliIo = { stdout: (text: string) => void; stderr: (text: string) => void };

const PROCESS_IO: CliIo = {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
};

type Site = { db: Db; services: Services; logger: Logger };

/**
 * Runs a command against the site's existing database with the site's services, as the server
 * would: refuses a missing or out-of-date database with a line saying what to do, and stops the
 * services (closing the mail connection) and closes the database afterwards, whatever happens.
 */
async function withSiteDatabase(config: Config, io: CliIo, run: (site: Site) => Promise<number>): Promise<number> {
  if (!fs.existsSync(config.databaseFile)) {
    io.stderr(`There is no database at ${config.databaseFile}. Is DATA_DIR set to the site's data folder?\n`);
    return 1;
  }
  const db = openDatabase(config.databaseFile);
  try {
    if (pendingMigrations(db).length > 0) {
      io.stderr('The database is older than this version of the site. Start the site once to bring it up to date, then run this again.\n');
      return 1;
    }
    const logger = createLogger(config.logLevel);
    const services = createServices(config, db, logger);
    try {
      return await run({ db, services, logger });
    } finally {
      await services.mail.stop();
      await services.push.stop();
    }
  } finally {
    db.$client.close();
  }
}

/** `backup`'s options: `--to <folder>` and `--keep <n>` (default BACKUP_KEEP), or what is wrong with them. */
function readArchiveOptions(args: string[], defaultKeep: number, initCwd: string | undefined): { to?: string; keep: number } | string {
  const valueOf = (flag: string) => {
    const at = args.indexOf(flag);
    return at < 0 ? undefined : (args[at + 1] ?? '');
  };
  const to = valueOf('--to');
  const keep = valueOf('--keep');
  if (to === '' || to?.startsWith('--')) return '--to needs the folder to write the archive into.';
  if (keep !== undefined && to === undefined) return '--keep goes with --to: it counts the archives in that folder.';
  if (keep !== undefined && !/^[1-9]\d*$/.test(keep)) return `--keep takes a whole number of archives (1 or more), not "${keep}".`;
  // Relative to the folder the command was typed in, as DATA_DIR is.
  return { to: to === undefined ? undefined : path.resolve(initCwd ?? '', to), keep: keep === undefined ? defaultKeep : Number(keep) };
}

/** Runs one command; returns the exit code. Problems the webmaster can fix print one clear line. */
export async function runCli(argv: string[], shellEnv: NodeJS.ProcessEnv = process.env, io: CliIo = PROCESS_IO): Promise<number> {
  const envFileAt = argv.indexOf('--env-file');
  const envFile = envFileAt >= 0 ? argv[envFileAt + 1] : undefined;
  const [command, ...args] = envFileAt >= 0 ? [...argv.slice(0, envFileAt), ...argv.slice(envFileAt + 2)] : argv;
  try {
    // A relative file is taken from the folder the command was typed in, as DATA_DIR is.
    if (envFileAt >= 0 && (!envFile || !fs.existsSync(path.resolve(shellEnv.INIT_CWD ?? '', envFile)))) {
      io.stderr(`There is no settings file at ${envFile ?? '(none given)'}.\n`);
      return 1;
    }
    // As with `node --env-file`, what the shell sets wins over the file.
    const env = envFile ? { ...parseEnv(fs.readFileSync(path.resolve(shellEnv.INIT_CWD ?? '', envFile), 'utf8')), ...shellEnv } : shellEnv;
    const config = loadConfig(env);

    if (command === 'admin:create') {
      const [email, password, firstName = 'Site', lastName = 'Administrator'] = args;
      if (!email || !password || !email.includes('@')) {
        io.stderr(`${USAGE}\n`);
        return 2;
      }
      if (password.length < 8) {
        io.stderr('The password must be at least 8 characters long.\n');
        return 2;
      }
      const db = openDatabase(config.databaseFile);
      try {
        migrateDatabase(db);
        upsertAccount(db, { email, password, firstName, lastName, permissions: ['admin'] });
      } catch (error) {
        if (!(error instanceof SharedAddressError)) throw error;
        io.stderr(`${error.message}\n`);
        return 2;
      } finally {
        db.$client.close();
      }
      io.stdout(`Administrator ${email.toLowerCase()} is ready; they can log in now.\n`);
      return 0;
    }

    if (command === 'backup') {
      const options = readArchiveOptions(args, config.backupKeep, shellEnv.INIT_CWD);
      if (typeof options === 'string') {
        io.stderr(`${options}\n${USAGE}\n`);
        return 2;
      }
      if (!fs.existsSync(config.databaseFile)) {
        io.stderr(`There is no database at ${config.databaseFile} to back up. Is DATA_DIR set to the site's data folder?\n`);
        return 1;
      }
      // Before the backup: a folder that cannot take the archive should not cost a backup first.
      if (options.to) checkArchiveFolder(options.to);
      const db = openDatabase(config.databaseFile);
      try {
        const { path: written, manifest, pruned } = await createBackup(db, config);
        io.stdout(`Backup written to ${written} (${manifest.files} files besides the database, ${manifest.bytes} bytes).\n`);
        if (pruned.length > 0) io.stdout(`Removed ${pruned.length} old backup(s), keeping the last ${config.backupKeep}.\n`);
        if (options.to) {
          const archive = await writeBackupArchive(written, options.to);
          io.stdout(`Archive written to ${archive} (${fs.statSync(archive).size} bytes).\n`);
          const removed = pruneArchives(options.to, options.keep);
          if (removed.length > 0) io.stdout(`Removed ${removed.length} old archive(s) from ${options.to}, keeping the newest ${options.keep}.\n`);
        }
      } finally {
        db.$client.close();
      }
      return 0;
    }

    if (command === 'reminders' || command === 'digest') {
      return await withSiteDatabase(config, io, async ({ db, services, logger }) => {
        // Saved-to-file counts too: the site has handled mail under some settings before.
        const hasSentMail = db.$client.prepare("SELECT 1 FROM outbox WHERE status IN ('sent', 'saved') LIMIT 1").get() !== undefined;
        const refusal = refuseToSend(config, env, hasSentMail);
        if (refusal) {
          io.stderr(`${refusal}\n`);
          return 1;
        }
        // The same job the server runs at REMINDER_CRON (DIGEST_CRON), run once; it logs its run like the server does.
        const outcome = await createSiteJobRunner({ config, db, services, logger }).runOnce(command);
        if (!outcome.ok) throw outcome.error;
        if (command === 'reminders') {
          const { reminders, emails, pushes } = outcome.summary;
          io.stdout(`Sent ${String(reminders)} due reminder(s): ${String(emails)} e-mail(s) and ${String(pushes)} push(es) queued.\n`);
        } else {
          const { week, emails, isEmpty } = outcome.summary;
          io.stdout(
            isEmpty === true
              ? `Nothing new in the week of ${String(week)}: no digest sent.\n`
              : `Weekly digest of the week of ${String(week)}: ${String(emails)} e-mail(s) queued.\n`,
          );
        }
        if (command === 'reminders') {
          // The classifieds' "still for sale?" e-mails are part of the same morning run.
          const notices = await createSiteJobRunner({ config, db, services, logger }).runOnce('listing-notices');
          if (!notices.ok) throw notices.error;
          io.stdout(`Queued ${String(notices.summary.notices)} "still for sale?" e-mail(s) for classified listings.\n`);
        }
        if (isSiteRunning(config.dataDir)) {
          // The site's own loop sends them at its next poll; a second loop here would only compete with it.
          io.stdout('The site is running: it sends them within 30 seconds.\n');
          return 0;
        }
        // Send them now rather than at the server's next poll; failures stay queued for its retries.
        await services.mail.deliverDue();
        await services.push.deliverDue();
        return 0;
      });
    }

    if (command === 'newsletters:covers') {
      return await withSiteDatabase(config, io, async ({ db, services }) => {
        const { made, failed } = await createNewslettersService({ db, config, services }).remakeCovers();
        io.stdout(`Made ${made.length} newsletter cover(s).\n`);
        for (const { fileName, reason } of failed) io.stderr(`No cover for ${fileName}: ${reason}\n`);
        return failed.length > 0 ? 1 : 0;
      });
    }

    if (command === 'search:rebuild') {
      return await withSiteDatabase(config, io, async ({ db, services }) => {
        const newsletters = createNewslettersService({ db, config, services });
        // Editions whose text failed before get another try (limits may have been raised).
        const read = await newsletters.readPendingTexts({ retryFailed: true });
        const { entries } = services.search.rebuild();
        io.stdout(`The site search holds ${entries} entries; read the text of ${read} newsletter(s).\n`);
        return 0;
      });
    }

    if (command === 'restore') {
      const backup = args.find((arg) => !arg.startsWith('--'));
      const isReplacing = args.includes('--replace');
      if (!backup) {
        io.stderr(`${USAGE}\n`);
        return 2;
      }
      if (isReplacing && isSiteRunning(config.dataDir)) {
        io.stderr(`The site is running on ${config.dataDir}: stop it first (docker compose stop, or stop the service), then restore.\n`);
        return 1;
      }
      // An archive from `backup --to` is unpacked beside the backups first, and read like a backup folder.
      const unpacked = isBackupArchive(backup) ? await unpackBackupArchive(path.resolve(shellEnv.INIT_CWD ?? '', backup), config.dataDir) : undefined;
      try {
        const source = unpacked?.path ?? backup;
        // Found before anything moves, so a mistyped name leaves the data where it was.
        resolveBackup(source, config.dataDir);
        const setAside = isReplacing ? setAsideData(config.dataDir) : undefined;
        if (setAside) io.stdout(`Moved the current data to ${setAside}.\n`);
        const result = restoreBackup(source, config.dataDir);
        io.stdout(`Restored ${unpacked ? backup : result.from} into ${result.dataDir}. Start the site; it will bring the database up to date.\n`);
      } finally {
        unpacked?.dispose();
      }
      return 0;
    }

    io.stderr(`${USAGE}\n`);
    return 2;
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError) {
      io.stderr(`${error.message}\n`);
      return 1;
    }
    if (error instanceof NewerDatabaseError) {
      io.stderr(`${error.message} Run the command with that newer version.\n`);
      return 1;
    }
    io.stderr(`The command failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
}

const isEntry = process.argv[1] && /cli\.(ts|js)$/.test(process.argv[1]);
if (isEntry) {
  // What the commands write in DATA_DIR is for the site's user only, as what the server writes.
  process.umask(0o077);
  runCli(process.argv.slice(2)).then((code) => {
    process.exitCode = code;
  });
}
