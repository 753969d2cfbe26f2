/**
 * What rendering the data pages on the server costs (http/page-render.ts), a visitor's and a
 * member's (their session cookie with the request), at ten times the club's data (as
 * `pnpm bench`): starts the built server, then for each page prints
 *
 * - the CPU of one render, timed here with the build's own renderPage (dist/.ssr) on the answers
 *   the page's data blocks hold, median of RUNS renders after one to warm up;
 * - the server's CPU for each request of the page once its render is kept (the answers unchanged);
 * - the HTML's size, raw and gzip;
 *
 * and the server's resident memory idle, and after the pages were rendered.
 *
 *   pnpm build && pnpm --filter @club/api exec tsx scripts/page-render-cost.ts
 *   WEB_DIST=/tmp/web-without-ssr …   the same with another build of the web app (one without
 *                                      dist/.ssr sends the shell: the cost before the server render)
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { generateClubData } from '../src/bench/generate.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { cpuMillis, freePort, memoryMiB, SERVER_NODE_FLAGS, startServer, stopServer, median } from './server-process.ts';

/** Each page as a visitor, then the members' pages (`:event` is the next event) and /blog as a member. */
const PAGES = [
  ...['/blog', '/registry', '/classifieds', '/search?q=ford', '/new-events', '/event/:event'].map((page) => ({ page, member: false })),
  ...['/', '/blog', '/new-events', '/event/:event'].map((page) => ({ page, member: true })),
];
const RUNS = Number(process.env.RUNS ?? 30);
const REQUESTS = Number(process.env.REQUESTS ?? 300);
const serverJs = fileURLToPath(new URL('../dist/server.js', import.meta.url));
const ssrJs = fileURLToPath(new URL('../../web/dist/.ssr/prerender.js', import.meta.url));

type FirstAnswer = { name: string; body: Record<string, unknown>; json: string };
type Renderer = {
  renderPage(request: { url: string; answers: FirstAnswer[]; viewerToken: string | null; clubName: string; timeZone: string }): Promise<{ markup: string }>;
};

const unescapeAttribute = (text: string) => text.replaceAll('&lt;', '<').replaceAll('&quot;', '"').replaceAll('&amp;', '&');

/** The answers in a page's data blocks (http/first-answers.ts writes them). */
function answersOf(html: string): FirstAnswer[] {
  const blocks = html.matchAll(/<script type="application\/json" class="first-answer" data-call="([^"]*)" data-body="([^"]*)">([\s\S]*?)<\/script>/g);
  return [...blocks].map(([, name = '', body = '', json = '']) => ({ name, body: JSON.parse(unescapeAttribute(body)) as Record<string, unknown>, json }));
}

async function main(): Promise<void> {
  for (const file of [serverJs, ssrJs]) if (!fs.existsSync(file)) throw new Error(`${file} is missing: run \`pnpm build\` first.`);
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'club-page-render-'));
  try {
    const db = openDatabase(path.join(work, 'data', 'club.db'));
    migrateDatabase(db);
    const { tokens } = generateClubData(db);
    db.$client.pragma('wal_checkpoint(TRUNCATE)');
    db.$client.close();
    const port = await freePort();
    const env = {
      DATA_DIR: path.join(work, 'data'),
      LOG_LEVEL: 'warn',
      BENCH: '1',
      NODE_ENV: 'production',
      REMINDER_CRON: 'off',
      BACKUP_CRON: 'off',
      BASE_URL: `http://127.0.0.1:${port}`,
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
    };
    const site = await startServer(serverJs, env, port, SERVER_NODE_FLAGS);
    const pid = site.child.pid as number;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const idle = memoryMiB(pid, 'VmRSS');
      const { renderPage } = (await import(pathToFileURL(ssrJs).href)) as Renderer;
      console.log('page | one render (CPU ms, here) | a request once kept (server CPU ms) | HTML raw / gzip KB | rendered in the HTML');
      const upcoming = await fetch(`http://127.0.0.1:${port}/api/events.upcoming.php`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ g: tokens.member, at: new Date().toISOString().slice(0, 16) }),
      });
      const nextEvent = ((await upcoming.json()) as { rows: { id: number }[] }).rows[0]?.id ?? 1;
      for (const { page: pattern, member } of PAGES) {
        const page = pattern.replace(':event', String(nextEvent));
        const url = `http://127.0.0.1:${port}${page}`;
        const cookie: Record<string, string> = member ? { cookie: `clubSession=${tokens.member}` } : {};
        const html = await (await fetch(url, { headers: cookie })).text();
        const answers = answersOf(html);
        const renders: number[] = [];
        for (let run = 0; run <= RUNS; run += 1) {
          const before = process.cpuUsage();
          await renderPage({ url: page, answers, viewerToken: member ? tokens.member : null, clubName: 'Club', timeZone: 'America/Chicago' });
          const used = process.cpuUsage(before);
          if (run > 0) renders.push((used.user + used.system) / 1000);
        }
        const cpuBefore = cpuMillis(pid);
        for (let request = 0; request < REQUESTS; request += 1) await (await fetch(url, { headers: { 'accept-encoding': 'gzip', ...cookie } })).arrayBuffer();
        const perRequest = (cpuMillis(pid) - cpuBefore) / REQUESTS;
        const rendered = !html.includes('<div id="root"></div>');
        const kb = (bytes: number) => (bytes / 1024).toFixed(1);
        console.log(
          `${page}${member ? ' (member)' : ''} | ${median(renders).toFixed(1)} | ${perRequest.toFixed(2)} | ${kb(Buffer.byteLength(html))} / ${kb(gzipSync(html).length)} | ${rendered ? 'yes' : 'no'}`,
        );
      }
      console.log(
        `server RSS: idle ${idle} MiB, after rendering the pages ${memoryMiB(pid, 'VmRSS')} MiB; load average ${os
          .loadavg()
          .map((n) => n.toFixed(1))
          .join(' ')}`,
      );
    } finally {
      await stopServer(site.child);
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
