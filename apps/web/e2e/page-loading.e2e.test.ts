import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, openPage, startHarness, visit, type Harness } from './harness.ts';

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
      .poll(async () => (await page.getByRole('alert').textContent()) ?? '', { timeout: 10_000 })
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
});
