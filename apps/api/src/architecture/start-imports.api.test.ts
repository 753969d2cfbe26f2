/**
 * The heavy packages (sharp, the HEIC decoder, nodemailer, web-push; MuPDF and PDFKit only ever in child processes of their own) load on first use,
 * not at start (they cost the start about half a second and the idle server tens of MB).
 * Starts the real server in a child process with a module hook that writes down every package it
 * imports, as it imports it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const API_DIR = fileURLToPath(new URL('../../', import.meta.url));
const HEAVY = ['sharp', 'heic-decode', 'libheif-js', 'nodemailer', 'web-push', 'mupdf', 'pdfkit'];

/** Registers a resolve hook that sends each bare specifier's package to this thread, which appends it to PACKAGES_FILE. */
const REGISTER = `
import fs from 'node:fs';
import { register } from 'node:module';
import { MessageChannel } from 'node:worker_threads';
const { port1, port2 } = new MessageChannel();
const seen = new Set();
port1.on('message', (name) => {
  if (seen.has(name)) return;
  seen.add(name);
  fs.appendFileSync(process.env.PACKAGES_FILE, name + '\\n');
});
port1.unref();
register('./hooks.mjs', { parentURL: import.meta.url, data: { port: port2 }, transferList: [port2] });
`;
const HOOKS = `
let port;
export function initialize(data) { port = data.port; }
export async function resolve(specifier, context, next) {
  if (!/^(\\.|\\/|node:|file:|data:)/.test(specifier)) {
    const parts = specifier.split('/');
    port.postMessage(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]);
  }
  return next(specifier, context);
}
`;

let work: string;
let child: ChildProcess | undefined;
afterEach(async () => {
  if (child && child.exitCode === null) {
    const exited = new Promise((resolve) => child?.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  }
  child = undefined;
  fs.rmSync(work, { recursive: true, force: true });
});

async function waitUntil<T>(what: string, check: () => Promise<T | undefined> | T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

describe('starting the server', () => {
  it('loads none of the heavy packages, loads nodemailer for the first e-mail, and never PDFKit', async () => {
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-start-imports-'));
    fs.writeFileSync(path.join(work, 'register.mjs'), REGISTER);
    fs.writeFileSync(path.join(work, 'hooks.mjs'), HOOKS);
    const packagesFile = path.join(work, 'packages.txt');
    const dataDir = path.join(work, 'data');
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PACKAGES_FILE: packagesFile,
      DATA_DIR: dataDir,
      // A port of the system's choosing, read back from the server's "listening" line: a port
      // chosen free beforehand could be taken by another test's server before this one listens.
      PORT: '0',
      HOST: '127.0.0.1',
      BASE_URL: 'http://club.example',
      NODE_ENV: 'production',
      LOG_LEVEL: 'info',
      DEMO_DATA: '0',
      BACKUP_CRON: 'off',
      REMINDER_CRON: 'off',
      WEB_DIST: path.join(work, 'no-web'),
      CONTACT_EMAIL: 'webmaster@club.example',
      ADMIN_EMAIL: 'admin@club.example',
      ADMIN_PASSWORD: 'start-imports-password',
    };
    delete env.SMTP_URL;
    let output = '';
    child = spawn(process.execPath, ['--import', 'tsx', '--import', path.join(work, 'register.mjs'), 'src/server.ts'], { cwd: API_DIR, env });
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const loaded = () => (fs.existsSync(packagesFile) ? fs.readFileSync(packagesFile, 'utf8').split('\n').filter(Boolean) : []);

    const base = await waitUntil(`the server's listening line (output: ${output})`, () => {
      if (child?.exitCode !== null) throw new Error(`The server exited:\n${output}`);
      return /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output)?.[1];
    });
    await waitUntil(`/healthz (server output: ${output})`, async () => {
      const res = await fetch(`${base}/healthz`).catch(() => undefined);
      return res?.status === 200 ? true : undefined;
    });
    // The packages the start needs are written down (the hook works) ...
    const atStart = loaded();
    expect(atStart).toEqual(expect.arrayContaining(['express', 'better-sqlite3', 'drizzle-orm', 'zod']));
    // ... and none of the heavy ones.
    expect(atStart.filter((name) => HEAVY.includes(name))).toEqual([]);

    // The first e-mail loads nodemailer and is written to the outbox folder (no SMTP_URL).
    const res = await fetch(`${base}/api/contact.submit.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ f: 'Ada', l: 'Lovelace', e: 'ada@example.test', m: 'Is there room for a 1930 Tudor on the spring tour?' }),
    });
    expect(res.status).toBe(200);
    const outboxDir = path.join(dataDir, 'outbox');
    const [eml] = await waitUntil('the e-mail in the outbox folder', () => {
      const files = fs.existsSync(outboxDir) ? fs.readdirSync(outboxDir) : [];
      return files.length > 0 ? files : undefined;
    });
    expect(fs.readFileSync(path.join(outboxDir, eml ?? ''), 'utf8')).toContain('Is there room for a 1930 Tudor');
    expect(loaded()).toContain('nodemailer');
    expect(loaded()).not.toContain('sharp');

    // A route book is drawn in the renderer's child process: PDFKit never loads in the site's.
    const call = async (name: string, body: object) => {
      const answer = await fetch(`${base}/api/${name}.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      return { status: answer.status, body: (await answer.json()) as Record<string, unknown> };
    };
    const session = await call('session.create', { u: 'admin@club.example', p: 'start-imports-password' });
    expect(session.status).toBe(200);
    const saved = await call('route.save', {
      g: session.body.g,
      id: 0,
      title: 'River road',
      visibility: 'public',
      steps: [{ instruction: 'Leave the lot', at: 0 }],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const book = await call('route.pdf', { id: saved.body.i });
    expect(book.status, JSON.stringify(book.body)).toBe(200);
    expect(
      Buffer.from(book.body.pdf as string, 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(loaded()).not.toContain('pdfkit');
  });
});
