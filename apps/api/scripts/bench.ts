/**
 * The project's benchmark (`pnpm bench` from the repo root builds first, then runs this). On
 * databases of 1x, 10x and 30x the club's data (bench-data.ts, cached between runs), it starts the
 * BUILT server on 127.0.0.1 and measures:
 *
 * 1. at 10x, each read the web app makes (bench-http.ts: the calls of web-reads.ts and the
 *    calendar files) with autocannon against the bare route on the same server just before it:
 *    the "× bare" and "p99 × bare" goals, answer sizes, idle and peak memory, cold start;
 * 2. the cost as the club grows: each read at 1x, 10x and 30x back to back, p50 side by side;
 * 3. an anonymous client asking for the largest public answer in a loop: the peak memory.
 *
 * Writes the tables into docs/PERFORMANCE.md between the bench markers (the Lighthouse section and
 * the load step's, `pnpm bench:load`, are left alone).
 *
 *   BENCH_SECONDS=3 BENCH_CONNECTIONS=50 BENCH_SCALE_SECONDS=2 BENCH_ANON_SECONDS=10 pnpm bench
 *   BENCH_SCALES=10 pnpm bench       # only ten times the data: no growth table
 *   BENCH_CACHE=off pnpm bench       # generate the data afresh (else cached in $TMPDIR/club-bench-cache)
 *   BENCH_ONLY=outbox,calendar pnpm bench   # only the reads whose label has one of these (a trial run)
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import type autocannon from 'autocannon';
import { prepareBenchData, type BenchData } from './bench-data.ts';
import { load, probe, targets, warm, type Target } from './bench-http.ts';
import { phoneBytesForBlog } from './phone-blog-bytes.ts';
import { cpuMillis, freePort, memoryMiB, SERVER_NODE_FLAGS, startServer, stopServer as stop, writeBareExpressApp, median } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
/** Each read at each scale in the growth table: as many connections, for this long. */
const SCALE_SECONDS = Number(process.env.BENCH_SCALE_SECONDS ?? 2);
const SCALES = (process.env.BENCH_SCALES ?? '1,10,30')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const ANON_SECONDS = Number(process.env.BENCH_ANON_SECONDS ?? 10);
const ANON_CONNECTIONS = Number(process.env.BENCH_ANON_CONNECTIONS ?? 10);
/**
 * A read whose single request takes longer than this is loaded by one connection a few times:
 * fifty connections on a read of seconds would keep the server busy long after the run.
 */
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 500);
const SLOW_REQUESTS = 2;
/** How a slow read is loaded: one connection, a few requests, each given up to two minutes. */
const slowLoad = (amount: number) => ({ connections: 1, amount, timeoutSeconds: 120 });
const ONLY = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const isChosen = (target: Target) => ONLY.length === 0 || ONLY.some((part) => target.label.includes(part));
/** The issue's goals (28): memory, cold start, flat growth and p99. */
/** Starts of the site and of a bare Express app, in turn, for the cold start's medians. */
const COLD_STARTS = Number(process.env.COLD_STARTS ?? 7);
const GOALS = { peakMiB: 150, peakWithLegacyMiB: 200, idleMiB: 90, coldStartX: 2, flatX: 1.5, p99X: 3 };

const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverJs = path.join(root, 'apps/api/dist/server.js');
const docFile = path.join(root, 'docs/PERFORMANCE.md');

type Row = Target & {
  status: number;
  note?: string;
  rps?: number;
  p50?: number;
  p99?: number;
  rawBytes?: number;
  gzipBytes?: number;
  errors?: number;
  /** Loaded by one connection a few times (SLOW_MS). */
  isSlow?: boolean;
  /** The bare route measured just before this call: the pair the ratios come from. */
  bareRps?: number;
  bareP99?: number;
  /** The server's CPU time a request (ms) in the call's run and in the bare route's just before. */
  cpuMs?: number;
  bareCpuMs?: number;
};

