import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../api/test/images.ts';
import { checkA11y, DEMO_MEMBER, logIn, openPage, snapshot, startHarness, type Harness } from './harness.ts';

const EDITOR = { email: 'events@example.org', password: 'demo-events-1' };
const PHONE = { width: 390, height: 844 } as const;
const SMALL_PHONE = { width: 375, height: 667 } as const;

/** A day well inside the demo data's coming year, so there are events either side of it. */
const DAY = '2027-02-17';
const TITLE = 'Winter Garage Crawl';
const DESCRIPTION = 'Three garages in one evening. Map: [u]https://maps.example.com/crawl[/u] and not a link: [u]javascript:alert(1)[/u] <b>bold?</b>';

let harness: Harness;
let picture: Buffer;
let eventPagePath = '';
let editPath = '';

beforeAll(async () => {
  harness = await startHarness({ env: { CLUB_TIMEZONE: 'America/Chicago' } });
  picture = await makeJpeg(1200, 800);
});
afterAll(async () => {
  await harness?.close();
});

/** A page whose browser clock runs in another zone than the club's, to prove times stay in club time. */
const openInTokyo = (options: Parameters<typeof openPage>[1] = {}) => openPage(harness, { timezoneId: 'Asia/Tokyo', ...options });

async function expectLoginForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Member Login' }).waitFor();
  expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
}

