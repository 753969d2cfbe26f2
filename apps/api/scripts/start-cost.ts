/**
 * Cold start and memory of the built server, without the whole benchmark: fills a temp database
 * with ten times the club's data (as `pnpm bench` does), then starts a bare Express app and the
 * site alternately RUNS times and prints each cold start (spawn to first healthy /healthz) and the
 * site's resident memory once idle, and the CPU each took to get there; with LOAD_SECONDS, it then loads the bare route and one cached
 * read at 50 connections and prints the peak (VmHWM) and the CPU each request took. The site
 * runs with the start command's node flags (SERVER_NODE_FLAGS) unless NODE_FLAGS gives others
 * (NODE_FLAGS= for none); SERVER_JS measures another build of it, and COMPARE_JS starts a second
 * build in turn with it (an A/B of two builds: a start's wall time swings 10-20 ms run to run,
 * so only builds started alternately in the same run compare).
 *
 *   pnpm build && RUNS=5 LOAD_SECONDS=5 pnpm --filter @club/api exec tsx scripts/start-cost.ts
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { registry } from '@club/contracts';
import { generateClubData } from '../src/bench/generate.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { cpuMillis, freePort, memoryMiB, SERVER_NODE_FLAGS, startServer, stopServer, writeBareExpressApp, median } from './server-process.ts';

const RUNS = Number(process.env.RUNS ?? 5);
const LOAD_SECONDS = Number(process.env.LOAD_SECONDS ?? 0);
const NODE_FLAGS = (process.env.NODE_FLAGS ?? SERVER_NODE_FLAGS.join(' ')).split(' ').filter(Boolean);
const serverJs = process.env.SERVER_JS ? path.resolve(process.env.SERVER_JS) : fileURLToPath(new URL('../dist/server.js', import.meta.url));
const compareJs = process.env.COMPARE_JS ? path.resolve(process.env.COMPARE_JS) : undefined;

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function main(): Promise<void> {
  if (!fs.existsSync(serverJs)) throw new Error(`${serverJs} is missing: run \`pnpm build\` first.`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-cost-'));
  try {
    const db = openDatabase(path.join(work, 'data', 'club.db'));
    migrateDatabase(db);
    const data = generateClubData(db);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    const bareScript = writeBareExpressApp(work);
    const siteEnv = (port: number) => ({
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      BENCH: '1',
      NODE_ENV: 'production',
      REMINDER_CRON: 'off',
      BACKUP_CRON: 'off',
      BASE_URL: `http://127.0.0.1:${port}`,
    });
    // One start not counted: it writes the site keys and warms the file cache.
    const warm = await freePort();
    await stopServer((await startServer(serverJs, siteEnv(warm), warm, NODE_FLAGS)).child);

    const bareMs: number[] = [];
    const siteMs: number[] = [];
    // CPU used until healthy: the start's own work, which neighbours on a loaded machine do not inflate as they do the wall time.
    const bareCpu: number[] = [];
    const siteCpu: number[] = [];
    const idleMiB: number[] = [];
    const compareMs: number[] = [];
    const compareCpu: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const bare = await startServer(bareScript, {}, await freePort());
      bareMs.push(bare.millis);
      bareCpu.push(cpuMillis(bare.child.pid as number));
      await stopServer(bare.child);
      if (compareJs !== undefined) {
        const comparePort = await freePort();
        const other = await startServer(compareJs, siteEnv(comparePort), comparePort, NODE_FLAGS);
        compareMs.push(other.millis);
        compareCpu.push(cpuMillis(other.child.pid as number));
        await stopServer(other.child);
      }
      const port = await freePort();
      const site = await startServer(serverJs, siteEnv(port), port, NODE_FLAGS);
      siteMs.push(site.millis);
      siteCpu.push(cpuMillis(site.child.pid as number));
      await settle(1000);
      idleMiB.push(memoryMiB(site.child.pid as number, 'VmRSS'));
      const isLast = run === RUNS - 1;
      if (isLast && LOAD_SECONDS > 0) {
        const base = `http://127.0.0.1:${port}`;
        const load = (url: string, body: unknown) =>
          autocannon({
            url,
            method: 'POST',
            headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
            body: JSON.stringify(body),
            connections: 50,
            duration: LOAD_SECONDS,
          });
        const pid = site.child.pid as number;
        const cpuBefore = cpuMillis(pid);
        const bareRun = await load(`${base}/bench/bare`, { g: data.tokens.member });
        const readRun = await load(`${base}${registry['presidents.get'].path}`, { g: data.tokens.member });
        // CPU per request: what GC settings cost, less disturbed by other processes than req/s.
        const cpuPerRequest = (cpuMillis(pid) - cpuBefore) / (bareRun.requests.total + readRun.requests.total);
        console.log(
          `load (50 connections, ${LOAD_SECONDS} s each): bare ${bareRun.requests.average.toFixed(0)} req/s, presidents.get ${readRun.requests.average.toFixed(0)} req/s (${readRun.non2xx + readRun.errors} failed), ${cpuPerRequest.toFixed(3)} CPU ms per request; peak RSS ${memoryMiB(pid, 'VmHWM').toFixed(0)} MiB`,
        );
      }
      await stopServer(site.child);
    }
    const list = (values: number[]) => values.map((v) => v.toFixed(0)).join(', ');
    console.log(`bare Express cold start ms: ${list(bareMs)} (median ${median(bareMs).toFixed(0)})`);
    console.log(`site cold start ms: ${list(siteMs)} (median ${median(siteMs).toFixed(0)}, ${(median(siteMs) / median(bareMs)).toFixed(1)}x bare)`);
    if (compareJs !== undefined) {
      console.log(
        `${path.relative(process.cwd(), compareJs)} cold start ms: ${list(compareMs)} (median ${median(compareMs).toFixed(0)}, ${(median(compareMs) / median(bareMs)).toFixed(2)}x bare; the site ${(median(siteMs) / median(bareMs)).toFixed(2)}x)`,
      );
    }
    const compareCpuLine =
      compareJs === undefined ? '' : `, ${path.relative(process.cwd(), compareJs)} ${list(compareCpu)} (median ${median(compareCpu).toFixed(0)})`;
    console.log(
      `CPU ms until healthy: bare ${list(bareCpu)} (median ${median(bareCpu).toFixed(0)}), site ${list(siteCpu)} (median ${median(siteCpu).toFixed(0)})${compareCpuLine}`,
    );
    console.log(`site idle RSS MiB: ${list(idleMiB)} (median ${median(idleMiB).toFixed(0)})`);
    console.log(
      `load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; node flags: ${NODE_FLAGS.join(' ') || 'none'}`,
    );
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
