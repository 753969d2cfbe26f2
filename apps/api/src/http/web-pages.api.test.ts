import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { blogPosts, cars, events, forumThreads, listings, newsletters, routes } from '../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BUILT_NAME = 'Gateway Region Classic Car Club';
const CLUB_NAME = `Tom & Jerry's "Model A" <Club>`;
const ESCAPED = 'Tom &amp; Jerry&#39;s &quot;Model A&quot; &lt;Club&gt;';

const head = (title: string) =>
  `<!doctype html><html><head><meta name="club-name" content="${BUILT_NAME}" /><meta name="club-timezone" content="America/Chicago" />` +
  `<meta name="push-public-key" content="" /><title>${title}</title></head>`;

const files = (name: string) => ({ js: [`/assets/${name}.js`, '/assets/query-provider.js'], css: [`/assets/${name}.css`] });
const PAGE_PRELOADS = [
  { path: '/blog/:articleId?', ...files('blog-page') },
  { path: '/registry', ...files('registry-page') },
  { path: '/registry/:carId', ...files('car-page') },
  { path: '/event/:eventId', ...files('event-page') },
  { path: '/event/:eventId/roster', ...files('event-roster-page') },
  { path: '/classifieds/:listingId', ...files('listing-page') },
  { path: '/classifieds/renew/:token', ...files('listing-renew-page') },
  { path: '/accessibility', js: ['/assets/accessibility-page.js'], css: [] },
  { path: '*', ...files('not-found-page') },
];
const PAGE_FILES = PAGE_PRELOADS.map(({ js }) => js[0]);

let t: TestApp;
let web: string;

