/**
 * Starting the built server (or a bare Express app) as a child process and reading its memory:
 * shared by `pnpm bench` and `start-cost.ts`, so both measure cold start the same way.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';

/**
 * What the start command adds to node (apps/api's `pnpm start`, docker/Dockerfile's CMD, the webmaster's guide's
 * systemd line; start-command.test.ts holds them together).
 * - A young generation of 2 MB semi-spaces instead of V8's 16 MB: at 50 connections the peak RSS
 *   was 150-165 MiB instead of 180-186 with 4 MB (no CPU cost above the noise); 2 MB took
 *   it from 154 to 149 MiB and idle from 86 to 83 in back-to-back quiet benches, for 0-3.5% more
 *   CPU a request (docs/decisions/005-node-flags-and-malloc-settings.md).
 * - An old generation that grows to twice what survived the last full GC before the next one, not
 *   up to four times: at 50 connections a request's objects outlive two scavenges and are promoted,
 *   so V8 let 60 MB of garbage pile up in the old space (live: about 23 MB). Peak RSS 133-143 MiB
 *   instead of 188-194 under session.get and presidents.get, for 2-3% more CPU per request
 *   (docs/decisions/005-node-flags-and-malloc-settings.md).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=2', '--heap-growing-percent=100'];

/**
 * The environment every start sets beside the flags. glibc's malloc gives each thread that
 * allocates an arena of its own (up to eight a core) and keeps freed memory in each: libuv's
 * pool, V8's GC helpers and sharp's threads left about 10 MiB more resident, idle and under
 * load. Two arenas: idle 100-106 -> 92 MiB, peak 165-168 -> 156-158 MiB over session.get,
 * forum.page, members.page and route.pdf, CPU a request unchanged
 * (docs/decisions/005-node-flags-and-malloc-settings.md).
 * And a fixed mmap threshold of 32 KiB, freed memory at the top of a heap given back past 64 KiB,
 * no padding: glibc otherwise raises the threshold to the largest block freed so far (up to 32
 * MiB), so the start's and each answer's blocks of 32 KiB-1 MiB stay in the heaps, freed but
 * resident. Idle 92-97 -> 87 MiB, the peak over session.get, forum.page, members.page and
 * routes.list 143-149 -> 138-145 MiB, CPU a request within the noise (+3% on the means of three
 * alternating runs at load 9-12; issue 28).
 */
export const SERVER_ENV = { MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '32768', MALLOC_TRIM_THRESHOLD_: '65536', MALLOC_TOP_PAD_: '0' } as const;

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });

/** Spawns a server and returns it once /healthz answers 200, with the time that took. */
export async function startServer(
  script: string,
  env: Record<string, string>,
  port: number,
  nodeOptions: string[] = [],
): Promise<{ child: ChildProcess; millis: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeOptions, script], {
    env: { ...process.env, ...SERVER_ENV, ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} exited with ${child.exitCode}:\n${stderr}`);
    const ok = await new Promise<boolean>((resolve) => {
      const req = http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => {
        res.resume();
        resolve(res.statusCode === 200);
      });
      req.on('error', () => resolve(false));
    });
    if (ok) return { child, millis: performance.now() - started };
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  child.kill();
  throw new Error(`${script} was not healthy within 30 s:\n${stderr}`);
}

/** The middle value (the upper one of an even count); 0 for none. */
export const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

export const stopServer = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

/** A line of /proc/<pid>/status in MiB: VmHWM (peak resident memory) or VmRSS (now). */
export function memoryMiB(pid: number, field: 'VmHWM' | 'VmRSS' = 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/** Writes the bare Express app cold start is compared with (answers /healthz) into `folder`; returns its path. */
export function writeBareExpressApp(folder: string): string {
  const script = path.join(folder, 'bare.mjs');
  const expressEntry = import.meta.resolve('express');
  fs.writeFileSync(
    script,
    `import express from ${JSON.stringify(expressEntry)};\nconst app = express();\napp.get('/healthz', (_q, r) => r.json({ ok: true }));\napp.listen(Number(process.env.PORT), '127.0.0.1');\n`,
  );
  return script;
}

/** CPU time the process has used so far (user + system), in ms: what a load cost it, whatever the neighbours took. */
export function cpuMillis(pid: number): number {
  // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th, in clock ticks.
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}
