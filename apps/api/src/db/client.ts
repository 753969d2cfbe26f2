import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Database, { type RunResult } from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import * as schema from './schema/index.ts';

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * The database or a transaction on it. Stores take this, so a service can run several store
 * functions (and `queueMail`) inside the one transaction it opened.
 */
export type DbOrTx = BaseSQLiteDatabase<'sync', RunResult, typeof schema>;

/**
 * A writing statement that returns rows (`INSERT … RETURNING`) read with `.get()` steps once and
 * is reset: in autocommit mode its commit then happens in the reset, whose error (a full disk)
 * better-sqlite3 never raises, so the caller got an id for a row that was not stored. Such
 * statements read all their rows instead, which runs them to the end and throws on failure.
 */
function runWritesToTheEnd(sqlite: Database.Database): void {
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const statement = prepare(source);
    if (statement.reader && !statement.readonly) {
      const all = statement.all.bind(statement);
      statement.get = ((...params: unknown[]) => all(...params)[0]) as typeof statement.get;
    }
    return statement;
  }) as typeof sqlite.prepare;
}

/** SQLite's page cache of the site's connection, in KiB. */
export const PAGE_CACHE_KIB = 4000;

/** Opens (creating if needed) the club database in WAL mode with foreign keys on. */
export function openDatabase(file: string): Db {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const sqlite = new Database(file);
  runWritesToTheEnd(sqlite);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('synchronous = NORMAL');
  // A deleted or rewritten row (a sent e-mail's body with a password link) is zeroed, not left in
  // the file's free space for a copy or backup to carry.
  sqlite.pragma('secure_delete = ON');
  // SQLite's own page cache, 4 MB instead of better-sqlite3's 16: most reads are answered from the
  // reply cache, and the operating system keeps the file's pages anyway (docs/PERFORMANCE.md).
  sqlite.pragma(`cache_size = -${PAGE_CACHE_KIB}`);
  const db = drizzle(sqlite, { schema }) as Db;
  startTransactionsImmediate(db);
  return db;
}

/**
 * Every transaction takes the write lock when it begins (BEGIN IMMEDIATE), not at its first write.
 * A command (`pnpm reminders`, `digest`, a backup) writes while the site serves; a deferred
 * transaction that had read first would then fail at its first write with SQLITE_BUSY_SNAPSHOT,
 * which the busy timeout does not wait out, instead of waiting its turn. Ours all write, so
 * nothing is lost by taking the lock early. A caller may still ask for another behaviour.
 */
function startTransactionsImmediate(db: Db): void {
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => transaction(run, { behavior: 'immediate', ...config })) as typeof db.transaction;
}

/**
 * Why the database cannot take a write now, or undefined when it can: its file is within a few
 * pages of SQLite's max_page_count, or its disk has less than a megabyte free.
 */
export function writeProblem(db: Db, file: string): string | undefined {
  const sqlite = db.$client;
  const pages = Number(sqlite.pragma('page_count', { simple: true }));
  const freePages = Number(sqlite.pragma('freelist_count', { simple: true }));
  const maxPages = Number(sqlite.pragma('max_page_count', { simple: true }));
  // A write needs a few pages: its table's, its indexes', and their parents' when they split.
  if (maxPages - pages + freePages < 8) return 'the database is at its maximum size';
  const disk = fs.statfsSync(path.dirname(file));
  if (disk.bavail * disk.bsize < 1024 * 1024) return 'the disk is full';
  return undefined;
}

/**
 * Copies the WAL into the database file and empties it, so that the old versions of pages (a
 * queued e-mail before its link was scrubbed) leave the disk's files. Best effort: while another
 * connection reads, SQLite copies what it can and the next call finishes the job.
 */
export function flushWriteAheadLog(db: Db): void {
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
}

/** The committed drizzle-kit migrations, found from the source tree or from the built bundle. */
export function findMigrationsFolder(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let depth = 0; depth < 5; depth += 1) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(path.join(candidate, 'meta', '_journal.json'))) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('The database migrations folder was not found beside the server.');
}

type Journal = { entries: { tag: string; when: number }[] };

function readJournal(folder: string): Journal {
  return JSON.parse(fs.readFileSync(path.join(folder, 'meta', '_journal.json'), 'utf8')) as Journal;
}

/** A database's version: how many migrations it has, the last one's tag when the code knows it. */
export type SchemaVersion = { migrations: number; tag?: string };

/** The version this code brings a database to: every migration it knows. */
export function codeSchemaVersion(folder = findMigrationsFolder()): Required<SchemaVersion> {
  const entries = readJournal(folder).entries;
  return { migrations: entries.length, tag: entries.at(-1)?.tag ?? 'none' };
}

