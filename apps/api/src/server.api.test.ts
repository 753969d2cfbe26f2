import fs from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import Database from 'better-sqlite3';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig, type Config } from './config.ts';
import { findMigrationsFolder, migrateDatabase, openDatabase, pendingMigrations } from './db/client.ts';
import { migrateWithBackup, startServer, StartError } from './server.ts';
import { spawn } from 'node:child_process';
import { listBackups, startPartialBackup } from './services/backup.ts';
import { queueDueReminders } from './features/events/reminders.ts';
import { readSiteSettings } from './site-settings.ts';

type Journal = { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };

let root: string;
beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-upgrade-'));
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const realFolder = findMigrationsFolder();
const realJournal = JSON.parse(fs.readFileSync(path.join(realFolder, 'meta', '_journal.json'), 'utf8')) as Journal;

/** A migrations folder holding the given journal entries (and their SQL), plus optional extra ones. */
function migrationsFolder(name: string, entries: Journal['entries'], extra: Record<string, string> = {}): string {
  const folder = path.join(root, name);
  fs.mkdirSync(path.join(folder, 'meta'), { recursive: true });
  for (const entry of entries) {
    const sql = extra[entry.tag] ?? fs.readFileSync(path.join(realFolder, `${entry.tag}.sql`), 'utf8');
    fs.writeFileSync(path.join(folder, `${entry.tag}.sql`), sql);
  }
  fs.writeFileSync(path.join(folder, 'meta', '_journal.json'), JSON.stringify({ ...realJournal, entries }));
  return folder;
}

const configFor = (dataDir: string): Config =>
  loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    BACKUP_CRON: 'off',
    REMINDER_CRON: 'off',
    WEB_DIST: path.join(root, 'no-web'),
  });

describe('startServer on a database from the first release', () => {
  it('migrates it, serves its data, and backs it up first only if migrations were pending', async () => {
    const firstOnly = migrationsFolder('first', realJournal.entries.slice(0, 1));
    const config = configFor(path.join(root, 'data'));
    const old = openDatabase(config.databaseFile);
    migrateDatabase(old, firstOnly);
    old.$client
      .prepare('INSERT INTO members (first_name, last_name, email, password_hash) VALUES (?, ?, ?, ?)')
      .run('Henry', 'Ford', 'henry@example.test', bcrypt.hashSync('model-a-1928', 4));
    old.$client.close();

    const { server, close } = await startServer(config);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const login = await fetch(`${base}/api/session.create.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ u: 'henry@example.test', p: 'model-a-1928' }),
      });
      expect(login.status).toBe(200);
      expect(await login.json()).toMatchObject({ u: { name: 'Henry Ford' } });
    } finally {
      await close();
    }

    const wasPending = realJournal.entries.length > 1;
    const backups = listBackups(config.backupsDir);
    expect(backups.map((b) => b.manifest.kind)).toEqual(wasPending ? ['pre-migration'] : []);
    const upToDate = new Database(config.databaseFile, { readonly: true });
    const applied = (upToDate.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
    upToDate.close();
    expect(applied).toBe(realJournal.entries.length);
  });
});

describe('startServer, once it has answered its first request', () => {
  it('writes the settings `pnpm reminders` reads and indexes the written pages again, after that answer', async () => {
    const config = configFor(path.join(root, 'data'));
    const db = openDatabase(config.databaseFile);
    migrateDatabase(db);
    // As after an upgrade: the index has lost a written page's words.
    db.$client.exec(
      "DELETE FROM search_text WHERE rowid IN (SELECT id FROM search_entries WHERE kind = 'page'); DELETE FROM search_entries WHERE kind = 'page'",
    );
    db.$client.close();
    const search = (base: string) =>
      fetch(`${base}/api/site.search.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ q: 'babbitt' }) }).then(
        (res) => res.json() as Promise<{ groups: { kind: string }[] }>,
      );

    const { server, close } = await startServer(config);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      await expect.poll(() => readSiteSettings(config.dataDir)).toMatchObject({ baseUrl: config.baseUrl });
      expect((await search(base)).groups.map((group) => group.kind)).toEqual(['page']);
    } finally {
      await close();
    }
  });
});

