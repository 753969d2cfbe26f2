import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { RENDER_TIME_LIMIT_MS } from './page-render.ts';

const SHELL =
  '<!doctype html><html><head><meta name="club-name" content="Club" /><meta name="club-timezone" content="America/Chicago" />' +
  '<meta name="push-public-key" content="" /><title>Club</title><script type="module" crossorigin src="/assets/index.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/jsx-runtime.js"></head><body><div id="root"></div></body></html>';

const PAGE_PRELOADS = [
  { path: '/blog/:articleId?', js: ['/assets/blog-page.js'], css: ['/assets/blog-page.css'] },
  { path: '/search', js: ['/assets/search-page.js'], css: ['/assets/search-page.css', '/assets/missing.css'] },
  { path: '/registry', js: ['/assets/registry-page.js'], css: [] },
];

/**
 * A stand-in for the web app's SSR build (apps/web/src/prerender.tsx in dist/.ssr/): it writes
 * what it was asked to render, counts its renders, fails for "boom" and never ends for "stall".
 */
const STAND_IN = `
let renders = 0;
export async function renderPage({ url, answers, viewerToken, clubName, timeZone }) {
  if (url.includes('boom')) throw new Error('The page threw while rendering.');
  if (url.includes('stall')) return new Promise(() => {});
  renders += 1;
  const shown = answers.map(({ name, body, json }) => name + ' ' + JSON.stringify(body) + ' ' + json).join('|');
  const title = url.startsWith('/blog') ? 'Photos & news - ' + clubName : null;
  return { title, markup: '<main data-render="' + renders + '" data-zone="' + timeZone + '" data-club="' + clubName.replace(/[&"<]/g, '') + '" data-for="' + (viewerToken === null ? 'visitor' : 'member ' + viewerToken.slice(0, 6)) + '">' + shown.replace(/</g, '&lt;') + '</main>', preloads: '<link rel="preload" as="image" href="/uploads/first.jpg"/>' };
}
`;

let t: TestApp;
let web: string;