function firstPageWeight(): string {
  const dist = path.join(root, 'apps/web/dist');
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return 'web app not built';
  const html = fs.readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  const gz = assets.reduce((sum, asset) => sum + gzipSync(fs.readFileSync(path.join(dist, asset)), { level: 9 }).length, 0);
  return `${assets.length} files named in index.html, ${(gz / 1024).toFixed(1)} KiB gzip (the budget test adds the page's own lazy chunk)`;
}

const kib = (bytes: number | undefined) => (bytes === undefined ? '' : (bytes / 1024).toFixed(1));
const fixed = (n: number | undefined, digits = 0) => (n === undefined || !Number.isFinite(n) ? '' : n.toFixed(digits));
const verdict = (isMet: boolean) => (isMet ? 'met' : '**missed**');
const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
const failures = (run: autocannon.Result) => run.errors + run.non2xx + run.timeouts;
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function siteEnv(data: BenchData, port: number): Record<string, string> {
  return {
    DATA_DIR: data.dataDir,
    LOG_LEVEL: 'warn',
    BENCH: '1',
    NODE_ENV: 'production',
    REMINDER_CRON: 'off',
    BACKUP_CRON: 'off',
    BASE_URL: `http://127.0.0.1:${port}`,
  };
}

async function startSite(data: BenchData, children: ChildProcess[]): Promise<{ child: ChildProcess; pid: number; base: string; millis: number }> {
  const port = await freePort();
  const site = await startServer(serverJs, siteEnv(data, port), port, SERVER_NODE_FLAGS);
  children.push(site.child);
  return { child: site.child, pid: site.child.pid as number, base: `http://127.0.0.1:${port}`, millis: site.millis };
}

/** The main pass at ten times the data: every read against the bare route just before it. */
async function measureReads(
  base: string,
  pid: number,
  bare: Target,
  reads: Target[],
): Promise<{ rows: Row[]; bareRuns: autocannon.Result[]; webPeak: number }> {
  const rows: Row[] = [];
  const bareRuns: autocannon.Result[] = [];
  await warm(base, bare);
  let webPeak: number | undefined;
  for (const target of reads) {
    if (target.isLegacy && webPeak === undefined) webPeak = memoryMiB(pid, 'VmHWM');
    const plain = await probe(base, target, 'identity');
    if (plain.status !== 200) {
      rows.push({ ...target, status: plain.status, note: plain.status === 501 ? 'not built' : `answers ${plain.status}` });
      console.log(`${target.label}: ${plain.status === 501 ? 'not built' : plain.status} ${plain.body.toString().slice(0, 200)}`);
      continue;
    }
    const zipped = await probe(base, target, 'gzip');
    let isSlow = plain.millis > SLOW_MS && zipped.millis > SLOW_MS;
    if (!isSlow) await warm(base, target);
    // The bare route right before each call, so a neighbour's load on the machine hits both alike.
    const bareCpu = cpuMillis(pid);
    const bareRun = await load(base, bare, { connections: CONNECTIONS, seconds: SECONDS });
    const bareCpuMs = (cpuMillis(pid) - bareCpu) / Math.max(1, bareRun.requests.total);
    bareRuns.push(bareRun);
    let cpu = cpuMillis(pid);
    let result = await load(base, target, isSlow ? slowLoad(SLOW_REQUESTS) : { connections: CONNECTIONS, seconds: SECONDS });
    let cpuMs = (cpuMillis(pid) - cpu) / Math.max(1, result.requests.total);
    // The server answers what the run left queued before this probe: the next run starts on an idle server.
    await probe(base, bare, 'gzip');
    if (!isSlow && result.requests.total < CONNECTIONS) {
      // Not even one answer per connection in the run: measured as a slow read instead.
      isSlow = true;
      cpu = cpuMillis(pid);
      result = await load(base, target, slowLoad(SLOW_REQUESTS));
      cpuMs = (cpuMillis(pid) - cpu) / Math.max(1, result.requests.total);
    }
    const rps = isSlow ? result.requests.total / Math.max(0.001, result.duration) : result.requests.average;
    const row: Row = {
      ...target,
      status: 200,
      isSlow,
      bareRps: bareRun.requests.average,
      bareP99: bareRun.latency.p99,
      cpuMs,
      bareCpuMs,
      rps,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rawBytes: plain.bytes,
      gzipBytes: zipped.bytes,
      errors: failures(result),
    };
    rows.push(row);
    // The peak so far after each read, to tell which read raised it.
    console.log(
      `${target.label}: ${fixed(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${kib(row.rawBytes)} KiB (${kib(row.gzipBytes)} gzip), peak RSS so far ${memoryMiB(pid, 'VmHWM').toFixed(0)} MiB${isSlow ? `, slow (${plain.millis.toFixed(0)} ms a request): ${SLOW_REQUESTS} requests on one connection` : ''}`,
    );
  }
  return { rows, bareRuns, webPeak: webPeak ?? memoryMiB(pid, 'VmHWM') };
}