describe('events journeys', () => {
  it('shows a logged-out visitor the login form on all four event pages', async () => {
    const page = await openPage(harness);
    for (const path of ['/events', '/event/1', '/editEvent/0', '/new-events']) await expectLoginForm(page, path);
    await checkA11y(page);
    await page.context().close();
  });

  it('lets an event editor create an event with a picture and a reminder, refusing an end before the start', async () => {
    const page = await openInTokyo();
    await logIn(page, EDITOR.email, EDITOR.password);
    await page.goto(`/events?month=2027-02`);
    await page.getByRole('heading', { name: 'February 2027' }).waitFor();
    await page.getByRole('link', { name: 'Add event' }).click();
    await page.waitForURL('**/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.waitFor();
    await checkA11y(page);

    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Start').fill(`${DAY}T18:30`);
    await form.getByLabel('End').fill(`${DAY}T17:00`);
    await form.getByLabel('Venue').fill('Brinkman Garage');
    await form.getByLabel('Address line 1').fill('7 Elm Ct');
    await form.getByLabel('Address line 2 (city, state, zip)').fill('Webster Groves, MO 63119');
    expect(await form.getByLabel('Country').inputValue()).toBe('United States');
    await form.getByLabel('Description').fill(DESCRIPTION);
    await form.getByRole('checkbox', { name: '1 day before' }).check();
    await form.getByLabel('Picture (JPEG)').setInputFiles({ name: 'garage.jpg', mimeType: 'image/jpeg', buffer: picture });
    await form.getByRole('img', { name: 'The photo you chose' }).waitFor();

    await form.getByRole('button', { name: 'Save' }).click();
    const end = form.getByLabel('End');
    await form.locator('.form-field__error', { hasText: 'The end must not be before the start.' }).waitFor();
    expect(await end.getAttribute('aria-invalid')).toBe('true');

    await end.fill(`${DAY}T21:00`);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    await page.waitForURL(/\/editEvent\/\d+$/);
    editPath = new URL(page.url()).pathname;
    eventPagePath = editPath.replace('/editEvent/', '/event/');
    const saved = page.getByRole('form', { name: 'Edit event' });
    expect(await saved.getByLabel('Start').inputValue()).toBe(`${DAY}T18:30`);
    expect(await saved.getByRole('checkbox', { name: '1 day before' }).isChecked()).toBe(true);
    const imageUrl = await saved.getByRole('img', { name: `Current picture for ${TITLE}` }).getAttribute('src');
    expect(imageUrl).toMatch(/^\/uploads\/events\/.+\.jpg$/);
    await snapshot(page, 'events-editor-1280');

    // It shows on its day of the calendar, and among the upcoming events.
    await page.goto('/events?month=2027-02');
    const cell = page.getByRole('cell', { name: /Wednesday, February 17/ });
    await cell.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    expect(await page.getByRole('cell', { name: /Tuesday, February 16/ }).getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(0);
    await page.goto('/new-events');
    await page.getByRole('list', { name: 'Upcoming events' }).getByRole('link', { name: TITLE }).waitFor();
    expect(await page.getByRole('list', { name: 'Past events' }).getByRole('link', { name: TITLE }).count()).toBe(0);
    await checkA11y(page);
    await page.context().close();
  });

  it('lets a member answer Attending with 3, see the total, then Not Sure removes their entry', async () => {
    const page = await openInTokyo();
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/events?month=2027-02');
    await page.getByRole('cell', { name: /Wednesday, February 17/ }).getByRole('link', { name: new RegExp(TITLE) }).click();
    await page.waitForURL(`**${eventPagePath}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // Club time, whatever the browser's zone; text shown as text, links only for http(s).
    await page.getByText('Wednesday, February 17, 6:30 PM to 9:00 PM').waitFor();
    expect(await page.getByRole('link', { name: 'https://maps.example.com/crawl' }).getAttribute('href')).toBe('https://maps.example.com/crawl');
    await page.getByText('[u]javascript:alert(1)[/u] <b>bold?</b>', { exact: false }).waitFor();
    expect(await page.locator('.event-text b').count()).toBe(0);
    await checkA11y(page);
    await snapshot(page, 'events-event-page-1280');

    const answer = page.getByRole('form', { name: 'Your answer' });
    await answer.getByRole('radio', { name: 'Attending', exact: true }).check();
    await answer.getByLabel('Number attending').fill('3');
    await answer.getByLabel('Comments').fill('Bringing two grandsons');
    await answer.getByRole('button', { name: 'Save' }).click();
    await answer.getByText('Successfully Saved').waitFor();
    const myRow = page.getByRole('row', { name: /Walter Pruitt \(you\)/ });
    await myRow.waitFor();
    expect(await myRow.getByRole('cell').allTextContents()).toEqual(['Attending', '3', 'Bringing two grandsons']);
    expect(await page.getByTestId('attendance-total').textContent()).toBe('3');

    await answer.getByRole('radio', { name: 'Not Sure' }).check();
    await answer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nobody has answered yet.').waitFor();
    expect(await page.getByRole('row', { name: /Walter Pruitt/ }).count()).toBe(0);

    // The .ics download carries the event.
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
    const file = await download.path();
    const ics = await fs.readFile(file, 'utf8');
    expect(download.suggestedFilename()).toMatch(/^event-\d+\.ics$/);
    expect(ics).toContain(`SUMMARY:${TITLE}`);
    expect(ics).toContain('DTSTART;TZID=America/Chicago:20270217T183000');

    // Earlier and later links walk through the events and back.
    const earlier = page.getByRole('navigation', { name: 'Earlier and later events' }).getByRole('link', { name: /Earlier event/ });
    const earlierName = (await earlier.textContent()) ?? '';
    await earlier.click();
    await page.waitForURL((url) => url.pathname !== eventPagePath);
    const earlierTitle = await page.getByRole('heading', { level: 1 }).textContent();
    expect(earlierName).toContain(earlierTitle ?? '—');
    await page.getByRole('link', { name: new RegExp(`Later event.*${TITLE}`) }).click();
    await page.waitForURL(`**${eventPagePath}`);
    await page.getByRole('link', { name: /Later event/ }).click();
    await page.waitForURL((url) => url.pathname !== eventPagePath);
    await page.getByRole('link', { name: new RegExp(`Earlier event.*${TITLE}`) }).waitFor();
    await page.context().close();
  });

  it('shows a server error in a dialog titled Error, which the keyboard closes', async () => {
    const page = await openPage(harness);
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const answer = page.getByRole('form', { name: 'Your answer' });

    // The event is deleted by an editor elsewhere while the member is still on its page.
    const session = await page.request.post('/api/session.create.php', { data: { u: EDITOR.email, p: EDITOR.password } });
    const editorToken = ((await session.json()) as { g: string }).g;
    const scratch = await page.request.post('/api/event.save.php', {
      multipart: { g: editorToken, id: '0', t: 'Scratch event', start: `${DAY}T08:00`, end: `${DAY}T09:00` },
    });
    const scratchId = ((await scratch.json()) as { i: number }).i;
    await page.goto(`/event/${scratchId}`);
    await answer.getByRole('radio', { name: 'Not Attending' }).check();
    await page.request.post('/api/event.delete.php', { data: { g: editorToken, id: scratchId } });

    const save = answer.getByRole('button', { name: 'Save' });
    await save.click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.getByText(/was not found/).waitFor();
    await checkA11y(page);
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    expect(await save.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();
  });

  it('lets the editor delete the event after confirming, then shows the calendar without it', async () => {
    const page = await openPage(harness);
    await logIn(page, EDITOR.email, EDITOR.password);
    await page.goto(editPath);
    const form = page.getByRole('form', { name: 'Edit event' });
    const imageUrl = await form.getByRole('img', { name: `Current picture for ${TITLE}` }).getAttribute('src');

    const deleteButton = form.getByRole('button', { name: 'Delete event' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete event' });
    await dialog.waitFor();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await deleteButton.click();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/events?month=2027-02');
    await page.getByRole('heading', { name: 'February 2027' }).waitFor();
    await page.getByRole('cell', { name: /Wednesday, February 17/ }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(0);
    expect((await page.request.get(imageUrl ?? '/missing')).status()).toBe(404);

    await page.goto(eventPagePath);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await page.context().close();
  });

  it.each([
    ['390x844', PHONE],
    ['375x667', SMALL_PHONE],
  ] as const)('shows the calendar as a list per day on a %s phone, and steps months by tap', async (label, viewport) => {
    const page = await openPage(harness, { viewport, hasTouch: true, isMobile: true });
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/events?month=2027-06');
    await page.getByRole('heading', { name: 'June 2027' }).waitFor();
    expect(await page.locator('.calendar-grid').isVisible()).toBe(false);
    // The three-day regional meet is listed on each of its days.
    const meet = page.getByRole('link', { name: /Model A Regional Meet/ });
    await meet.first().waitFor();
    expect(await meet.count()).toBe(3);
    for (const link of await meet.all()) expect(await link.isVisible()).toBe(true);
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    await checkA11y(page);
    await snapshot(page, `events-calendar-phone-${label}`);

    await page.getByRole('link', { name: /^Next month/ }).tap();
    await page.waitForURL('**/events?month=2027-07');
    await page.getByRole('heading', { name: 'July 2027' }).waitFor();
    await page.getByRole('link', { name: /Independence Day Parade/ }).tap();
    await page.getByRole('heading', { level: 1, name: 'Independence Day Parade' }).waitFor();
    await snapshot(page, `events-event-page-phone-${label}`);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Independence Day Parade' }).waitFor();
    await page.context().close();
  });

  it('fits the editor and the list of events on a 390px phone, used by tap', async () => {
    const page = await openPage(harness, { viewport: PHONE, hasTouch: true, isMobile: true });
    await logIn(page, EDITOR.email, EDITOR.password);
    await page.goto('/new-events');
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'events-list-phone-390x844');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.waitFor();
    await form.getByRole('button', { name: 'Save' }).tap();
    await form.getByText('Please correct the 3 fields marked below.').waitFor();
    expect(await form.getByLabel('Title').getAttribute('aria-invalid')).toBe('true');
    await form.getByRole('checkbox', { name: '3 days before' }).tap();
    expect(await form.getByRole('checkbox', { name: '3 days before' }).isChecked()).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await checkA11y(page);
    await snapshot(page, 'events-editor-phone-390x844');
    await page.context().close();
  });

  it('gives a member a private calendar feed address on the account page, and a new one stops the old', async () => {
    const page = await openPage(harness);
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    const panel = page.getByRole('region', { name: 'Club events in your calendar' });
    await panel.getByRole('button', { name: 'Get my calendar address' }).click();
    const address = panel.getByLabel('Your calendar address');
    await address.waitFor();
    const firstUrl = await address.inputValue();
    expect(firstUrl).toMatch(new RegExp(`^${harness.baseUrl}/calendar/[\\w-]+\\.ics$`));
    expect(await panel.getByRole('link', { name: 'Open in my calendar app' }).getAttribute('href')).toBe(firstUrl.replace(/^http:/, 'webcal:'));
    await checkA11y(page);
    await snapshot(page, 'events-account-feed-1280');

    const feed = await page.request.get(firstUrl);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const text = await feed.text();
    expect(text).toContain('X-WR-TIMEZONE:America/Chicago');
    expect(text).toContain('SUMMARY:Monthly Meeting');

    const makeNew = panel.getByRole('button', { name: 'Make a new calendar address' });
    await makeNew.click();
    const dialog = page.getByRole('dialog', { name: 'New calendar address' });
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await page.waitForFunction((old) => (document.querySelector<HTMLInputElement>('#calendar-feed-url')?.value ?? old) !== old, firstUrl);
    const secondUrl = await address.inputValue();
    expect((await page.request.get(firstUrl)).status()).toBe(404);
    expect((await page.request.get(secondUrl)).status()).toBe(200);
    await page.context().close();
  });

  it('keeps the month in the URL, and Today comes back to the current month', async () => {
    const page = await openPage(harness);
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/events?month=2027-06');
    await page.getByRole('link', { name: /^Previous month/ }).click();
    await page.waitForURL('**/events?month=2027-05');
    await page.reload();
    await page.getByRole('heading', { name: 'May 2027' }).waitFor();
    await page.getByRole('table').waitFor();
    const dayCells = page.locator('.calendar-grid thead th');
    expect(await dayCells.allTextContents()).toEqual(['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']);
    await checkA11y(page);
    await snapshot(page, 'events-calendar-1280');
    await page.getByRole('link', { name: 'Today' }).click();
    const now = new Intl.DateTimeFormat('en-US', { timeZone: 'America/Chicago', month: 'long', year: 'numeric' }).format(new Date());
    await page.getByRole('heading', { name: now }).waitFor();
    expect(await page.locator('td[aria-current="date"]').count()).toBe(1);
    await page.context().close();
  });
});