describe('startServer on a fresh data folder', () => {
  it('makes the outbox folder at start, so listing it works before the first e-mail is written', async () => {
    const config = configFor(path.join(root, 'data'));
    const { close } = await startServer(config);
    try {
      expect(fs.readdirSync(config.outboxDir)).toEqual([]);
    } finally {
      await close();
    }
  });
});

describe('migrateWithBackup', () => {
  const logger = pino({ level: 'silent' });
  const last = realJournal.entries.at(-1);
  const probe = { idx: (last?.idx ?? 0) + 1, when: (last?.when ?? 0) + 1000, tag: '9999_probe', version: '6', breakpoints: true };

  it('backs up an existing database before a pending migration changes it', async () => {
    const config = configFor(path.join(root, 'data'));
    const db = openDatabase(config.databaseFile);
    migrateDatabase(db);
    db.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Edsel', 'Ford', 'edsel@example.test')").run();
    const newer = migrationsFolder('newer', [...realJournal.entries, probe], { '9999_probe': 'CREATE TABLE `probe` (`id` integer);' });

    const backupPath = await migrateWithBackup(db, config, logger, newer);
    expect(db.$client.prepare("SELECT 1 AS ok FROM sqlite_master WHERE name = 'probe'").get()).toEqual({ ok: 1 });
    db.$client.close();

    expect(backupPath && path.basename(backupPath)).toMatch(/^pre-migration-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ$/);
    const copy = new Database(path.join(backupPath ?? '', 'club.db'), { readonly: true });
    expect(copy.prepare("SELECT 1 FROM sqlite_master WHERE name = 'probe'").get()).toBeUndefined();
    expect(copy.prepare('SELECT email FROM members').all()).toEqual([{ email: 'edsel@example.test' }]);
    copy.close();
  });

  it('takes no backup of an up-to-date or brand-new database', async () => {
    const config = configFor(path.join(root, 'data'));
    const db = openDatabase(config.databaseFile);
    expect(await migrateWithBackup(db, config, logger)).toBeUndefined();
    expect(await migrateWithBackup(db, config, logger)).toBeUndefined();
    db.$client.close();
    expect(listBackups(config.backupsDir)).toEqual([]);
  });
});

