import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, CLUB_NAME, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, waitForHydration, type Harness } from './harness.ts';
import { collectErrors, isImageDrawn } from './steps.ts';

/**
 * `/` is prerendered at build time (src/prerender.tsx, scripts/prerender.mjs) and hydrated in the
 * browser (main.tsx). The harness runs the server with a CLUB_NAME other than the build's.
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const PHONE = { width: 390, height: 844 } as const;

/**
 * Before any script runs, notes the prerendered heading and watches for a loading state, so a
 * test can tell a hydrated page (the same elements, never a spinner) from one rendered again.
 */
async function watchFirstPaint(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const state = { heading: null as Element | null, sawLoading: false };
    (window as unknown as { firstPaint: typeof state }).firstPaint = state;
    document.addEventListener('DOMContentLoaded', () => {
      state.heading = document.querySelector('h1');
      new MutationObserver(() => {
        if (document.querySelector('#root .loading')) state.sawLoading = true;
      }).observe(document.body, { childList: true, subtree: true });
    });
  });
}

describe('the prerendered home page', () => {
  it('is in the HTML the server sends for /, with CLUB_NAME, and only for /', async () => {
    const home = await (await fetch(`${harness.baseUrl}/`)).text();
    expect(home).toContain(`<title>Home - ${CLUB_NAME}</title>`);
    expect(home).toMatch(new RegExp(`<h1 id="hero-title" class="hero__title">${CLUB_NAME}</h1>`));
    for (const card of ['Membership', 'Events', 'Photos']) expect(home).toContain(`<h2 class="promo__title">${card}</h2>`);
    expect(home).toContain('Member Login');
    expect(home).not.toContain('Gateway Region Classic Car Club');
    const other = await (await fetch(`${harness.baseUrl}/accessibility`)).text();
    expect(other).toContain('<div id="root"></div>');
    expect(other).not.toContain('hero-title');
  });

  it('shows its heading, promo cards and pictures without JavaScript', async () => {
    const page = await openPage(harness, { viewport: PHONE, javaScriptEnabled: false });
    await page.goto('/');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CLUB_NAME);
    const promos = page.getByRole('region', { name: 'Explore the club' });
    expect(await promos.getByRole('heading', { level: 2 }).allTextContents()).toEqual(['Membership', 'Events', 'Photos']);
    expect(await promos.getByRole('link', { name: /Join the club/ }).getAttribute('href')).toBe('/new-page');
    const hero = page.getByRole('img', { name: /Model A Tudor/ });
    expect(await isImageDrawn(hero)).toBe(true);
    // Styled: the home page's CSS applies before any script (the cards sit in a grid, not bare).
    expect(await promos.evaluate((element) => getComputedStyle(element).display)).toBe('grid');
    await snapshot(page, 'home-without-javascript-390');
    await page.context().close();
  });

  it('hydrates for a visitor without errors or a loading state, and then works', async () => {
    const page = await openPage(harness, { viewport: PHONE, hasTouch: true });
    const errors = collectErrors(page);
    await watchFirstPaint(page);
    await page.goto('/');
    await waitForHydration(page);
    // The header learns the page's name once React runs: hydration is done.
    await page.locator('.site-header__page-title', { hasText: 'Home' }).waitFor();
    const firstPaint = await page.evaluate(() => {
      const { heading, sawLoading } = (window as unknown as { firstPaint: { heading: Element | null; sawLoading: boolean } }).firstPaint;
      return { sameHeading: heading !== null && heading === document.querySelector('h1'), sawLoading };
    });
    expect(firstPaint).toEqual({ sameHeading: true, sawLoading: false });
    expect(errors).toEqual([]);
    // Once the lazy Photos picture is in, no stylesheet was appended after the inline CSS (which
    // would reorder the cascade): the links kept for print told Vite's loader they are there.
    await page.locator('.promo__photo').waitFor();
    expect(await page.locator('link[rel="stylesheet"]:not([media="print"])').count()).toBe(0);
    await snapshot(page, 'home-hydrated-390');

    // The Menu button answers, and a link navigates inside the app (no new document).
    await page.getByRole('button', { name: 'Menu' }).tap();
    expect(await page.getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe('true');
    await page.getByRole('button', { name: 'Close' }).tap();
    await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
    await page.getByRole('link', { name: 'Monthly meetings', exact: true }).tap();
    await page.waitForURL('**/new-page-1');
    await page.getByRole('heading', { level: 1 }).filter({ hasNotText: CLUB_NAME }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument)).toBe(true);
    expect(errors).toEqual([]);
    await page.goBack();
    await page.getByRole('heading', { level: 1, name: CLUB_NAME }).waitFor();
    // Last: axe's script tag is refused by the CSP, which logs an error (the harness then injects it another way).
    await checkA11y(page);
    await page.context().close();
  });

  it('opens the menu tapped while its scripts were still loading, once they have', async () => {
    const page = await openPage(harness, { viewport: PHONE, hasTouch: true });
    const errors = collectErrors(page);
    // The app's entry is held back until after the tap, as on a slow phone line.
    let releaseEntry: (value?: unknown) => void = () => undefined;
    const tapped = new Promise((resolve) => (releaseEntry = resolve));
    await page.route(/\/assets\/index[^/]*\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await page.goto('/');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    await toggle.tap();
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    releaseEntry();
    await waitForHydration(page);
    // Opened once, not toggled twice, and a group inside it answers the next tap at once.
    const close = page.getByRole('banner').getByRole('button', { name: 'Close' });
    await close.waitFor();
    expect(await close.getAttribute('aria-expanded')).toBe('true');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'History', exact: true }).tap();
    await nav.getByRole('link', { name: 'Our Founders', exact: true }).tap();
    await page.waitForURL('**/our-founders');
    expect(errors).toEqual([]);
    await page.context().close();
  });

  it('shows a logged-in member their own header on /', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport: PHONE });
    const errors = collectErrors(page);
    await watchFirstPaint(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'Menu' }).click();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Account', exact: true }).waitFor();
    expect(await nav.getByRole('link', { name: 'Member Login' }).count()).toBe(0);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(CLUB_NAME);
    expect(await page.evaluate(() => (window as unknown as { firstPaint: { sawLoading: boolean } }).firstPaint.sawLoading)).toBe(false);
    expect(errors).toEqual([]);
    await checkA11y(page);
    await page.context().close();
  });
});
