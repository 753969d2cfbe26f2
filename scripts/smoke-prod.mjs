// Production smoke test without a Docker engine: builds the bundle the image holds (the same
// scripts/bundle-prod.mjs the Dockerfile runs) into a temp folder, starts it the way the image
// does with a fresh DATA_DIR, and checks health, the home page, an asset, API calls, a newsletter
// cover drawn by the renderer process (upload and the covers command), the
// webmaster's backup command while the site serves, the webmaster's guide's new-server restore (its own
// commands, bar the container engine's), and a clean exit on SIGTERM.
// `--built` bundles the build already in apps/*/dist instead of building again (`pnpm test`).
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { bundleProd } from './bundle-prod.mjs';

const ADMIN_EMAIL = 'smoke-admin@example.test';
const ADMIN_PASSWORD = 'smoke-test-password-1';
const CLUB_NAME = 'Smoke Test Model A Club';
const DEV_ONLY = ['vitest', 'tsx', 'esbuild', 'drizzle-kit', 'supertest', 'typescript', 'vite', 'playwright-core'];

const useBuilt = process.argv.includes('--built');
const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)}s`;
const step = (text) => console.log(`[smoke ${seconds()}] ${text}`);

function check(condition, message) {
  if (!condition) throw new Error(message);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base, child, output) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The server exited with ${child.exitCode} before it was healthy:\n${output()}`);
    try {
      const res = await fetch(`${base}/healthz`);
      if (res.status === 200) return res.json();
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`/healthz did not answer 200 within 30 s:\n${output()}`);
}

function waitForExit(child, ms) {
  return new Promise((resolve) => {
    if (child.exitCode !== null) return resolve({ code: child.exitCode, signal: null });
    const timer = setTimeout(() => resolve(undefined), ms);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal });
    });
  });
}

/**
 * The webmaster's guide's "new server" restore, its commands taken from the webmaster's guide itself: the copy of the
 * backups (made by `docker compose cp` as root: root's files, 0700/0600), its `chown` line, and
 * the restore command run as the site's user (uid 1000, as in the container) with the copy where
 * the container mounts it. Only the engine's part (`docker compose run`, the mount) is left out.
 */
function restoreOnNewServer(prod, work, backupPath) {
  const readme = fs.readFileSync(new URL('../docs/WEBMASTER.md', import.meta.url), 'utf8');
  const section = readme.slice(readme.indexOf('On a new server'));
  const block = /```sh\n([\s\S]*?)```/.exec(section)?.[1] ?? '';
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
  const chownLine = lines.find((line) => line.startsWith('sudo chown '));
  const runLine = lines.find((line) => line.includes('node api/dist/cli.js restore'));
  check(chownLine && runLine, `The webmaster's guide's new-server restore lost its chown or restore line:\n${block}`);
  const mount = /-v "\$PWD\/([^:]+):(\/[^:]+):ro"/.exec(runLine);
  check(mount, `The webmaster's guide's restore line mounts no copy: ${runLine}`);
  const [, copyName, mountPoint] = mount;
  const argv = runLine.slice(runLine.indexOf('node api/dist/cli.js')).split(/\s+/).slice(1);
  const backupArg = argv.at(-1);
  check(backupArg.startsWith(`${mountPoint}/`), `The restore line does not read from the mounted copy: ${runLine}`);

  // The docker/ folder on the new server, holding the copy as `docker compose cp` left it.
  const dockerDir = path.join(work, 'docker');
  const copy = path.join(dockerDir, copyName);
  fs.mkdirSync(dockerDir, { recursive: true });
  fs.cpSync(path.dirname(backupPath), copy, { recursive: true });
  fs.renameSync(path.join(copy, path.basename(backupPath)), path.join(copy, path.basename(backupArg)));
  const newData = path.join(work, 'new-data');
  fs.mkdirSync(newData, { mode: 0o700 });
  const isRoot = process.getuid?.() === 0;
  const asSite = isRoot ? { uid: 1000, gid: 1000 } : {};
  if (isRoot) {
    fs.chmodSync(work, 0o755);
    fs.chownSync(newData, 1000, 1000);
  }
  const restore = () =>
    spawnSync(process.execPath, [...argv.map((arg) => arg.replace(mountPoint, copy))], {
      cwd: prod,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: newData },
      encoding: 'utf8',
      ...asSite,
    });
  if (isRoot) {
    const refused = restore();
    check(
      refused.status === 1 && refused.stderr.includes('cannot be read by this user') && refused.stderr.includes('sudo chown -R 1000:1000'),
      `A root-owned copy was not explained: ${refused.stdout}${refused.stderr}`,
    );
    check(fs.readdirSync(newData).length === 0, 'A refused restore wrote into the data folder');
    const [command, ...args] = chownLine
      .replace(/^sudo /, '')
      .replace(/\s+#.*$/, '')
      .split(/\s+/);
    const chown = spawnSync(command, args, { cwd: dockerDir, encoding: 'utf8' });
    check(chown.status === 0, `The webmaster's guide's "${chownLine}" failed: ${chown.stderr}`);
  }
  const restored = restore();
  check(restored.status === 0 && /Restored /.test(restored.stdout), `The webmaster's guide's restore command failed: ${restored.stdout}${restored.stderr}`);
  check(fs.existsSync(path.join(newData, 'club.db')), 'The restore wrote no club.db');
  step(
    isRoot
      ? `new-server restore: a root-owned copy is refused naming the chown; after the webmaster's guide's "${chownLine}" it restores as uid 1000`
      : "new-server restore: the webmaster's guide's restore command restores the copy (not root: the ownership case needs root)",
  );
}