describe('migrateWithBackup when a migration fails', () => {
  const logger = pino({ level: 'silent' });
  const last = realJournal.entries.at(-1);
  const broken = { idx: (last?.idx ?? 0) + 1, when: (last?.when ?? 0) + 1000, tag: '9999_broken', version: '6', breakpoints: true };
  const preMigration = (config: Config) => listBackups(config.backupsDir).filter((b) => b.manifest.kind === 'pre-migration');
  const emailsIn = (file: string) => {
    const copy = new Database(file, { readonly: true });
    try {
      return (copy.prepare('SELECT email FROM members ORDER BY id').all() as { email: string }[]).map((row) => row.email);
    } finally {
      copy.close();
    }
  };

  it('keeps one backup for the upgrade however often the start is retried, and names the migration and the cause', async () => {
    const config = configFor(path.join(root, 'data'));
    const first = openDatabase(config.databaseFile);
    migrateDatabase(first);
    first.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Edsel', 'Ford', 'edsel@example.test')").run();
    first.$client.close();
    const folder = migrationsFolder('broken', [...realJournal.entries, broken], { '9999_broken': 'INSERT INTO `no_such_table` (`id`) VALUES (1);' });

    // A container in a restart loop: each start opens the database afresh and fails the same way.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const db = openDatabase(config.databaseFile);
      try {
        const failure = await migrateWithBackup(db, config, logger, folder).then(
          () => undefined,
          (error: unknown) => error,
        );
        expect(failure).toBeInstanceOf(StartError);
        const message = (failure as Error).message;
        expect(message).toContain('9999_broken');
        expect(message).toContain('no such table: no_such_table');
        expect(message).toContain('The database was left as it was');
        expect(message).toContain(path.join(config.backupsDir, 'pre-migration-'));
      } finally {
        db.$client.close();
      }
    }
    expect(preMigration(config)).toHaveLength(1);
    expect(fs.readdirSync(config.backupsDir)).toHaveLength(1);

    // The previous version ran again in between: the backup for this upgrade is replaced by a
    // current one, never added to.
    const again = openDatabase(config.databaseFile);
    again.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Clara', 'Ford', 'clara@example.test')").run();
    await expect(migrateWithBackup(again, config, logger, folder)).rejects.toThrow('no such table');
    again.$client.close();
    const kept = preMigration(config);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.manifest).toMatchObject({ target: '9999_broken' });
    expect(emailsIn(path.join(kept[0]?.path ?? '', 'club.db'))).toEqual(['edsel@example.test', 'clara@example.test']);
  });
  it('keeps the one backup of an upgrade from before the registry, whose car strings are set aside, however often the start is retried', async () => {
    const config = configFor(path.join(root, 'data'));
    const old = openDatabase(config.databaseFile);
    migrateDatabase(old, migrationsFolder('1862a89', realJournal.entries.slice(0, 5)));
    old.$client
      .prepare("INSERT INTO members (first_name, last_name, email, cars) VALUES ('Edsel', 'Ford', 'edsel@example.test', '[\"1931 Model A Deluxe Phaeton\"]')")
      .run();
    old.$client.close();
    const folder = migrationsFolder('broken', [...realJournal.entries, broken], { '9999_broken': 'INSERT INTO `no_such_table` (`id`) VALUES (1);' });
    const named: string[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const db = openDatabase(config.databaseFile);
      try {
        const failure = await migrateWithBackup(db, config, logger, folder).then(
          () => undefined,
          (error: unknown) => error,
        );
        named.push(/at (\S+pre-migration-\S+)\./.exec((failure as Error).message)?.[1] ?? '');
      } finally {
        db.$client.close();
      }
    }
    expect(named[0]).toContain('pre-migration-');
    expect(new Set(named).size).toBe(1);
  });
});

describe('startServer on a database a newer version of the site has migrated', () => {
  const logger = pino({ level: 'silent' });
  const last = realJournal.entries.at(-1);
  const future = { idx: (last?.idx ?? 0) + 1, when: (last?.when ?? 0) + 1000, tag: '9999_future', version: '6', breakpoints: true };

  it('refuses to start, naming the version of the database and its own', async () => {
    const config = configFor(path.join(root, 'data'));
    const newer = migrationsFolder('newer', [...realJournal.entries, future], { '9999_future': 'CREATE TABLE `future` (`id` integer);' });
    const db = openDatabase(config.databaseFile);
    migrateDatabase(db);
    db.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Edsel', 'Ford', 'edsel@example.test')").run();
    // The newer version took its backup before migrating, as every upgrade does.
    const upgradeBackup = await migrateWithBackup(db, config, logger, newer);
    db.$client.close();

    const failure = await startServer(config).then(
      (started) => started.close().then(() => undefined),
      (error: unknown) => error,
    );
    expect(failure).toBeInstanceOf(StartError);
    const known = realJournal.entries.length;
    expect((failure as Error).message).toBe(
      `This database was brought up to date by a newer version of the site (database version ${known + 1}, 9999_future); ` +
        `this version of the site knows database version ${known} (${last?.tag}). Start the newer version again, or, to go back ` +
        `to this version, restore the backup taken before that upgrade: restore ${path.basename(upgradeBackup ?? '')} --replace ` +
        '(what changed since that upgrade is lost).',
    );
    // Nothing was changed or added: no backup, no admin, the newer table intact.
    expect(listBackups(config.backupsDir)).toHaveLength(1);
    const check = new Database(config.databaseFile, { readonly: true });
    expect(check.prepare("SELECT 1 AS ok FROM sqlite_master WHERE name = 'future'").get()).toEqual({ ok: 1 });
    check.close();
  });

  it('without that backup, still names both versions', async () => {
    const config = configFor(path.join(root, 'data'));
    const newer = migrationsFolder('newer', [...realJournal.entries, future], { '9999_future': 'CREATE TABLE `future` (`id` integer);' });
    const db = openDatabase(config.databaseFile);
    migrateDatabase(db, newer);
    try {
      expect(() => pendingMigrations(db)).toThrow(
        new RegExp(`database version ${realJournal.entries.length + 1}.*knows database version ${realJournal.entries.length} \\(${last?.tag}\\)`),
      );
    } finally {
      db.$client.close();
    }
  });
});