type Growth = { label: string; p50: (number | undefined)[]; notes: string[]; isSlow: boolean; showsAll?: string };

/**
 * Each of the web app's reads at every scale, one right after the other (the scales' order turns
 * from read to read), so the machine's neighbours weigh on all of them alike.
 */
async function measureGrowth(sites: { base: string; reads: Target[]; scale: number }[]): Promise<Growth[]> {
  const first = sites[0];
  if (!first) return [];
  const growth: Growth[] = [];
  for (const [i, template] of first.reads.entries()) {
    if (template.isLegacy) continue;
    const entry: Growth = { label: template.label, p50: sites.map(() => undefined), notes: [], isSlow: false, showsAll: template.showsAll };
    // Twice at each scale: the second, warm (and cached where the read is), tells a slow read,
    // whose p50 is then that request's time (fifty connections on it would take minutes).
    const probes = [];
    for (const site of sites) {
      await probe(site.base, site.reads[i] as Target, 'gzip');
      probes.push(await probe(site.base, site.reads[i] as Target, 'gzip'));
    }
    entry.isSlow = probes.some((p) => p.millis > SLOW_MS);
    for (let k = 0; k < sites.length; k += 1) {
      const s = (i + k) % sites.length;
      const site = sites[s] as { base: string; reads: Target[]; scale: number };
      const target = site.reads[i] as Target;
      if ((probes[s]?.status ?? 0) !== 200) {
        entry.notes.push(`answers ${probes[s]?.status} at ${site.scale}×`);
        continue;
      }
      if (entry.isSlow) {
        entry.p50[s] = probes[s]?.millis;
        continue;
      }
      await warm(site.base, target);
      const run = await load(site.base, target, { connections: CONNECTIONS, seconds: SCALE_SECONDS });
      await probe(site.base, site.reads[0] as Target, 'gzip');
      entry.p50[s] = run.requests.total > 0 ? run.latency.p50 : undefined;
      if (run.requests.total === 0) entry.notes.push(`no answer in ${SCALE_SECONDS} s at ${site.scale}×`);
      if (failures(run) > 0) entry.notes.push(`${failures(run)} failed at ${site.scale}×`);
    }
    growth.push(entry);
    console.log(`growth ${entry.label}: p50 ${entry.p50.map((v) => fixed(v)).join(' / ')} ms`);
  }
  return growth;
}

