import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PATHS } from '@club/contracts/plain';
import { closure, gzipSize, readManifest, WEB_DIST } from '../../../scripts/build-manifest.mjs';
import { startHarness, type Harness } from './harness.ts';

/**
 * Size budgets over the production build (sizes, not times, so they hold on any machine).
 * What `/` loads is the entry, everything it imports statically, its CSS, and the home page's own
 * chunk with its static imports and CSS, counted as the .gz files the server sends. `/` is
 * prerendered (scripts/prerender.mjs): its HTML carries the markup and that CSS inline and paints
 * alone, so it must fit in the first round trip of a new connection (10 TCP segments, 14.6 KB);
 * the JS then hydrates it.
 */
// The table of the other pages, the API client with the calls registry, and the contracts the
// pages share load with the pages, not with `/` (docs/decisions/009-page-bytes-and-long-tasks.md, "The pages").
const FIRST_PAINT_BUDGET_KB = 95;
const HOME_HTML_BUDGET_KB = 14;
/** The route table of every page but `/` (app/other-pages.tsx): index.html preloads it, home.html does not. */
const OTHER_PAGES = 'src/app/other-pages.tsx';
const dist = WEB_DIST;

/* Each other page's own JS and CSS is reported by `pnpm bench:bytes` (scripts/page-bytes.mjs), not held here. */

describe('first paint of /', () => {
  it(`needs at most ${FIRST_PAINT_BUDGET_KB} KB of gzip JS and CSS`, () => {
    const manifest = readManifest();
    const files = closure(manifest, ['index.html', 'src/pages/home-page.tsx']);
    const sizes = [...files].map((file) => ({ file, kb: gzipSize(file) / 1024 })).sort((a, b) => b.kb - a.kb);
    const total = sizes.reduce((sum, { kb }) => sum + kb, 0);
    const detail = sizes.map(({ file, kb }) => `${kb.toFixed(1)} ${file}`).join(', ');
    expect(total, `first paint: ${total.toFixed(1)} KB gzip (${detail})`).toBeLessThanOrEqual(FIRST_PAINT_BUDGET_KB);
    // Every file home.html names is in the count (the manifest and the page agree); index.html,
    // sent for every other address, names the same files and the table of the other pages.
    const named = (page: string) => [...fs.readFileSync(path.join(dist, page), 'utf8').matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)].map(([, file]) => file);
    for (const file of named('home.html')) expect(files, 'home.html').toContain(file);
    const otherPages = closure(manifest, ['index.html', OTHER_PAGES]);
    for (const file of named('index.html')) expect(otherPages, 'index.html').toContain(file);
    expect(named('index.html')).toContain(manifest[OTHER_PAGES]?.file);
  });

  it('loads the contract check with no page and no dialog: a form fetches it once its fields change, or when it is sent', () => {
    const manifest = readManifest();
    // The module, whichever chunk holds it (its own, once it is only ever loaded when asked for).
    const check = Object.entries(manifest).find(
      ([key, chunk]) => key === 'src/components/contract-check.ts' || /^_contract-check-/.test(key) || chunk.name === 'contract-check',
    )?.[1].file;
    expect(check).toMatch(/contract-check/);
    // Every page, and every part of one that loads when it opens (a dialog, an editor), but the
    // checks themselves (the event editor's and the contracts with zod).
    const opened = Object.entries(manifest)
      .filter(
        ([key, chunk]) =>
          /^src\/pages\/.+-page\.tsx$/.test(key) ||
          (chunk.isDynamicEntry === true && !/\/contract-check\.ts$|-checks\.ts$|contracts\/src\/index\.ts$/.test(key)),
      )
      .map(([key]) => key);
    expect(opened.length).toBeGreaterThan(50);
    expect(opened.filter((key) => closure(manifest, [key]).has(check ?? ''))).toEqual([]);
  });

  it(`sends the prerendered / as at most ${HOME_HTML_BUDGET_KB} KB of gzip HTML, its CSS inline`, () => {
    const html = fs.readFileSync(path.join(dist, 'home.html'));
    const kb = gzipSync(html, { level: 6 }).length / 1024;
    expect(kb, `home.html: ${kb.toFixed(1)} KB gzip`).toBeLessThanOrEqual(HOME_HTML_BUDGET_KB);
    // Nothing but the HTML before the first paint: no stylesheet to wait for (print ones do not block).
    const stylesheets = html.toString().match(/<link rel="stylesheet"[^>]*>/g) ?? [];
    expect(stylesheets.filter((link) => !link.includes('media="print"'))).toEqual([]);
  });

  it('ships every hashed JS and CSS file precompressed as .br and .gz', () => {
    const assets = fs.readdirSync(path.join(dist, 'assets')).filter((name) => /\.(?:js|css)$/.test(name));
    const missing = assets.filter((name) => {
      const full = path.join(dist, 'assets', name);
      const worthIt = gzipSync(fs.readFileSync(full)).length <= fs.statSync(full).size * 0.9;
      return worthIt && !(fs.existsSync(`${full}.br`) && fs.existsSync(`${full}.gz`));
    });
    expect(missing).toEqual([]);
  });
});

describe('robots.txt and the sitemap on the built server', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => {
    await harness.close();
  });

  it('serves both, and every page the sitemap lists is a page of the site', async () => {
    const robots = await fetch(`${harness.baseUrl}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(await robots.text()).toMatch(/^Sitemap: \S+\/sitemap\.xml$/m);
    const sitemap = await fetch(`${harness.baseUrl}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    const pages = [...(await sitemap.text()).matchAll(/<loc>[^<]*?(\/[^<]*)<\/loc>/g)].map((m) => new URL(m[1] ?? '/', 'http://x').pathname);
    expect(pages.length).toBeGreaterThan(5);
    // A route's optional last part (`/blog/:articleId?`) may be left out of the address, and a
    // page with an id (`/registry/:carId`, a public car) lists each public one by its number.
    const escape = (text: string) => text.replace(/[.+*?^${}()|[\]\\]/g, '\\$&');
    const routes = Object.values(PATHS)
      .filter((route: string) => route.startsWith('/'))
      .map((route: string) => {
        const pattern = escape(route)
          .replace(/\/:[^/]+\?$/, '(?:/\\d+)?')
          .replace(/:[^/]+/g, '\\d+');
        return new RegExp(`^${pattern}$`);
      });
    for (const page of pages) {
      const html = await fetch(`${harness.baseUrl}${page}`);
      expect(html.status, page).toBe(200);
      if (page !== '/')
        expect(
          routes.some((route) => route.test(page)),
          `${page} is a route in the shared paths`,
        ).toBe(true);
    }
  });
});
