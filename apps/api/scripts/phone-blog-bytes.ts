/**
 * What /blog costs a 390 px phone: posts five real photo posts (three 3000x2000 photos each)
 * through the blog service, then weighs the answer, the page's JS and CSS and the photos a
 * browser picks from each srcset. Run by `pnpm bench` after the load table.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import sharp from 'sharp';
import { imageSources, type BlogPageReply } from '@club/contracts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { sceneSvg } from '../src/demo/blog.ts';
import { createBlogService } from '../src/features/blog/service.ts';
import { createLogger } from '../src/logger.ts';
import { createServices, type Services } from '../src/site-services.ts';
import { createMember } from '../test/factories.ts';

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
export async function phoneBytesForBlog(): Promise<string[]> {
  const lines: string[] = [];
  const say = (line: string) => {
    lines.push(line);
    console.log(line);
  };
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'club-bench-blog-'));
  const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', REMINDER_CRON: 'off', BACKUP_CRON: 'off' });
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
    const grain = {
      create: { width: 3000, height: 2000, channels: 3 as const, background: '#808080', noise: { type: 'gaussian' as const, mean: 128, sigma: 24 } },
    };
    const photos = await Promise.all(
      [0, 1, 2].map(async (n) => {
        const scene = await sharp(Buffer.from(sceneSvg(post * 3 + n)))
          .resize({ width: 3000 })
          .toBuffer();
        return sharp(scene)
          .composite([{ input: grain, blend: 'soft-light' }])
          .jpeg({ quality: 92 })
          .toBuffer();
      }),
    );
    uploaded += photos.reduce((sum, photo) => sum + photo.length, 0);
    await blog.save(actor, {
      id: 0,
      title: `Post ${post}`,
      date: `2026-0${post + 1}-01`,
      text: 'A fine day out. '.repeat(20),
      keptImages: [],
      videos: [],
      photos,
      rotations: [],
      layout: undefined,
    });
  }
  const app = createApp({ config, db, services, logger });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const reply = await fetch(`${base}/api/blog.page.php`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' },
    body: '{"page":1}',
  });
  const json = (await reply.json()) as BlogPageReply;
  const jsonBytes = gzipSync(Buffer.from(JSON.stringify(json))).length;
  const images = json.posts.flatMap((post) => post.images);
  const bytesOf = async (url: string) => (await (await fetch(`${base}${url}`)).arrayBuffer()).byteLength;
  let fullSize = 0;
  for (const url of images) fullSize += await bytesOf(url);
  say(`/blog on a 390 px phone, five posts with ${images.length} photos (uploaded ${(uploaded / 1024).toFixed(0)} KiB of grainy 3000 px JPEGs):`);
  say(`- blog.page page=1 answer: ${(jsonBytes / 1024).toFixed(1)} KiB gzip`);
  say(`- every photo at its stored full size (2048 px JPEG): ${(fullSize / 1024).toFixed(0)} KiB`);
  const route = blogRouteWeight();
  if (route) say(`- the /blog page's own JS and CSS (beyond the first page): ${route.files} files, ${(route.gzip / 1024).toFixed(1)} KiB gzip`);
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
    say(
      `  a ${dpr}x screen: thumbnails (${[...picked].join(', ')}) ${(bytes / 1024).toFixed(0)} KiB + answer ${(jsonBytes / 1024).toFixed(1)} KiB` +
        (code ? ` + JS/CSS ${(code / 1024).toFixed(0)} KiB = ${((bytes + jsonBytes + code) / 1024).toFixed(0)} KiB in all` : ''),
    );
  }
  server.close();
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  return lines;
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