beforeAll(() => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.mkdirSync(path.join(web, 'images'));
  fs.writeFileSync(path.join(web, 'index.html'), `${head(BUILT_NAME)}<body><div id="root"></div></body></html>`);
  fs.writeFileSync(
    path.join(web, 'home.html'),
    `${head(`Home - ${BUILT_NAME}`)}<body><div id="root"><span>${BUILT_NAME}</span><h1 id="hero-title">${BUILT_NAME}</h1></div></body></html>`,
  );
  fs.writeFileSync(path.join(web, 'images', 'hero.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  fs.writeFileSync(path.join(web, 'sw.js'), 'self.addEventListener("push", () => {});');
  // What the web build writes (apps/web/vite-page-preloads.ts): each route's files beyond the entry's.
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(path.join(web, '.vite', 'page-preloads.json'), JSON.stringify(PAGE_PRELOADS));
  t = createTestApp({ WEB_DIST: web, CLUB_NAME, CLUB_TIMEZONE: 'America/Denver' });
});
afterAll(() => {
  t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('the web pages the server sends', () => {
  it('sends the prerendered home page for / with CLUB_NAME, escaped, wherever the build named the club', async () => {
    const res = await request(t.app).get('/');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain(`<title>Home - ${ESCAPED}</title>`);
    expect(res.text).toContain(`<meta name="club-name" content="${ESCAPED}" />`);
    expect(res.text).toContain(`<h1 id="hero-title">${ESCAPED}</h1>`);
    expect(res.text).toContain(`<span>${ESCAPED}</span>`);
    expect(res.text).toContain('<meta name="club-timezone" content="America/Denver" />');
    expect(res.text).not.toContain(BUILT_NAME);
  });

  it('sends the empty shell, with the same settings, for every other page', async () => {
    const res = await request(t.app).get('/blog');
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).toContain(`<title>${ESCAPED}</title>`);
    expect(res.text).toContain('<meta name="club-timezone" content="America/Denver" />');
    expect(res.text).not.toContain(BUILT_NAME);
  });

  it('answers an address that is no page of the site with 404 and the shell, which draws Page Not Found', async () => {
    for (const address of ['/no-such-page', '/blog/12/extra', '/routes/3/book/2', '/new-page-3x']) {
      const res = await request(t.app).get(address);
      expect(res.status, address).toBe(404);
      expect(res.text, address).toContain('<div id="root"></div>');
    }
    // The pages of records that are there, or that the server does not check (http/missing-records.ts).
    for (const address of [
      '/new-page-3',
      '/NEW-PAGE-3/',
      '/blog?page=2',
      '/routes/3/edit',
      '/reset/abc',
      '/newsletters/Valley%20News%20May%202024.pdf',
      '/forum',
    ]) {
      expect((await request(t.app).get(address)).status, address).toBe(200);
    }
  });

  it('lets browsers keep public pictures a week, then refresh them in the background; other files an hour', async () => {
    const picture = await request(t.app).get('/images/hero.svg');
    expect(picture.status).toBe(200);
    expect(picture.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=2592000');
    const worker = await request(t.app).get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('public, max-age=3600');
  });

  // Post 12, car 7 and listing 9 are not there: their pages say so, with 404.
  it.each([
    ['/blog', 'blog-page', 200],
    ['/blog/12', 'blog-page', 404],
    ['/Registry/', 'registry-page', 200],
    ['/registry/7', 'car-page', 404],
    ['/event/5', 'event-page', 200],
    ['/event/5/roster', 'event-roster-page', 200],
    ['/classifieds/9', 'listing-page', 404],
    ['/classifieds/renew/abc', 'listing-renew-page', 200],
    ['/no/such/page', 'not-found-page', 404],
  ])('names the chunks and stylesheet of the page at %s (%s) in its shell, and no other page', async (address, name, status) => {
    const res = await request(t.app).get(address);
    expect(res.status).toBe(status);
    expect(res.text).toContain(`<link rel="modulepreload" crossorigin href="/assets/${name}.js">`);
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/query-provider.js">');
    expect(res.text).toContain(`<link rel="preload" as="style" crossorigin href="/assets/${name}.css">`);
    for (const other of PAGE_FILES.filter((file) => file !== `/assets/${name}.js`)) expect(res.text).not.toContain(other);
    // In the head, before the page's markup, and with the server's settings still written in.
    expect(res.text.indexOf(`/assets/${name}.js`)).toBeLessThan(res.text.indexOf('</head>'));
    expect(res.text).toContain(`<title>${ESCAPED}</title>`);
  });

  it('names only the chunk of a page that makes no call', async () => {
    const res = await request(t.app).get('/accessibility');
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/accessibility-page.js">');
    expect(res.text).not.toContain('query-provider');
    expect(res.text).not.toContain('rel="preload" as="style"');
  });
});

describe("a visitor's data pages arrive with their first answers", () => {
  const HOSTILE = `</script><script>alert("out")</script><!-- <SCRIPT> & \u2028 "quoted"`;
  /** The data blocks of a page: each one's call, payload and text, in order. */
  const blocksOf = (html: string) =>
    [...html.matchAll(/<script type="application\/json" class="first-answer" data-call="([^"]*)" data-body="([^"]*)">(.*?)<\/script>/gs)].map(
      ([, call, body = '', text = '']) => ({ call, body: JSON.parse(body.replaceAll('&quot;', '"').replaceAll('&amp;', '&')) as unknown, text }),
    );

  beforeAll(async () => {
    const editor = createMember(t.db, { permissions: ['blog'] });
    const saved = await request(t.app)
      .post('/api/blog.save.php')
      .field('id', '0')
      .field('g', editor.token)
      .field('t', HOSTILE)
      .field('date', '2026-04-18')
      .field('entries', JSON.stringify([{ h: `${HOSTILE}\n\nTwelve cars left Kirkwood at nine.` }]));
    expect(saved.status).toBe(200);
  });

  it('embeds blog.page page 1 in /blog as the call answers a visitor, and no tag can break out', async () => {
    const res = await request(t.app).get('/blog');
    const blocks = blocksOf(res.text);
    expect(blocks.map(({ call, body }) => ({ call, body }))).toEqual([{ call: 'blog.page', body: { page: 1 } }]);
    const [block] = blocks;
    // No `<` at all: the text cannot end the block, open a comment or start a tag.
    expect(block?.text).not.toContain('<');
    expect(res.text.match(/<\/script/gi)).toHaveLength(1);
    const answer = await request(t.app).post('/api/blog.page.php').send({ page: 1 });
    expect(JSON.parse(block?.text ?? '')).toEqual(answer.body);
    expect(JSON.stringify(answer.body)).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    // Before #root, which the boot notice's CSS expects right before it.
    expect(res.text).toMatch(/<\/script><div id="root"><\/div><\/body>/);
    // A data block is never run: the CSP still allows no inline script.
    expect(res.headers['content-security-policy']).toMatch(/script-src 'self';/);
  });

  it('embeds the registry’s three first reads, the classifieds’ first page and a search', async () => {
    const calls = async (address: string) => blocksOf((await request(t.app).get(address)).text).map(({ call, body }) => ({ call, body }));
    expect(await calls('/registry')).toEqual([
      { call: 'cars.stats', body: {} },
      { call: 'bodyStyles.get', body: {} },
      { call: 'cars.list', body: { page: 1 } },
    ]);
    expect(await calls('/classifieds/')).toEqual([{ call: 'listings.list', body: { page: 1 } }]);
    expect(await calls('/search?q=ford%20%22A%22')).toEqual([{ call: 'site.search', body: { q: 'ford "A"' } }]);
  });

  it('embeds nothing where the page reads something else first', async () => {
    for (const address of [
      '/blog?page=2',
      '/blog/12',
      '/registry?year=1931',
      '/classifieds?page=2',
      '/search?q=ford&kind=cars',
      '/search?q=%20',
      '/search',
      '/accessibility',
      '/event/1',
    ]) {
      const res = await request(t.app).get(address);
      expect(res.text, address).toContain('<div id="root"></div>');
      expect(blocksOf(res.text), address).toEqual([]);
    }
  });
});

describe('the page of one record that is not there answers 404, with the shell that draws its "not found"', () => {
  let ids: Record<
    'post' | 'publicCar' | 'membersCar' | 'publicListing' | 'membersListing' | 'publicRoute' | 'membersRoute' | 'event' | 'thread' | 'waitingThread',
    number
  >;
  const NEWSLETTER = 'Valley News May 2024.pdf';
  let member: ReturnType<typeof createMember>;
  let organiser: ReturnType<typeof createMember>;
  const statusOf = async (address: string, token?: string) => {
    const req = request(t.app).get(address);
    const res = await (token === undefined ? req : req.set('Cookie', `clubSession=${token}`));
    expect(res.text, address).toContain('<div id="root"');
    return res.status;
  };
  const statusesOf = async (addresses: string[], token?: string) =>
    Object.fromEntries(await Promise.all(addresses.map(async (address) => [address, await statusOf(address, token)] as const)));

  beforeAll(() => {
    member = createMember(t.db);
    organiser = createMember(t.db, { permissions: ['event'] });
    const author = createMember(t.db);
    const insert = <T extends { id: number }>(row: { get(): T }) => row.get().id;
    const later = '2099-01-01T00:00:00.000Z';
    ids = {
      post: insert(t.db.insert(blogPosts).values({ title: 'Spring tour', date: '2026-04-18', modifiedKey: 1 }).returning({ id: blogPosts.id })),
      publicCar: insert(t.db.insert(cars).values({ ownerId: author.id, year: 1930, visibility: 'public' }).returning({ id: cars.id })),
      membersCar: insert(t.db.insert(cars).values({ ownerId: author.id, year: 1931, visibility: 'members' }).returning({ id: cars.id })),
      publicListing: insert(
        t.db
          .insert(listings)
          .values({ sellerId: author.id, kind: 'sale', category: 'part', title: 'Carburettor', visibility: 'public', expiresAt: later })
          .returning({ id: listings.id }),
      ),
      membersListing: insert(
        t.db
          .insert(listings)
          .values({ sellerId: author.id, kind: 'sale', category: 'part', title: 'Horn', visibility: 'members', expiresAt: later })
          .returning({ id: listings.id }),
      ),
      publicRoute: insert(t.db.insert(routes).values({ title: 'Highway 100', visibility: 'public' }).returning({ id: routes.id })),
      membersRoute: insert(t.db.insert(routes).values({ title: 'Barn tour', visibility: 'members' }).returning({ id: routes.id })),
      event: insert(t.db.insert(events).values({ title: 'Fall tour', start: '2099-10-10T09:00', end: '2099-10-10T16:00' }).returning({ id: events.id })),
      thread: insert(
        t.db
          .insert(forumThreads)
          .values({ title: 'Points gap', description: 'How wide?', authorId: author.id, approved: true })
          .returning({ id: forumThreads.id }),
      ),
      waitingThread: insert(
        t.db.insert(forumThreads).values({ title: 'Waiting', description: 'Not yet approved', authorId: author.id }).returning({ id: forumThreads.id }),
      ),
    };
    t.db.insert(newsletters).values({ fileName: NEWSLETTER, year: 2024, month: 5 }).run();
  });

  it('answers anyone 404 for a post, car, listing or route that is not there, or whose id is none, and 200 for one that is', async () => {
    expect(
      await statusesOf([
        `/blog/${ids.post}`,
        `/registry/${ids.publicCar}`,
        `/classifieds/${ids.publicListing}`,
        `/routes/${ids.publicRoute}`,
        `/routes/${ids.publicRoute}/book`,
        '/blog',
        '/routes',
        '/routes/0/edit',
        '/classifieds/renew/abc',
      ]),
    ).toEqual({
      [`/blog/${ids.post}`]: 200,
      [`/registry/${ids.publicCar}`]: 200,
      [`/classifieds/${ids.publicListing}`]: 200,
      [`/routes/${ids.publicRoute}`]: 200,
      [`/routes/${ids.publicRoute}/book`]: 200,
      '/blog': 200,
      '/routes': 200,
      '/routes/0/edit': 200,
      '/classifieds/renew/abc': 200,
    });
    const missing = [
      '/blog/99999',
      '/blog/abc',
      '/blog/0',
      '/registry/99999',
      '/registry/x',
      '/classifieds/99999',
      '/routes/999',
      '/routes/999/book',
      '/routes/x/book',
      '/event/abc',
      '/event/0/roster',
    ];
    for (const token of [undefined, member.token]) {
      expect(await statusesOf(missing, token), token ?? 'visitor').toEqual(Object.fromEntries(missing.map((address) => [address, 404])));
    }
  });

  it('answers a visitor a members-only car, listing or route as one that is not there (its page says so), and a member 200', async () => {
    const membersOnly = [
      `/registry/${ids.membersCar}`,
      `/classifieds/${ids.membersListing}`,
      `/routes/${ids.membersRoute}`,
      `/routes/${ids.membersRoute}/book`,
    ];
    expect(await statusesOf(membersOnly)).toEqual(Object.fromEntries(membersOnly.map((address) => [address, 404])));
    expect(await statusesOf(membersOnly, member.token)).toEqual(Object.fromEntries(membersOnly.map((address) => [address, 200])));
  });

  it('tells a visitor nothing on the members’ pages: 200 with the login form, there or not', async () => {
    const addresses = [
      `/event/${ids.event}`,
      '/event/99999',
      `/event/${ids.event}/roster`,
      '/event/99999/roster',
      `/forum/${ids.thread}`,
      `/forum/${ids.waitingThread}`,
      '/forum/99999',
      `/newsletters/${encodeURIComponent(NEWSLETTER)}`,
      '/newsletters/Valley%20News%20May%201999.pdf',
    ];
    expect(await statusesOf(addresses)).toEqual(Object.fromEntries(addresses.map((address) => [address, 200])));
  });

  it('answers a member 404 for an event, a roster, a thread or a newsletter that is not there (or not theirs to see), 200 for one that is', async () => {
    expect(
      await statusesOf(
        [
          `/event/${ids.event}`,
          '/event/99999',
          `/forum/${ids.thread}`,
          `/forum/${ids.waitingThread}`,
          '/forum/99999',
          '/forum/abc',
          `/newsletters/${encodeURIComponent(NEWSLETTER)}`,
          '/newsletters/Valley%20News%20May%201999.pdf',
          // The roster is the organisers': a member without the permission is told so by the page.
          '/event/99999/roster',
        ],
        member.token,
      ),
    ).toEqual({
      [`/event/${ids.event}`]: 200,
      '/event/99999': 404,
      [`/forum/${ids.thread}`]: 200,
      [`/forum/${ids.waitingThread}`]: 404,
      '/forum/99999': 404,
      '/forum/abc': 200,
      [`/newsletters/${encodeURIComponent(NEWSLETTER)}`]: 200,
      '/newsletters/Valley%20News%20May%201999.pdf': 404,
      '/event/99999/roster': 200,
    });
    expect(await statusesOf([`/event/${ids.event}/roster`, '/event/99999/roster'], organiser.token)).toEqual({
      [`/event/${ids.event}/roster`]: 200,
      '/event/99999/roster': 404,
    });
  });
});
