/**
 * The project's benchmark (`pnpm bench` from the repo root builds first, then runs this):
 * fills a temp database with ten times the club's data, starts the BUILT server on it on
 * 127.0.0.1 and measures each read the web app makes with autocannon against a bare route on the
 * same server, plus answer sizes, peak RSS and cold start. Writes the table into
 * docs/PERFORMANCE.md between the bench markers (the Lighthouse section is left alone).
 *
 *   BENCH_SECONDS=5 BENCH_CONNECTIONS=50 pnpm bench
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import autocannon from 'autocannon';
import { registry, type CallName } from '@club/contracts';
import { generateClubData, type GeneratedData } from '../src/bench/generate.ts';
import { webReads } from '../src/bench/web-reads.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { phoneBytesForBlog } from './phone-blog-bytes.ts';
import { freePort, memoryMiB, SERVER_NODE_FLAGS, startServer, stopServer as stop, writeBareExpressApp } from './server-process.ts';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverJs = path.join(root, 'apps/api/dist/server.js');
const docFile = path.join(root, 'docs/PERFORMANCE.md');

type Target = {
  label: string;
  call?: CallName;
  path: string;
  body: Record<string, unknown>;
  goal?: number;
  note?: string;
  /** A legacy full list (several MB at ten times the data), measured after the web app's reads. */
  isLegacy?: boolean;
};
type Row = Target & {
  status: number;
  rps?: number;
  p50?: number;
  p99?: number;
  rawBytes?: number;
  gzipBytes?: number;
  errors?: number;
  /** The bare route measured just before this call: the pair the ratios come from. */
  bareRps?: number;
  bareP99?: number;
};

