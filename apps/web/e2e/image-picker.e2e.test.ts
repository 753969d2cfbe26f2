import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg, makePng } from '../../api/test/images.ts';
import { checkA11y, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

/**
 * One styled picker. The browser's bare "Choose File / No file chosen" is
 * hidden behind a styled button that a finger can tap; the picker says what is chosen, and a
 * refused file in a batch is named with its reason while the others are kept. At 390 px with
 * touch, where it was seen.
 */

let harness: Harness;
let photo: Buffer;
let png: Buffer;

beforeAll(async () => {
  harness = await startHarness();
  photo = await makeJpeg(800, 600);
  png = await makePng(40, 30);
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };
const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' };
/** One byte over the most the server takes (15 MB). */
const TOO_LARGE = Buffer.alloc(15 * 1024 * 1024 + 1);

/** The browser's own file control takes no room on screen, so its "No file chosen" cannot show. */
async function expectNativeControlHidden(input: Locator): Promise<void> {
  const box = await input.boundingBox();
  expect(box === null || (box.width <= 1 && box.height <= 1), `the native file input is ${box?.width}×${box?.height} px`).toBe(true);
}

/** Taps the styled button and answers the browser's file chooser. */
async function tapAndChoose(page: Page, button: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
  const [chooser] = await Promise.all([page.waitForEvent('filechooser'), button.tap()]);
  await chooser.setFiles(files);
}

/** The focused control draws a visible ring on its styled button. */
async function expectFocusRingOn(button: Locator): Promise<void> {
  const outline = await button.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe('none');
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

describe('the image picker', () => {
  it('forum: tapping the styled button adds pictures, names each refused file and keeps the others', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum');
    await page.getByRole('button', { name: 'New thread' }).tap();
    const dialog = page.getByRole('dialog', { name: 'New thread' });
    await dialog.getByLabel('Title').fill('Picker on a phone');
    await dialog.getByLabel('Description').fill('Two pictures of the carburettor.');

    const input = dialog.getByLabel(/Pictures \(JPEG/);
    await expectNativeControlHidden(input);
    const button = dialog.locator('label', { hasText: /^Choose pictures$/ });
    expect((await button.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await dialog.getByText('None chosen yet (up to 10).').waitFor();

    await tapAndChoose(page, button, [
      { name: 'front.jpg', mimeType: 'image/jpeg', buffer: photo },
      { name: 'notes.png', mimeType: 'image/png', buffer: png },
      { name: 'huge.jpg', mimeType: 'image/jpeg', buffer: TOO_LARGE },
      { name: 'side.jpg', mimeType: 'image/jpeg', buffer: photo },
    ]);
    await dialog.getByText('2 of 10 chosen.', { exact: true }).waitFor();
    const refusals = dialog.getByRole('alert');
    expect(await refusals.getByRole('listitem').allTextContents()).toEqual([
      '“notes.png” was not added. Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.',
      '“huge.jpg” was not added. That file is too large. Please choose a smaller one (at most 15 MB).',
    ]);
    const chosen = dialog.getByRole('list', { name: 'Chosen pictures' });
    await expect.poll(() => chosen.getByRole('img').count()).toBe(2);
    expect(await chosen.getByRole('img', { name: 'Picture 2 of 2: side.jpg' }).isVisible()).toBe(true);
    await expectNativeControlHidden(input);
    await checkA11y(page);
    await snapshot(page, 'image-picker-forum-390', { fullPage: false });

    // By keyboard: Tab from the description reaches the control, and its button shows the focus.
    await dialog.getByLabel('Description').focus();
    await page.keyboard.press('Tab');
    expect(await input.evaluate((element) => element === document.activeElement)).toBe(true);
    await expectFocusRingOn(dialog.locator('label', { hasText: /^Add more pictures$/ }));

    await page.setViewportSize({ width: 1280, height: 900 });
    await expectNativeControlHidden(input);
    await snapshot(page, 'image-picker-forum-1280', { fullPage: false });
    await page.setViewportSize(PHONE.viewport);

    await dialog.getByRole('button', { name: 'Start thread' }).tap();
    await page.waitForURL(/\/forum\/\d+$/);
    const thread = page.getByRole('article', { name: 'Picker on a phone' });
    await thread.getByRole('button', { name: 'Open picture 2 of 2' }).waitFor();
    await page.context().close();
  });

  it('single picture: says what is chosen, and names a refused file', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password, PHONE);
    await page.goto('/the-shaft-award');
    await page.getByRole('button', { name: 'Add Winner' }).tap();
    const dialog = page.getByRole('dialog', { name: 'Add Shaft Award Winner' });
    await dialog.getByLabel('Name').fill('Picker Winner');

    const input = dialog.getByLabel('Photo (JPEG)');
    await expectNativeControlHidden(input);
    await dialog.getByText('No image chosen.', { exact: true }).waitFor();
    const button = dialog.locator('label', { hasText: /^Choose an image$/ });

    await tapAndChoose(page, button, [{ name: 'winner.png', mimeType: 'image/png', buffer: png }]);
    await dialog
      .getByRole('alert')
      .filter({ hasText: '“winner.png” was not added. Please choose a JPEG photo (.jpg or .jpeg); other file types are not accepted.' })
      .waitFor();
    await dialog.getByText('No image chosen.', { exact: true }).waitFor();

    await tapAndChoose(page, button, [{ name: 'winner.jpg', mimeType: 'image/jpeg', buffer: photo }]);
    await dialog.getByText(/^Chosen: winner\.jpg \(\d+ KB\)\.$/).waitFor();
    expect(await dialog.getByText('“winner.png” was not added', { exact: false }).count()).toBe(0);
    await dialog.getByRole('img', { name: 'The photo you chose' }).waitFor();
    await expectNativeControlHidden(input);
    await checkA11y(page);
    await snapshot(page, 'image-picker-single-390', { fullPage: false });
    await page.context().close();
  });
});