/** The largest answer anyone may ask for, asked by an anonymous client in a loop on a fresh server: its peak memory. */
async function anonymousLoop(data: BenchData, rows: Row[], children: ChildProcess[]): Promise<string[]> {
  const candidates = rows.filter((row) => row.isPublic && row.rawBytes !== undefined).sort((a, b) => (b.rawBytes ?? 0) - (a.rawBytes ?? 0));
  const largest = candidates[0];
  if (!largest || ANON_SECONDS <= 0) return [];
  const site = await startSite(data, children);
  await settle(1000);
  const idle = memoryMiB(site.pid, 'VmRSS');
  const plain = await probe(site.base, largest, 'identity', { isAnonymous: true });
  const zipped = await probe(site.base, largest, 'gzip', { isAnonymous: true });
  const run = await load(site.base, largest, { connections: ANON_CONNECTIONS, seconds: ANON_SECONDS, isAnonymous: true });
  const peak = memoryMiB(site.pid, 'VmHWM');
  await stop(site.child);
  const codes = Object.entries(run.statusCodeStats ?? {})
    .map(([code, stat]) => `${stat.count} × ${code}`)
    .join(', ');
  console.log(`anonymous loop on ${largest.label}: ${run.requests.total} requests (${codes}), peak RSS ${peak.toFixed(0)} MiB`);
  return [
    `- An anonymous client asking for the largest public answer in a loop (${largest.label} without a session: ${kib(plain.bytes)} KiB raw, ${kib(zipped.bytes)} KiB as sent gzip; ${ANON_CONNECTIONS} connections for ${ANON_SECONDS} s on a fresh server, idle at ${idle.toFixed(0)} MiB): ${run.requests.total} answers (${codes || 'none'}${run.errors + run.timeouts ? `, ${run.errors + run.timeouts} errors or timeouts` : ''}), ${fixed(run.requests.average)} req/s; peak RSS **${peak.toFixed(0)} MiB** (goal < ${GOALS.peakMiB} MiB: ${verdict(peak < GOALS.peakMiB)}).`,
  ];
}

function readsTable(rows: Row[]): string[] {
  const ratio = (row: Row) => (row.rps && row.bareRps ? row.rps / row.bareRps : undefined);
  return [
    '| call | req/s | × bare | p50 ms | p99 ms | p99 × bare | server CPU ms a request (× bare) | KiB raw | KiB gzip | goal |',
    '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
    ...rows.map((row) => {
      if (row.rps === undefined) return `| ${row.label} | ${row.note ?? ''} | | | | | | | | ${row.goal ? '**missed**' : ''} |`;
      const r = ratio(row);
      const p99x = row.bareP99 ? (row.p99 ?? 0) / row.bareP99 : undefined;
      const cpuX = row.cpuMs !== undefined && row.bareCpuMs ? row.cpuMs / row.bareCpuMs : undefined;
      const slow = row.isSlow ? ` (slow: ${SLOW_REQUESTS} requests, 1 connection)` : '';
      const isMet = r !== undefined && row.goal !== undefined && r >= row.goal;
      // A large answer can cost the bench's client (autocannon parses bodies in JavaScript) more
      // CPU than the server, and a busy machine can slow any run: a miss says what the server spent.
      const serverCost = !isMet && row.goal && cpuX !== undefined ? ` (server CPU ${fixed(cpuX, 1)}× bare)` : '';
      const goal = !row.goal
        ? ''
        : row.isLegacy
          ? `≥ ${row.goal}× ${verdict(isMet)} (legacy, not a web read)`
          : `≥ ${row.goal}× ${verdict(isMet)}${serverCost}; p99 ≤ ${GOALS.p99X}× ${verdict(p99x !== undefined && p99x <= GOALS.p99X)}`;
      const errors = row.errors ? ` (${row.errors} errors)` : '';
      const cpu = row.cpuMs === undefined ? '' : `${fixed(row.cpuMs, 2)} (${fixed(cpuX, 1)})`;
      return `| ${row.label} | ${fixed(row.rps, row.isSlow ? 1 : 0)}${errors}${slow} | ${fixed(r, 2)} | ${row.p50} | ${row.p99} | ${fixed(p99x, 1)} | ${cpu} | ${kib(row.rawBytes)} | ${kib(row.gzipBytes)} | ${goal} |`;
    }),
  ];
}

