import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, visit, type Harness } from './harness.ts';

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
const readManifest = (): Manifest =>
  JSON.parse(fs.readFileSync(path.join(fileURLToPath(new URL('../dist', import.meta.url)), '.vite', 'manifest.json'), 'utf8')) as Manifest;

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

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
    await expect.poll(async () => (await page.getByRole('alert').textContent()) ?? '').toContain('This page could not be shown');
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

describe('what a page asks for first', () => {
  it("only / preloads the home page's picture, stylesheet and chunk", async () => {
    const home = await (await fetch(`${harness.baseUrl}/`)).text();
    expect(home).toContain('href="/images/hero-model-a.svg"');
    // The chunk loads after the paint: named in after-paint.js, beside the entry.
    expect(home).toMatch(/<script defer src="\/after-paint\.js" [^>]*data-modules="[^"]*\/assets\/home-page-[^"]+\.js/);
    for (const path of ['/contact', '/events', '/new-page-1']) {
      const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
      expect(html).not.toContain('hero-model-a');
      expect(html).not.toMatch(/<link rel="(?:modulepreload|preload)"[^>]*home-page-/);
    }
  });
});

/** Holds matching requests back for `ms`, as a very slow line does. */
async function slowDown(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

describe('a very slow or dropped connection', () => {
  it('shows "Loading…" at once on a first load, before the app has arrived', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await slowDown(page, /\/assets\/index-[^/]+\.js$/, 3000);
    const started = Date.now();
    await page.goto('/events', { waitUntil: 'commit' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await loading.waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    // Still before the app: nothing drawn into #root yet, and the status is what is on screen.
    expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    await snapshot(page, 'slow-first-load-390', { fullPage: false });
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading…', { exact: true }).filter({ visible: true }).count()).toBe(0);
    await page.context().close();
  });

  it('dims the page being left under "Loading the page…" while the next one is slow to arrive', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await slowDown(page, /\/assets\/meetings-page-[^/]+\.js$/, 2500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Monthly Meetings' }).tap();
    const status = page.getByRole('status').filter({ hasText: 'Loading the page…' });
    await status.waitFor({ timeout: 1500 });
    // Dimmed (after its short fade) while the next page is on its way.
    const opacityOfPage = () =>
      page
        .locator('#main-content > *')
        .first()
        .evaluate((element) => Number(getComputedStyle(element).opacity));
    await expect.poll(opacityOfPage, { timeout: 1000 }).toBeLessThan(0.6);
    await snapshot(page, 'slow-page-change-390', { fullPage: false });
    await page.getByRole('heading', { level: 1, name: /Monthly Meetings/ }).waitFor({ timeout: 20_000 });
    await checkA11y(page);
    expect(await status.count()).toBe(0);
    expect(
      await page
        .locator('#main-content > *')
        .first()
        .evaluate((element) => getComputedStyle(element).opacity),
    ).toBe('1');
    await page.context().close();
  });

  it('says "check your connection" when offline, and not when the server failed', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().setOffline(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Membership' }).tap();
    const alert = page.getByRole('alert');
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain('Check your connection');
    expect(await alert.innerText()).toBe('This page could not be loaded: the site could not be reached. Check your connection, then try again.');
    await snapshot(page, 'offline-page-390', { fullPage: false });

    await page.context().setOffline(false);
    await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).tap();
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain('reloading usually helps');
    expect(await alert.innerText()).not.toMatch(/connection/i);
    await page.context().close();
  });
});
