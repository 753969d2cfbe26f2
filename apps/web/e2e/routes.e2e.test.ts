import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILE_KIND_MESSAGES } from '@club/contracts/plain';
import { checkA11y, DEMO_MEMBER, openPage, openPageAs, serverDatabase, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { boxOf, scrollsSideways } from './steps.ts';

const ORGANISER = { email: 'events@example.org', password: 'demo-events-1' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
/** A tile server that is not there: the tests have no network, and the map must still draw. */
const NO_TILES = { MAP_TILE_URL: 'http://127.0.0.1:9/{z}/{x}/{y}.png', MAP_TILE_ATTRIBUTION: 'Tiles © Offline Test Maps' };

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness({ env: NO_TILES });
});
afterAll(async () => {
  await harness?.close();
});

/** A 60-mile tour west from Kirkwood as a phone's mapping app saves it: a track, and five named route points on it. */
function sixtyMileGpx(): Buffer {
  const points = Array.from({ length: 241 }, (_, i) => ({ lat: 38.58 + Math.sin(i / 20) * 0.01, lon: -90.41 - i * 0.00462 }));
  const names = ['Leave the church lot', 'R on Hwy 109', 'L on Old State Rd', 'Straight at the 4-way stop', 'Arrive at the diner'];
  const rtepts = names.map((name, k) => {
    const point = points[k * 60] as { lat: number; lon: number };
    return `<rtept lat="${point.lat}" lon="${point.lon}"><name>${name}</name></rtept>`;
  });
  const trkpts = points.map((p) => `<trkpt lat="${p.lat}" lon="${p.lon}"><ele>160</ele></trkpt>`);
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<gpx version="1.1" creator="Phone Maps" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>Sixty-mile fall tour</name></metadata><rte>${rtepts.join('')}</rte><trk><trkseg>${trkpts.join('\n')}</trkseg></trk></gpx>`,
  );
}

/** What a database row says, read from the server's file. */
function queryOne<T>(sql: string, ...params: unknown[]): T {
  const db = serverDatabase(harness);
  try {
    return db.prepare(sql).get(...params) as T;
  } finally {
    db.close();
  }
}

const stepCards = (page: Page) => page.locator('.step-edit');
const instructionsOf = (page: Page) =>
  stepCards(page)
    .locator('input[id$="-instruction"]')
    .evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));

/** The map has drawn the route: the line across it, and a numbered marker per step with coordinates. */
async function expectRouteDrawn(page: Page, markers: number): Promise<void> {
  const map = page.getByRole('region', { name: /^Map of / });
  const line = map.locator('.route-map-line');
  await line.waitFor();
  // Fitted with 24 px to spare: the line spans most of the map one way or the other, not a dot.
  const [lineBox, mapBox] = [await line.boundingBox(), await map.boundingBox()];
  if (!lineBox || !mapBox) throw new Error('the map or its line has no box');
  expect(Math.max(lineBox.width / mapBox.width, lineBox.height / mapBox.height)).toBeGreaterThan(0.5);
  expect(await map.locator('.route-marker').count()).toBe(markers);
  expect(await map.locator('.route-marker').first().textContent()).toBe('1');
  // No tile server answers here: the tiles are asked for, none ever loads, and the route shows on the plain background.
  expect(await map.locator('.leaflet-tile').count()).toBeGreaterThan(0);
  expect(await map.locator('.leaflet-tile-loaded').count()).toBe(0);
  expect(await map.locator('.leaflet-control-attribution').textContent()).toContain('Tiles © Offline Test Maps');
}

/** Where a marker's centre is on the page. */
async function centreOf(marker: Locator): Promise<{ x: number; y: number }> {
  const box = await marker.boundingBox();
  if (!box) throw new Error('the marker has no box');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/** Drags with a finger: touch events through the DevTools protocol, as a phone sends them. */
async function dragByTouch(page: Page, handle: Locator, target: Locator): Promise<void> {
  // A finger only reaches what is on the screen: the handle near the top, the target below it.
  const start0 = await handle.boundingBox();
  if (!start0) throw new Error('nothing to drag');
  await page.evaluate((by) => window.scrollBy(0, by), start0.y - 140);
  const from = await handle.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error('nothing to drag');
  const cdp = await page.context().newCDPSession(page);
  const start = { x: from.x + from.width / 2, y: from.y + from.height / 2 };
  const end = { x: start.x, y: to.y + to.height * 0.75 };
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
  for (let k = 1; k <= 10; k += 1) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: start.x, y: start.y + ((end.y - start.y) * k) / 10 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

describe('route books', () => {
  it('lets an organiser import a 60-mile GPX, add stops and notes, reorder by keyboard, attach it to a tour and print it (1280 px)', async () => {
    const page = await openPageAs(harness, ORGANISER.email, ORGANISER.password);
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      // The axe checker's own inline script is refused by design; the map's images and styles must not be.
      if (/Content Security Policy/i.test(message.text()) && /img-src|style-src|connect-src/.test(message.text())) cspErrors.push(message.text());
    });

    // The library, then a new route from the GPX file.
    await visit(page, '/routes');
    await page.getByRole('link', { name: 'Highway 100 to Hermann' }).waitFor();
    await checkA11y(page);
    await page.getByRole('link', { name: 'New route' }).click();
    await page.getByRole('heading', { level: 1, name: 'New Route' }).waitFor();
    await checkA11y(page);
    await page.getByLabel('GPX file', { exact: true }).setInputFiles({ name: 'fall-tour.gpx', mimeType: 'application/gpx+xml', buffer: sixtyMileGpx() });
    await page.getByRole('button', { name: 'Import' }).click();
    await page.waitForURL(/\/routes\/[1-9]\d*\/edit$/);
    const routeId = Number(/\/routes\/(\d+)\/edit$/.exec(page.url())?.[1]);
    await page.getByRole('heading', { level: 1, name: 'Edit Route' }).waitFor();
    expect(await page.locator('[name="title"]').inputValue()).toBe('Sixty-mile fall tour');
    await stepCards(page).nth(4).waitFor();
    expect(await instructionsOf(page)).toEqual([
      'Leave the church lot',
      'R on Hwy 109',
      'L on Old State Rd',
      'Straight at the 4-way stop',
      'Arrive at the diner',
    ]);
    const lastAt = Number(await stepCards(page).nth(4).getByLabel('At (mi from start)').inputValue());
    expect(lastAt).toBeGreaterThan(59);
    expect(lastAt).toBeLessThan(61);

    // Three stops and two notes; a sixth step typed by its leg.
    await stepCards(page).nth(1).getByLabel('Stop').selectOption('fuel');
    await stepCards(page).nth(1).getByLabel('Note').fill('Non-ethanol at pump 6');
    await stepCards(page).nth(2).getByLabel('Note').fill('Narrow bridge, stay in low gear');
    await stepCards(page).nth(4).getByLabel('Stop').selectOption('food');
    await page.getByRole('button', { name: 'Add a step' }).click();
    await stepCards(page).nth(5).getByLabel('Step 6: instruction').fill('Rest rooms at the city park');
    await stepCards(page).nth(5).getByLabel('Leg (mi)').fill('0.4');
    await stepCards(page).nth(5).getByLabel('Stop').selectOption('restroom');
    expect(Number(await stepCards(page).nth(5).getByLabel('At (mi from start)').inputValue())).toBeCloseTo(lastAt + 0.4, 2);

    // Reorder with the keyboard alone: the handle keeps the focus, and a screen reader hears where it went.
    await page.getByRole('button', { name: /^Step 3 of 6:/ }).focus();
    await page.keyboard.press('ArrowUp');
    await page.getByRole('status').filter({ hasText: 'Step 3 moved to position 2 of 6.' }).waitFor({ state: 'attached' });
    expect(await instructionsOf(page)).toEqual([
      'Leave the church lot',
      'L on Old State Rd',
      'R on Hwy 109',
      'Straight at the 4-way stop',
      'Arrive at the diner',
      'Rest rooms at the city park',
    ]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toMatch(/^Step 2 of 6:/);
    // The odometer now goes back at step 3: the editor says so, and Undo puts the order back.
    await page
      .getByRole('alert')
      .filter({ hasText: /Step 3 is at .* before step 2/ })
      .waitFor();
    await checkA11y(page);
    await snapshot(page, 'routes-editor-1280');
    await page.getByRole('button', { name: 'Undo last change' }).click();
    await expect
      .poll(() => instructionsOf(page))
      .toEqual([
        'Leave the church lot',
        'R on Hwy 109',
        'L on Old State Rd',
        'Straight at the 4-way stop',
        'Arrive at the diner',
        'Rest rooms at the city park',
      ]);
    await page.getByRole('button', { name: 'Save route' }).click();
    await page.getByText('Successfully Saved').waitFor();

    // Its page: the map draws without tiles, the steps and stops are listed.
    const tileRequest = page.waitForRequest((request) => request.url().startsWith('http://127.0.0.1:9/'));
    await page.getByRole('link', { name: 'View the route' }).click();
    await page.getByRole('heading', { level: 1, name: 'Sixty-mile fall tour' }).waitFor();
    await expectRouteDrawn(page, 5);
    // A tile server (OpenStreetMap's asks for it) learns which site the tiles are for: the origin, never the page.
    expect((await tileRequest).headers()['referer']).toBe(`${harness.baseUrl}/`);
    expect(await page.getByRole('region', { name: 'Stops' }).textContent()).toContain('Rest room: Rest rooms at the city park');
    await checkA11y(page);
    await snapshot(page, 'routes-route-offline-map-1280');
    // The map moves: focused, an arrow key pans it 80 px; Zoom in spreads the markers twice as far
    // apart; a drag with the mouse carries the route with the pointer; a double click zooms in on
    // its point. The wheel scrolls the page.
    const map = page.getByRole('region', { name: /^Map of / });
    const [first, last] = [map.locator('.route-marker').first(), map.locator('.route-marker').last()];
    await map.focus();
    const start = await centreOf(first);
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await centreOf(first)).x - start.x).toBeCloseTo(80, 1);
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => (await centreOf(first)).y - start.y).toBeCloseTo(80, 1);
    const apart = async () => {
      const [a, b] = [await centreOf(first), await centreOf(last)];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const before = await apart();
    await map.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await apart()) / before).toBeCloseTo(2, 2);
    await map.getByRole('button', { name: 'Zoom out' }).click();
    await expect.poll(async () => (await apart()) / before).toBeCloseTo(1, 2);
    // Leaflet's zoom animation has ended: the markers are where they stay.
    await expect.poll(() => map.evaluate((element) => element.classList.contains('leaflet-zoom-anim'))).toBe(false);
    const grabbed = await centreOf(first);
    const mapBox = await map.boundingBox();
    if (!mapBox) throw new Error('the map has no box');
    await page.mouse.move(mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(mapBox.x + mapBox.width / 2 - 60, mapBox.y + mapBox.height / 2 + 30, { steps: 5 });
    await page.mouse.up();
    const dropped = await centreOf(first);
    expect(dropped.x - grabbed.x).toBeCloseTo(-60, 1);
    expect(dropped.y - grabbed.y).toBeCloseTo(30, 1);
    const unzoomed = await apart();
    // The wheel over the map scrolls the page (the map does not take it): once the page has
    // scrolled, the wheel has been handled, and the markers are as far apart as before.
    const scrolledBefore = await page.evaluate(() => window.scrollY);
    await page.mouse.wheel(0, 200);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolledBefore);
    expect(await apart()).toBeCloseTo(unzoomed, 3);
    // A double click zooms in on its point, which stays under the pointer: a marker twice as far from it.
    const box = await map.boundingBox();
    if (!box) throw new Error('the map has no box');
    const aim = { x: Math.round(box.x + box.width / 3), y: Math.round(box.y + box.height / 2) };
    const from = await centreOf(first);
    await page.mouse.dblclick(aim.x, aim.y);
    await expect.poll(async () => (await apart()) / unzoomed).toBeCloseTo(2, 2);
    const to = await centreOf(first);
    // Leaflet places a marker on whole pixels, so each may be one pixel off the exact double.
    expect(Math.abs(to.x - aim.x - 2 * (from.x - aim.x))).toBeLessThanOrEqual(1.5);
    expect(Math.abs(to.y - aim.y - 2 * (from.y - aim.y))).toBeLessThanOrEqual(1.5);

    // On a tour: the event page takes it from the library.
    const event = queryOne<{ id: number }>("SELECT id FROM events WHERE title = 'Ice Cream Social' ORDER BY start DESC LIMIT 1");
    const rider = queryOne<{ id: number; phone: string }>("SELECT id, phone FROM members WHERE phone <> '' ORDER BY id LIMIT 1");
    const db = serverDatabase(harness);
    db.prepare('INSERT OR REPLACE INTO attendance (event_id, member_id, is_attending, total, comments) VALUES (?, ?, 1, 2, ?)').run(event.id, rider.id, '');
    db.close();
    await visit(page, `/event/${event.id}`);
    const panel = page.getByRole('region', { name: 'Route book' });
    await panel.getByText('No route book for this event yet.').waitFor();
    await panel.getByRole('option', { name: /Sixty-mile fall tour/ }).waitFor({ state: 'attached' });
    await panel.getByLabel('Route for this event').selectOption(String(routeId));
    expect(await panel.getByLabel('Route for this event').inputValue()).toBe(String(routeId));
    await panel.getByRole('button', { name: 'Use this route' }).click();
    await panel.getByText('Successfully Saved').waitFor();
    await panel.getByRole('link', { name: 'Sixty-mile fall tour' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'routes-event-panel-1280');

    // The printed book: large type, the phone list of the day, one or two Letter pages.
    await panel.getByRole('link', { name: 'Print route book' }).click();
    await page.waitForURL(`**/routes/${routeId}/book?event=${event.id}`);
    await page.getByRole('heading', { name: 'Phone list for the day' }).waitFor();
    await page.locator('.route-phones').getByRole('link', { name: rider.phone }).waitFor();
    await expectRouteDrawn(page, 5);
    await checkA11y(page);
    await snapshot(page, 'routes-book-1280');
    // Opened by its address, not from the event page, it is as styled (it loads the route pages'
    // stylesheet itself): the map has its height and draws the route.
    await page.reload();
    await page.getByRole('heading', { name: 'Phone list for the day' }).waitFor();
    await expectRouteDrawn(page, 5);
    await page.emulateMedia({ media: 'print' });
    const sizes = await page
      .locator('.route-steps td, .route-phones td, .route-book__facts')
      .evaluateAll((cells) => cells.map((cell) => parseFloat(getComputedStyle(cell).fontSize)));
    // 14 pt is 18.67 CSS pixels.
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(18.6);
    expect(await page.locator('.site-header').isVisible()).toBe(false);
    const pdf = await page.pdf({ format: 'Letter', printBackground: true });
    const pages = pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
    expect(pages.length).toBeGreaterThanOrEqual(1);
    expect(pages.length).toBeLessThanOrEqual(2);
    const dir = process.env.E2E_SCREENSHOT_DIR;
    if (dir) writeFileSync(path.join(dir, 'routes-book.pdf'), pdf);
    // The same book as the server's PDF: one or two Letter pages, with the phone list of the day.
    await page.emulateMedia({ media: 'screen' });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe('sixty-mile-fall-tour.pdf');
    const served = readFileSync(await download.path());
    expect(served.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const servedPages = served.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
    expect(servedPages.length).toBeGreaterThanOrEqual(1);
    expect(servedPages.length).toBeLessThanOrEqual(2);
    if (dir) writeFileSync(path.join(dir, 'routes-book-server.pdf'), served);
    expect(cspErrors).toEqual([]);
    await page.context().close();
  });

  it('lets a member download the GPX from a tour’s page, and an organiser reorder steps with a finger (390 px, touch)', async () => {
    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    const tour = queryOne<{ id: number }>("SELECT id FROM events WHERE title = 'Wildflower Tour to Hermann' ORDER BY start DESC LIMIT 1");
    await visit(member, `/event/${tour.id}`);
    const panel = member.getByRole('region', { name: 'Route book' });
    await panel.getByRole('link', { name: 'Highway 100 to Hermann' }).waitFor();
    expect(await panel.getByLabel('Route for this event').count()).toBe(0);
    await checkA11y(member);
    const [download] = await Promise.all([member.waitForEvent('download'), panel.getByRole('button', { name: 'Download GPX' }).tap()]);
    expect(download.suggestedFilename()).toBe('highway-100-to-hermann.gpx');
    const gpx = readFileSync(await download.path(), 'utf8');
    expect(gpx).toContain('<gpx version="1.1"');
    expect(gpx).toContain('<name>Lunch at Stone Hill Winery, 1110 Stone Hill Hwy</name>');
    expect(gpx.match(/<rtept /g)).toHaveLength(18);
    await panel.getByRole('link', { name: 'Highway 100 to Hermann' }).tap();
    await member.getByRole('heading', { level: 1, name: 'Highway 100 to Hermann' }).waitFor();
    await expectRouteDrawn(member, 18);
    // The map's zoom buttons are a finger's size (30 px with a mouse).
    for (const name of ['Zoom in', 'Zoom out']) {
      const box = await member.getByRole('button', { name }).boundingBox();
      expect({ name, width: box?.width, height: box?.height }).toEqual({ name, width: 44, height: 44 });
    }
    // The route book as a PDF from its page, with a tap.
    const [pdf] = await Promise.all([member.waitForEvent('download'), member.getByRole('button', { name: 'Download PDF' }).tap()]);
    expect(pdf.suggestedFilename()).toBe('highway-100-to-hermann.pdf');
    expect(
      readFileSync(await pdf.path())
        .subarray(0, 5)
        .toString('latin1'),
    ).toBe('%PDF-');
    expect(await scrollsSideways(member)).toBe(false);
    expect((await member.getByRole('link', { name: '← All route books' }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    await checkA11y(member);
    await snapshot(member, 'routes-route-390');
    // One finger on the map pans it, not the page.
    const map = member.getByRole('region', { name: /^Map of / });
    const marker = map.locator('.route-marker').first();
    await map.scrollIntoViewIfNeeded();
    const [mapBox, touched, scrolled] = [await map.boundingBox(), await centreOf(marker), await member.evaluate(() => window.scrollY)];
    if (!mapBox) throw new Error('the map has no box');
    const cdp = await member.context().newCDPSession(member);
    const from = { x: mapBox.x + mapBox.width / 2, y: mapBox.y + mapBox.height / 2 };
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
    for (let k = 1; k <= 10; k += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x - 5 * k, y: from.y - 8 * k }] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const panned = await centreOf(marker);
    expect([Math.round(panned.x - touched.x), Math.round(panned.y - touched.y)]).toEqual([-50, -80]);
    expect(await member.evaluate(() => window.scrollY)).toBe(scrolled);
    // Two fingers spread twice as far apart zoom in by one: the markers twice as far apart.
    const apart = async () => {
      const [a, b] = [await centreOf(marker), await centreOf(map.locator('.route-marker').nth(4))];
      return Math.hypot(a.x - b.x, a.y - b.y);
    };
    const pinched = await apart();
    const fingers = (gap: number) => [
      { x: from.x - gap, y: from.y, id: 1 },
      { x: from.x + gap, y: from.y, id: 2 },
    ];
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(40) });
    for (let k = 1; k <= 8; k += 1) await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: fingers(40 + 5 * k) });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    expect((await apart()) / pinched).toBeCloseTo(2, 1);
    expect(await member.evaluate(() => window.scrollY)).toBe(scrolled);
    await member.context().close();

    const organiser = await openPageAs(harness, ORGANISER.email, ORGANISER.password, PHONE);
    const hermann = queryOne<{ id: number }>("SELECT id FROM routes WHERE title = 'Highway 100 to Hermann'");
    await visit(organiser, `/routes/${hermann.id}/edit`);
    await stepCards(organiser).nth(17).waitFor();
    // On a phone: the import comes before the steps, each step is compact, its buttons a finger's size.
    const importBox = await organiser.getByRole('region', { name: 'Import a GPX file' }).boundingBox();
    expect(importBox?.y ?? Infinity).toBeLessThan((await stepCards(organiser).first().boundingBox())?.y ?? 0);
    expect((await stepCards(organiser).nth(1).boundingBox())?.height ?? Infinity).toBeLessThan(400);
    for (const name of ['Move step 2 up', 'Move step 2 down']) {
      const box = await organiser.getByRole('button', { name }).boundingBox();
      expect(Math.min(box?.width ?? 0, box?.height ?? 0), name).toBeGreaterThanOrEqual(44);
    }
    // A distance that goes back is told at its step, where the finger is.
    const fourth = stepCards(organiser).nth(3);
    await fourth.getByLabel('At (mi from start)').fill('1');
    await fourth.getByRole('alert').filter({ hasText: 'Step 4 is at 1 mi, before step 3' }).waitFor();
    await organiser.getByRole('button', { name: 'Undo last change' }).tap();
    await expect.poll(() => fourth.getByRole('alert').count()).toBe(0);
    const before = await instructionsOf(organiser);
    await dragByTouch(organiser, organiser.getByRole('button', { name: /^Step 2 of 18:/ }), stepCards(organiser).nth(2));
    await organiser.getByRole('status').filter({ hasText: 'Step 2 moved to position 3 of 18.' }).waitFor({ state: 'attached' });
    const after = await instructionsOf(organiser);
    expect(after.slice(0, 4)).toEqual([before[0], before[2], before[1], before[3]]);
    // A tap on Undo right after a drag released in motion: Chrome used to take the drag for a
    // fling and swallow this tap as the one that stops it.
    await organiser.getByRole('button', { name: 'Undo last change' }).tap();
    await expect.poll(() => instructionsOf(organiser), { timeout: 3000 }).toEqual(before);
    expect(await scrollsSideways(organiser)).toBe(false);
    await checkA11y(organiser);
    await snapshot(organiser, 'routes-editor-390', { fullPage: false });
    await organiser.context().close();
  });

  it('lets an organiser on a 375 px phone choose the GPX with a finger: the chooser fits, and a wrong file is named', async () => {
    const organiser = await openPageAs(harness, ORGANISER.email, ORGANISER.password, { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    await visit(organiser, '/routes/0/edit');
    await organiser.getByRole('heading', { level: 1, name: 'New Route' }).waitFor();
    expect(await scrollsSideways(organiser)).toBe(false);
    const choose = organiser.getByText('Choose a GPX file', { exact: true });
    expect((await choose.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    const [chooser] = await Promise.all([organiser.waitForEvent('filechooser'), choose.tap()]);
    await chooser.setFiles({ name: 'IMG_2041.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a route') });
    await organiser.getByText('Chosen: IMG_2041.jpg (1 KB).').waitFor();
    await organiser.getByRole('button', { name: 'Import' }).tap();
    await organiser.getByRole('alert').filter({ hasText: FILE_KIND_MESSAGES.gpx }).waitFor();
    const [again] = await Promise.all([organiser.waitForEvent('filechooser'), organiser.getByText('Choose another GPX file', { exact: true }).tap()]);
    await again.setFiles({ name: 'fall-tour.gpx', mimeType: 'application/gpx+xml', buffer: sixtyMileGpx() });
    await organiser.getByRole('button', { name: 'Import' }).tap();
    await organiser.waitForURL(/\/routes\/[1-9]\d*\/edit$/);
    await stepCards(organiser).nth(4).waitFor();
    expect(await scrollsSideways(organiser)).toBe(false);
    await checkA11y(organiser);
    await organiser.context().close();
  });

  it('prints the route book with the whole route on the map, refitted to the paper rather than the window (820 px tablet)', async () => {
    const page = await openPage(harness, { viewport: { width: 820, height: 1180 } });
    const hermann = queryOne<{ id: number }>("SELECT id FROM routes WHERE title = 'Highway 100 to Hermann'");
    await visit(page, `/routes/${hermann.id}/book`);
    await expectRouteDrawn(page, 18);
    // Every distance to the tenth of a mile, as the printed book gives them: "0.0", "33.0", "27.5".
    const distances = await page.locator('.route-steps__miles').allTextContents();
    expect(distances.length).toBe(36);
    expect(distances.filter((text) => !/^\d+\.\d$/.test(text.trim()))).toEqual([]);
    // Paper narrower than the window, as Letter is than a tablet held upright: the browser lays the
    // page out at the paper's width, then the print query changes.
    await page.setViewportSize({ width: 560, height: 1180 });
    await page.emulateMedia({ media: 'print' });
    const map = page.getByRole('region', { name: /^Map of / });
    await expect
      .poll(() =>
        map.evaluate((element) => {
          const box = element.getBoundingClientRect();
          return [...element.querySelectorAll('.route-marker')].filter((marker) => {
            const at = marker.getBoundingClientRect();
            return at.left < box.left || at.right > box.right || at.top < box.top || at.bottom > box.bottom;
          }).length;
        }),
      )
      .toBe(0);
    await page.context().close();
  });

  it('never shows a visitor a members-only route, its book, its PDF or its GPX; the map stays off the first page (375 px)', async () => {
    const visitor = await openPage(harness, { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true });
    const requested: string[] = [];
    visitor.on('request', (request) => requested.push(request.url()));
    await visit(visitor, '/');
    await visit(visitor, '/routes');
    await visitor.getByRole('link', { name: 'Highway 100 to Hermann' }).waitFor();
    expect(await visitor.getByRole('link', { name: /barn tour/ }).count()).toBe(0);
    expect(requested.filter((url) => /leaflet/i.test(url))).toEqual([]);
    await checkA11y(visitor);
    await snapshot(visitor, 'routes-library-visitor-375');

    const barn = queryOne<{ id: number }>("SELECT id FROM routes WHERE visibility = 'members' ORDER BY id LIMIT 1");
    for (const address of [`/routes/${barn.id}`, `/routes/${barn.id}/book`, '/routes/999']) {
      // As for a route that is not there: 404, and the page says "not in the library, or for members only".
      expect((await visitor.request.get(address)).status(), address).toBe(404);
      await visit(visitor, address);
      await visitor.getByRole('heading', { level: 1, name: 'Route Not Found' }).waitFor();
      expect(await visitor.getByText(/barn tour/).count()).toBe(0);
    }
    await checkA11y(visitor);
    const gpx = await visitor.request.post('/api/route.gpx.php', { data: { id: barn.id } });
    expect(gpx.status()).toBe(404);
    expect(await gpx.text()).not.toContain('<gpx');
    const pdf = await visitor.request.post('/api/route.pdf.php', { data: { id: barn.id } });
    expect(pdf.status()).toBe(404);
    expect(await pdf.text()).not.toContain('"pdf"');
    await visitor.context().close();
  });
});

describe('a member reads a route on a phone', () => {
  it("keeps a route's badge clear of its description and the steps clear of Stops", async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/routes');
    await page.getByRole('link', { name: 'Great River Road to Grafton' }).tap();
    const stops = page.getByRole('heading', { level: 2, name: 'Stops' });
    const table = page.getByRole('table', { name: 'Turn by turn' });
    const steps = await boxOf(table);
    expect((await boxOf(stops)).y - (steps.y + steps.height)).toBeGreaterThanOrEqual(8);
    const badge = await boxOf(page.locator('.route-page__facts .route-badge'));
    const description = await boxOf(page.getByText(/^North over the Missouri/));
    expect(description.y - (badge.y + badge.height)).toBeGreaterThanOrEqual(8);
    await page.context().close();
  });
});