/** Started on a database that a newer version of the site has brought up to date. */
export class NewerDatabaseError extends Error {
  constructor(
    readonly database: SchemaVersion,
    readonly code: Required<SchemaVersion>,
  ) {
    super(
      `This database was brought up to date by a newer version of the site (database version ${database.migrations}` +
        `${database.tag ? `, ${database.tag}` : ''}); this version of the site knows database version ${code.migrations} (${code.tag}).`,
    );
  }
}

function appliedMigrations(sqlite: Database.Database): { count: number; lastCreatedAt: number } {
  const hasTable = sqlite.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = '__drizzle_migrations'").get();
  if (!hasTable) return { count: 0, lastCreatedAt: 0 };
  const row = sqlite.prepare('SELECT COUNT(*) AS n, MAX(CAST(created_at AS INTEGER)) AS last FROM __drizzle_migrations').get() as {
    n: number;
    last: number | null;
  };
  return { count: row.n, lastCreatedAt: row.last ?? 0 };
}

/**
 * Throws NewerDatabaseError when the database holds migrations this code does not know (more of
 * them, or one dated after its last): drizzle would apply nothing and let an old version run on
 * tables it does not understand.
 */
function refuseNewerDatabase(sqlite: Database.Database, folder = findMigrationsFolder()): void {
  const journal = readJournal(folder).entries;
  const applied = appliedMigrations(sqlite);
  const lastKnown = journal.at(-1)?.when ?? 0;
  if (applied.count > journal.length || applied.lastCreatedAt > lastKnown) {
    const known = journal.length;
    // The same count with a later date: a migration of another line of versions took the last place.
    throw new NewerDatabaseError({ migrations: Math.max(applied.count, known + 1) }, codeSchemaVersion(folder));
  }
}

/**
 * Migrations not yet applied to this database (none for a fresh file, which is then simply
 * created). Throws NewerDatabaseError for a database newer than this code.
 */
export function pendingMigrations(db: Db, folder = findMigrationsFolder()): string[] {
  refuseNewerDatabase(db.$client, folder);
  const journal = readJournal(folder);
  return journal.entries.slice(appliedMigrations(db.$client).count).map((entry) => entry.tag);
}

/**
 * Brings the database up to date. A database of the release before the reminder ledger
 * (fd5c764) still has reminders_sent, which migration 0004 drops: it is copied aside first, and
 * migration 0005 turns it into ledger rows, so the reminders already sent are not sent again.
 * Likewise the members' `cars` strings of a database from before 0008, for 0021.
 */
export function migrateDatabase(db: Db, folder = findMigrationsFolder()): void {
  refuseNewerDatabase(db.$client, folder);
  const hasLegacyReminders = db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reminders_sent'").get();
  if (hasLegacyReminders) {
    db.$client.exec('DROP TABLE IF EXISTS legacy_reminders_sent; CREATE TABLE legacy_reminders_sent AS SELECT event_id, days_out FROM reminders_sent;');
  }
  setCarStringsAside(db, folder);
  migrate(db, { migrationsFolder: folder });
}

/**
 * A database from before the registry (0008) still has its members' `cars` strings, which 0008
 * splits into rows and clears: they are copied aside first, so that 0021 gives each car back its
 * member's own words (only when that migration is in the folder, as it is outside tests). A copy
 * an earlier attempt left (a failed migration is rolled back, the copy is not) stays while it holds
 * the same strings, so a start retried in a loop finds the file unchanged and keeps its backup
 * (server.ts calls this before hashing the file).
 */
export function setCarStringsAside(db: Db, folder = findMigrationsFolder()): void {
  const hasLegacyCars =
    readJournal(folder).entries.some((entry) => entry.tag.endsWith('_legacy_car_lines')) &&
    !db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'cars'").get() &&
    db.$client.prepare("SELECT 1 FROM pragma_table_info('members') WHERE name = 'cars'").get();
  if (!hasLegacyCars) return;
  const hasCopy = db.$client.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'legacy_car_strings'").get();
  const isCopyCurrent =
    hasCopy &&
    !db.$client
      .prepare(
        "SELECT 1 FROM (SELECT id, cars FROM members WHERE cars <> '[]' EXCEPT SELECT member_id, cars FROM legacy_car_strings) " +
          "UNION ALL SELECT 1 FROM (SELECT member_id, cars FROM legacy_car_strings EXCEPT SELECT id, cars FROM members WHERE cars <> '[]')",
      )
      .get();
  if (!isCopyCurrent) {
    db.$client.exec(
      "DROP TABLE IF EXISTS legacy_car_strings; CREATE TABLE legacy_car_strings AS SELECT id AS member_id, cars FROM members WHERE cars <> '[]';",
    );
  }
}
