import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

const BUILT_NAME = 'Gateway Region Classic Car Club';
const CLUB_NAME = `Tom & Jerry's "Model A" <Club>`;
const ESCAPED = 'Tom &amp; Jerry&#39;s &quot;Model A&quot; &lt;Club&gt;';

const head = (title: string) =>
  `<!doctype html><html><head><meta name="club-name" content="${BUILT_NAME}" /><meta name="club-timezone" content="America/Chicago" />` +
  `<meta name="push-public-key" content="" /><title>${title}</title></head>`;

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

  it('lets browsers keep public pictures a week, then refresh them in the background; other files an hour', async () => {
    const picture = await request(t.app).get('/images/hero.svg');
    expect(picture.status).toBe(200);
    expect(picture.headers['cache-control']).toBe('public, max-age=604800, stale-while-revalidate=2592000');
    const worker = await request(t.app).get('/sw.js');
    expect(worker.status).toBe(200);
    expect(worker.headers['cache-control']).toBe('public, max-age=3600');
  });
});
