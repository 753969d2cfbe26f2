// `pnpm bench:lighthouse`: Lighthouse 12 (mobile preset, simulated throttling) with the system
// Chromium on /, /blog and /new-events of the built site with demo data, as a visitor. Writes the
// scores into docs/PERFORMANCE.md between the lighthouse markers. Not part of `pnpm test`.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse from 'lighthouse';

const root = fileURLToPath(new URL('..', import.meta.url));
const serverJs = path.join(root, 'apps/api/dist/server.js');
const docFile = path.join(root, 'docs/PERFORMANCE.md');
const chromiumPath = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => p && fs.existsSync(p));
const PAGES = ['/', '/blog', '/new-events'];
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

async function waitFor(url, child, what) {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${what} exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`${what} did not answer ${url} within 30 s`);
}

const stop = (child) =>
  new Promise((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });

async function main() {
  if (!fs.existsSync(serverJs)) throw new Error('Run `pnpm build` first (pnpm bench:lighthouse does).');
  if (!chromiumPath) throw new Error('Lighthouse needs Chromium: `sudo apt-get install chromium` or set CHROMIUM_PATH.');
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-lighthouse-'));
  const children = [];
  try {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = spawn(process.execPath, [serverJs], {
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: path.join(work, 'data'), DEMO_DATA: '1', LOG_LEVEL: 'warn', REMINDER_CRON: 'off', BACKUP_CRON: 'off', BASE_URL: base },
      stdio: 'ignore',
    });
    children.push(server);
    await waitFor(`${base}/healthz`, server, 'the server');

    const debugPort = await freePort();
    const chromium = spawn(
      chromiumPath,
      ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', `--user-data-dir=${path.join(work, 'chromium')}`, `--remote-debugging-port=${debugPort}`, 'about:blank'],
      { stdio: 'ignore' },
    );
    children.push(chromium);
    await waitFor(`http://127.0.0.1:${debugPort}/json/version`, chromium, 'Chromium');

    const rows = [];
    for (const page of PAGES) {
      const result = await lighthouse(`${base}${page}`, { port: debugPort, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`Lighthouse returned nothing for ${page}`);
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const audit = (id) => lhr.audits[id]?.displayValue ?? '';
      const failing = Object.values(lhr.audits)
        .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative' && a.scoreDisplayMode !== 'notApplicable' && a.scoreDisplayMode !== 'manual')
        .map((a) => a.id);
      rows.push({ page, scores: CATEGORIES.map(score), lcp: audit('largest-contentful-paint'), fcp: audit('first-contentful-paint'), tbt: audit('total-blocking-time'), cls: audit('cumulative-layout-shift'), failing });
      console.log(`${page}: ${CATEGORIES.map((c) => `${c} ${score(c)}`).join(', ')}; LCP ${audit('largest-contentful-paint')}; below 90: ${failing.join(', ') || 'none'}`);
    }

    const cpus = os.cpus();
    const section = [
      '<!-- lighthouse:start (written by `pnpm bench:lighthouse`; edits here are overwritten) -->',
      `Measured ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile preset (simulated throttling), system Chromium, ${cpus.length} × ${cpus[0]?.model.trim() ?? 'CPU'}, Node ${process.version}; the built site with demo data, as a visitor.`,
      '',
      '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | CLS | audits under 90 |',
      '|---|---:|---:|---:|---:|---:|---:|---:|---:|---|',
      ...rows.map((r) => `| ${r.page} | ${r.scores.join(' | ')} | ${r.fcp} | ${r.lcp} | ${r.tbt} | ${r.cls} | ${r.failing.join(', ') || 'none'} |`),
      '<!-- lighthouse:end -->',
    ].join('\n');
    const current = fs.existsSync(docFile) ? fs.readFileSync(docFile, 'utf8') : '# Performance\n';
    const next = /<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/.test(current)
      ? current.replace(/<!-- lighthouse:start[\s\S]*?<!-- lighthouse:end -->/, () => section)
      : `${current.trimEnd()}\n\n## Lighthouse\n\n${section}\n`;
    fs.writeFileSync(docFile, next);
    console.log('written to docs/PERFORMANCE.md');
  } finally {
    for (const child of children.reverse()) await stop(child);
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
