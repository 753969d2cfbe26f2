/**
 * The load step of issue 28 (`pnpm bench:load` from the repo root builds first, then runs this;
 * about two minutes): on ten times the club's data, fifty members hammer the heaviest read the
 * web app makes for a minute while an editor saves events one after the other. Reports the 5xx
 * answers, whether every saved event reads back as saved, and the save's p50/p99, and writes them
 * into docs/PERFORMANCE.md between the bench-load markers.
 *
 * The heaviest read is the one whose single request takes longest (the mean of three, the first uncached);
 * LOAD_READ=<part of a label> picks another. The readers run in a worker thread (autocannon's
 * `workers`), so the editor's requests, timed on the main thread, are not delayed by them.
 *
 *   LOAD_SECONDS=60 LOAD_CONNECTIONS=50 LOAD_SAVE_PAUSE_MS=100 pnpm bench:load
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { registry } from '@club/contracts';
import { prepareBenchData } from './bench-data.ts';
import { load, probe, targets, type Target } from './bench-http.ts';
import { freePort, memoryMiB, SERVER_NODE_FLAGS, startServer, stopServer } from './server-process.ts';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.LOAD_CONNECTIONS ?? 50);
/** The editor's pause between two saves (a person saving as fast as the page lets them is slower). */
const SAVE_PAUSE_MS = Number(process.env.LOAD_SAVE_PAUSE_MS ?? 100);
const SAVE_P99_GOAL_MS = 250;

const root = fileURLToPath(new URL('../../../', import.meta.url));
const serverJs = path.join(root, 'apps/api/dist/server.js');
const docFile = path.join(root, 'docs/PERFORMANCE.md');

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};
const verdict = (isMet: boolean) => (isMet ? 'met' : '**missed**');
const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The read whose single request takes longest, or the one LOAD_READ names. */
async function heaviestRead(base: string, reads: Target[]): Promise<{ target: Target; millis: number }> {
  const wanted = process.env.LOAD_READ;
  const candidates = reads.filter((read) => !read.isLegacy && (!wanted || read.label.includes(wanted)));
  if (candidates.length === 0) throw new Error(`LOAD_READ=${wanted}: no read of the web app has that in its label.`);
  let heaviest: { target: Target; millis: number } | undefined;
  for (const target of candidates) {
    const times: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const answer = await probe(base, target, 'gzip');
      if (answer.status !== 200) break;
      times.push(answer.millis);
    }
    if (times.length < 3) continue;
    const millis = times.reduce((sum, t) => sum + t, 0) / times.length;
    if (!heaviest || millis > heaviest.millis) heaviest = { target, millis };
  }
  if (!heaviest) throw new Error('No read answered 200.');
  return heaviest;
}

type Save = { n: number; millis: number; status: number; id?: number };

/** One event saved as the editor's page does (multipart, no photo). */
async function saveEvent(base: string, token: string, n: number): Promise<Save> {
  const form = new FormData();
  form.set('g', token);
  form.set('t', `Load test save ${n}`);
  form.set('start', '2031-06-01T10:00');
  form.set('end', '2031-06-01T14:00');
  form.set('venue', 'Kirkwood church lot');
  form.set('description', `Saved by the load step, number ${n}.`);
  form.append('notify[]', '1');
  const started = performance.now();
  try {
    const res = await fetch(`${base}${registry['event.save'].path}`, { method: 'POST', body: form });
    const body = (await res.json()) as { i?: number };
    return { n, millis: performance.now() - started, status: res.status, id: res.ok ? body.i : undefined };
  } catch {
    return { n, millis: performance.now() - started, status: 0 };
  }
}

