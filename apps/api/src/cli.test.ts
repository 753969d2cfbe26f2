import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import bcrypt from 'bcrypt';
import { spawnSync } from 'node:child_process';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from './cli.ts';
import { makeNewsletterPdf } from './demo/newsletter-pdf.ts';

let root: string;
let out: string;
let err: string;
const io = {
  stdout: (text: string) => {
    out += text;
  },
  stderr: (text: string) => {
    err += text;
  },
};

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'club-cli-'));
  out = '';
  err = '';
});
afterEach(() => fs.rmSync(root, { recursive: true, force: true }));

const envFor = (dir: string) => ({ DATA_DIR: path.join(root, dir), LOG_LEVEL: 'silent' });
const cli = (dir: string, ...argv: string[]) => runCli(argv, envFor(dir), io);

function readAdmin(dir: string, email: string) {
  const db = new Database(path.join(root, dir, 'club.db'), { readonly: true });
  try {
    return db
      .prepare(
        `SELECT m.first_name AS firstName, m.enabled, m.password_hash AS hash, p.permission
         FROM members m LEFT JOIN member_permissions p ON p.member_id = m.id WHERE m.email = ?`,
      )
      .get(email) as { firstName: string; enabled: number; hash: string; permission: string | null } | undefined;
  } finally {
    db.close();
  }
}

describe('admin:create', () => {
  it('creates an administrator in a new database', async () => {
    expect(await cli('data', 'admin:create', 'Webmaster@Example.test', 'long-enough-1', 'Wanda')).toBe(0);
    expect(out).toMatch(/Administrator webmaster@example\.test is ready/);
    const admin = readAdmin('data', 'webmaster@example.test');
    expect(admin).toMatchObject({ firstName: 'Wanda', enabled: 1, permission: 'admin' });
    expect(bcrypt.compareSync('long-enough-1', admin?.hash ?? '')).toBe(true);
  });

  it('resets the password of an existing member and makes them an enabled admin', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'first-password');
    const db = new Database(path.join(root, 'data', 'club.db'));
    db.prepare("UPDATE members SET enabled = 0 WHERE email = 'webmaster@example.test'").run();
    db.close();
    expect(await cli('data', 'admin:create', 'webmaster@example.test', 'second-password')).toBe(0);
    const admin = readAdmin('data', 'webmaster@example.test');
    expect(admin?.enabled).toBe(1);
    expect(bcrypt.compareSync('second-password', admin?.hash ?? '')).toBe(true);
  });

  it('re-enabling a disabled member revokes their old calendar feed, as the member editor does', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const db = new Database(path.join(root, 'data', 'club.db'));
    const id = (db.prepare("SELECT id FROM members WHERE email = 'webmaster@example.test'").get() as { id: number }).id;
    db.prepare('UPDATE members SET enabled = 0 WHERE id = ?').run(id);
    db.prepare("INSERT INTO calendar_feeds (member_id, token_hash) VALUES (?, 'old-feed-hash')").run(id);
    db.close();
    expect(await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-2')).toBe(0);
    const after = new Database(path.join(root, 'data', 'club.db'), { readonly: true });
    expect(after.prepare('SELECT member_id FROM calendar_feeds').all()).toEqual([]);
    after.close();
    expect(readAdmin('data', 'webmaster@example.test')?.enabled).toBe(1);
  });

  it('at an address a household shares, resets the one named, and asks for a name when it cannot tell', async () => {
    await cli('data', 'admin:create', 'smiths@example.test', 'long-enough-1', 'John', 'Smith');
    const db = new Database(path.join(root, 'data', 'club.db'));
    db.prepare("INSERT INTO members (email, first_name, last_name) VALUES ('smiths@example.test', 'Mary', 'Smith')").run();
    db.prepare("INSERT INTO members (email, first_name, last_name) VALUES ('smiths@example.test', 'Ann', 'Smith')").run();
    db.close();
    // No name given: the one administrator among them (John) is meant.
    expect(await cli('data', 'admin:create', 'smiths@example.test', 'johns-password')).toBe(0);
    expect(await cli('data', 'admin:create', 'smiths@example.test', 'marys-password', 'mary', 'smith')).toBe(0);
    const read = new Database(path.join(root, 'data', 'club.db'), { readonly: true });
    const hashOf = (first: string) => (read.prepare('SELECT password_hash AS hash FROM members WHERE first_name = ?').get(first) as { hash: string }).hash;
    expect(bcrypt.compareSync('marys-password', hashOf('Mary'))).toBe(true);
    expect(bcrypt.compareSync('johns-password', hashOf('John'))).toBe(true);
    read.close();
    // Now two of them are administrators: a name is needed.
    expect(await cli('data', 'admin:create', 'smiths@example.test', 'whose-password')).toBe(2);
    expect(err).toMatch(/3 members share smiths@example\.test \(John Smith, Mary Smith, Ann Smith\): add the first and last name/);
  });

  it('refuses a short password with exit code 2', async () => {
    expect(await cli('data', 'admin:create', 'webmaster@example.test', 'short')).toBe(2);
    expect(err).toMatch(/at least 8 characters/);
  });

  it('prints the usage without an e-mail address', async () => {
    expect(await cli('data', 'admin:create')).toBe(2);
    expect(err).toMatch(/Usage: .*admin:create <email> <password>/s);
  });
});

