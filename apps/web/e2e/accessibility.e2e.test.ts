import { PUBLIC_PAGES } from '@club/contracts';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, CLUB_NAME, DEMO_ADMIN, openPage, openPageAs, startHarness, visit, type Harness } from './harness.ts';

/**
 * WCAG 2.2 AA checks axe cannot make, as the accessibility statement (/accessibility) describes
 * them: reflow at 320 CSS px (1.4.10: nothing scrolls sideways, which is also 1280 px at 400%
 * zoom) and text spacing (1.4.12: with the criterion's overrides applied, no text is cut off, no
 * text runs into other text, and still nothing scrolls sideways).
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const REFLOW_WIDTH = 320;

/** The overrides 1.4.12 names: line height 1.5, paragraphs 2 em apart, letters 0.12 em, words 0.16 em. */
const TEXT_SPACING = `
  * { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }
  p { margin-bottom: 2em !important; }
`;

/** Opens a page and waits until it has its heading and nothing in it is still loading. */
async function openAndSettle(page: Page, pathname: string): Promise<void> {
  await visit(page, pathname);
  await page.locator('main h1').first().waitFor();
  await page.locator('main .loading').first().waitFor({ state: 'detached' });
  // Pictures take their place in the layout once they have arrived (those loaded lazily hold theirs by their size).
  await page.waitForFunction(() => [...document.images].every((image) => image.complete || image.loading === 'lazy'));
}

type LayoutFaults = { scrollWidth: number; clipped: string[]; overlapping: string[] };

/**
 * What would fail reflow or text spacing on the page as it is drawn now: its width, text cut off
 * by a box too small for it (overflow hidden, or an ellipsis), and lines of text drawn over other
 * text. Text hidden on purpose (visually hidden labels, a closed fold) does not count.
 */
function findLayoutFaults(page: Page): Promise<LayoutFaults> {
  return page.evaluate(() => {
    // Cards out of sight are drawn only when scrolled to (content-visibility: auto, as the
    // registry's): draw everything, so every card's text is checked too.
    const drawAll = document.createElement('style');
    drawAll.textContent = '* { content-visibility: visible !important; }';
    document.head.append(drawAll);
    // Visually hidden text (for screen readers) is clipped to nothing on purpose.
    const isClippedAway = (element: Element) => {
      for (let at: Element | null = element; at; at = at.parentElement) {
        const style = getComputedStyle(at);
        if ((style.clip !== 'auto' && style.clip !== '') || style.clipPath.startsWith('inset(50%')) return true;
      }
      return false;
    };
    const isShown = (element: Element) =>
      element.checkVisibility({ visibilityProperty: true, contentVisibilityAuto: true }) && !element.closest('[aria-hidden="true"]') && !isClippedAway(element);
    const describe = (element: Element) =>
      `<${element.tagName.toLowerCase()} class="${element.className}"> "${(element.textContent ?? '').trim().slice(0, 40)}"`;

    const clipped: string[] = [];
    for (const element of document.querySelectorAll('body *')) {
      if (!(element instanceof HTMLElement) || !isShown(element) || !(element.textContent ?? '').trim()) continue;
      const style = getComputedStyle(element);
      const clips = [style.overflowX, style.overflowY].some((value) => value === 'hidden' || value === 'clip') || style.textOverflow === 'ellipsis';
      if (!clips || element.clientWidth < 4) continue;
      if (element.scrollWidth > element.clientWidth + 1 || element.scrollHeight > element.clientHeight + 1) clipped.push(describe(element));
    }

    const lines: { box: DOMRect; owner: Element }[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const owner = node.parentElement;
      if (!owner || !(node.textContent ?? '').trim() || !isShown(owner)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      for (const box of range.getClientRects()) if (box.width > 1 && box.height > 1) lines.push({ box, owner });
    }
    const overlapping: string[] = [];
    for (const [i, a] of lines.entries()) {
      for (const b of lines.slice(i + 1)) {
        const across = Math.min(a.box.right, b.box.right) - Math.max(a.box.left, b.box.left);
        const down = Math.min(a.box.bottom, b.box.bottom) - Math.max(a.box.top, b.box.top);
        if (across > 2 && down > 2) overlapping.push(`${describe(a.owner)} over ${describe(b.owner)}`);
      }
    }
    const faults = { scrollWidth: document.documentElement.scrollWidth, clipped, overlapping };
    drawAll.remove();
    return faults;
  });
}

/** Reflow, then text spacing, on each page in turn; every fault of every page in one failure. */
async function checkReflowAndSpacing(page: Page, pathnames: readonly string[]): Promise<void> {
  const faults: string[] = [];
  for (const pathname of pathnames) {
    await openAndSettle(page, pathname);
    const plain = await findLayoutFaults(page);
    if (plain.scrollWidth > REFLOW_WIDTH) faults.push(`${pathname}: ${plain.scrollWidth} px wide at ${REFLOW_WIDTH} px`);
    for (const fault of plain.clipped) faults.push(`${pathname}: cut off: ${fault}`);
    for (const fault of plain.overlapping) faults.push(`${pathname}: overlaps: ${fault}`);

    await page.addStyleTag({ content: TEXT_SPACING });
    await page.waitForFunction(() => document.fonts.status === 'loaded');
    const spaced = await findLayoutFaults(page);
    if (spaced.scrollWidth > REFLOW_WIDTH) faults.push(`${pathname} with text spacing: ${spaced.scrollWidth} px wide`);
    for (const fault of spaced.clipped) faults.push(`${pathname} with text spacing: cut off: ${fault}`);
    for (const fault of spaced.overlapping) faults.push(`${pathname} with text spacing: overlaps: ${fault}`);
  }
  expect(faults).toEqual([]);
}

describe('the accessibility statement', () => {
  it('is linked from the footer of every page and says the standard, the checks, the limits and how to report a problem', async () => {
    const page = await openPage(harness);
    await visit(page, '/new-page-1');
    await page.getByRole('contentinfo').getByRole('link', { name: 'Accessibility' }).click();
    await page.waitForURL('**/accessibility');
    await page.getByRole('heading', { level: 1, name: 'Accessibility Statement' }).waitFor();
    await page.waitForFunction((title) => document.title === title, `Accessibility - ${CLUB_NAME}`);
    const main = page.getByRole('main');
    for (const heading of ['The standard', 'How we checked', 'Known limits', 'Report a problem']) {
      await expect.poll(() => main.getByRole('heading', { level: 2, name: heading }).isVisible()).toBe(true);
    }
    expect(await main.textContent()).toMatch(/WCAG\) 2\.2 at level AA/);
    expect(await main.getByRole('link', { name: 'contact form' }).getAttribute('href')).toBe('/contact');
    await checkA11y(page);
    await page.context().close();
  });
});

