import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, openPage, startHarness, visit, type Harness } from './harness.ts';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
const readManifest = (): Manifest =>
  JSON.parse(fs.readFileSync(path.join(fileURLToPath(new URL('../dist', import.meta.url)), '.vite', 'manifest.json'), 'utf8')) as Manifest;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness.close();
});

describe('page loading', () => {
  it('shows a visitor / without fetching TanStack Query, and fetches it with the first page that reads', async () => {
    const page = await openPage(harness);
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.some((path) => /\/assets\/query-client-/.test(path))).toBe(false);

    await page.getByRole('banner').getByRole('link', { name: 'Links', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: /Links/ }).waitFor();
    expect(scripts.some((path) => /\/assets\/query-client-/.test(path))).toBe(true);
    await page.context().close();
  });

  it('keeps header and footer and explains when a page cannot be loaded, and the next page clears it', async () => {
    const page = await openPage(harness);
    await visit(page, '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.route(/\/assets\/tech-page-[^/]+\.js$/, (route) => route.abort());
    await page.evaluate(() => {
      window.history.pushState({}, '', '/tech-page');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect
      .poll(async () => (await page.getByRole('alert').textContent()) ?? '')
      .toContain('This page could not be shown');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await checkA11y(page);

    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });

  it('names the own chunk and stylesheet of the page at an address in the HTML sent for it, and no other page', async () => {
    const manifest = readManifest();
    // A data page at its plain address arrives rendered by the server (/blog, /registry; an event
    // page, which a visitor gets as the login form):
    // its chunk is named in after-paint.js, which fetches it once the page has painted (it only
    // hydrates what is painted), and its stylesheet is inline, the file linked for print only.
    // The other pages preload both.
    const pages = [
      ['/blog', 'src/pages/blog-page.tsx', true],
      ['/blog/3', 'src/pages/blog-page.tsx', false],
      ['/registry', 'src/pages/registry-page.tsx', true],
      ['/event/1', 'src/pages/event-page.tsx', true],
      ['/event/1/roster', 'src/pages/event-roster-page.tsx', false],
    ] as const;
    for (const [address, module, isRendered] of pages) {
      const html = await (await fetch(`${harness.baseUrl}${address}`)).text();
      const chunk = manifest[module];
      if (!chunk) throw new Error(`${module} is not in the manifest`);
      expect(html.includes('<script defer src="/after-paint.js"'), address).toBe(isRendered);
      if (isRendered) {
        expect(/data-modules="([^"]*)"/.exec(html)?.[1]?.split(' '), address).toContain(`/${chunk.file}`);
        for (const css of chunk.css ?? []) expect(html, address).toContain(`<link rel="stylesheet" crossorigin href="/${css}" media="print">`);
      } else {
        expect(html, address).toContain(`<link rel="modulepreload" crossorigin href="/${chunk.file}">`);
        for (const css of chunk.css ?? []) expect(html, address).toContain(`<link rel="preload" as="style" crossorigin href="/${css}">`);
      }
      const others = pages.filter(([, other]) => other !== module).map(([, other]) => manifest[other]?.file);
      for (const other of others) expect(html, address).not.toContain(`href="/${other}"`);
    }
  });

  it('fetches the chunk of the page while the entry is still loading, and shows the page', async () => {
    const manifest = readManifest();
    const entry = Object.values(manifest).find((chunk) => chunk.isEntry)?.file;
    const blog = manifest['src/pages/blog-page.tsx']?.file;
    if (!entry || !blog) throw new Error('The manifest lacks the entry or the blog page.');
    const page = await openPage(harness);
    // The entry arrives a second late: only a page named in the HTML is asked for meanwhile.
    let entryDone = false;
    await page.route(`**/${entry}`, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      await route.continue();
      entryDone = true;
    });
    let blogAskedEarly: boolean | undefined;
    page.on('request', (request) => {
      if (request.url().endsWith(`/${blog}`)) blogAskedEarly ??= !entryDone;
    });
    await visit(page, '/blog');
    await page.getByRole('heading', { level: 1, name: 'Photos' }).waitFor();
    expect(blogAskedEarly).toBe(true);
    await checkA11y(page);
    await visit(page, '/registry');
    await page.getByRole('heading', { level: 1, name: 'Car Registry' }).waitFor();
    await checkA11y(page);
    await page.context().close();
  });
});
