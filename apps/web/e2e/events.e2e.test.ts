import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { EVENTS_PAGE_SIZE } from '@club/contracts/plain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../api/test/images.ts';
import { checkA11y, DEMO_MEMBER, openPage, openPageAs, serverDatabase, snapshot, startHarness, visit, waitForHydration, type Harness } from './harness.ts';
import { boxOf, makeEventWith24Answers } from './steps.ts';

const EDITOR = { email: 'events@example.org', password: 'demo-events-1' };
const PHONE = { width: 390, height: 844 } as const;
const SMALL_PHONE = { width: 375, height: 667 } as const;
const PHONE_BY_TOUCH = { viewport: PHONE, hasTouch: true, isMobile: true } as const;
const TABLET = { viewport: { width: 768, height: 1024 } } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;

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
/** A page in Tokyo's time zone logged in as the account (the login form is sign-in's and account's journey). */
const openInTokyoAs = (account: { email: string; password: string }) => openPageAs(harness, account.email, account.password, { timezoneId: 'Asia/Tokyo' });

/** The answer to event.get: one event with its neighbours. */
type EventReply = {
  event: { id: number; title: string; end: string } | null;
  earlier: { id: number; title: string } | null;
  later: { id: number; title: string } | null;
};
/** The answer to events.upcoming or events.past: brief rows. */
type EventRowsReply = { rows: { id: number; title: string; end: string }[]; total?: number };
/** One read of events the page made: which call, the body it sent, and the answer (bytes before gzip). */
type EventsRead = { name: string; body: Record<string, unknown>; bytes: number; reply: unknown };

const EVENT_READS = ['events.get', 'event.get', 'events.month', 'events.upcoming', 'events.past'];

const eventReply = ({ name, reply }: EventsRead): EventReply => {
  if (name === 'event.get') return reply as EventReply;
  throw new Error(`Expected event.get, not ${name}.`);
};
const rowsReply = ({ name, reply }: EventsRead): EventRowsReply => {
  if (name === 'events.upcoming' || name === 'events.past') return reply as EventRowsReply;
  throw new Error(`Expected events.upcoming or events.past, not ${name}.`);
};

/** Records each read of events the page makes. */
function recordEventsReads(page: Page): { all: () => Promise<EventsRead[]>; clear: () => void } {
  let reads: Promise<EventsRead | undefined>[] = [];
  page.on('response', (response) => {
    const name = /\/api\/([\w.]+)\.php$/.exec(response.url())?.[1];
    if (name === undefined || !EVENT_READS.includes(name)) return;
    reads.push(
      (async () => {
        if (response.status() !== 200) return undefined;
        const text = (await response.body()).toString('utf8');
        const body = response.request().postDataJSON() as Record<string, unknown>;
        return { name, body, bytes: Buffer.byteLength(text), reply: JSON.parse(text) as unknown };
      })(),
    );
  });
  return {
    all: async () => (await Promise.all(reads)).filter((read) => read !== undefined),
    clear: () => {
      reads = [];
    },
  };
}

/** The size of the legacy full list for a member, which no page may read any more. */
async function legacyListBytes(page: Page, token: unknown): Promise<number> {
  const res = await page.request.post('/api/events.get.php', { data: { g: token }, headers: { 'Accept-Encoding': 'identity' } });
  expect(res.status()).toBe(200);
  return (await res.body()).length;
}

async function expectLoginForm(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.getByRole('heading', { name: 'Member Login' }).waitFor();
  expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
}