function growthTable(growth: Growth[], scales: number[]): string[] {
  if (growth.length === 0 || scales.length < 2) return [];
  const lowest = 0;
  const highest = scales.length - 1;
  const flat = (entry: Growth) => {
    const low = entry.p50[lowest];
    const high = entry.p50[highest];
    if (low === undefined || high === undefined) return undefined;
    // autocannon's latencies are whole milliseconds: 1 ms is the least a p50 can be told from.
    return high / Math.max(low, 1);
  };
  const isFlat = (entry: Growth) => (flat(entry) ?? Infinity) <= GOALS.flatX;
  // A read whose client shows everything it holds may grow with the data (issue 28); named, not missed.
  const growsAsShown = (entry: Growth) => !isFlat(entry) && flat(entry) !== undefined && entry.showsAll !== undefined;
  const verdictOf = (entry: Growth, x: number | undefined): string =>
    x === undefined ? '**missed**' : growsAsShown(entry) ? `grows with what it shows: ${entry.showsAll}` : verdict(x <= GOALS.flatX);
  const metCount = growth.filter(isFlat).length;
  const shownCount = growth.filter(growsAsShown).length;
  return [
    `| read | ${scales.map((s) => `p50 ms at ${s}×`).join(' | ')} | ${scales[highest]}× / ${scales[lowest]}× | flat (≤ ${GOALS.flatX}×) |`,
    `|---|${scales.map(() => '---:').join('|')}|---:|---|`,
    ...growth.map((entry) => {
      const x = flat(entry);
      const notes = [...(entry.isSlow ? [`slow: the time of one request alone, after one more`] : []), ...entry.notes].join('; ');
      return `| ${entry.label} | ${entry.p50.map((v) => fixed(v)).join(' | ')} | ${fixed(x, 2)} | ${verdictOf(entry, x)}${notes ? ` (${notes})` : ''} |`;
    }),
    '',
    `Flat: ${metCount} of ${growth.length} reads${shownCount > 0 ? `; ${shownCount} more grow${shownCount === 1 ? 's' : ''} with the data because ${shownCount === 1 ? 'its client shows' : 'their clients show'} everything ${shownCount === 1 ? 'it holds' : 'they hold'}` : ''}.`,
  ];
}