describe(`reflow at ${REFLOW_WIDTH} px and WCAG text spacing`, () => {
  it('every public page fits, and keeps all its text whole with the spacing overrides', async () => {
    const page = await openPage(harness, { viewport: { width: REFLOW_WIDTH, height: 640 } });
    await checkReflowAndSpacing(page, [...PUBLIC_PAGES, '/search', '/login']);
    await page.context().close();
  }, 120_000);

  it('so do the member pages, an event, a thread, a photo post and the editors', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: { width: REFLOW_WIDTH, height: 640 } });
    const firstLink = async (listPath: string, prefix: string) => {
      await visit(page, listPath);
      const link = page.locator(`main a[href^="${prefix}"]`).first();
      await link.waitFor();
      return new URL((await link.getAttribute('href')) ?? '', harness.baseUrl).pathname;
    };
    const event = await firstLink('/new-events', '/event/');
    const thread = await firstLink('/forum', '/forum/');
    const post = await firstLink('/blog', '/blog/');
    await checkReflowAndSpacing(page, [
      '/account',
      '/events',
      event,
      '/new-events',
      '/new-page-4',
      '/memberList',
      '/forum',
      thread,
      post,
      '/registry',
      '/editEvent/0',
      '/editBlog/0',
    ]);
    await page.context().close();
  }, 120_000);

  it('keyboard focus is never hidden under the sticky phone header, tabbing down or back up (2.4.11)', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: { width: 375, height: 667 } });
    await openAndSettle(page, '/memberList');
    const hidden: string[] = [];
    const check = async (key: string) => {
      await page.keyboard.press(key);
      const under = await page.evaluate(() => {
        const focused = document.activeElement;
        const header = document.querySelector('.site-header');
        if (!focused || !header || header.contains(focused) || focused.matches('.skip-link')) return undefined;
        const box = focused.getBoundingClientRect();
        // Wholly under the header: nothing of the focused control can be seen.
        return box.bottom <= header.getBoundingClientRect().bottom + 1 ? (focused.textContent ?? '').trim().slice(0, 40) : undefined;
      });
      if (under !== undefined) hidden.push(`${key}: ${under}`);
    };
    for (let i = 0; i < 30; i += 1) await check('Tab');
    for (let i = 0; i < 30; i += 1) await check('Shift+Tab');
    expect(hidden).toEqual([]);
    await page.context().close();
  }, 120_000);
});