/** How many reminder e-mails about an event the server has queued or sent. */
function remindersAbout(title: string): number {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT count(*) AS n FROM outbox WHERE subject LIKE ?').get(`Reminder: ${title},%`) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Enabled members with e-mail notifications on (whom a "now" reminder reaches), and their addresses (one e-mail each: a household shares one). */
function reminderReaders(): { members: number; addresses: number } {
  const db = serverDatabase(harness);
  try {
    return db
      .prepare('SELECT count(*) AS members, count(DISTINCT lower(email)) AS addresses FROM members WHERE enabled = 1 AND email_notifications = 1')
      .get() as { members: number; addresses: number };
  } finally {
    db.close();
  }
}

describe('events journeys', () => {
  it('shows a logged-out visitor the login form on all four event pages', async () => {
    const page = await openPage(harness);
    for (const path of ['/events', '/event/1', '/editEvent/0', '/new-events']) await expectLoginForm(page, path);
    await checkA11y(page);
    await page.context().close();
  });

  it('lets an event editor create an event with a picture and a reminder, refusing an end before the start', async () => {
    const page = await openInTokyoAs(EDITOR);
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
    const reads = recordEventsReads(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    await page.waitForURL(/\/editEvent\/\d+$/);
    editPath = new URL(page.url()).pathname;
    eventPagePath = editPath.replace('/editEvent/', '/event/');
    // Saved, the editor says so where the member is looking, with the way to the event and its roster.
    const created = page.getByRole('status').filter({ hasText: 'Saved: view the event or its roster.' });
    await created.waitFor();
    await expect
      .poll(() =>
        created.evaluate((notice) => {
          const box = notice.getBoundingClientRect();
          return box.top >= 0 && box.bottom <= window.innerHeight;
        }),
      )
      .toBe(true);
    expect(await created.getByRole('link', { name: 'view the event' }).getAttribute('href')).toBe(eventPagePath);
    expect(await created.getByRole('link', { name: 'its roster' }).getAttribute('href')).toBe(`${eventPagePath}/roster`);
    const saved = page.getByRole('form', { name: 'Edit event' });
    expect(await saved.getByLabel('Start').inputValue()).toBe(`${DAY}T18:30`);
    expect(await saved.getByRole('checkbox', { name: '1 day before' }).isChecked()).toBe(true);
    const imageUrl = await saved.getByRole('img', { name: `Current picture for ${TITLE}` }).getAttribute('src');
    expect(imageUrl).toMatch(/^\/uploads\/events\/.+\.jpg$/);
    // The same editor stayed on screen as the address took the new id: nothing was read again.
    expect(await page.getByText('Successfully Saved').isVisible()).toBe(true);
    expect(await reads.all()).toEqual([]);
    await snapshot(page, 'events-editor-1280');

    // It shows on its day of the calendar, and among the upcoming events.
    await page.goto('/events?month=2027-02');
    const cell = page.getByRole('cell', { name: /Wednesday, February 17/ });
    await cell.getByRole('link', { name: new RegExp(TITLE) }).waitFor();
    expect(
      await page
        .getByRole('cell', { name: /Tuesday, February 16/ })
        .getByRole('link', { name: new RegExp(TITLE) })
        .count(),
    ).toBe(0);
    await page.goto('/new-events');
    await page.getByRole('list', { name: 'Upcoming events' }).getByRole('link', { name: TITLE }).waitFor();
    expect(await page.getByRole('list', { name: 'Past events' }).getByRole('link', { name: TITLE }).count()).toBe(0);
    // The list of events offers its editors "Add event" too, as the calendar does.
    expect(await page.getByRole('link', { name: 'Add event' }).getAttribute('href')).toBe('/editEvent/0');
    await checkA11y(page);
    await page.context().close();
  });

  it('lets a member answer Attending with 3, see the total, then Not Sure removes their entry', async () => {
    const page = await openInTokyoAs(DEMO_MEMBER);
    await page.goto('/events?month=2027-02');
    const calendarLink = page.getByRole('cell', { name: /Wednesday, February 17/ }).getByRole('link', { name: new RegExp(TITLE) });
    await calendarLink.waitFor();
    const reads = recordEventsReads(page);
    await calendarLink.click();
    await page.waitForURL(`**${eventPagePath}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();

    // The page reads its one event with its neighbours, not the whole list.
    const eventId = Number(eventPagePath.split('/').pop());
    const eventReads = await reads.all();
    expect(eventReads.map((r) => r.name)).toEqual(['event.get']);
    const [read] = eventReads;
    if (!read) throw new Error('The event page did not read its event.');
    expect(read.body).toMatchObject({ id: eventId });
    expect(eventReply(read).event?.id).toBe(eventId);
    expect(eventReply(read).earlier?.title).toBeTruthy();
    expect(eventReply(read).later?.title).toBeTruthy();
    expect(read.bytes * 10).toBeLessThan(await legacyListBytes(page, read.body.g));

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
    await answer.getByText('You are signed up.').waitFor();
    const myRow = page.getByRole('row', { name: /Walter Pruitt \(you\)/ });
    await myRow.waitFor();
    // His only car came ticked.
    expect(await myRow.getByRole('cell').allTextContents()).toEqual(['Attending', '3', 'Bringing two grandsons', '1930 Tudor Sedan']);
    await expect.poll(() => page.getByTestId('coming-line').textContent()).toBe('3 people and 1 car coming.');

    await answer.getByRole('radio', { name: 'Not Sure' }).check();
    await answer.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Nobody has answered yet.').waitFor();
    await answer.getByText('You are no longer signed up.').waitFor();
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
    const earlierTitle = (await earlier.locator('span').nth(1).textContent()) ?? '';
    expect(earlierTitle).not.toBe('');
    await earlier.click();
    await page.waitForURL((url) => url.pathname !== eventPagePath);
    await page.getByRole('heading', { level: 1, name: earlierTitle }).waitFor();
    await page.getByRole('link', { name: new RegExp(`Later event.*${TITLE}`) }).click();
    await page.waitForURL(`**${eventPagePath}`);
    // The earlier event, still shown as the address changes, has a Later link too: take it from this event's page.
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    await page.getByRole('link', { name: /Later event/ }).click();
    await page.waitForURL((url) => url.pathname !== eventPagePath);
    await page.getByRole('link', { name: new RegExp(`Earlier event.*${TITLE}`) }).waitFor();

    // By keyboard: Enter on the focused Earlier link comes back.
    await page.getByRole('link', { name: new RegExp(`Earlier event.*${TITLE}`) }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(`**${eventPagePath}`);
    await page.getByRole('heading', { level: 1, name: TITLE }).waitFor();
    // Every read on the way was one event.
    expect((await reads.all()).every((r) => r.name === 'event.get' && eventReply(r).event !== null)).toBe(true);
    await page.context().close();
  });

  it('takes "Add to calendar" from an ended session to the login form on the event page, then downloads', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // Hydrated first: the link then opens the event in the app, which checks the session as it
    // opens (before, the server's drawing of the page is a plain link and a plain form).
    await visit(page, '/new-events');
    const first = page.getByRole('list', { name: 'Upcoming events' }).getByRole('link').first();
    await first.click();
    await page.waitForURL(/\/event\/\d+$/);
    const eventUrl = page.url();
    await page.getByRole('button', { name: 'Add to calendar' }).waitFor();

    // The session ends on the server (logged out elsewhere, or expired) while the page is open.
    const db = serverDatabase(harness);
    db.prepare('DELETE FROM sessions WHERE member_id = (SELECT id FROM members WHERE email = ?)').run(DEMO_MEMBER.email);
    db.close();
    await page.getByRole('button', { name: 'Add to calendar' }).click();
    await page.waitForURL(eventUrl);
    const form = page.locator('form').filter({ has: page.getByRole('button', { name: 'Log in' }) });
    await form.waitFor();
    expect(await page.locator('body').textContent()).not.toContain('"e":');
    await checkA11y(page);

    await form.getByLabel('E-mail address').fill(DEMO_MEMBER.email);
    await form.getByLabel('Password').fill(DEMO_MEMBER.password);
    await form.getByRole('button', { name: 'Log in' }).click();
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Add to calendar' }).click()]);
    expect(await fs.readFile(await download.path(), 'utf8')).toContain('BEGIN:VEVENT');
    await page.context().close();
  });

  it('reads /new-events as the upcoming events and a page of past ones, and pages by keyboard with the page in the URL', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // The page reading for itself: a browser without the session cookie yet (with it, the reads'
    // answers come in the HTML: first-answers.e2e.test.ts).
    await page.context().clearCookies();
    const reads = recordEventsReads(page);
    await page.goto('/new-events');
    const upcomingList = page.getByRole('list', { name: 'Upcoming events' });
    const pastList = page.getByRole('list', { name: 'Past events' });
    await upcomingList.getByRole('link', { name: TITLE }).waitFor();
    await pastList.waitFor();
    await checkA11y(page);
    // A member who may not add events is not offered it.
    expect(await page.getByRole('link', { name: 'Add event' }).count()).toBe(0);

    const firstReads = await reads.all();
    expect(firstReads.map((r) => r.name).sort()).toEqual(['events.past', 'events.upcoming']);
    const upcoming = firstReads.find((r) => r.name === 'events.upcoming');
    const past = firstReads.find((r) => r.name === 'events.past');
    if (!upcoming || !past) throw new Error('/new-events did not read the upcoming and the past events.');
    // Both ask at the same club-local minute; each event is on one side of it.
    expect(upcoming.body.at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(past.body).toMatchObject({ at: upcoming.body.at, page: 1 });
    const upcomingRows = rowsReply(upcoming).rows;
    const pastRows = rowsReply(past).rows;
    expect(upcomingRows.every((e) => e.end >= String(upcoming.body.at))).toBe(true);
    expect(pastRows.every((e) => e.end < String(upcoming.body.at))).toBe(true);
    expect(pastRows).toHaveLength(EVENTS_PAGE_SIZE);
    // Brief rows: what the list shows, no attendance or description.
    for (const row of [...upcomingRows, ...pastRows]) expect(Object.keys(row).sort()).toEqual(['end', 'id', 'location', 'start', 'title']);
    const total = rowsReply(past).total ?? 0;
    expect(total, 'the demo data has more than one page of past events').toBeGreaterThan(EVENTS_PAGE_SIZE);
    expect((upcoming.bytes + past.bytes) * 10).toBeLessThan(await legacyListBytes(page, upcoming.body.g));
    const pageCount = Math.ceil(total / EVENTS_PAGE_SIZE);
    await page.getByText(`Page 1 of ${pageCount}`).waitFor();
    const firstPage = await pastList.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));

    reads.clear();
    await page.getByRole('link', { name: 'Older events →' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/new-events?past=2#past-events');
    await page.getByText(`Page 2 of ${pageCount}`).waitFor();
    // The Past Events heading takes the focus, so the keyboard goes on from the new page.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('past-events');
    const secondPage = await pastList.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.filter((href) => firstPage.includes(href))).toEqual([]);
    // Only the past page is read again; the upcoming events are the same moment's answer.
    expect((await reads.all()).map((r) => [r.name, r.body])).toEqual([['events.past', expect.objectContaining({ at: past.body.at, page: 2 })]]);
    await checkA11y(page);

    // A reload keeps the page; Newer goes back to the first page.
    await page.reload();
    await page.getByText(`Page 2 of ${pageCount}`).waitFor();
    await page.getByRole('link', { name: '← Newer events' }).focus();
    await page.keyboard.press('Enter');
    await page.getByText(`Page 1 of ${pageCount}`).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await pastList.getByRole('link').evaluateAll((links) => links.map((a) => a.getAttribute('href')))).toEqual(firstPage);
    await page.context().close();
  });

  it('shows a server error in a dialog titled Error, which the keyboard closes', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/account');
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
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password);
    const reads = recordEventsReads(page);
    await page.goto(editPath);
    const form = page.getByRole('form', { name: 'Edit event' });
    const imageUrl = await form.getByRole('img', { name: `Current picture for ${TITLE}` }).getAttribute('src');
    // The editor loads only the event it edits.
    const editorReads = await reads.all();
    expect(editorReads.map((r) => r.body)).toEqual([expect.objectContaining({ id: Number(editPath.split('/').pop()) })]);
    expect(editorReads.map((r) => r.name)).toEqual(['event.get']);
    expect(editorReads[0] && eventReply(editorReads[0]).event?.title).toBe(TITLE);

    const deleteButton = form.getByRole('button', { name: 'Delete event' });
    await deleteButton.click();
    const dialog = page.getByRole('dialog', { name: 'Delete event' });
    await dialog.waitFor();
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    expect(await deleteButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // A member said they are coming: the dialog says they will hear of it, and they do.
    const eventId = Number(editPath.split('/').pop());
    const db = serverDatabase(harness);
    db.prepare('INSERT OR REPLACE INTO attendance (event_id, member_id, is_attending, total, comments) SELECT ?, id, 1, 1, ? FROM members WHERE email = ?').run(
      eventId,
      '',
      DEMO_MEMBER.email,
    );
    await deleteButton.click();
    await dialog.getByText('members who said they are coming are told by e-mail that it is cancelled').waitFor();
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.waitForURL('**/events?month=2027-02');
    const cancelled = db.prepare('SELECT subject FROM outbox WHERE "to" = ? AND subject LIKE \'Cancelled: %\'').all(DEMO_MEMBER.email) as { subject: string }[];
    db.close();
    expect(cancelled.map((mail) => mail.subject)).toEqual([expect.stringContaining(`Cancelled: ${TITLE}`)]);
    await page.getByRole('heading', { name: 'February 2027' }).waitFor();
    await page.getByRole('cell', { name: /Wednesday, February 17/ }).waitFor();
    expect(await page.getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(0);
    expect((await page.request.get(imageUrl ?? '/missing')).status()).toBe(404);

    await page.goto(eventPagePath);
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await page.getByText(/Event not found\. It may have been deleted/).waitFor();
    // An address that is no event number is not found either, without asking the server.
    reads.clear();
    await page.goto('/event/not-a-number');
    await page.getByRole('heading', { level: 1, name: 'Event not found' }).waitFor();
    await checkA11y(page);
    expect(await reads.all()).toEqual([]);
    await page.context().close();
  });

  it.each([
    ['390x844', PHONE],
    ['375x667', SMALL_PHONE],
  ] as const)('shows the calendar as a list per day on a %s phone, and steps months by tap', async (label, viewport) => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport, hasTouch: true, isMobile: true });
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

    // Later and Earlier by tap walk to the neighbour and back.
    const parade = page.url();
    const later = page.getByRole('navigation', { name: 'Earlier and later events' }).getByRole('link', { name: /Later event/ });
    const laterTitle = (await later.locator('span').nth(1).textContent()) ?? '';
    expect(laterTitle).not.toBe('');
    await later.tap();
    await page.getByRole('heading', { level: 1, name: laterTitle }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await checkA11y(page);
    await page.getByRole('link', { name: /Earlier event.*Independence Day Parade/ }).tap();
    await page.waitForURL(parade);
    await page.getByRole('heading', { level: 1, name: 'Independence Day Parade' }).waitFor();
    await page.context().close();
  });

  it.each([
    ['390x844', PHONE],
    ['375x667', SMALL_PHONE],
  ] as const)('pages the past events by tap on a %s phone, keeping the page in the URL', async (label, viewport) => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport, hasTouch: true, isMobile: true });
    await page.goto('/new-events');
    const pastList = page.getByRole('list', { name: 'Past events' });
    await pastList.waitFor();
    await page.getByRole('list', { name: 'Upcoming events' }).waitFor();
    const firstPage = await pastList.getByRole('link').allTextContents();
    const older = page.getByRole('link', { name: 'Older events →' });
    await older.scrollIntoViewIfNeeded();
    const box = await older.boundingBox();
    expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
    // Each event's title is a link a finger hits (44 px), not a 32 px line.
    for (const title of await page.locator('.event-list__title').all()) expect((await title.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await older.tap();
    await page.waitForURL('**/new-events?past=2#past-events');
    await page.getByText(/^Page 2 of \d+$/).waitFor();
    await pastList.waitFor();
    expect(await pastList.getByRole('link').allTextContents()).not.toEqual(firstPage);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    await checkA11y(page);
    await snapshot(page, `events-list-page-2-phone-${label}`);
    await page.getByRole('link', { name: '← Newer events' }).tap();
    await page.getByText(/^Page 1 of \d+$/).waitFor();
    expect(await pastList.getByRole('link').allTextContents()).toEqual(firstPage);
    await page.context().close();
  });

  it('fits the editor and the list of events on a 390px phone, used by tap', async () => {
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password, { viewport: PHONE, hasTouch: true, isMobile: true });
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
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Club events in your calendar' });
    // By keyboard: the button is replaced by the address, and focus goes to it (selected, to copy).
    await panel.getByRole('button', { name: 'Get my calendar address' }).focus();
    await page.keyboard.press('Enter');
    const address = panel.getByLabel('Your calendar address');
    await address.waitFor();
    const focusedId = () => page.evaluate(() => document.activeElement?.id);
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 2000 }).catch(() => undefined);
    expect(await focusedId()).toBe('calendar-feed-url');
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

    // Copy: to the clipboard, and said; a browser that refuses (no permission, a page not on https)
    // is said too, with the address selected to copy by hand.
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const copyButton = panel.getByRole('button', { name: 'Copy address' });
    await copyButton.click();
    await panel.getByText('Copied.', { exact: true }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
    await page.evaluate(() => {
      navigator.clipboard.writeText = () => Promise.reject(new DOMException('Write permission denied.', 'NotAllowedError'));
    });
    await copyButton.click();
    await panel
      .getByText('This browser would not let the page copy the address: it is selected above, copy it yourself (Ctrl+C, or press and hold on a phone).')
      .waitFor();
    expect(await panel.getByText('Copied.', { exact: true }).count()).toBe(0);
    expect(await focusedId()).toBe('calendar-feed-url');
    expect(await address.evaluate((input: HTMLInputElement) => input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0))).toBe(firstUrl);
    await checkA11y(page);
    await snapshot(page, 'events-account-feed-copy-refused-1280', { fullPage: false });

    const makeNew = panel.getByRole('button', { name: 'Make a new calendar address' });
    await makeNew.click();
    const dialog = page.getByRole('dialog', { name: 'New calendar address' });
    await dialog.getByRole('button', { name: 'Make a new address' }).click();
    await page.waitForFunction((old) => (document.querySelector<HTMLInputElement>('#calendar-feed-url')?.value ?? old) !== old, firstUrl);
    await page.waitForFunction(() => document.activeElement !== document.body, undefined, { timeout: 2000 }).catch(() => undefined);
    expect(await focusedId()).toBe('calendar-feed-url');
    const secondUrl = await address.inputValue();
    expect((await page.request.get(firstUrl)).status()).toBe(404);
    expect((await page.request.get(secondUrl)).status()).toBe(200);
    await page.context().close();
  });

  it('keeps the month in the URL, and Today comes back to the current month', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
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
    // The heading comes at once; the month's grid follows its own read.
    await page.locator('td[aria-current="date"]').first().waitFor();
    expect(await page.locator('td[aria-current="date"]').count()).toBe(1);
    await page.context().close();
  });
});

describe('a member answers an event many have answered', () => {
  it("puts the member's own answer and the totals right under the date and place; the long list folds on a phone", async () => {
    const eventId = makeEventWith24Answers(harness);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE_BY_TOUCH);
    await page.goto(`/event/${eventId}`);
    const answer = page.getByRole('form', { name: 'Your answer' });
    await answer.waitFor();
    // 18 attending answers of 2 people each.
    expect(await page.getByText('36 people coming.', { exact: true }).isVisible()).toBe(true);
    const where = await page.getByRole('region', { name: 'When and where' }).boundingBox();
    const heading = await page.getByRole('heading', { level: 2, name: 'Your answer' }).boundingBox();
    const choices = await answer.getByRole('group', { name: 'Are you coming?' }).boundingBox();
    expect(where && heading && choices).toBeTruthy();
    // Straight after the date and place, and the choices within the first screen of a 390x844 phone.
    expect((heading?.y ?? 9999) - ((where?.y ?? 0) + (where?.height ?? 0))).toBeLessThan(80);
    expect((choices?.y ?? 9999) + (choices?.height ?? 0)).toBeLessThan(844);
    // Everyone's answers come after, folded: the member opens them when wanted.
    const all = page.getByText('Show all 24 answers');
    expect(await all.isVisible()).toBe(true);
    expect(await page.getByRole('row', { name: /Guest1 Tourer/ }).isVisible()).toBe(false);
    await checkA11y(page);
    await all.tap();
    await page.getByRole('row', { name: /Guest1 Tourer/ }).waitFor();
    await page.getByRole('row', { name: /Guest1 Tourer/ }).scrollIntoViewIfNeeded();
    // Open, the fold offers to close rather than to "show all" what is shown.
    await page.getByText('Hide the answers').waitFor();
    await checkA11y(page);
    await page.context().close();

    // Tapped while the page's scripts still load (the server drew it: the fold opens by itself),
    // the fold's label still says what a tap now does once they have run.
    const early = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE_BY_TOUCH);
    let releaseEntry: (value?: unknown) => void = () => undefined;
    const tapped = new Promise((resolve) => (releaseEntry = resolve));
    await early.route(/\/assets\/index[^/]*\.js$/, async (route) => {
      await tapped;
      await route.continue();
    });
    await early.goto(`/event/${eventId}`);
    await early.getByText('Show all 24 answers').tap();
    await early.getByRole('row', { name: /Guest1 Tourer/ }).waitFor();
    releaseEntry();
    await waitForHydration(early);
    expect(await early.getByText('Hide the answers').isVisible()).toBe(true);
    expect(await early.getByText('Show all 24 answers').isVisible()).toBe(false);
    await early.context().close();
  });

  it('shows the whole list at once on a desktop, after the answer', async () => {
    const eventId = makeEventWith24Answers(harness);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport: { width: 1280, height: 900 } });
    await page.goto(`/event/${eventId}`);
    const answer = page.getByRole('form', { name: 'Your answer' });
    await answer.waitFor();
    expect((await answer.boundingBox())?.y ?? 9999).toBeLessThan(900);
    await page.getByRole('row', { name: /Guest24 Tourer/ }).waitFor();
    expect(await page.getByText('Show all 24 answers').isVisible()).toBe(false);
    // No empty "Route book" panel for a member when the event has none.
    await page.waitForLoadState('networkidle');
    expect(await page.getByRole('region', { name: 'Route book' }).count()).toBe(0);
    for (const [width, height] of [
      [375, 667],
      [390, 844],
      [768, 1024],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await snapshot(page, `event-24-answers-${width}`);
    }
    await page.context().close();
  });

  it("keeps each member's name and answer on one line in the list of answers at 1280 and 768 px", async () => {
    const eventId = makeEventWith24Answers(harness);
    for (const options of [DESKTOP, TABLET]) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, options);
      await page.goto(`/event/${eventId}`);
      const table = page.getByRole('table', { name: "Members' answers" });
      await table.getByRole('row', { name: /Guest24 Tourer/ }).waitFor();
      // Nobody brings guests or cars: no empty column takes the names' room.
      expect(await table.getByRole('columnheader', { name: 'Guests and cars' }).count()).toBe(0);
      const split = await table.locator('tbody tr').evaluateAll((rows) =>
        rows.flatMap((row) =>
          [...row.querySelectorAll('th, td')].slice(0, 2).flatMap((cell) => {
            const range = document.createRange();
            range.selectNodeContents(cell);
            const lines = new Set([...range.getClientRects()].map((box) => Math.round(box.top)));
            return lines.size > 1 ? [cell.textContent ?? ''] : [];
          }),
        ),
      );
      expect(split, `split over two lines at ${options.viewport.width} px`).toEqual([]);
      await page.context().close();
    }
  }, 120_000);

  it('unfolds the answers when a member taps "See everyone’s answers" on a phone', async () => {
    const eventId = makeEventWith24Answers(harness);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE_BY_TOUCH);
    await visit(page, `/event/${eventId}`);
    await page.getByText('Show all 24 answers').waitFor();
    await page.getByRole('link', { name: 'See everyone’s answers' }).tap();
    const row = page.getByRole('row', { name: /Guest1 Tourer/ });
    await expect.poll(() => row.isVisible()).toBe(true);
    expect(await page.getByText('Hide the answers').isVisible()).toBe(true);
    // The list starts on the screen the link jumped to.
    expect((await boxOf(row)).y).toBeLessThan(844);
    await page.context().close();
  });
});

describe('an editor deletes an event on a phone', () => {
  it('confirms with "Successfully Deleted" on the calendar', async () => {
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password, PHONE_BY_TOUCH);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Gathering to delete');
    await form.getByLabel('Start').fill('2027-03-10T18:30');
    await form.getByLabel('End').fill('2027-03-10T20:00');
    await form.getByRole('button', { name: 'Save' }).tap();
    await page.waitForURL(/\/editEvent\/[1-9]\d*$/);
    const saved = page.getByRole('form', { name: 'Edit event' });
    await saved.getByRole('button', { name: 'Delete event' }).tap();
    await page.getByRole('dialog', { name: 'Delete event' }).getByRole('button', { name: 'Delete', exact: true }).tap();
    await page.waitForURL('**/events?month=2027-03');
    const notice = page.getByRole('status').filter({ hasText: 'Successfully Deleted' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Gathering to delete');
    await page.context().close();
  });
});

describe('"Now (when saved)" in the event editor', () => {
  it('says whom the reminder was e-mailed to, unticks it, and a later save sends nothing more', async () => {
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password, PHONE_BY_TOUCH);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Reminder sent on saving');
    await form.getByLabel('Start').fill('2027-04-14T18:30');
    await form.getByLabel('End').fill('2027-04-14T20:00');
    await form.getByRole('checkbox', { name: 'Now (when saved)' }).tap();
    await form.getByRole('button', { name: 'Save' }).tap();
    await page.waitForURL(/\/editEvent\/[1-9]\d*$/);
    const saved = page.getByRole('form', { name: 'Edit event' });

    const readers = reminderReaders();
    expect(readers.addresses).toBeGreaterThan(1);
    const confirmation = saved.getByText(`Successfully Saved. Reminder e-mailed to ${readers.members} members.`);
    await confirmation.waitFor();
    expect(remindersAbout('Reminder sent on saving')).toBe(readers.addresses);
    // The tick box is gone: in its place, what went out and that saving again sends nothing.
    expect(await saved.getByRole('checkbox', { name: 'Now (when saved)' }).count()).toBe(0);
    const note = saved.getByText(/^Now: sent .*, e-mailed to \d+ members\. Saving again does not send it again\.$/);
    await note.waitFor();
    await checkA11y(page);
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snapshot(page, 'event-editor-now-sent-390', { fullPage: false });

    await saved.getByLabel('Title').fill('Reminder sent on saving');
    await saved.getByRole('button', { name: 'Save' }).tap();
    await saved.getByText('Successfully Saved').waitFor();
    expect(await saved.getByText(/Reminder e-mailed/).count()).toBe(0);
    expect(remindersAbout('Reminder sent on saving')).toBe(readers.addresses);

    // Opened again later, the editor says the same.
    await page.reload();
    await page
      .getByRole('form', { name: 'Edit event' })
      .getByText(/^Now: sent /)
      .waitFor();
    expect(await page.getByRole('checkbox', { name: 'Now (when saved)' }).count()).toBe(0);
    await page.context().close();
  });
});

describe("a member's calendar on a phone", () => {
  it("marks today and sets past days apart in the phone's list of the month", async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE_BY_TOUCH);
    await page.goto('/events');
    const list = page.locator('.calendar-list');
    const today = list.locator('[aria-current="date"]');
    await today.waitFor();
    expect(await today.count()).toBe(1);
    expect(await today.textContent()).toMatch(/Today/);
    // Days before today say so; today and later do not.
    const days = await list
      .locator('.calendar-list__day')
      .evaluateAll((sections) =>
        sections.map((section) => ({ isToday: section.getAttribute('aria-current') === 'date', date: section.querySelector('h3')?.textContent ?? '' })),
      );
    const todayIndex = days.findIndex((day) => day.isToday);
    days.forEach((day, index) => expect(day.date.includes('Past'), `day ${index}: ${day.date}`).toBe(index < todayIndex));
    await checkA11y(page);

    await page
      .getByRole('link', { name: /^Previous/ })
      .first()
      .tap();
    await page.waitForURL(/month=/);
    // This month's list, still shown as the address changes, has today in it: read the month before once it has gone.
    await today.waitFor({ state: 'detached' });
    const pastDays = list.locator('.calendar-list__day');
    await pastDays.first().waitFor();
    for (const date of await pastDays.locator('h3').allTextContents()) expect(date).toContain('Past');
    await page.context().close();
  });
});
