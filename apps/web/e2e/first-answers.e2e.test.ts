import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPage, openPageAs, startHarness, visit, type Harness } from './harness.ts';
import { collectErrors } from './steps.ts';

/**
 * A visitor's data pages arrive with the answers of their first reads in the HTML
 * (apps/api/src/http/first-answers.ts), and the app puts them in its query cache before the page
 * renders (src/api/first-answers.ts): the page draws its content without a call for it.
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** Every call the page makes, by name (`/api/blog.page.php` → `blog.page`), with its payload. */
function watchCalls(page: Page): { name: string; body: string }[] {
  const calls: { name: string; body: string }[] = [];
  page.on('request', (request) => {
    const match = /\/api\/(.+)\.php$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) calls.push({ name: match[1], body: request.postData() ?? '' });
  });
  return calls;
}

/**
 * Notes, from before any script runs, every loading label of the page's data it ever shows. The
 * header's "Loading the page…" (its code arriving late on a busy machine) is not about the data.
 */
async function watchLoadingLabels(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (/Loading \w/.test(text) && !text.includes('Loading the page') && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const loadingSeen = (page: Page) => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);

/** What a post's title tries: end the data block, run a script, open a comment. */
const HOSTILE_TITLE = `</script><script>window.brokeOut = 1</script><!-- <img src=x onerror="window.brokeOut = 2"> “A”`;

async function savePost(title: string): Promise<void> {
  const token = await harness.sessionToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const form = new FormData();
  form.append('id', '0');
  form.append('g', token);
  form.append('t', title);
  form.append('date', new Date().toISOString().slice(0, 10));
  form.append('entries', JSON.stringify([{ h: `${title}\n\nTwelve cars left Kirkwood at nine.` }]));
  const res = await fetch(`${harness.baseUrl}/api/blog.save.php`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a visitor's data pages draw with the answers they arrived with", () => {
  it('draws /blog with no call for its posts, a hostile title as text, and no script let out', async () => {
    await savePost(HOSTILE_TITLE);
    const page = await openPage(harness);
    const calls = watchCalls(page);
    const errors = collectErrors(page);
    await watchLoadingLabels(page);
    await visit(page, '/blog');
    await page.getByRole('heading', { level: 2, name: HOSTILE_TITLE }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter(({ name }) => name === 'blog.page')).toEqual([]);
    expect(await loadingSeen(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { brokeOut?: number }).brokeOut)).toBeUndefined();
    expect(await page.getByText('Twelve cars left Kirkwood at nine.').count()).toBe(1);
    // The data blocks are read once and removed.
    expect(await page.locator('script.first-answer').count()).toBe(0);
    expect(errors).toEqual([]);
    await checkA11y(page);

    // Page 2 came with nothing: it asks for its posts.
    await page.getByRole('link', { name: /Next|Older/ }).first().click();
    await expect.poll(() => calls.filter(({ name }) => name === 'blog.page').map(({ body }) => JSON.parse(body) as unknown)).toEqual([{ page: 2 }]);
    await page.context().close();
  });

  it('draws the registry, the classifieds and a search with no call for their first answers', async () => {
    const pages = [
      { address: '/registry', reads: ['cars.list', 'cars.stats', 'bodyStyles.get'], content: '.car-grid li' },
      { address: '/classifieds', reads: ['listings.list'], content: '.listing-grid li' },
      { address: '/search?q=ford', reads: ['site.search'], content: '.search-group' },
    ];
    for (const { address, reads, content } of pages) {
      const page = await openPage(harness);
      const calls = watchCalls(page);
      await watchLoadingLabels(page);
      await visit(page, address);
      await page.locator(content).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(calls.filter(({ name }) => reads.includes(name)), address).toEqual([]);
      expect(await loadingSeen(page), address).toEqual([]);
      await checkA11y(page);
      await page.context().close();
    }
  });

  it("gives a member their own registry, not the visitor's answer the page arrived with", async () => {
    const token = await harness.sessionToken(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const calls = watchCalls(page);
    const html = await (await fetch(`${harness.baseUrl}/registry`)).text();
    expect(html).toContain('data-call="cars.list"');
    await visit(page, '/registry');
    await page.locator('.car-grid li').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The registry's answers depend on who asks: each is asked for with the member's session.
    for (const read of ['cars.list', 'cars.stats']) {
      expect(calls.filter(({ name }) => name === read).map(({ body }) => (JSON.parse(body) as { g?: string }).g), read).toEqual([token]);
    }
    await page.context().close();
  });
});