/**
 * The webmaster's guide's off-site archive, its commands taken from the webmaster's guide: `backup --to` as shown (the
 * folder the container mounts replaced by a temporary one), then the new-server restore of that
 * archive, its `chown` line (as root: the restore runs as uid 1000) and its restore command.
 */
function archiveAndRestoreOnNewServer(prod, work, env) {
  const readme = fs.readFileSync(new URL('../docs/WEBMASTER.md', import.meta.url), 'utf8');
  const blockAfter = (heading) => /```sh\n([\s\S]*?)```/.exec(readme.slice(readme.indexOf(heading)))?.[1] ?? '';
  const cliArgs = (line) => line.slice(line.indexOf('node api/dist/cli.js')).split(/\s+/).slice(1);

  const archiveLine = blockAfter('*One archive per copy.*')
    .split('\n')
    .find((line) => line.includes('cli.js backup --to'));
  check(archiveLine, "The webmaster's guide's off-site section lost its backup --to line");
  const archiveMount = /-v (\S+):(\/[^\s:]+) /.exec(archiveLine);
  check(archiveMount, `The webmaster's guide's backup --to line mounts no folder: ${archiveLine}`);
  const archives = path.join(work, 'club-archives');
  fs.mkdirSync(archives);
  const made = spawnSync(
    process.execPath,
    cliArgs(archiveLine).map((arg) => (arg === archiveMount[2] ? archives : arg)),
    { cwd: prod, env, encoding: 'utf8' },
  );
  const archive = /Archive written to (\S+) /.exec(made.stdout)?.[1];
  check(made.status === 0 && archive && fs.existsSync(archive), `The webmaster's guide's "${archiveLine.trim()}" failed: ${made.stdout}${made.stderr}`);

  const lines = blockAfter('An archive written by `backup --to`')
    .replace(/\\\n\s*/g, ' ')
    .split('\n');
  const chownLine = lines.find((line) => line.startsWith('sudo chown '));
  const runLine = lines.find((line) => line.includes('node api/dist/cli.js restore'));
  check(chownLine && runLine, "The webmaster's guide's archive restore lost its chown or restore line");
  const mount = /-v "\$PWD:(\/[^:]+):ro"/.exec(runLine);
  check(mount, `The webmaster's guide's archive restore mounts no folder: ${runLine}`);
  const argv = cliArgs(runLine);
  const archiveArg = argv.at(-1);
  // The docker/ folder on the new server, holding the decrypted archive under the webmaster's guide's name.
  const dockerDir = path.join(work, 'archive-server', 'docker');
  fs.mkdirSync(dockerDir, { recursive: true });
  fs.copyFileSync(archive, path.join(dockerDir, path.basename(archiveArg)));
  const newData = path.join(work, 'archive-data');
  fs.mkdirSync(newData, { mode: 0o700 });
  const isRoot = process.getuid?.() === 0;
  if (isRoot) {
    fs.chmodSync(path.join(work, 'archive-server'), 0o755);
    fs.chownSync(newData, 1000, 1000);
    const [command, ...args] = chownLine
      .replace(/^sudo /, '')
      .replace(/\s+#.*$/, '')
      .split(/\s+/);
    const chown = spawnSync(command, args, { cwd: dockerDir, encoding: 'utf8' });
    check(chown.status === 0, `The webmaster's guide's "${chownLine}" failed: ${chown.stderr}`);
  }
  const restored = spawnSync(
    process.execPath,
    argv.map((arg) => arg.replace(mount[1], dockerDir)),
    {
      cwd: prod,
      env: { PATH: process.env.PATH, NODE_ENV: 'production', DATA_DIR: newData },
      encoding: 'utf8',
      ...(isRoot ? { uid: 1000, gid: 1000 } : {}),
    },
  );
  check(
    restored.status === 0 && fs.existsSync(path.join(newData, 'club.db')),
    `The webmaster's guide's archive restore failed: ${restored.stdout}${restored.stderr}`,
  );
  step(`backup --to wrote ${path.basename(archive)}; the webmaster's guide's archive restore brought it back${isRoot ? ' as uid 1000 after its chown' : ''}`);
}

const postJson = (base, name, body) =>
  fetch(`${base}/api/${name}.php`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

async function main() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-smoke-'));
  const prod = path.join(work, 'prod');
  const dataDir = path.join(work, 'data');
  let child;
  try {
    step(`${useBuilt ? 'bundling the build already made' : 'building the production bundle'} into ${prod}`);
    bundleProd(prod, { build: !useBuilt });
    const storeDir = path.join(prod, 'api', 'node_modules', '.pnpm');
    const devOnly = fs.readdirSync(storeDir).filter((entry) => DEV_ONLY.some((name) => entry.startsWith(`${name}@`)));
    check(devOnly.length === 0, `The bundle holds development dependencies: ${devOnly.join(', ')}`);
    check(!fs.existsSync(path.join(prod, 'api', 'src')), 'The bundle holds the TypeScript sources; only dist/ should ship.');

    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The image's environment, and nothing from this shell that could help the bundle find the workspace.
    const env = {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      CLUB_NAME,
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
      NODE_OPTIONS: '--enable-source-maps',
      MALLOC_ARENA_MAX: '2',
      MALLOC_MMAP_THRESHOLD_: '32768',
      MALLOC_TRIM_THRESHOLD_: '65536',
      MALLOC_TOP_PAD_: '0',
    };
    step(`starting node api/dist/server.js on ${base}`);
    let output = '';
    // The image's CMD, flags included (apps/api/src/start-command.test.ts keeps them alike).
    child = spawn(process.execPath, ['--max-semi-space-size=2', '--heap-growing-percent=100', 'api/dist/server.js'], {
      cwd: prod,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    const showOutput = () => output.split('\n').slice(-30).join('\n');

    check((await waitForHealth(base, child, showOutput)).ok === true, '/healthz did not answer {"ok":true}');
    step('/healthz answers {"ok":true}');

    const home = await fetch(`${base}/`);
    const html = await home.text();
    check(home.status === 200 && /text\/html/.test(home.headers.get('content-type') ?? ''), `GET / answered ${home.status}`);
    // Its scripts load after the paint: the server names them in after-paint.js (http/page-render.ts).
    check(html.includes('id="root"') && /<script defer src="\/after-paint\.js" data-entry="\/assets\/[^"]+\.js"/.test(html), 'GET / is not the app shell');
    check(html.includes(`<title>Home - ${CLUB_NAME}</title>`), 'GET / does not carry CLUB_NAME in the title');
    check(html.includes(`>${CLUB_NAME}</h1>`), 'GET / is not the prerendered home page with CLUB_NAME in its heading');
    const asset = /(?:src|href|data-entry)="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
    check(asset, 'The home page links no /assets/*.js file');
    const script = await fetch(`${base}${asset}`);
    check(script.status === 200 && (await script.text()).length > 1000, `GET ${asset} answered ${script.status}`);
    const deepLink = await fetch(`${base}/new-page-3`);
    const deepHtml = await deepLink.text();
    check(
      deepLink.status === 200 && deepHtml.includes('<div id="root"></div>') && deepHtml.includes(`<title>${CLUB_NAME}</title>`),
      'A deep link does not get the app shell',
    );
    step(`home page, ${asset} and a deep link are served`);

    const login = await postJson(base, 'session.create', { u: ADMIN_EMAIL, p: ADMIN_PASSWORD });
    const session = await login.json();
    check(login.status === 200 && typeof session.g === 'string', `session.create answered ${login.status} ${JSON.stringify(session)}`);
    check(session.u?.permissions?.includes('admin'), 'The ADMIN_EMAIL account is not an admin');
    const presidents = await fetch(`${base}/api/presidents.get.php`);
    check(presidents.status === 200 && !('e' in (await presidents.json())), `presidents.get answered ${presidents.status}`);
    const unknown = await postJson(base, 'no.such.call', {});
    check(unknown.status === 404 && typeof (await unknown.json()).e === 'string', 'An unknown call is not a JSON 404');
    step('session.create logs the ADMIN_EMAIL admin in; presidents.get answers');

    // The cover renderer is a child process with its own file in the bundle (dist/pdf-cover-worker.js).
    const form = new FormData();
    for (const [key, value] of Object.entries({ g: session.g, i: '0', m: '3', y: '2025', s: '0' })) form.set(key, value);
    const pdf = fs.readFileSync(path.join(prod, 'web', 'dist', 'documents', 'membership-application.pdf'));
    form.set('f', new Blob([pdf], { type: 'application/pdf' }), 'Valley News March 2025.pdf');
    const saved = await fetch(`${base}/api/newsletter.set.php`, { method: 'POST', body: form });
    const savedBody = await saved.json();
    check(
      saved.status === 200 && savedBody.n === 'Valley News March 2025.pdf' && !('w' in savedBody),
      `newsletter.set answered ${saved.status} ${JSON.stringify(savedBody)}`,
    );
    const listed = await (await fetch(`${base}/api/newsletters.get.php`)).json();
    const coverUrl = listed.v?.[0]?.coverUrl ?? '';
    const cover = coverUrl === '' ? undefined : await fetch(`${base}${coverUrl}`);
    check(
      cover?.status === 200 && /image\/jpeg/.test(cover.headers.get('content-type') ?? ''),
      `The newsletter got no cover: ${JSON.stringify(listed.v?.[0])}`,
    );
    step('newsletter.set drew the cover of a PDF in the renderer process');

    // The route book renderer is a child process with its own file too (dist/route-pdf-worker.js, PDFKit).
    const route = await (
      await postJson(base, 'route.save', {
        g: session.g,
        id: 0,
        title: 'Smoke test loop',
        visibility: 'public',
        steps: [{ instruction: 'Leave the lot', at: 0 }],
      })
    ).json();
    check(typeof route.i === 'number', `route.save answered ${JSON.stringify(route)}`);
    const book = await (await postJson(base, 'route.pdf', { id: route.i })).json();
    check(
      typeof book.pdf === 'string' && Buffer.from(book.pdf, 'base64').subarray(0, 5).toString() === '%PDF-',
      `route.pdf answered ${JSON.stringify(book).slice(0, 200)}`,
    );
    step('route.pdf drew a route book in the renderer process');

    const backup = spawnSync(process.execPath, ['api/dist/cli.js', 'backup'], { cwd: prod, env, encoding: 'utf8' });
    check(backup.status === 0, `cli.js backup exited ${backup.status}: ${backup.stderr}`);
    const backupPath = /Backup written to (\S+) /.exec(backup.stdout)?.[1];
    check(backupPath && fs.existsSync(path.join(backupPath, 'club.db')), `No backup was written: ${backup.stdout}`);
    step(`cli.js backup wrote ${path.basename(backupPath)} while the site served`);

    restoreOnNewServer(prod, work, backupPath);
    archiveAndRestoreOnNewServer(prod, work, env);

    const covers = spawnSync(process.execPath, ['api/dist/cli.js', 'newsletters:covers'], { cwd: prod, env, encoding: 'utf8' });
    check(
      covers.status === 0 && /Made 1 newsletter cover/.test(covers.stdout),
      `cli.js newsletters:covers exited ${covers.status}: ${covers.stdout}${covers.stderr}`,
    );
    step('cli.js newsletters:covers drew the cover again');

    child.kill('SIGTERM');
    const exit = await waitForExit(child, 8000);
    check(exit, 'The server did not stop within 8 s of SIGTERM');
    check(exit.code === 0, `The server exited with ${exit.code ?? exit.signal} after SIGTERM:\n${showOutput()}`);
    check(/stopped cleanly/.test(output), 'The server did not log "stopped cleanly"');
    const lines = output.split('\n').filter((line) => line.startsWith('{'));
    check(lines.length > 0 && lines.every((line) => JSON.parse(line).level), 'The logs are not JSON lines with a level');
    check(!output.includes(ADMIN_PASSWORD) && !output.includes(session.g), 'A password or token reached the logs');
    step('SIGTERM: exit code 0, JSON logs without secrets');
    console.log(`Production smoke test passed in ${seconds()}.`);
  } finally {
    if (child && child.exitCode === null) child.kill('SIGKILL');
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(`Production smoke test FAILED after ${seconds()}: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