describe('backup and restore', () => {
  it('backs up, refuses to restore over live data, and restores into an empty folder', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    expect(await cli('data', 'backup')).toBe(0);
    const backupPath = /Backup written to (\S+)/.exec(out)?.[1] ?? '';
    expect(fs.existsSync(path.join(backupPath, 'club.db'))).toBe(true);

    expect(await cli('data', 'restore', path.basename(backupPath))).toBe(1);
    expect(err).toMatch(/is not empty .*--replace/s);

    expect(await cli('copy', 'restore', backupPath)).toBe(0);
    expect(out).toMatch(/Restored .* into .*copy/);
    expect(readAdmin('copy', 'webmaster@example.test')?.permission).toBe('admin');
  });

  it('with --replace, moves the current data aside and restores', async () => {
    await cli('data', 'admin:create', 'first@example.test', 'long-enough-1');
    await cli('data', 'backup');
    const backupName = path.basename(/Backup written to (\S+)/.exec(out)?.[1] ?? '');
    await cli('data', 'admin:create', 'second@example.test', 'long-enough-2');

    expect(await cli('data', 'restore', backupName, '--replace')).toBe(0);
    const setAside = /Moved the current data to (\S+)\./.exec(out)?.[1] ?? '';
    expect(path.basename(setAside)).toMatch(/^replaced-/);
    expect(readAdmin('data', 'first@example.test')).toBeDefined();
    expect(readAdmin('data', 'second@example.test')).toBeUndefined();
    expect(fs.existsSync(path.join(setAside, 'club.db'))).toBe(true);
  });

  it('with --replace and a mistyped backup name, moves nothing', async () => {
    await cli('data', 'admin:create', 'first@example.test', 'long-enough-1');
    expect(await cli('data', 'restore', 'backup-typo', '--replace')).toBe(1);
    expect(err).toMatch(/There is no backup at "backup-typo"/);
    expect(fs.existsSync(path.join(root, 'data', 'club.db'))).toBe(true);
  });

  it('explains that there is nothing to back up when DATA_DIR holds no database', async () => {
    expect(await cli('empty', 'backup')).toBe(1);
    expect(err).toMatch(/There is no database at .*Is DATA_DIR set/);
  });
});

describe('restore from a copy the site cannot read', () => {
  it('names the owner and the chown command to run instead of "There is no backup", and restores once it is fixed', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    expect(await cli('data', 'backup')).toBe(0);
    const backupName = path.basename(/Backup written to (\S+)/.exec(out)?.[1] ?? '');
    // As the README's `docker compose cp` run as root leaves it: root's files, 0700 folders, 0600 files.
    const copy = path.join(root, 'club-backups-2026-05-02');
    fs.cpSync(path.join(root, 'data', 'backups'), copy, { recursive: true });
    const target = path.join(root, 'new-data');
    fs.mkdirSync(target);
    const restore = () => {
      if (process.getuid?.() !== 0) {
        // Not root: a folder its owner cannot read stands for a copy owned by someone else.
        return runCli(['restore', path.join(copy, backupName)], envFor('new-data'), io).then((code) => ({ code, stderr: err }));
      }
      // Root: the restore runs as the site's user, 1000, as in the container.
      fs.chmodSync(root, 0o755);
      fs.chownSync(target, 1000, 1000);
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), 'restore', path.join(copy, backupName)], {
        uid: 1000,
        gid: 1000,
        cwd: path.join(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, DATA_DIR: target, LOG_LEVEL: 'silent', HOME: root },
        encoding: 'utf8',
      });
      return Promise.resolve({ code: child.status, stderr: child.stderr });
    };
    if (process.getuid?.() !== 0) fs.chmodSync(path.join(copy, backupName), 0o000);

    const refused = await restore();
    expect(refused.code).toBe(1);
    expect(refused.stderr).not.toMatch(/There is no backup/);
    expect(refused.stderr).toMatch(/^The backup at .*club-backups-2026-05-02.* cannot be read by this user \(uid \d+\)/);
    expect(refused.stderr).toMatch(/sudo chown -R \d+:\d+ /);
    expect(fs.readdirSync(target)).toEqual([]);

    // What the message says to run (sudo chown -R on the copy), then the same restore again.
    const chown = /sudo chown -R (\d+):(\d+) (\S+) /.exec(refused.stderr);
    expect(chown?.[3]).toBe(process.getuid?.() === 0 ? copy : path.join(copy, backupName));
    const given = chown?.[3] ?? '';
    if (process.getuid?.() === 0) {
      for (const entry of ['', ...fs.readdirSync(given, { recursive: true })])
        fs.chownSync(path.join(given, String(entry)), Number(chown?.[1]), Number(chown?.[2]));
    } else {
      fs.chmodSync(given, 0o700);
    }
    err = '';
    const restored = await restore();
    expect(restored.stderr).toBe('');
    expect(restored.code).toBe(0);
    expect(readAdmin('new-data', 'webmaster@example.test')?.permission).toBe('admin');
  }, 30_000);
});

