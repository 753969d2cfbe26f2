import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, openPage, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' } as const;
const PHONE = { width: 375, height: 667 } as const;
const THIS_YEAR = new Date().getFullYear();

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not on screen`);
  return box;
};

describe('pages after the polish', () => {
  it('copy e-mail list keeps the toolbar on one line and its message goes after a while', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/memberList');
    await page.getByRole('list', { name: 'Members' }).waitFor();
    const copy = page.getByRole('button', { name: 'Copy e-mail list' });
    await copy.click();
    const message = page.getByText(/^Copied \d+ e-mail addresses of enabled members/);
    await message.waitFor();
    const add = await page.getByRole('button', { name: 'Add Member' }).boundingBox();
    const copyBox = await copy.boundingBox();
    expect(copyBox?.width ?? Infinity).toBeLessThan(300);
    expect(Math.abs((add?.y ?? 0) - (copyBox?.y ?? 100))).toBeLessThan(2);
    expect(await page.getByText(/^\d+ members, \d+ of them enabled\. Page 1 of \d+\.$/).count()).toBe(1);
    await snapshot(page, 'member-list-toolbar-after-copy', { fullPage: false });
    await message.waitFor({ state: 'detached', timeout: 12_000 });
    await page.context().close();
  });

  for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
    it(`member cards break e-mail addresses only after the @ or before a dot of the name at ${viewport.width}px`, async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport });
    await page.goto('/memberList');
    await page.getByRole('list', { name: 'Members' }).waitFor();
    // Each line of every address link ends where the <wbr>s allow: after "@", or before a "." of the name.
    const badBreaks = await page.locator('.member-card a[href^="mailto:"]').evaluateAll((links) =>
      links.flatMap((link) => {
        const text = link.textContent ?? '';
        const range = document.createRange();
        const lineEnds: number[] = [];
        let lastTop: number | null = null;
        const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
        let offsetBase = 0;
        for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
          const length = node.textContent?.length ?? 0;
          for (let index = 0; index < length; index += 1) {
            range.setStart(node, index);
            range.setEnd(node, index + 1);
            const top = Math.round(range.getBoundingClientRect().top);
            if (lastTop !== null && top > lastTop + 2) lineEnds.push(offsetBase + index);
            lastTop = top;
          }
          offsetBase += length;
        }
        return lineEnds
          .filter((at) => !(text[at - 1] === '@' || (text[at] === '.' && at < text.indexOf('@'))))
          .map((at) => `${text.slice(0, at)} | ${text.slice(at)}`);
      }),
    );
    expect(badBreaks).toEqual([]);
    await page.getByRole('list', { name: 'Members' }).getByRole('listitem').nth(2).scrollIntoViewIfNeeded();
    await snapshot(page, `member-cards-emails-${viewport.width}`, { fullPage: false });
    await page.context().close();
  });
  }

  it('tech tables on a phone: no sideways scrolling, every note shown, captions above their rows', async () => {
    const page = await openPage(harness, { viewport: PHONE, hasTouch: true, isMobile: true });
    await page.goto('/tech-page');
    await page.getByRole('table').first().waitFor();
    const overflowing = await page.locator('.tech__scroll').evaluateAll((regions) =>
      regions.filter((region) => region.scrollWidth > region.clientWidth + 1).length,
    );
    expect(overflowing).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    const note = page.getByText('Avoid GL-5: its additives attack bronze parts');
    expect(await note.isVisible()).toBe(true);
    const noteBox = await note.boundingBox();
    expect((noteBox?.x ?? 0) + (noteBox?.width ?? Infinity)).toBeLessThanOrEqual(PHONE.width);
    const caption = await boxOf(page, 'caption');
    const firstRow = await boxOf(page, 'tbody tr');
    expect(caption.y).toBeLessThan(firstRow.y);
    await checkA11y(page);
    await snapshot(page, 'tech-tables-phone', { fullPage: false });
    await page.context().close();
  });

  it('board saved under a new year keeps the picture, with one Year control while editing', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await page.goto('/board-members');
    const current = page.getByRole('region', { name: `Officers and Board ${THIS_YEAR}` });
    await current.waitFor();
    const before = await current.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(before).toMatch(/url\(/);
    await page.getByRole('button', { name: 'Edit', exact: true }).click();
    expect(await page.getByLabel(/^Year/).count()).toBe(1);
    const editor = page.getByRole('form', { name: 'Edit the board' });
    await editor.getByLabel('Year').fill(String(THIS_YEAR + 3));
    await editor.getByRole('button', { name: 'Save' }).click();
    const saved = page.getByRole('region', { name: `Officers and Board ${THIS_YEAR + 3}` });
    await saved.waitFor();
    const after = await saved.evaluate((element) => getComputedStyle(element).backgroundImage);
    expect(after).toMatch(/url\(.*\/uploads\/board\//);
    await page.context().close();
  });

  it('Shaft Award: removing the image drops the older "Successfully Saved"', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await page.goto('/the-shaft-award');
    await page.getByRole('button', { name: /^Edit \d{4} winner$/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Shaft Award Winner' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Successfully Saved').waitFor();
    await editor.getByRole('button', { name: 'Remove image' }).click();
    await page.getByRole('dialog', { name: 'Remove image' }).getByRole('button', { name: 'Remove' }).click();
    await editor.getByText('Image removed.').waitFor();
    expect(await editor.getByText('Successfully Saved').count()).toBe(0);
    // The Remove image button is gone; focus stays in the dialog, on the photo picker.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.context().close();
  });

  it('the login form on a members-only page offers "Forgot your password?"', async () => {
    const page = await openPage(harness);
    await page.goto('/memberList');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByRole('button', { name: 'E-mail me a link' }).isVisible()).toBe(true);
    await page.context().close();
  });

  it('/links leads to the Links page', async () => {
    const page = await openPage(harness);
    await page.goto('/links');
    await page.waitForURL((url) => url.pathname === '/the-shaft-award-1');
    await page.getByRole('heading', { level: 1, name: 'Links' }).waitFor();
    await page.context().close();
  });

  it('serves a real robots.txt, not the app page', async () => {
    const reply = await fetch(`${harness.baseUrl}/robots.txt`);
    expect(reply.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await reply.text();
    expect(text).toContain('Disallow: /memberList');
    expect(text).toContain(`Sitemap: ${harness.baseUrl}/sitemap.xml`);
  });
});
