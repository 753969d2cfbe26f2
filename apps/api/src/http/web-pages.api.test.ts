import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
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
    for (const address of ['/new-page-3', '/NEW-PAGE-3/', '/blog/12', '/routes/3/book', '/reset/abc', '/newsletters/Valley%20News%20May%202024.pdf', '/forum']) {
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

  it.each([
    ['/blog', 'blog-page'],
    ['/blog/12', 'blog-page'],
    ['/Registry/', 'registry-page'],
    ['/registry/7', 'car-page'],
    ['/event/5', 'event-page'],
    ['/event/5/roster', 'event-roster-page'],
    ['/classifieds/9', 'listing-page'],
    ['/classifieds/renew/abc', 'listing-renew-page'],
    ['/no/such/page', 'not-found-page'],
  ])('names the chunks and stylesheet of the page at %s (%s) in its shell, and no other page', async (address, name) => {
    const res = await request(t.app).get(address);
    expect(res.status).toBe(name === 'not-found-page' ? 404 : 200);
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
    for (const address of ['/blog?page=2', '/blog/12', '/registry?year=1931', '/classifieds?page=2', '/search?q=ford&kind=cars', '/search?q=%20', '/search', '/accessibility', '/event/1']) {
      const res = await request(t.app).get(address);
      expect(res.status).toBe(200);
      expect(blocksOf(res.text), address).toEqual([]);
    }
  });
});
