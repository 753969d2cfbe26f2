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
import { CALL_NAMES, registry, type CallName } from '@club/contracts';
import { createApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { migrateDatabase, openDatabase, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import { createLogger } from '../src/logger.ts';
import { createServices } from '../src/services/index.ts';
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

function firstPageWeight(): string {
  const dist = fileURLToPath(new URL('../../web/dist', import.meta.url));
  const index = path.join(dist, 'index.html');
  if (!fs.existsSync(index)) return 'web app not built (run pnpm build first)';
  const html = fs.readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] as string);
  let raw = 0;
  let gz = 0;
  for (const asset of assets) {
    const bytes = fs.readFileSync(path.join(dist, asset));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  return `${assets.length} files, ${(raw / 1024).toFixed(1)} KiB raw, ${(gz / 1024).toFixed(1)} KiB gzip`;
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
  console.log(`\n${'call'.padEnd(24)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)} ${'max ms'.padStart(8)} ${'KiB'.padStart(8)}`);
  // Reads with optional forms are timed in each form: the forum's list only, and one thread.
  const variants: Partial<Record<CallName, [label: string, extra: object][]>> = {
    'forum.get': [['', {}], [' l=1', { l: 1 }], [' t=1', { t: 1 }]],
  };
  for (const [name, label, extra] of reads.flatMap((call) => (variants[call] ?? [['', {}]]).map(([l, e]) => [call, l, e] as const))) {
    const body = JSON.stringify({ g: admin.token, ...extra });
    const first = await fetch(`${base}${registry[name].path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
    const size = (await first.arrayBuffer()).byteLength;
    if (first.status === 501) {
      console.log(`${(name + label).padEnd(24)} not built yet`);
      continue;
    }
    const times: number[] = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      const start = performance.now();
      const res = await fetch(`${base}${registry[name].path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'accept-encoding': 'gzip' }, body });
      await res.arrayBuffer();
      times.push(performance.now() - start);
    }
    times.sort((a, b) => a - b);
    console.log(
      `${(name + label).padEnd(24)} ${percentile(times, 50).toFixed(1).padStart(8)} ${percentile(times, 95).toFixed(1).padStart(8)} ${(times.at(-1) ?? 0).toFixed(1).padStart(8)} ${(size / 1024).toFixed(1).padStart(8)}`,
    );
  }
  console.log(`\nfirst page (index.html's JS and CSS): ${firstPageWeight()}`);
  server.close();
  db.$client.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

await main();