describe('startServer after a crash in the middle of a backup', () => {
  it('removes the unfinished backup folders, and leaves one still being written alone', async () => {
    const config = configFor(path.join(root, 'data'));
    const crashed = path.join(config.backupsDir, '.partial-backup-2026-05-02T03-30-00Z-0badf00d');
    fs.mkdirSync(path.join(crashed, 'uploads'), { recursive: true });
    fs.writeFileSync(path.join(crashed, 'club.db'), 'half a database');
    fs.writeFileSync(path.join(crashed, 'uploads', 'car.jpg'), 'half a photo');
    const writing = await startPartialBackup(config.backupsDir, 'backup-2026-05-02T03-31-00Z');
    try {
      const { close } = await startServer(config);
      await close();
      expect(fs.existsSync(crashed)).toBe(false);
      expect(fs.existsSync(writing.path)).toBe(true);
    } finally {
      writing.release();
    }
    const { close } = await startServer(config);
    await close();
    expect(fs.readdirSync(config.backupsDir)).toEqual([]);
  });
});

describe('upgrading the previous release (fd5c764), whose reminders_sent 0004 replaced', () => {
  const logger = pino({ level: 'silent' });

  it('sends none of the reminders that release had sent, and the ones still to come once', async () => {
    // fd5c764's schema is migrations 0000-0003 (committed migrations are never edited).
    const release = migrationsFolder('fd5c764', realJournal.entries.slice(0, 4));
    const config = loadConfig({
      DATA_DIR: path.join(root, 'data'),
      LOG_LEVEL: 'silent',
      CLUB_TIMEZONE: 'America/Chicago',
      WEB_DIST: path.join(root, 'no-web'),
    });
    const old = openDatabase(config.databaseFile);
    migrateDatabase(old, release);
    const addMember = old.$client.prepare('INSERT INTO members (first_name, last_name, email) VALUES (?, ?, ?)');
    for (const name of ['ann', 'bob', 'cy', 'dee']) addMember.run(name, 'Ford', `${name}@example.test`);
    const addEvent = old.$client.prepare('INSERT INTO events (title, start, "end", notify_days_out) VALUES (?, ?, ?, ?)');
    const tour = Number(addEvent.run('Tour', '2026-06-20T10:00', '2026-06-20T12:00', '[0,1,3]').lastInsertRowid);
    const picnic = Number(addEvent.run('Picnic', '2026-06-27T10:00', '2026-06-27T12:00', '[0]').lastInsertRowid);
    // That release had sent the Tour's "now" and 3-day reminders and the Picnic's "now" one: 12 e-mails.
    const sent = old.$client.prepare('INSERT INTO reminders_sent (event_id, days_out) VALUES (?, ?)');
    sent.run(tour, 0);
    sent.run(tour, 3);
    sent.run(picnic, 0);
    old.$client.close();

    const db = openDatabase(config.databaseFile);
    try {
      await migrateWithBackup(db, config, logger);
      const keys = { linkSecret: 'k'.repeat(43) };
      // June 18, 9:00 in Chicago: "now" and 3 days before are due, both already sent.
      expect(queueDueReminders(db, config, keys, new Date(Date.UTC(2026, 5, 18, 14)))).toEqual({ reminders: 0, emails: 0, pushes: 0 });
      // June 19: the 1-day reminder was never sent; it goes to each member once.
      expect(queueDueReminders(db, config, keys, new Date(Date.UTC(2026, 5, 19, 14)))).toEqual({ reminders: 1, emails: 4, pushes: 0 });
      expect(db.$client.prepare("SELECT 1 FROM sqlite_master WHERE name LIKE '%reminders_sent%'").all()).toEqual([]);
    } finally {
      db.$client.close();
    }
  });
});