describe('runCli', () => {
  it('answers an unknown command with the usage and exit code 2', async () => {
    expect(await cli('data', 'reminders-typo')).toBe(2);
    expect(err).toMatch(/admin:create.*backup.*restore/s);
  });

  it('stops on invalid configuration with one line naming the variable', async () => {
    expect(await runCli(['backup'], { DATA_DIR: root, BACKUP_KEEP: 'lots' }, io)).toBe(1);
    expect(err).toMatch(/^Invalid configuration: BACKUP_KEEP/);
  });
});

describe('reminders', () => {
  it('says so and fails when there is no database', async () => {
    expect(await cli('empty', 'reminders')).toBe(1);
    expect(err).toMatch(/There is no database at .*club\.db/);
  });

  it('runs the reminder job once and reports none sent when none are due', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    out = '';
    expect(await cli('data', 'reminders')).toBe(0);
    expect(out).toBe('Sent 0 due reminder(s): 0 e-mail(s) and 0 push(es) queued.\nQueued 0 "still for sale?" e-mail(s) for classified listings.\n');
    expect(err).toBe('');
  });

  it('sends a due reminder, writing the e-mail out at once; once mail went out by SMTP, refuses to run without BASE_URL and SMTP_URL', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const db = new Database(path.join(root, 'data', 'club.db'));
    db.prepare("INSERT INTO events (title, start, \"end\", notify_days_out) VALUES ('Swap Meet', '2099-05-02T09:00', '2099-05-02T12:00', '[0]')").run();
    db.close();
    out = '';
    expect(await cli('data', 'reminders')).toBe(0);
    expect(out).toBe('Sent 1 due reminder(s): 1 e-mail(s) and 0 push(es) queued.\nQueued 0 "still for sale?" e-mail(s) for classified listings.\n');
    expect(fs.readdirSync(path.join(root, 'data', 'outbox')).join()).toMatch(/reminder-swap-meet/);
    // Written to a file it is "saved, not sent"; say the site's SMTP server had sent it.
    const site = new Database(path.join(root, 'data', 'club.db'));
    site.prepare("UPDATE outbox SET status = 'sent'").run();
    site.close();
    out = '';
    expect(await cli('data', 'reminders')).toBe(1);
    expect(out).toBe('');
    expect(err).toMatch(/^BASE_URL and SMTP_URL are not set, but this site has sent e-mail before; nothing was sent\./);
  });
});

describe('a database a newer version of the site has migrated', () => {
  it('makes admin:create and reminders refuse with one line naming both versions, and change nothing', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const db = new Database(path.join(root, 'data', 'club.db'));
    const known = (db.prepare('SELECT COUNT(*) AS n FROM __drizzle_migrations').get() as { n: number }).n;
    db.prepare('INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)').run('from-a-newer-version', 9_999_999_999_999);
    db.close();
    for (const argv of [['admin:create', 'other@example.test', 'long-enough-2'], ['reminders']]) {
      err = '';
      expect(await cli('data', ...argv)).toBe(1);
      expect(err).toMatch(
        new RegExp(
          `^This database was brought up to date by a newer version of the site \\(database version ${known + 1}\\); this version of the site knows database version ${known} \\(\\d{4}_\\w+\\)\\.`,
        ),
      );
      expect(err.trim().split('\n')).toHaveLength(1);
    }
    expect(readAdmin('data', 'other@example.test')).toBeUndefined();
  });
});

