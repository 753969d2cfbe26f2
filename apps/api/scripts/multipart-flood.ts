/**
 * The anonymous multipart flood of issue 20 (finding 1), against a built server:
 *   pnpm --filter @club/api build
 *   pnpm --filter @club/api exec tsx scripts/multipart-flood.ts [dist/server.js] [connections] [seconds]
 * Starts the server on a free port with a temporary DATA_DIR, sends from `connections` parallel
 * connections, for `seconds`, bodies of 300 text fields x 160 KB with no session to blog.save and
 * forum.createThread, and prints the server's idle and peak RSS (VmHWM) and the answers.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_ENV, SERVER_NODE_FLAGS } from './server-process.ts';

const serverFile = path.resolve(process.argv[2] ?? 'dist/server.js');
const connections = Number(process.argv[3] ?? 8);
const seconds = Number(process.argv[4] ?? 30);

const BOUNDARY = 'flood-boundary';
const FIELDS = 300;
const FIELD_BYTES = 160 * 1024;
const VALUE = Buffer.alloc(FIELD_BYTES, 0x61);
const partOf = (index: number) =>
  Buffer.concat([Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x${index}"\r\n\r\n`), VALUE, Buffer.from('\r\n')]);
const closing = Buffer.from(`--${BOUNDARY}--\r\n`);
const bodyBytes = Array.from({ length: FIELDS }, (_, index) => partOf(index).length).reduce((sum, bytes) => sum + bytes, closing.length);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function memoryOf(pid: number): { rss: number; peak: number } {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** One body; resolves with the status once answered (the rest of the body is then dropped). */
function sendOne(port: number, call: string): Promise<number> {
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/${call}.php`,
      agent: false,
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': bodyBytes },
    });
    let isAnswered = false;
    req.on('response', (res) => {
      isAnswered = true;
      res.resume();
      res.on('end', () => {
        req.destroy();
        resolve(res.statusCode ?? 0);
      });
    });
    req.on('error', () => {
      if (!isAnswered) resolve(0);
    });
    let index = 0;
    const writeMore = () => {
      while (index < FIELDS && !isAnswered) {
        const more = req.write(partOf(index));
        index += 1;
        if (!more) {
          req.once('drain', writeMore);
          return;
        }
      }
      if (index === FIELDS && !isAnswered) req.end(closing);
    };
    writeMore();
  });
}

async function main(): Promise<void> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flood-'));
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, serverFile], {
    env: { ...process.env, ...SERVER_ENV, PORT: String(port), DATA_DIR: dataDir, LOG_LEVEL: 'warn', NODE_ENV: 'production' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const pid = server.pid ?? 0;
  for (let tries = 0; ; tries += 1) {
    const ok = await new Promise<boolean>((resolve) => {
      http.get({ host: '127.0.0.1', port, path: '/healthz' }, (res) => resolve(res.statusCode === 200)).on('error', () => resolve(false));
    });
    if (ok) break;
    if (tries > 100) throw new Error('The server did not start.');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const idle = memoryOf(pid);
  const statuses = new Map<number, number>();
  const stopAt = Date.now() + seconds * 1000;
  let healthSlowest = 0;
  const health = setInterval(() => {
    const started = Date.now();
    http
      .get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
        res.resume();
        healthSlowest = Math.max(healthSlowest, Date.now() - started);
      })
      .on('error', () => undefined);
  }, 500);
  await Promise.all(
    Array.from({ length: connections }, async (_, lane) => {
      while (Date.now() < stopAt) {
        const status = await sendOne(port, lane % 2 ? 'forum.createThread' : 'blog.save');
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  clearInterval(health);
  const after = memoryOf(pid);
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
  console.log(
    JSON.stringify({
      server: serverFile,
      connections,
      seconds,
      bodyMB: Math.round(bodyBytes / 1024 / 1024),
      idleRssMB: Math.round(idle.rss),
      peakRssMB: Math.round(after.peak),
      answers: Object.fromEntries(statuses),
      slowestHealthzMs: healthSlowest,
    }),
  );
}

await main();