describe('upgrading the 23 November release (1862a89), whose members typed their cars as strings', () => {
  it("keeps each member's cars in members.get as the member wrote them, less a leading Ford or Model A, and an unreadable one exactly as typed", async () => {
    // 1862a89's schema is migrations 0000-0004; its members.get answered the cars column as stored.
    const config = configFor(path.join(root, 'data'));
    const old = openDatabase(config.databaseFile);
    migrateDatabase(old, migrationsFolder('1862a89', realJournal.entries.slice(0, 5)));
    const before: Record<string, string[]> = {
      'ann@example.test': ['1931 Model A Deluxe Phaeton', '1931 Model A Slant Window Fordor'],
      'bob@example.test': ['1929 Ford Model A Sport Coupe "Betsy"', '1928 Phaeton, green', '', 'Grandpa’s  old car'],
      'cy@example.test': ["'31 Deluxe Roadster", '1930 Model A Tudor Sedan'],
      'dee@example.test': [],
    };
    const add = old.$client.prepare('INSERT INTO members (first_name, last_name, email, password_hash, cars) VALUES (?, ?, ?, ?, ?)');
    for (const [email, cars] of Object.entries(before)) add.run(email.split('@')[0], 'Ford', email, bcrypt.hashSync('model-a-1928', 4), JSON.stringify(cars));
    old.$client.close();

    const { server, close } = await startServer(config);
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      const call = (name: string, body: object) =>
        fetch(`${base}/api/${name}.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }).then(
          (res) => res.json() as Promise<Record<string, unknown>>,
        );
      const { g } = await call('session.create', { u: 'ann@example.test', p: 'model-a-1928' });
      const { m } = (await call('members.get', { g })) as { m: { email: string; cars: string[] }[] };
      const after = Object.fromEntries(m.map((member) => [member.email, member.cars]));
      expect(after).toEqual({
        'ann@example.test': ['1931 Deluxe Phaeton', '1931 Slant Window Fordor'],
        'bob@example.test': ['1929 Sport Coupe "Betsy"', '1928 Phaeton, green', 'Grandpa’s  old car'],
        'cy@example.test': ["'31 Deluxe Roadster", '1930 Tudor Sedan'],
        'dee@example.test': [],
      });
    } finally {
      await close();
    }
  });
});

describe('startServer with DEMO_DATA=1 and ADMIN_EMAIL on a fresh data folder', () => {
  it('fills the demo content and creates the administrator from ADMIN_EMAIL, and says when a later start adds no demo content', async () => {
    const env = {
      DATA_DIR: path.join(root, 'data'),
      PORT: '0',
      LOG_LEVEL: 'info',
      BACKUP_CRON: 'off',
      REMINDER_CRON: 'off',
      WEB_DIST: path.join(root, 'no-web'),
      DEMO_DATA: '1',
      ADMIN_EMAIL: 'webmaster@example.test',
      ADMIN_PASSWORD: 'webmaster-2026',
    };
    const startLogged = async () => {
      const lines: string[] = [];
      const started = await startServer(loadConfig(env), { logTo: { write: (line: string) => void lines.push(JSON.parse(line).msg as string) } });
      return { ...started, lines };
    };
    const first = await startLogged();
    try {
      const base = `http://127.0.0.1:${(first.server.address() as AddressInfo).port}`;
      const logIn = (u: string, p: string) =>
        fetch(`${base}/api/session.create.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ u, p }) }).then(
          (res) => res.status,
        );
      expect(await logIn('webmaster@example.test', 'webmaster-2026')).toBe(200);
      expect(await logIn('member@example.org', 'demo-member-1')).toBe(200);
      expect(first.lines).toEqual(expect.arrayContaining(['filled the empty database with demo content', 'created the first administrator from ADMIN_EMAIL']));
    } finally {
      await first.close();
    }
    const again = await startLogged();
    await again.close();
    expect(again.lines).toContain('DEMO_DATA=1, but the database already has members: no demo content added (it fills only an empty database)');
  }, 60_000);
});

describe('startServer with another process on the same data folder or port', () => {
  it('refuses a taken port before it backs up, migrates or indexes the database', async () => {
    const config = configFor(path.join(root, 'data'));
    const old = openDatabase(config.databaseFile);
    migrateDatabase(old, migrationsFolder('older', realJournal.entries.slice(0, 5)));
    old.$client.prepare("INSERT INTO members (first_name, last_name, email) VALUES ('Edsel', 'Ford', 'edsel@example.test')").run();
    old.$client.close();
    const before = fs.readFileSync(config.databaseFile);
    // The old release still running on this port (another data folder or another program).
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    const port = (taken.address() as AddressInfo).port;
    try {
      await expect(startServer({ ...config, port })).rejects.toThrow(`Port ${port} on 127.0.0.1 is already in use`);
    } finally {
      await new Promise<void>((resolve) => taken.close(() => resolve()));
    }
    expect(fs.readFileSync(config.databaseFile).equals(before)).toBe(true);
    expect(fs.existsSync(config.backupsDir) ? fs.readdirSync(config.backupsDir) : []).toEqual([]);
    // Started again once the port is free, it upgrades as usual, and answers while nothing else holds the port.
    const again = await startServer({ ...config, port: 0 });
    try {
      expect((await fetch(`http://127.0.0.1:${(again.server.address() as AddressInfo).port}/healthz`)).status).toBe(200);
    } finally {
      await again.close();
    }
    expect(listBackups(config.backupsDir).map((b) => b.manifest.kind)).toEqual(['pre-migration']);
  });

  it('refuses a second process on the data folder, and a taken port, each with one line; the first keeps running', async () => {
    const config = configFor(path.join(root, 'data'));
    const first = await startServer(config);
    try {
      const port = (first.server.address() as AddressInfo).port;
      await expect(startServer({ ...config, port: 0 })).rejects.toThrow(
        `The site is already running on the data folder ${config.dataDir}: stop it first (only one process may use a data folder).`,
      );
      // Another data folder on the same port: the real process prints one line and exits 1.
      const other = configFor(path.join(root, 'other'));
      const child = spawn(process.execPath, ['--import', 'tsx', path.join(path.dirname(realFolder), 'src/server.ts')], {
        cwd: path.dirname(realFolder),
        env: {
          PATH: process.env.PATH,
          HOME: process.env.HOME,
          DATA_DIR: other.dataDir,
          PORT: String(port),
          LOG_LEVEL: 'info',
          BACKUP_CRON: 'off',
          REMINDER_CRON: 'off',
          WEB_DIST: path.join(root, 'no-web'),
          INIT_CWD: '',
        },
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
      expect(code).toBe(1);
      expect(stderr).toBe(`Port ${port} on 127.0.0.1 is already in use (another copy of the site, or another program): stop it, or set PORT to a free port.\n`);
      expect(stdout).not.toContain('listening');
      const health = await fetch(`http://127.0.0.1:${port}/healthz`);
      expect(health.status).toBe(200);
    } finally {
      await first.close();
    }
    // Stopped, the folder is free again.
    const again = await startServer({ ...config, port: 0 });
    await again.close();
  }, 30_000);
});