describe('newsletters:covers', () => {
  it('makes the cover of each stored newsletter, and names the ones it could not make', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const folder = path.join(root, 'data', 'newsletters');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'Valley News May 2024.pdf'), await makeNewsletterPdf({ year: 2024, month: 5, isSpecial: false }));
    const db = new Database(path.join(root, 'data', 'club.db'));
    db.prepare("INSERT INTO newsletters (file_name, year, month) VALUES ('Valley News May 2024.pdf', 2024, 5), ('Valley News June 2024.pdf', 2024, 6)").run();
    db.close();
    out = '';

    expect(await cli('data', 'newsletters:covers')).toBe(1);
    expect(out).toBe('Made 1 newsletter cover(s).\n');
    expect(err).toMatch(/^No cover for Valley News June 2024\.pdf: the file is missing/);
    const readDb = new Database(path.join(root, 'data', 'club.db'), { readonly: true });
    const { cover } = readDb.prepare('SELECT cover_url AS cover FROM newsletters WHERE month = 5').get() as { cover: string };
    readDb.close();
    expect(cover).toMatch(/^\/uploads\/newsletter-covers\/[\w-]+\.jpg$/);
    expect(fs.existsSync(path.join(root, 'data', cover))).toBe(true);
  });
});

describe('backup --to <folder> (an archive for an off-site copy)', () => {
  const archivesIn = (dir: string) =>
    fs
      .readdirSync(dir)
      .filter((name) => name.endsWith('.tar.gz'))
      .sort();

  it('writes one .tar.gz archive that restores on its own into an empty data folder', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    fs.mkdirSync(path.join(root, 'data', 'uploads', 'blog'), { recursive: true });
    fs.writeFileSync(path.join(root, 'data', 'uploads', 'blog', 'model-a.jpg'), 'a photo');
    const offsite = path.join(root, 'offsite');
    fs.mkdirSync(offsite);

    expect(await cli('data', 'backup', '--to', offsite)).toBe(0);
    const [archive] = archivesIn(offsite);
    expect(archive).toMatch(/^backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\dZ\.tar\.gz$/);
    expect(out).toContain(`Archive written to ${path.join(offsite, archive ?? '')}`);
    // Only the archive: no half-written file left beside it.
    expect(fs.readdirSync(offsite)).toEqual([archive]);

    // Moved to a new server: the archive alone, restored straight into an empty data folder.
    expect(await cli('new-data', 'restore', path.join(offsite, archive ?? ''))).toBe(0);
    expect(readAdmin('new-data', 'webmaster@example.test')?.permission).toBe('admin');
    expect(fs.readFileSync(path.join(root, 'new-data', 'uploads', 'blog', 'model-a.jpg'), 'utf8')).toBe('a photo');
    // The unpacked copy is gone again; the archive stays where it was.
    expect(fs.readdirSync(path.join(root, 'new-data', 'backups'))).toEqual([]);
    expect(archivesIn(offsite)).toEqual([archive]);
  });

  it('keeps the newest --keep archives in the folder and never touches other files there', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const offsite = path.join(root, 'offsite');
    fs.mkdirSync(offsite);
    const older = ['backup-2026-01-01T03-30-00Z.tar.gz', 'backup-2026-01-02T03-30-00Z.tar.gz', 'backup-2026-01-03T03-30-00Z.tar.gz'];
    for (const name of older) fs.writeFileSync(path.join(offsite, name), 'an older archive');
    fs.writeFileSync(path.join(offsite, 'notes.txt'), 'the webmaster keeps this');
    fs.writeFileSync(path.join(offsite, 'backup-by-hand.tar.gz'), 'not one of ours by its name');

    expect(await cli('data', 'backup', '--to', offsite, '--keep', '2')).toBe(0);
    const written = path.basename(/Archive written to (\S+)/.exec(out)?.[1] ?? '');
    expect(fs.readdirSync(offsite).sort()).toEqual(['backup-2026-01-03T03-30-00Z.tar.gz', 'backup-by-hand.tar.gz', written, 'notes.txt'].sort());
    expect(out).toMatch(/Removed 2 old archive\(s\) from .*offsite, keeping the newest 2\./);
  });

  it('refuses a folder that does not exist or a --keep that is not a number, before backing up', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    expect(await cli('data', 'backup', '--to', path.join(root, 'no-such-folder'))).toBe(1);
    expect(err).toMatch(/^There is no folder at .*no-such-folder\. Create it \(mkdir -p .*\) or choose another with --to\.\n$/);
    err = '';
    fs.mkdirSync(path.join(root, 'offsite'));
    expect(await cli('data', 'backup', '--to', path.join(root, 'offsite'), '--keep', 'all')).toBe(2);
    expect(err).toMatch(/--keep takes a whole number of archives/);
    expect(await cli('data', 'backup', '--to')).toBe(2);
    expect(fs.existsSync(path.join(root, 'data', 'backups'))).toBe(false);
  });

  it('refuses a folder this user cannot write to, naming its owner and what to run', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const offsite = path.join(root, 'offsite');
    fs.mkdirSync(offsite, { mode: 0o755 });
    const backup = () => {
      if (process.getuid?.() !== 0) {
        fs.chmodSync(offsite, 0o555);
        return runCli(['backup', '--to', offsite], envFor('data'), io).then((code) => ({ code, stderr: err }));
      }
      // Root may write anywhere: the command runs as the site's user, 1000, as in the container.
      // Modes set outright: a command run in this process before may have left its umask (077).
      fs.chmodSync(root, 0o755);
      fs.chmodSync(offsite, 0o755);
      for (const entry of ['', ...fs.readdirSync(path.join(root, 'data'), { recursive: true })])
        fs.chownSync(path.join(root, 'data', String(entry)), 1000, 1000);
      const child = spawnSync(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, 'cli.ts'), 'backup', '--to', offsite], {
        uid: 1000,
        gid: 1000,
        cwd: path.join(import.meta.dirname, '..'),
        env: { PATH: process.env.PATH, DATA_DIR: path.join(root, 'data'), LOG_LEVEL: 'silent', HOME: root },
        encoding: 'utf8',
      });
      return Promise.resolve({ code: child.status, stderr: child.stderr });
    };
    const refused = await backup();
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^Cannot write to .*offsite: it belongs to uid \d+.* with mode (555|755)\b/);
    expect(refused.stderr).toMatch(/sudo chown \d+:\d+ .*offsite/);
    expect(fs.readdirSync(offsite)).toEqual([]);
    // Refused before the backup: nothing was written into the data folder's backups either.
    expect(fs.existsSync(path.join(root, 'data', 'backups'))).toBe(false);
  }, 30_000);
});

