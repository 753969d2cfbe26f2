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
export async function renderPage({ url, answers, clubName, timeZone }) {
  if (url.includes('boom')) throw new Error('The page threw while rendering.');
  if (url.includes('stall')) return new Promise(() => {});
  renders += 1;
  const shown = answers.map(({ name, body, json }) => name + ' ' + JSON.stringify(body) + ' ' + json).join('|');
  return { markup: '<main data-render="' + renders + '" data-zone="' + timeZone + '" data-club="' + clubName.replace(/[&"<]/g, '') + '">' + shown.replace(/</g, '&lt;') + '</main>', preloads: '<link rel="preload" as="image" href="/uploads/first.jpg"/>' };
}
`;

let t: TestApp;
let web: string;

beforeAll(() => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.writeFileSync(path.join(web, 'index.html'), SHELL);
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

const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div><\/body>/.exec(html)?.[1];

describe("a visitor's data page rendered on the server", () => {
  it('holds the markup rendered from the answers it also sends, with the page CSS inline and the first picture preloaded', async () => {
    const res = await request(t.app).get('/blog');
    expect(res.status).toBe(200);
    const root = rootOf(res.text);
    expect(root).toMatch(/^<main data-render="\d+" data-zone="America\/Denver" data-club="Rivertown A's">blog\.page \{"page":1\} \{/);
    expect(res.text).toContain('<script type="application/json" class="first-answer" data-call="blog.page"');
    expect(res.text).toContain('<style>.post-list{display:grid}</style><link rel="stylesheet" crossorigin href="/assets/blog-page.css" media="print">');
    expect(res.text).not.toContain('rel="preload" as="style"');
    expect(res.text).toMatch(/<link rel="preload" as="image" href="\/uploads\/first.jpg"\/>\s*<\/head>/);
    // The scripts, which only hydrate what is painted, at low priority: no script holds the first paint.
    expect(res.text).toContain('<script type="module" crossorigin fetchpriority="low" src="/assets/index.js">');
    expect(res.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/blog-page.js">');
    expect(res.text).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/jsx-runtime.js">');
  });

  it('renders a page once while its answers are unchanged, and again for other answers', async () => {
    const renderOf = async (url: string) => /data-render="(\d+)"/.exec((await request(t.app).get(url)).text)?.[1];
    const first = await renderOf('/search?q=ford');
    expect(first).toBeDefined();
    expect(await renderOf('/search?q=ford')).toBe(first);
    expect(Number(await renderOf('/search?q=chevrolet'))).toBeGreaterThan(Number(first));
  });

  it("renders the visitor's page for a member too: the server cannot know their session", async () => {
    const member = createMember(t.db);
    const asVisitor = await request(t.app).get('/registry');
    const asMember = await request(t.app).get('/registry').set('Authorization', `Bearer ${member.token}`).set('Cookie', `clubSession=${member.token}`);
    expect(rootOf(asMember.text)).toBe(rootOf(asVisitor.text));
    expect(rootOf(asMember.text)).toContain('cars.list {"page":1}');
  });

  it('sends the shell with the data blocks, not an error, when the render fails', async () => {
    const res = await request(t.app).get('/search?q=boom');
    expect(res.status).toBe(200);
    expect(res.text).toContain('class="first-answer" data-call="site.search"');
    expect(res.text).toContain('<div id="root"></div>');
    // The page's CSS stays a preload (the browser's render links it), its scripts at their priority.
    expect(res.text).toContain('<link rel="preload" as="style" crossorigin href="/assets/search-page.css">');
    expect(res.text).toContain('<script type="module" crossorigin src="/assets/index.js">');
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
});
