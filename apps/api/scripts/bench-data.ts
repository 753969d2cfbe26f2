/**
 * The bench's databases at 1x, 10x and 30x the club, generated once and kept in a cache folder
 * (`$TMPDIR/club-bench-cache`, or BENCH_CACHE) keyed by a hash of what makes them: the generator,
 * the schema and migrations, and the site search's sources (the index is built with the data),
 * plus the scale and the day (the data is placed around today). A run copies the cached file into
 * its own folder, so the server's writes never reach the cache. BENCH_CACHE=off generates afresh.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateClubData, type GeneratedData } from '../src/bench/generate.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';

const apiRoot = fileURLToPath(new URL('../', import.meta.url));

/** What the generated data depends on, relative to apps/api. */
const SOURCES = ['src/bench/generate.ts', 'src/db', 'migrations', 'src/site-search.ts', 'src/services/search-index.ts', 'src/features'];

function filesUnder(relative: string): string[] {
  const full = path.join(apiRoot, relative);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [relative];
  return (
    fs
      .readdirSync(full, { recursive: true, withFileTypes: false })
      .map((name) => path.join(relative, String(name)))
      .filter((name) => fs.statSync(path.join(apiRoot, name)).isFile())
      // Under src/features only the search sources feed the generated database (its index).
      .filter((name) => !name.startsWith(`src${path.sep}features`) || /search-source\.ts$|site-pages\.ts$/.test(name))
      .filter((name) => !/\.test\.ts$/.test(name))
      .sort()
  );
}

/** A hash of the generator's inputs: a change to any of them makes new data. */
export function generatorHash(): string {
  const hash = createHash('sha256');
  for (const file of SOURCES.flatMap(filesUnder)) {
    hash.update(file);
    hash.update(fs.readFileSync(path.join(apiRoot, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export type BenchData = GeneratedData & {
  scale: number;
  /** The folder to give the server as DATA_DIR (its own copy, club.db inside). */
  dataDir: string;
  /** Whether the database came from the cache (its `millis` are then those of the first generation). */
  isCached: boolean;
};

/**
 * A database at `scale` times the club in `workDir/<scale>x/data/club.db`, from the cache when
 * it holds one made by the same generator today.
 */
export function prepareBenchData(scale: number, workDir: string): BenchData {
  const cacheSetting = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'club-bench-cache');
  const dataDir = path.join(workDir, `${scale}x`, 'data');
  fs.mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, 'club.db');
  const day = new Date().toISOString().slice(0, 10);
  const key = `${generatorHash()}-${day}-${scale}x`;
  const cached = cacheSetting === 'off' ? undefined : path.join(cacheSetting, `${key}.db`);
  if (cached && fs.existsSync(cached) && fs.existsSync(`${cached}.json`)) {
    fs.copyFileSync(cached, target);
    return { ...(JSON.parse(fs.readFileSync(`${cached}.json`, 'utf8')) as GeneratedData), scale, dataDir, isCached: true };
  }
  const db = openDatabase(target);
  migrateDatabase(db);
  const data = generateClubData(db, { scale });
  db.$client.pragma('wal_checkpoint(TRUNCATE)');
  db.$client.close();
  if (cached) {
    fs.mkdirSync(cacheSetting, { recursive: true });
    // Earlier days' files go: several hundred MB no run will use again. (Today's of other
    // generators stay: another worktree's bench may be using them.)
    for (const name of fs.readdirSync(cacheSetting)) if (!name.includes(`-${day}-`)) fs.rmSync(path.join(cacheSetting, name), { force: true });
    // Written under a temporary name and renamed, so a run stopped half way leaves no torn file.
    // (A name of its own per process: two benches may generate the same data at once.)
    const part = `${cached}.${process.pid}.part`;
    fs.copyFileSync(target, part);
    fs.renameSync(part, cached);
    fs.writeFileSync(`${part}.json`, JSON.stringify(data));
    fs.renameSync(`${part}.json`, `${cached}.json`);
  }
  return { ...data, scale, dataDir, isCached: false };
}