/** Reads every saved event back: the saves whose event is missing or not as saved. */
async function lostWrites(base: string, token: string, saves: Save[]): Promise<number> {
  let lost = 0;
  for (const save of saves) {
    if (save.id === undefined) continue;
    const res = await fetch(`${base}${registry['event.get'].path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ g: token, id: save.id }),
    });
    const body = (await res.json()) as { event?: { title: string; text: string } | null };
    if (!res.ok || body.event?.title !== `Load test save ${save.n}` || !body.event.text.includes(`number ${save.n}.`)) lost += 1;
  }
  return lost;
}

async function main(): Promise<void> {
  if (!fs.existsSync(serverJs)) throw new Error('apps/api/dist/server.js is missing: run `pnpm build` first (`pnpm bench:load` does).');
  const loadBefore = os.loadavg()[0] ?? 0;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-load-'));
  const children: ChildProcess[] = [];
  // Stopped half way (Ctrl-C, a timeout): the server and the copy of the data go too.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
      fs.rmSync(work, { recursive: true, force: true });
      process.exit(130);
    });
  }
  try {
    const data = prepareBenchData(10, work);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const site = await startServer(
      serverJs,
      { DATA_DIR: data.dataDir, LOG_LEVEL: 'warn', BENCH: '1', NODE_ENV: 'production', REMINDER_CRON: 'off', BACKUP_CRON: 'off', BASE_URL: base },
      port,
      SERVER_NODE_FLAGS,
    );
    children.push(site.child);
    const pid = site.child.pid as number;
    const { reads } = targets(data);
    const heaviest = await heaviestRead(base, reads);
    console.log(
      `heaviest read: ${heaviest.target.label} (${heaviest.millis.toFixed(1)} ms a request alone); ${CONNECTIONS} connections for ${SECONDS} s while an editor saves events`,
    );

    const readers = load(base, heaviest.target, { connections: CONNECTIONS, seconds: SECONDS, workers: 1 });
    let isLoading = true;
    void readers.finally(() => (isLoading = false));
    // Let the readers connect before the first save.
    await settle(500);
    const saves: Save[] = [];
    for (let n = 1; isLoading; n += 1) {
      saves.push(await saveEvent(base, data.tokens.admin, n));
      await settle(SAVE_PAUSE_MS);
    }
    const result = await readers;
    const peak = memoryMiB(pid, 'VmHWM');
    await settle(1000);
    const lost = await lostWrites(base, data.tokens.admin, saves);
    await stopServer(site.child);

    const failedSaves = saves.filter((save) => save.status !== 200 || save.id === undefined);
    const times = saves.map((save) => save.millis);
    const saveP50 = percentile(times, 50);
    const saveP99 = percentile(times, 99);
    const fiveXx = result['5xx'] + failedSaves.filter((save) => save.status >= 500).length;
    const codes = Object.entries(result.statusCodeStats ?? {})
      .map(([code, stat]) => `${stat.count} × ${code}`)
      .join(', ');
    const cpus = os.cpus();
    const loadAfter = os.loadavg()[0] ?? 0;
    const section = [
      '<!-- bench-load:start (written by `pnpm bench:load`; edits here are overwritten) -->',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC on ${cpus.length} × ${cpus[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version}; load average (1 min) ${loadBefore.toFixed(1)} before and ${loadAfter.toFixed(1)} after. Ten times the club's data (as above), the built server.`,
      '',
      `${CONNECTIONS} members (autocannon, in a worker thread) hammer the heaviest read the web app makes, **${heaviest.target.label}** (${heaviest.millis.toFixed(1)} ms a request alone${process.env.LOAD_READ ? `, chosen with LOAD_READ=${process.env.LOAD_READ}` : ': the slowest of the reads the web app makes, by the mean of three requests alone, the first uncached'}), for ${SECONDS} s, while an editor saves a new event (\`event.save\`, multipart, as the editor page sends it) every ${SAVE_PAUSE_MS} ms after the previous save answered; every save drops the reply cache, so the readers' answer is made afresh after each. Every saved event is read back afterwards.`,
      '',
      '| figure | measured | goal |',
      '|---|---:|---|',
      `| reads answered | ${result.requests.total} (${result.requests.average.toFixed(0)} req/s; ${codes || 'none'}) | |`,
      `| read latency p50 / p99 | ${result.latency.p50} / ${result.latency.p99} ms | |`,
      `| 5xx answers (reads and saves) | ${fiveXx} | none: ${verdict(fiveXx === 0)} |`,
      `| connection errors / timeouts (reads) | ${result.errors} / ${result.timeouts} | |`,
      `| saves | ${saves.length} (${failedSaves.length} failed${failedSaves.length ? `: ${[...new Set(failedSaves.map((save) => save.status))].join(', ')}` : ''}) | |`,
      `| saves lost (not read back as saved) | ${lost} | none: ${verdict(lost === 0 && failedSaves.length === 0)} |`,
      `| save latency p50 / p99 / max | ${saveP50.toFixed(0)} / **${saveP99.toFixed(0)}** / ${Math.max(0, ...times).toFixed(0)} ms | p99 ≤ ${SAVE_P99_GOAL_MS} ms: ${verdict(saves.length > 0 && saveP99 <= SAVE_P99_GOAL_MS)} |`,
      `| peak RSS of the server | ${peak.toFixed(0)} MiB | |`,
      '<!-- bench-load:end -->',
    ].join('\n');
    writeSection(section);
    console.log(`${section}\nwritten to docs/PERFORMANCE.md`);
  } finally {
    for (const child of children) await stopServer(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

/** Replaces the load step's section, or adds it after the bench's. */
function writeSection(section: string): void {
  const current = fs.readFileSync(docFile, 'utf8');
  const next = current.includes('<!-- bench-load:start')
    ? current.replace(/<!-- bench-load:start[\s\S]*?<!-- bench-load:end -->/, () => section)
    : current.replace(/(<!-- bench:end -->)/, (end) => `${end}\n\n### Under load: readers and an editor at once\n\n${section}`);
  fs.writeFileSync(docFile, next);
}

await main();