describe('search:rebuild', () => {
  it('fills the site search from the data written before it, reading stored newsletters page by page', async () => {
    await cli('data', 'admin:create', 'webmaster@example.test', 'long-enough-1');
    const folder = path.join(root, 'data', 'newsletters');
    fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, 'Valley News May 2024.pdf'), await makeNewsletterPdf({ year: 2024, month: 5, isSpecial: false }));
    const db = new Database(path.join(root, 'data', 'club.db'));
    // As an older site left them: rows the index never saw, an edition whose text was never read.
    db.prepare("INSERT INTO presidents (year, name) VALUES (1977, 'Ignatius Rebuildson')").run();
    db.prepare("INSERT INTO newsletters (file_name, year, month, text_status) VALUES ('Valley News May 2024.pdf', 2024, 5, 'pending')").run();
    db.close();
    out = '';

    expect(await cli('data', 'search:rebuild')).toBe(0);
    expect(out).toMatch(/^The site search holds \d+ entries; read the text of 1 newsletter\(s\)\.\n$/);
    const readDb = new Database(path.join(root, 'data', 'club.db'), { readonly: true });
    const found = (word: string) =>
      readDb
        .prepare('SELECT e.kind, e.part FROM search_text JOIN search_entries e ON e.id = search_text.rowid WHERE search_text MATCH ? ORDER BY e.part')
        .all(word) as { kind: string; part: number }[];
    expect(found('Rebuildson')).toEqual([{ kind: 'president', part: 0 }]);
    // The demo edition's tech tip for May 2024 is on its second page.
    expect(found('"tech tip"').some((row) => row.kind === 'newsletter' && row.part >= 2)).toBe(true);
    const { status } = readDb.prepare('SELECT text_status AS status FROM newsletters').get() as { status: string };
    const { wanted } = readDb.prepare('SELECT is_rebuild_wanted AS wanted FROM search_state').get() as { wanted: number };
    readDb.close();
    expect(status).toBe('text');
    expect(wanted).toBe(0);
  });
});
