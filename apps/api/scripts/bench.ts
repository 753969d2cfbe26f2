/**
 * The project's benchmark: fills a temp database with ten times the club's data, then times
 * every read call through the real app (HTTP on 127.0.0.1) and weighs the first page's JS.
 *   pnpm bench            (from the repo root)
 *   BENCH_ROUNDS=200 pnpm bench
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { CALL_NAMES, imageSources, registry, type BlogPost, type CallName } from '@club/contracts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { createLogger } from '../src/logger.ts';
import { sceneSvg } from '../src/demo/blog.ts';
import { createBlogService } from '../src/features/blog/service.ts';
import { createServices, type Services } from '../src/services/index.ts';
import { createMember } from '../test/factories.ts';

const SCALE = 10;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 100);

function seedTenfold(db: Db): void {
  const pad = (n: number) => String(n).padStart(2, '0');
  db.transaction((tx) => {
    for (let i = 0; i < 150 * SCALE; i += 1) {
      tx.insert(schema.members)
        .values({
          firstName: `First${i}`,
          lastName: `Last${i}`,
          email: `bench${i}@example.test`,
          address: `${i} Main St`,
          city: 'Kirkwood',
          state: 'MO',
          zip: '63122',
          phone: '(314) 555-0100',
          cars: ['1930 Model A Coupe', '1929 Model A Pickup'],
        })
        .run();
    }
    for (let i = 0; i < 60 * SCALE; i += 1) tx.insert(schema.presidents).values({ year: 1960 + (i % 66), name: `President ${i}` }).run();
    for (let i = 0; i < 30 * SCALE; i += 1) tx.insert(schema.shaftAwardWinners).values({ year: 1970 + (i % 56), name: `Winner ${i}` }).run();
    for (let i = 0; i < 20 * SCALE; i += 1) tx.insert(schema.startupParties).values({ name: `Car ${i}`, owner: `Owner ${i}`, model: 'Tudor', idleYears: i % 40, dateStarted: '2019-05-04' }).run();
    for (let i = 0; i < 60 * SCALE; i += 1) {
      const month = pad((i % 12) + 1);
      const event = tx
        .insert(schema.events)
        .values({ title: `Event ${i}`, start: `${2015 + (i % 12)}-${month}-10T09:00`, end: `${2015 + (i % 12)}-${month}-10T15:00`, description: 'A run through the countryside. '.repeat(10), notifyDaysOut: [1, 5] })
        .returning({ id: schema.events.id })
        .get();
      for (let m = 1; m <= 20; m += 1) tx.insert(schema.attendance).values({ eventId: event.id, memberId: m, isAttending: m % 3 !== 0, total: 1 + (m % 2) }).run();
    }
    for (let i = 0; i < 50 * SCALE; i += 1) {
      tx.insert(schema.blogPosts)
        .values({ title: `Post ${i}`, date: `${2010 + (i % 16)}-06-01`, htmlData: [{ h: 'A fine day. '.repeat(30) }, { s: ['a.jpg', 'b.jpg'] }], modifiedKey: i })
        .run();
    }
    for (let i = 0; i < 12 * 15 * SCALE / 10; i += 1) {
      tx.insert(schema.newsletters).values({ fileName: `Valley News ${i}.pdf`, year: 2000 + Math.floor(i / 12), month: (i % 12) + 1 }).run();
    }
    for (let i = 0; i < 30 * SCALE; i += 1) {
      const thread = tx.insert(schema.forumThreads).values({ title: `Thread ${i}`, description: 'Where do I find a good carburetor?', authorId: 1 + (i % 100), approved: true }).returning({ id: schema.forumThreads.id }).get();
      for (let p = 0; p < 10; p += 1) tx.insert(schema.forumPosts).values({ threadId: thread.id, content: 'Try the swap meet. '.repeat(5), authorId: 1 + (p % 100), approved: p % 7 !== 0 }).run();
    }
    for (let g = 0; g < 5 * SCALE; g += 1) {
      const group = tx.insert(schema.linkGroups).values({ name: `Group ${g}`, position: g }).returning({ id: schema.linkGroups.id }).get();
      for (let l = 0; l < 8; l += 1) tx.insert(schema.links).values({ groupId: group.id, url: `https://example.org/${g}/${l}`, label: `Link ${l}`, position: l }).run();
    }
  });
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

/** index.html's JS and CSS, raw and gzip; undefined before the web app is built. */
function firstPageBytes(): { files: number; raw: number; gz: number } | undefined {
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return undefined;
  const html = fs.readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  let raw = 0;
  let gz = 0;
  for (const asset of assets) {
    const bytes = fs.readFileSync(path.join(dist, asset));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  return { files: assets.length, raw, gz };
}

function firstPageWeight(): string {
  const bytes = firstPageBytes();
  if (!bytes) return 'web app not built (run pnpm build first)';
  return `${bytes.files} files, ${(bytes.raw / 1024).toFixed(1)} KiB raw, ${(bytes.gz / 1024).toFixed(1)} KiB gzip`;
}

/**
 * The gallery's thumbnail slot on a 390 px phone: two columns in the page's padding, as the
 * `sizes` of features/blog/post-gallery.tsx says ("(max-width: 48rem) calc(50vw - 1.25rem)").
 */
const PHONE_SLOT_PX = 390 / 2 - 20;

/** What a browser takes from a srcset: the smallest candidate at least as wide as it needs. */
function pickCandidate(srcSet: string, neededPx: number): string {
  const candidates = srcSet.split(', ').map((c) => {
    const [url = '', w = '0w'] = c.split(' ');
    return { url, w: Number(w.slice(0, -1)) };
  });
  return (candidates.find((c) => c.w >= neededPx) ?? candidates.at(-1))?.url ?? '';
}

/** Posts five real photo posts (three 3000x2000 photos each) and weighs what /blog costs a phone. */
async function phoneBytesForBlog(): Promise<void> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-blog-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REMINDER_CRON: '', BACKUP_CRON: '' });
  const db = openDatabase(config.databaseFile);
  migrateDatabase(db);
  const editor = createMember(db, { permissions: ['blog'] });
  const logger = createLogger('silent');
  const services: Services = createServices(config, db, logger);
  const blog = createBlogService({ db, services });
  const actor = { id: editor.id, name: editor.name, displayName: editor.name, permissions: ['blog' as const], emailNotifications: false };
  let uploaded = 0;
  for (let post = 0; post < 5; post += 1) {
    // Film grain, so that the pictures compress like photographs rather than flat drawings.
    const grain = { create: { width: 3000, height: 2000, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128, sigma: 24 } } };
    const photos = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const scene = await sharp(Buffer.from(sceneSvg(post * 3 + n))).resize({ width: 3000 }).toBuffer();
        return sharp(scene).composite([{ input: grain, blend: 'soft-light' }]).jpeg({ quality: 92 }).toBuffer();
      }),
    );
    uploaded += photos.reduce((sum, photo) => sum + photo.length, 0);
    await blog.save(actor, { id: 0, title: `Post ${post}`, date: `2026-0${post + 1}-01`, text: 'A fine day out. '.repeat(20), keptImages: [], videos: [], photos, rotations: [], layout: undefined });
  }
  const app = createApp({ config, db, services, logger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const reply = await fetch(`${base}/api/blog.get.php`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body: '{"page":1}' });
  const json = (await reply.json()) as { b: BlogPost[] };
  const jsonBytes = gzipSync(Buffer.from(JSON.stringify(json))).length;
  const images = json.b.flatMap((post) => post.images);
  const bytesOf = async (url: string) => (await (await fetch(`${base}${url}`)).arrayBuffer()).byteLength;
  let fullSize = 0;
  for (const url of images) fullSize += await bytesOf(url);
  console.log(`\n/blog on a 390 px phone, five posts with ${images.length} photos (uploaded ${(uploaded / 1024).toFixed(0)} KiB of grainy 3000 px JPEGs):`);
  console.log(`  blog.get page=1 answer: ${(jsonBytes / 1024).toFixed(1)} KiB gzip`);
  console.log(`  every photo at its stored full size (2048 px JPEG): ${(fullSize / 1024).toFixed(0)} KiB`);
  const route = blogRouteWeight();
  if (route) console.log(`  the /blog page's own JS and CSS (beyond the first page): ${route.files} files, ${(route.gzip / 1024).toFixed(1)} KiB gzip`);
  for (const dpr of [1, 2, 3]) {
    let bytes = 0;
    const picked = new Set<string>();
    for (const url of images) {
      const sources = imageSources(url);
      const choice = pickCandidate(sources.webpSrcSet ?? sources.srcSet ?? url, PHONE_SLOT_PX * dpr);
      picked.add(choice.replace(/^.*?\.(\d+\.)?(jpg|webp)$/, (_m, w: string | undefined, ext: string) => `${w ? w.slice(0, -1) : 'full'} ${ext}`));
      bytes += await bytesOf(choice);
    }
    const code = (firstPageBytes()?.gz ?? 0) + (route?.gzip ?? 0);
    console.log(
      `  a ${dpr}x screen: thumbnails (${[...picked].join(', ')}) ${(bytes / 1024).toFixed(0)} KiB + answer ${(jsonBytes / 1024).toFixed(1)} KiB` +
        (code ? ` + JS/CSS ${(code / 1024).toFixed(0)} KiB = ${((bytes + jsonBytes + code) / 1024).toFixed(0)} KiB in all` : ''),
    );
  }
  server.close();
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The JS and CSS /blog adds to the first page: the route's chunk and every chunk it imports
 * statically, plus its stylesheet (the lightbox chunk is left out: it loads on the first tap).
 */
function blogRouteWeight(): { files: number; gzip: number } | undefined {
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const assetsDir = path.join(dist, 'assets');
  if (!fs.existsSync(assetsDir)) return undefined;
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  const firstPage = new Set([...html.matchAll(/(?:src|href)="\/assets\/([^"]+)"/g)].map((m) => m[1] as string));
  const names = fs.readdirSync(assetsDir);
  const entry = names.find((name) => /^blog-page-.*\.js$/.test(name));
  if (!entry) return undefined;
  const seen = new Set<string>();
  const visit = (name: string) => {
    if (seen.has(name) || firstPage.has(name)) return;
    seen.add(name);
    const code = fs.readFileSync(path.join(assetsDir, name), 'utf8');
    for (const match of code.matchAll(/(?:from|import)\s*"\.\/([^"]+\.js)"/g)) visit(match[1] as string);
  };
  visit(entry);
  for (const name of names) if (/^blog-.*\.css$/.test(name)) seen.add(name);
  let gzip = 0;
  for (const name of seen) gzip += gzipSync(fs.readFileSync(path.join(assetsDir, name))).length;
  return { files: seen.size, gzip };
}

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REMINDER_CRON: '', BACKUP_CRON: '' });
  const db = openDatabase(config.databaseFile);
  migrateDatabase(db);
  const admin = createMember(db, { permissions: ['admin'] });
  const seedStart = performance.now();
  seedTenfold(db);
  console.log(`seeded ten times the club's data in ${(performance.now() - seedStart).toFixed(0)} ms`);

  const logger = createLogger('silent');
  const app = createApp({ config, db, services: createServices(config, db, logger), logger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const reads = CALL_NAMES.filter((name: CallName) => /\.get$/.test(name) && name !== 'token.get');
  /** Each read call with the admin's session, plus the windowed and feed variants that pages use. */
  const cases: { label: string; url: string; init?: (body: string) => RequestInit; body?: object }[] = reads.map((name) => ({
    label: name,
    url: `${base}${registry[name].path}`,
  }));
  // Photo pages read one page or one post, not the legacy list.
  for (const [label, extra] of [['blog.get page=1', { page: 1 }], ['blog.get page=50', { page: 50 }], ['blog.get id', { id: 250 }]] as const) {
    cases.push({ label, url: `${base}${registry['blog.get'].path}`, body: extra });
  }
  cases.push({ label: 'events.get (one month)', url: `${base}${registry['events.get'].path}`, body: { from: '2020-06-01', to: '2020-07-11' } });
  const feedUrl = new URL(((await (await fetch(`${base}${registry['calendarFeed.reset'].path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ g: admin.token }) })).json()) as { url: string }).url);
  cases.push({ label: 'calendar feed (GET)', url: `${base}${feedUrl.pathname}`, init: () => ({ method: 'GET', headers: { 'accept-encoding': 'gzip' } }) });

  const requestInit = (body: string): RequestInit => ({ method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body });
  console.log(`\n${'call'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'KiB'.padStart(8)}`);
  for (const { label, url, init = requestInit, body: extra } of cases) {
    const body = JSON.stringify({ g: admin.token, ...extra });
    const first = await fetch(url, init(body));
    const size = (await first.arrayBuffer()).byteLength;
    if (first.status === 501) {
      console.log(`${label.padEnd(24)} not built yet`);
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const start = performance.now();
      const res = await fetch(url, init(body));
      await res.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${label.padEnd(24)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ${(size / 1024).toFixed(1).padStart(8)}`,
    );
  }
  server.close();
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  await phoneBytesForBlog();
  console.log(`\nfirst page (index.html's JS and CSS): ${firstPageWeight()}`);
}

await main();