/** One request: status and body size, plain and as the gzip the server sends. */
function probe(base: string, target: Target, encoding: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(target.body);
    const req = http.request(
      `${base}${target.path}`,
      { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': encoding, 'content-length': Buffer.byteLength(payload) } },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk: Buffer) => (bytes += chunk.length));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

function load(base: string, target: Target): Promise<autocannon.Result> {
  return autocannon({
    url: `${base}${target.path}`,
    method: 'POST',
    // What a browser sends; the server must answer gzip (never brotli) or its cached gzip.
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip, deflate, br' },
    body: JSON.stringify(target.body),
    connections: CONNECTIONS,
    duration: SECONDS,
  });
}

function targets(data: GeneratedData): Target[] {
  const reads: Target[] = webReads(data.tokens.member).map((read) => ({
    label: read.label,
    call: read.name,
    path: registry[read.name].path,
    body: read.isAdmin ? { ...read.body, g: data.tokens.admin } : read.body,
    goal: read.goal,
    isLegacy: !read.isBudgeted,
  }));
  const bare: Target = { label: 'bare route (POST /bench/bare)', path: '/bench/bare', body: { g: data.tokens.member } };
  // The legacy full lists last, so the peak memory of the web app's own reads is read before them.
  return [bare, ...reads.filter((read) => !read.isLegacy), ...reads.filter((read) => read.isLegacy)];
}

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
const fixed = (n: number | undefined, digits = 0) => (n === undefined ? '' : n.toFixed(digits));

async function main(): Promise<void> {
  if (!fs.existsSync(serverJs)) throw new Error('apps/api/dist/server.js is missing: run `pnpm build` first (`pnpm bench` does).');
  const loadBefore = os.loadavg()[0] ?? 0;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  const children: ChildProcess[] = [];
  try {
    const db = openDatabase(path.join(work, 'data', 'club.db'));
    migrateDatabase(db);
    const data = generateClubData(db);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    console.log(`generated ten times the club's data in ${data.millis} ms: ${JSON.stringify(data.counts)}; search index ${JSON.stringify(data.search)}`);

    // Cold start: a bare Express app answering /healthz, then the site on the generated data.
    const bareScript = writeBareExpressApp(work);
    const bare = await startServer(bareScript, {}, await freePort());
    await stop(bare.child);

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const site = await startServer(
      serverJs,
      { DATA_DIR: path.join(work, 'data'), LOG_LEVEL: 'warn', BENCH: '1', NODE_ENV: 'production', REMINDER_CRON: 'off', BACKUP_CRON: 'off', BASE_URL: base },
      port,
      SERVER_NODE_FLAGS,
    );
    children.push(site.child);
    const pid = site.child.pid as number;
    console.log(`cold start: site ${site.millis.toFixed(0)} ms, bare Express ${bare.millis.toFixed(0)} ms`);

    const rows: Row[] = [];
    const [bareTarget, ...callTargets] = targets(data) as [Target, ...Target[]];
    const bareRuns: autocannon.Result[] = [];
    await autocannon({ url: `${base}${bareTarget.path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(bareTarget.body), connections: 4, amount: 50 });
    let peakOfWebReads: number | undefined;
    for (const target of callTargets) {
      if (target.isLegacy && peakOfWebReads === undefined) peakOfWebReads = memoryMiB(pid, 'VmHWM');
      const plain = await probe(base, target, 'identity');
      if (plain.status !== 200) {
        rows.push({ ...target, status: plain.status, note: plain.status === 501 ? 'not built' : `answers ${plain.status}` });
        console.log(`${target.label}: ${plain.status === 501 ? 'not built' : plain.status}`);
        continue;
      }
      const zipped = await probe(base, target, 'gzip');
      await autocannon({ url: `${base}${target.path}`, method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(target.body), connections: 4, amount: 50 });
      // The bare route right before each call, so a neighbour's load on the machine hits both alike.
      const bareRun = await load(base, bareTarget);
      bareRuns.push(bareRun);
      const result = await load(base, target);
      const row: Row = {
        ...target,
        status: 200,
        bareRps: bareRun.requests.average,
        bareP99: bareRun.latency.p99,
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        rawBytes: plain.bytes,
        gzipBytes: zipped.bytes,
        errors: result.errors + result.non2xx + result.timeouts,
      };
      rows.push(row);
      console.log(`${target.label}: ${fixed(row.rps)} req/s, p50 ${row.p50} ms, p99 ${row.p99} ms, ${kib(row.rawBytes)} KiB (${kib(row.gzipBytes)} gzip)`);
    }
    const peak = memoryMiB(pid, 'VmHWM');
    const webPeak = peakOfWebReads ?? peak;
    await stop(site.child);

    const mean = (values: number[]) => values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
    const bareRow: Row = {
      ...bareTarget,
      status: 200,
      rps: mean(bareRuns.map((run) => run.requests.average)),
      p50: Math.round(mean(bareRuns.map((run) => run.latency.p50))),
      p99: Math.round(mean(bareRuns.map((run) => run.latency.p99))),
      rawBytes: 11,
      gzipBytes: 11,
      errors: bareRuns.reduce((sum, run) => sum + run.errors + run.non2xx + run.timeouts, 0),
    };
    rows.unshift({ ...bareRow, label: `${bareTarget.label}, mean of ${bareRuns.length} runs`, bareRps: bareRow.rps, bareP99: bareRow.p99 });
    const ratio = (row: Row) => (row.rps && row.bareRps ? row.rps / row.bareRps : undefined);
    const table = [
      '| call | req/s | × bare | p50 ms | p99 ms | p99 × bare | KiB raw | KiB gzip | goal |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map((row) => {
        if (row.rps === undefined) return `| ${row.label} | ${row.note ?? ''} | | | | | | | |`;
        const r = ratio(row);
        const p99x = row.bareP99 ? (row.p99 ?? 0) / row.bareP99 : undefined;
        const goal = row.goal
          ? `≥ ${row.goal}× ${r !== undefined && r >= row.goal ? 'met' : '**missed**'}; p99 < 10× ${p99x !== undefined && p99x < 10 ? 'met' : '**missed**'}`
          : '';
        const errors = row.errors ? ` (${row.errors} errors)` : '';
        return `| ${row.label} | ${fixed(row.rps)}${errors} | ${fixed(r, 2)} | ${row.p50} | ${row.p99} | ${fixed(p99x, 1)} | ${kib(row.rawBytes)} | ${kib(row.gzipBytes)} | ${goal} |`;
      }),
    ];
    const cpus = os.cpus();
    const loadAfter = os.loadavg()[0] ?? 0;
    const section = [
      '<!-- bench:start (written by `pnpm bench`; edits here are overwritten) -->',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB, ${os.type()} ${os.release()}, Node ${process.version}. Load average (1 min) ${loadBefore.toFixed(1)} before the run and ${loadAfter.toFixed(1)} after${Math.max(loadBefore, loadAfter) > cpus.length ? ': above the core count, other processes took CPU and the figures are noisy' : ''}.`,
      '',
      `Data: ten times the club, generated in ${(data.millis / 1000).toFixed(1)} s: ${data.counts.members} members, ${data.counts.events} events with ${data.counts.attendance} attendance answers, ${data.counts.photoPosts} photo posts, ${data.counts.forumThreads + data.counts.forumPosts} forum posts (${data.counts.forumThreads} threads), ${data.counts.newsletters} newsletters (${data.counts.newsletterPages} pages of text), ${data.counts.cars} cars with ${data.counts.carPhotos} photos, ${data.counts.routes} routes of ${data.counts.routeSteps / data.counts.routes} steps, ${data.counts.listings} classified listings.`,
      '',
      `Load: autocannon, ${CONNECTIONS} connections for ${SECONDS} s per call, POST with a member's session, \`Accept-Encoding: gzip, deflate, br\`, against the built server (\`apps/api/dist/server.js\`, NODE_ENV=production) on 127.0.0.1. "× bare" is the call's throughput divided by that of the bare route (same server and middleware, answers \`{"ok":true}\`) measured just before it, and "p99 × bare" likewise: the machine-independent figures.`,
      '',
      ...table,
      '',
      `- Peak RSS of the server (VmHWM) over the web app's reads: **${webPeak.toFixed(0)} MiB** (goal < 150 MiB at ${CONNECTIONS} connections: ${webPeak < 150 ? 'met' : '**missed**'}); over the whole run, with the legacy full lists last: ${peak.toFixed(0)} MiB.`,
      `- Cold start, spawn to first healthy \`/healthz\`: **${site.millis.toFixed(0)} ms** on the generated data; a bare Express app: ${bare.millis.toFixed(0)} ms (${(site.millis / bare.millis).toFixed(1)}×; goal ≤ 2×: ${site.millis <= 2 * bare.millis ? 'met' : '**missed**'}).`,
      `- Site search index (issue 25): ${data.search.entries} entries, over the data above and the text of ${data.counts.newsletterPages} newsletter pages (${data.counts.newsletters} × 12); built in ${(data.search.millis / 1000).toFixed(1)} s. It adds **${(data.search.indexBytes / 2 ** 20).toFixed(1)} MiB** to a ${(data.search.dataBytes / 2 ** 20).toFixed(1)} MiB database: **${((100 * data.search.indexBytes) / data.search.dataBytes).toFixed(1)}%** (goal < 25%: ${data.search.indexBytes < 0.25 * data.search.dataBytes ? 'met' : '**missed**'}).`,
      `- First page: ${firstPageWeight()}.`,
      '',
      ...(await phoneBytesForBlog()),
      '<!-- bench:end -->',
    ].join('\n');
    writeSection(section);
    console.log(`\n${table.join('\n')}\npeak RSS ${webPeak.toFixed(0)} MiB over the web app's reads, ${peak.toFixed(0)} MiB in all; cold start ${site.millis.toFixed(0)} ms (bare Express ${bare.millis.toFixed(0)} ms)\nwritten to docs/PERFORMANCE.md`);
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