async function main(): Promise<void> {
  if (!fs.existsSync(serverJs)) throw new Error('apps/api/dist/server.js is missing: run `pnpm build` first (`pnpm bench` does).');
  if (!SCALES.includes(10)) throw new Error('BENCH_SCALES must include 10: the goals are measured at ten times the data.');
  const started = performance.now();
  const loadBefore = os.loadavg()[0] ?? 0;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  const children: ChildProcess[] = [];
  // Stopped half way (Ctrl-C, a timeout): the servers and the copies of the data go too.
  const cleanUp = () => {
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    fs.rmSync(work, { recursive: true, force: true });
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => (cleanUp(), process.exit(130)));
  try {
    const scales = [...SCALES].sort((a, b) => a - b);
    const datasets = scales.map((scale) => {
      const data = prepareBenchData(scale, work);
      console.log(
        `${scale}× the club's data: ${data.isCached ? 'from the cache, ' : ''}generated in ${data.millis} ms, search index ${data.search.millis} ms: ${JSON.stringify(data.counts)}`,
      );
      return data;
    });
    const data = datasets[scales.indexOf(10)] as BenchData;

    // Cold start: a bare Express app answering /healthz, then the site on the generated data,
    // COLD_STARTS times in turn; the medians (one start of each swings by 10-20% on this machine).
    // The last site started is the one measured below.
    const bareScript = writeBareExpressApp(work);
    const bareStarts: number[] = [];
    const siteStarts: number[] = [];
    let site: Awaited<ReturnType<typeof startSite>> | undefined;
    for (let run = 1; run <= COLD_STARTS; run += 1) {
      const bareRun = await startServer(bareScript, {}, await freePort());
      bareStarts.push(bareRun.millis);
      await stop(bareRun.child);
      site = await startSite(data, children);
      siteStarts.push(site.millis);
      if (run < COLD_STARTS) await stop(site.child);
    }
    if (site === undefined) throw new Error('COLD_STARTS must be at least 1.');
    const coldStart = { site: median(siteStarts), bare: median(bareStarts), siteRange: [Math.min(...siteStarts), Math.max(...siteStarts)] };
    await settle(1000);
    const idle = memoryMiB(site.pid, 'VmRSS');
    console.log(
      `cold start: site ${siteStarts.map((ms) => ms.toFixed(0)).join(', ')} ms, bare Express ${bareStarts.map((ms) => ms.toFixed(0)).join(', ')} ms; idle RSS ${idle.toFixed(0)} MiB`,
    );

    const { bare, reads: allReads } = targets(data);
    const reads = allReads.filter(isChosen);
    const { rows, bareRuns, webPeak } = await measureReads(site.base, site.pid, bare, reads);
    const peak = memoryMiB(site.pid, 'VmHWM');
    await stop(site.child);

    // Growth: a fresh server per scale, all up together, each read at every scale in turn.
    let growth: Growth[] = [];
    if (scales.length > 1) {
      const sites = [];
      for (const dataset of datasets)
        sites.push({ ...(await startSite(dataset, children)), reads: targets(dataset).reads.filter(isChosen), scale: dataset.scale });
      growth = await measureGrowth(sites);
      for (const s of sites) await stop(s.child);
    }
    const anonymous = await anonymousLoop(data, rows, children);

    const bareRow: Row = {
      ...bare,
      status: 200,
      rps: mean(bareRuns.map((run) => run.requests.average)),
      p50: Math.round(mean(bareRuns.map((run) => run.latency.p50))),
      p99: Math.round(mean(bareRuns.map((run) => run.latency.p99))),
      rawBytes: 11,
      gzipBytes: 11,
      errors: bareRuns.reduce((sum, run) => sum + failures(run), 0),
    };
    const table = readsTable([{ ...bareRow, label: `${bare.label}, mean of ${bareRuns.length} runs`, bareRps: bareRow.rps, bareP99: bareRow.p99 }, ...rows]);
    const webRows = rows.filter((row) => !row.isLegacy && row.goal);
    const goalsMet = webRows.filter(
      (row) => row.rps !== undefined && row.bareRps && row.rps / row.bareRps >= (row.goal ?? 0) && row.bareP99 && (row.p99 ?? 0) / row.bareP99 <= GOALS.p99X,
    ).length;
    const growthLines = growthTable(growth, scales);
    const cpus = os.cpus();
    const loadAfter = os.loadavg()[0] ?? 0;
    const minutes = (performance.now() - started) / 60_000;
    const countsOf = (d: BenchData) =>
      `${d.counts.members} members, ${d.counts.events} events with ${d.counts.attendance} attendance answers, ${d.counts.photoPosts} photo posts, ${d.counts.forumThreads + d.counts.forumPosts} forum posts (${d.counts.forumThreads} threads), ${d.counts.newsletters} newsletters (${d.counts.newsletterPages} pages of text), ${d.counts.cars} cars with ${d.counts.carPhotos} photos, ${d.counts.routes} routes of ${d.counts.routeSteps / d.counts.routes} steps, ${d.counts.listings} classified listings, ${d.counts.outbox} e-mails in the outbox and ${d.counts.pushes} pushes sent`;
    const section = [
      '<!-- bench:start (written by `pnpm bench`; edits here are overwritten) -->',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}, in ${minutes.toFixed(1)} min. Load average (1 min) ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after${Math.max(loadBefore, loadAfter) > cpus.length ? ': above the core count, other processes took CPU and the figures are noisy' : ''}.`,
      '',
      `Data: ten times the club, ${data.isCached ? 'from the cache (`apps/api/scripts/bench-data.ts`; first ' : ''}generated in ${(data.millis / 1000).toFixed(1)} s${data.isCached ? ')' : ''}: ${countsOf(data)}.${
        datasets.length > 1
          ? ` The growth table also uses ${datasets
              .filter((d) => d !== data)
              .map((d) => `${d.scale}× (${d.counts.members} members, ${d.counts.events} events, ${d.counts.forumThreads + d.counts.forumPosts} forum posts)`)
              .join(' and ')}.`
          : ''
      }`,
      '',
      `Load: autocannon, ${CONNECTIONS} connections for ${SECONDS} s per call, POST with a member's session (the calendar feed: GET with its address), \`Accept-Encoding: gzip, deflate, br\`, against the built server (\`apps/api/dist/server.js\`, NODE_ENV=production) on 127.0.0.1. "× bare" is the call's throughput divided by that of the bare route (same server and middleware, answers \`{"ok":true}\`) measured just before it, and "p99 × bare" likewise: the machine-independent figures. "Server CPU" is the server process's CPU time over the run divided by the requests answered (from /proc), beside the bare route's: what a read costs the server whatever the client and the neighbours take. Goals (issue 28): ≥ 0.5× the bare route and p99 ≤ ${GOALS.p99X}× the bare route's p99 for every read the web app makes: **${goalsMet} of ${webRows.length} met**. A read slower than ${SLOW_MS} ms a request is asked ${SLOW_REQUESTS} times on one connection instead.`,
      '',
      ...table,
      '',
      `- Peak RSS of the server (VmHWM) over the web app's reads at ${CONNECTIONS} connections: **${webPeak.toFixed(0)} MiB** (goal < ${GOALS.peakMiB} MiB: ${verdict(webPeak < GOALS.peakMiB)}); with the legacy full lists after them: **${peak.toFixed(0)} MiB** (goal < ${GOALS.peakWithLegacyMiB} MiB: ${verdict(peak < GOALS.peakWithLegacyMiB)}).`,
      `- Idle RSS, 1 s after the start on the generated data: **${idle.toFixed(0)} MiB** (goal < ${GOALS.idleMiB} MiB: ${verdict(idle < GOALS.idleMiB)}).`,
      `- Cold start, spawn to first healthy \`/healthz\`, median of ${COLD_STARTS} starts each in turn: **${coldStart.site.toFixed(0)} ms** on the generated data (${coldStart.siteRange.map((ms) => ms.toFixed(0)).join('-')}); a bare Express app: ${coldStart.bare.toFixed(0)} ms (${(coldStart.site / coldStart.bare).toFixed(2)}×; goal ≤ ${GOALS.coldStartX}×: ${verdict(coldStart.site <= GOALS.coldStartX * coldStart.bare)}).`,
      ...anonymous,
      `- Site search index (issue 25): ${data.search.entries} entries, over the data above and the text of ${data.counts.newsletterPages} newsletter pages (${data.counts.newsletters} × 12); built in ${(data.search.millis / 1000).toFixed(1)} s. It adds **${(data.search.indexBytes / 2 ** 20).toFixed(1)} MiB** to a ${(data.search.dataBytes / 2 ** 20).toFixed(1)} MiB database: **${((100 * data.search.indexBytes) / data.search.dataBytes).toFixed(1)}%** (goal < 25%: ${verdict(data.search.indexBytes < 0.25 * data.search.dataBytes)}).`,
      `- First page: ${firstPageWeight()}.`,
      '',
      ...(growthLines.length
        ? [
            `### As the club grows`,
            '',
            `Each read the web app makes at ${scales.map((s) => `${s}×`).join(', ')} the club's data, on a fresh server per scale, the scales one right after the other for each read: ${CONNECTIONS} connections for ${SCALE_SECONDS} s each, p50 in ms. Goal (issue 28): ${scales[scales.length - 1]}× within ${GOALS.flatX}× of ${scales[0]}× ("flat"), unless the page shows everything it reads.`,
            '',
            ...growthLines,
            '',
          ]
        : []),
      ...(await phoneBytesForBlog()),
      '<!-- bench:end -->',
    ].join('\n');
    writeSection(section);
    console.log(
      `\n${table.join('\n')}\n\n${growthLines.join('\n')}\n\npeak RSS ${webPeak.toFixed(0)} MiB over the web app's reads, ${peak.toFixed(0)} MiB in all; idle ${idle.toFixed(0)} MiB; cold start ${coldStart.site.toFixed(0)} ms (bare Express ${coldStart.bare.toFixed(0)} ms, medians)\n${anonymous.join('\n')}\nwritten to docs/PERFORMANCE.md in ${minutes.toFixed(1)} min`,
    );
  } finally {
    for (const child of children) await stop(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function writeSection(section: string): void {
  const current = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '# Performance\n\n## Benchmark\n\n<!-- bench:start --><!-- bench:end -->\n';
  const next = current.replace(/<!-- bench:start[\s\S]*?<!-- bench:end -->/, () => section);
  fs.mkdirSync(path.dirname(docFile), { recursive: true });
  fs.writeFileSync(docFile, next === current && !current.includes('<!-- bench:start') ? `${current}\n${section}\n` : next);
}

await main();