beforeAll(() => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), SHELL);
  fs.writeFileSync(path.join(web, 'home.html'), SHELL.replace('<div id="root"></div>', '<div id="root"><h1>The prerendered home</h1></div>'));
  fs.mkdirSync(path.join(web, '.vite'));
  fs.writeFileSync(path.join(web, '.vite', 'page-preloads.json'), JSON.stringify(PAGE_PRELOADS));
  fs.mkdirSync(path.join(web, 'assets'));
  fs.writeFileSync(path.join(web, 'assets', 'blog-page.css'), '.post-list{display:grid}');
  fs.writeFileSync(path.join(web, 'assets', 'search-page.css'), '.search-form{display:flex}');
  fs.mkdirSync(path.join(web, '.ssr'));
  fs.writeFileSync(path.join(web, '.ssr', 'prerender.js'), STAND_IN);
  t = createTestApp({ WEB_DIST: web, CLUB_TIMEZONE: 'America/Denver', CLUB_NAME: "Rivertown A's" });
});
afterAll(() => {
  t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

const rootOf = (html: string) => /<div id="root"(?: data-viewer="member")?>([\s\S]*?)<\/div><\/body>/.exec(html)?.[1];
const callsIn = (html: string) =>
  [...html.matchAll(/class="first-answer" data-call="([^"]+)" data-body="([^"]*)"/g)].map(([, call, body = '']) => `${call} ${body.replaceAll('&quot;', '"')}`);

describe("a visitor's data page rendered on the server", () => {
  it('holds the markup rendered from the answers it also sends, with the page CSS inline and the first picture preloaded', async () => {
    const res = await request(t.app).get('/blog');
    expect(res.status).toBe(200);
    const root = rootOf(res.text);
    expect(root).toMatch(/^<main data-render="\d+" data-zone="America\/Denver" data-club="Rivertown A's" data-for="visitor">blog\.page \{"page":1\} \{/);
    expect(res.text).toContain('<script type="application/json" class="first-answer" data-call="blog.page"');
    expect(res.text).toContain('<style>.post-list{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/blog-page.css" media="print">');
    expect(res.text).not.toContain('rel="preload" as="style"');
    // The page's own title, escaped, in place of the club's name alone; a page without one keeps it.
    expect(res.text).toContain('<title>Photos &amp; news - Rivertown A&#39;s</title>');
    expect((await request(t.app).get('/registry')).text).toMatch(/<title>Rivertown A(&#39;|')s<\/title>/);
    expect(res.text).toMatch(/<link rel="preload" as="image" href="\/uploads\/first.jpg"\/>\s*<\/head>/);
    // The scripts, which only hydrate what is painted, load after the paint (apps/web/public/after-paint.js).
    expect(res.text).toContain(
      '<script defer src="/after-paint.js" data-entry="/assets/index.js" data-modules="/assets/jsx-runtime.js /assets/blog-page.js"></script>',
    );
    expect(res.text).not.toContain('type="module"');
    expect(res.text).not.toContain('modulepreload');
  });

  it('renders a page once while its answers are unchanged, and again for other answers', async () => {
    const renderOf = async (url: string) => /data-render="(\d+)"/.exec((await request(t.app).get(url)).text)?.[1];
    const first = await renderOf('/search?q=ford');
    expect(first).toBeDefined();
    expect(await renderOf('/search?q=ford')).toBe(first);
    expect(Number(await renderOf('/search?q=chevrolet'))).toBeGreaterThan(Number(first));
  });

  it('sends the shell with the data blocks, not an error, when the render fails', async () => {
    const res = await request(t.app).get('/search?q=boom');
    expect(res.status).toBe(200);
    expect(res.text).toContain('class="first-answer" data-call="site.search"');
    expect(res.text).toContain('<div id="root"></div>');
    // The page's CSS stays a preload (the browser's render links it), its scripts load at once.
    expect(res.text).toContain('<link rel="preload" as="style" crossorigin href="/assets/search-page.css">');
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/index.js">');
    expect(res.text).toContain('<link rel="modulepreload" crossorigin href="/assets/search-page.js">');
  });

  it('sends the shell once the render has taken longer than its time limit', async () => {
    const started = Date.now();
    const res = await request(t.app).get('/search?q=stall');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<div id="root"></div>');
    expect(Date.now() - started).toBeGreaterThanOrEqual(RENDER_TIME_LIMIT_MS - 20);
    expect(Date.now() - started).toBeLessThan(RENDER_TIME_LIMIT_MS + 1500);
  });

  it('renders nothing for a page without first answers', async () => {
    const res = await request(t.app).get('/blog?page=2');
    expect(res.text).toContain('<div id="root"></div>');
    expect(res.text).not.toContain('first-answer');
  });

  it("renders the members' pages with no reads: a visitor gets the login form, drawn by the page", async () => {
    for (const address of ['/new-events', '/event/7']) {
      const res = await request(t.app).get(address);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(callsIn(res.text), address).toEqual([]);
      expect(rootOf(res.text), address).toMatch(/^<main data-render="\d+" [^>]*data-for="visitor"><\/main>$/);
    }
    // Another page, or a bad event id, is sent as the shell.
    for (const address of ['/new-events?past=2', '/event/x', '/forum']) expect(rootOf((await request(t.app).get(address)).text), address).toBe('');
  });
});

describe('`/`', () => {
  it('is the page prerendered at build time for a visitor, its scripts loaded after the paint', async () => {
    const res = await request(t.app).get('/');
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(rootOf(res.text)).toBe('<h1>The prerendered home</h1>');
    expect(res.text).toContain('<script defer src="/after-paint.js" data-entry="/assets/index.js" data-modules="/assets/jsx-runtime.js"></script>');
    expect(res.text).not.toContain('type="module"');
    expect(callsIn(res.text)).toEqual([]);
  });

  it('is drawn for a member whose session cookie comes with it: their header', async () => {
    const member = createMember(t.db);
    const res = await request(t.app).get('/').set('Cookie', `clubSession=${member.token}`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.text).toContain('<div id="root" data-viewer="member">');
    expect(callsIn(res.text)).toEqual(['session.get {}']);
    expect(rootOf(res.text)).toContain(`data-for="member ${member.token.slice(0, 6)}"`);
  });
});

describe("a member's page, when their session cookie comes with it", () => {
  it('is rendered for them from their own answers, marked as theirs and kept out of shared caches', async () => {
    const member = createMember(t.db, { firstName: 'Edsel' });
    const res = await request(t.app).get('/event/7').set('Cookie', `theme=dark; clubSession=${member.token}`);
    expect(res.headers['cache-control']).toBe('private, no-cache');
    expect(res.headers.vary).toMatch(/Cookie/);
    expect(res.text).toContain('<div id="root" data-viewer="member">');
    // The event and its route book: the route panel is drawn from the HTML, not fetched after.
    expect(callsIn(res.text)).toEqual(['session.get {}', 'event.get {"id":7}', 'event.route {"eventId":7}']);
    const root = rootOf(res.text) ?? '';
    expect(root).toContain(`data-for="member ${member.token.slice(0, 6)}"`);
    expect(root).toMatch(/session\.get \{\} \{"u":\{[^]*"name":"Edsel Tester"/);
    // The session cookie never reaches a visitor's copy of the same address.
    const asVisitor = await request(t.app).get('/event/7');
    expect(asVisitor.text).not.toContain('data-viewer');
    expect(rootOf(asVisitor.text)).toContain('data-for="visitor"');
  });

  it('asks the events list as of now in club time, and draws public pages for the member too', async () => {
    const member = createMember(t.db);
    const cookie = `clubSession=${member.token}`;
    const events = callsIn((await request(t.app).get('/new-events').set('Cookie', cookie)).text);
    expect(events).toHaveLength(3);
    expect(events[0]).toBe('session.get {}');
    expect(events[1]).toMatch(/^events\.upcoming \{"at":"\d{4}-\d\d-\d\dT\d\d:\d\d"\}$/);
    const at = /"at":"([^"]+)"/.exec(events[1] ?? '')?.[1];
    expect(events[2]).toBe(`events.past {"at":"${at}","page":1}`);
    // CLUB_TIMEZONE is America/Denver here: the page asks with the club's clock, not the server's.
    const denver = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Denver', hour: '2-digit', hourCycle: 'h23' }).format(new Date());
    expect(at?.slice(11, 13)).toBe(denver);
    expect(callsIn((await request(t.app).get('/registry').set('Cookie', cookie)).text)).toEqual([
      'session.get {}',
      'cars.stats {}',
      'bodyStyles.get {}',
      'cars.list {"page":1}',
    ]);
  });

  it('keeps each session its own render (a member page can hold its token), and a visitor theirs', async () => {
    const member = createMember(t.db);
    const again = await request(t.app).post('/api/session.create.php').send({ u: member.email, p: member.password });
    expect(again.status).toBe(200);
    const renderOf = async (token: string) =>
      /data-render="(\d+)" [^>]*data-for="([^"]+)"/.exec((await request(t.app).get('/classifieds').set('Cookie', `clubSession=${token}`)).text)?.slice(1);
    const first = await renderOf(member.token);
    expect(await renderOf(member.token)).toEqual(first);
    const second = await renderOf((again.body as { g: string }).g);
    expect(second?.[0]).not.toBe(first?.[0]);
    expect(second?.[1]).toBe(`member ${(again.body as { g: string }).g.slice(0, 6)}`);
  });

  it('is a visitor’s page when the cookie holds no current session (logged out, unknown, junk)', async () => {
    const member = createMember(t.db);
    expect((await request(t.app).post('/api/session.destroy.php').send({ g: member.token })).status).toBe(200);
    for (const cookie of [`clubSession=${member.token}`, 'clubSession=not-a-session', 'clubSession=', 'clubsession=x; other=1']) {
      const res = await request(t.app).get('/event/7').set('Cookie', cookie);
      expect(res.headers['cache-control'], cookie).toBe('no-cache');
      expect(res.text, cookie).not.toContain('data-viewer');
      expect(callsIn(res.text), cookie).toEqual([]);
    }
  });

  it('never authorises a call: the API takes the session from g alone', async () => {
    const member = createMember(t.db);
    const res = await request(t.app).post('/api/session.get.php').set('Cookie', `clubSession=${member.token}`).send({});
    expect(res.status).toBe(401);
    const events = await request(t.app).post('/api/event.get.php').set('Cookie', `clubSession=${member.token}`).send({ id: 7 });
    expect(events.status).toBe(401);
  });
});
