import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nextMeeting } from '../src/features/meetings/next-meeting.ts';
import {
  checkA11y,
  CLUB_NAME,
  DEMO_ADMIN,
  DEMO_MEMBER,
  MOBILE_VIEWPORT,
  openPage,
  openPageAs,
  snapshot,
  startHarness,
  visit as visitHydrated,
  type Harness,
} from './harness.ts';
import { isImageDrawn, sendContactWithDoubleTap } from './steps.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** Opens a path and waits until its heading is up and the tab title reads "Page Name - Club". */
async function visit(page: Page, pathname: string, pageName: string, heading: string = pageName): Promise<void> {
  await page.goto(pathname);
  await page.getByRole('heading', { level: 1, name: heading, exact: true }).waitFor();
  await page.waitForFunction((title) => document.title === title, `${pageName} - ${CLUB_NAME}`);
}

async function expectPdfAt(page: Page, href: string | null): Promise<void> {
  expect(href).toMatch(/\.pdf$/);
  const response = await page.request.get(href ?? '');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect((await response.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
}

const main = (page: Page) => page.getByRole('main');

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const SMALL_PHONE_SIZE = { width: 375, height: 667 } as const;

const boxOf = async (page: Page, selector: string) => {
  const box = await page.locator(selector).first().boundingBox();
  if (box === null) throw new Error(`${selector} is not on screen`);
  return box;
};

describe('public pages for a visitor', () => {
  it('home: hero picture, three promo cards and a quote', async () => {
    const page = await openPage(harness);
    await visit(page, '/', 'Home', CLUB_NAME);
    const hero = main(page).getByRole('img', { name: /Model A Tudor/ });
    await hero.waitFor();
    expect(await isImageDrawn(hero)).toBe(true);
    const promos = main(page).getByRole('region', { name: 'Explore the club' });
    expect(await promos.getByRole('link', { name: /Join the club/ }).getAttribute('href')).toBe('/new-page');
    expect(await promos.getByRole('link', { name: /See events/ }).getAttribute('href')).toBe('/new-events');
    expect(await promos.getByRole('link', { name: /View photos/ }).getAttribute('href')).toBe('/blog');
    expect(await main(page).locator('blockquote').textContent()).toContain('Model A');
    await checkA11y(page);
    await page.context().close();
  });

  it('history and founders: the club story and three founder articles', async () => {
    const page = await openPage(harness);
    await visit(page, '/new-page-2', 'Club History', 'Our History');
    expect(await main(page).getByRole('heading', { level: 2, name: 'Valley News' }).isVisible()).toBe(true);
    expect(await main(page).textContent()).toContain('1963');
    await checkA11y(page);

    await visit(page, '/our-founders', 'Our Founders');
    const founders = main(page).getByRole('heading', { level: 2 });
    await founders.first().waitFor();
    expect(await founders.allTextContents()).toEqual(expect.arrayContaining(['Lyle Obermeyer', 'Vernon Castellano', 'Mildred Oakes']));
    await checkA11y(page);
    await page.context().close();
  });

  it('monthly meetings: next meeting date in the club zone, address, map and map link', async () => {
    const page = await openPage(harness);
    await visit(page, '/new-page-1', 'Monthly Meetings');
    const expected = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/Chicago',
      weekday: 'long',
      month: 'long',
      day: 'numeric',
      year: 'numeric',
    }).format(nextMeeting(new Date(), 'America/Chicago').startsAt);
    const notice = main(page).getByRole('region', { name: 'Next meeting' });
    // The date comes from the meeting place's read: wait for it rather than read the first paint.
    await expect.poll(() => notice.locator('time').textContent()).toBe(expected);
    expect(expected).toMatch(/^Tuesday, /);
    expect(expected).not.toMatch(/January/);
    expect(await main(page).locator('address').textContent()).toContain('Kirkwood, MO 63122');

    const map = main(page).getByRole('img', { name: /Street map of central Kirkwood/ });
    await expect.poll(() => map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    const mapLink = main(page).getByRole('link', { name: /Open the map in Google Maps/ });
    const href = (await mapLink.getAttribute('href')) ?? '';
    expect(href.startsWith('https://www.google.com/maps/search/?api=1&query=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('Kirkwood, MO');
    await checkA11y(page);
    await page.context().close();
  });

  it('club documents: the constitution and by-laws link serves a real PDF', async () => {
    const page = await openPage(harness);
    await visit(page, '/club-documents', 'Club Documents');
    const link = main(page).getByRole('link', { name: 'Constitution and By-Laws' });
    await expectPdfAt(page, await link.getAttribute('href'));
    await checkA11y(page);
    await page.context().close();
  });

  it('membership: dues, joining, the application PDF and a Valley News card', async () => {
    const page = await openPage(harness);
    await visit(page, '/new-page', 'Membership');
    const text = (await main(page).textContent()) ?? '';
    expect(text).toContain('$30 per year');
    expect(text).toContain('$50 per calendar year');
    expect(await main(page).getByRole('heading', { level: 2, name: 'How to join' }).isVisible()).toBe(true);
    // With or without a newsletter (newsletters.get may answer 501 for now), the card leads to Valley News.
    const cover = main(page)
      .getByRole('link', { name: /Valley News/ })
      .first();
    await cover.waitFor();
    expect(await cover.getAttribute('href')).toBe('/new-page-4');
    expect(
      await main(page)
        .getByRole('link', { name: /online social group/ })
        .getAttribute('href'),
    ).toMatch(/^https:\/\//);
    await expectPdfAt(page, await main(page).getByRole('link', { name: 'Application form (PDF)' }).getAttribute('href'));
    await checkA11y(page);
    await page.context().close();
  });

  it('tech: engine, cylinder head and oil tables with captions and headers', async () => {
    const page = await openPage(harness);
    await visit(page, '/tech-page', 'Tech', 'Tech: Model A Specifications');
    const engine = main(page).getByRole('table', { name: /^Engine/ });
    expect(await engine.getByRole('columnheader').allTextContents()).toEqual(['Item', 'Specification', 'Note']);
    const displacement = engine.getByRole('row', { name: /Displacement/ });
    expect(await displacement.getByRole('rowheader').textContent()).toBe('Displacement');
    expect(await displacement.getByRole('cell').first().textContent()).toContain('200.5 cu in');
    expect(await engine.getByRole('row', { name: /Horsepower/ }).textContent()).toContain('40 hp at 2,200 rpm');
    expect(await engine.getByRole('row', { name: /Compression ratio/ }).textContent()).toContain('4.22 : 1');
    expect(await main(page).getByRole('table', { name: 'Cylinder head' }).isVisible()).toBe(true);
    const oil = main(page).getByRole('table', { name: 'Oil and lubrication' });
    expect(await oil.getByRole('row', { name: /Engine oil capacity/ }).textContent()).toContain('5 quarts');
    await checkA11y(page);
    await page.context().close();
  });

  it('links: groups from links.get under headings, and the no-soliciting note', async () => {
    const page = await openPage(harness);
    await visit(page, '/the-shaft-award-1', 'Links');
    const groups = main(page).getByRole('region');
    await main(page).getByRole('heading', { level: 2, name: 'National Clubs' }).waitFor();
    for (const name of ['National Clubs', 'Parts Suppliers', 'Restoration Resources', 'Other Chapters']) {
      const group = groups.filter({ has: page.getByRole('heading', { level: 2, name, exact: true }) });
      expect(await group.getByRole('link').count()).toBeGreaterThan(0);
    }
    const national = groups.filter({ has: page.getByRole('heading', { name: 'National Clubs' }) });
    const first = national.getByRole('link').first();
    expect(await first.getAttribute('href')).toMatch(/^https:\/\//);
    expect(await first.getAttribute('target')).toBe('_blank');
    expect(await main(page).textContent()).toContain('The club does not solicit links.');
    await checkA11y(page);
    await page.context().close();
  });

  it('search: the site search box with the header and footer', async () => {
    const page = await openPage(harness);
    await visit(page, '/search', 'Search');
    await expect.poll(() => main(page).getByRole('searchbox', { name: 'Search the site' }).isVisible()).toBe(true);
    expect(await main(page).textContent()).not.toContain('coming soon');
    expect(await page.getByRole('banner').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    await checkA11y(page);
    await page.context().close();
  });

  it('passes axe at 375px wide on every public page', async () => {
    const page = await openPage(harness, { viewport: MOBILE_VIEWPORT });
    const pages: [string, string, string?][] = [
      ['/', 'Home', CLUB_NAME],
      ['/new-page-2', 'Club History', 'Our History'],
      ['/our-founders', 'Our Founders'],
      ['/new-page-1', 'Monthly Meetings'],
      ['/club-documents', 'Club Documents'],
      ['/new-page', 'Membership'],
      ['/tech-page', 'Tech', 'Tech: Model A Specifications'],
      ['/the-shaft-award-1', 'Links'],
      ['/contact', 'Contact'],
      ['/search', 'Search'],
      ['/accessibility', 'Accessibility', 'Accessibility Statement'],
    ];
    for (const [pathname, pageName, heading] of pages) {
      await visit(page, pathname, pageName, heading);
      // The page must fit: nothing wider than the screen but the tables' own scroll areas.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE_VIEWPORT.width);
      await checkA11y(page);
    }
    await page.context().close();
  });
});

describe('the contact form', () => {
  it('shows each required message on an empty submit without calling the server', async () => {
    const page = await openPage(harness);
    const calls: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact.submit')) calls.push(request.url());
    });
    await visit(page, '/contact', 'Contact');
    const form = page.getByRole('form', { name: 'Contact the club' });
    await form.getByRole('button', { name: 'Send message' }).click();

    await form.getByRole('alert').waitFor();
    expect(await form.getByRole('alert').textContent()).toBe('Please correct the 4 fields marked below.');
    for (const message of ['Please enter the first name.', 'Please enter the last name.', 'Please enter the e-mail address.', 'Please enter the message.']) {
      expect(await form.getByText(message, { exact: true }).isVisible()).toBe(true);
    }
    expect(await form.getByLabel(/First name/).getAttribute('aria-invalid')).toBe('true');
    await checkA11y(page);

    // Typing into a field clears its message.
    await form.getByLabel(/First name/).fill('Ada');
    expect(await form.getByText('Please enter the first name.').count()).toBe(0);
    expect(calls).toEqual([]);
    await page.context().close();
  });

  it('sends a valid message: Successfully Submitted, and the e-mail lands in the outbox', async () => {
    const page = await openPage(harness);
    const fetched: string[] = [];
    page.on('request', (request) => fetched.push(new URL(request.url()).pathname));
    const contractCheck = () => fetched.filter((file) => /\/assets\/contract-check-/.test(file));
    await visit(page, '/contact', 'Contact');
    // The check against the contract comes with the first letter typed, not with the page.
    expect(contractCheck()).toEqual([]);
    const form = page.getByRole('form', { name: 'Contact the club' });
    await form.getByLabel(/First name/).fill('Ada');
    await expect.poll(() => contractCheck().length).toBe(1);
    await form.getByLabel(/Last name/).fill('Whitcombe');
    await form.getByLabel(/E-mail address/).fill('ada.whitcombe@example.com');
    await form.getByLabel(/Message/).fill('Is the spring tour open to a 1930 Coupe from Belleville?');
    // The honeypot is out of the tab order: from the message, Tab goes to the button.
    await form.getByLabel(/Message/).focus();
    await page.keyboard.press('Tab');
    expect(await form.getByRole('button', { name: 'Send message' }).evaluate((el) => el === document.activeElement)).toBe(true);

    const reply = page.waitForResponse((response) => response.url().includes('/api/contact.submit.php'));
    await form.getByRole('button', { name: 'Send message' }).click();
    expect((await reply).status()).toBe(200);
    await form.getByText('Successfully Submitted').waitFor();
    expect(await form.getByLabel(/First name/).inputValue()).toBe('');
    await checkA11y(page);

    // With no SMTP_URL the server writes each e-mail to DATA_DIR/outbox as a .eml file.
    const outbox = path.join(harness.dataDir, 'outbox');
    const deadline = Date.now() + 10_000;
    let eml = '';
    while (eml === '' && Date.now() < deadline) {
      const files = await readdir(outbox).catch(() => [] as string[]);
      const file = files.find((name) => name.includes('website-contact-from-ada-whitcombe'));
      if (file) eml = await readFile(path.join(outbox, file), 'utf8');
      else await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(eml).toContain('Subject: Website contact from Ada Whitcombe');
    expect(eml).toMatch(/Reply-To: "?Ada Whitcombe"? <ada\.whitcombe@example\.com>/);
    // The body is quoted-printable: undo its soft line breaks before reading it.
    expect(eml.replace(/=\r?\n/g, '')).toContain('Is the spring tour open to a 1930 Coupe from Belleville?');
    await page.context().close();
  });

  it('refuses an address the server would refuse at once, beside the field, without sending', async () => {
    const page = await openPage(harness);
    const sent: string[] = [];
    page.on('request', (req) => {
      if (req.url().includes('/api/contact.submit.php')) sent.push(req.url());
    });
    await visit(page, '/contact', 'Contact');
    const form = page.getByRole('form', { name: 'Contact the club' });
    await form.getByLabel(/First name/).fill('Ada');
    await form.getByLabel(/Last name/).fill('Whitcombe');
    // The page checks with the contract the server uses, so a missing top-level domain is caught here.
    await form.getByLabel(/E-mail address/).fill('ada@example.c');
    await form.getByLabel(/Message/).fill('Hello');
    await form.getByRole('button', { name: 'Send message' }).click();
    await expect.poll(() => form.getByText('Please enter a valid e-mail address, like name@example.com.').count()).toBeGreaterThan(0);
    expect(sent).toEqual([]);
    expect(await form.getByLabel(/Message/).inputValue()).toBe('Hello');
    await page.context().close();
  });

  it('shows a server refusal in a dialog titled Error, and keeps what was typed', async () => {
    const page = await openPage(harness);
    // A refusal only the server can give (its limits, its mail queue): answered here as it would be.
    await page.route('**/api/contact.submit.php', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ e: 'Too many messages from this address. Please try again in an hour.' }),
      }),
    );
    await visit(page, '/contact', 'Contact');
    const form = page.getByRole('form', { name: 'Contact the club' });
    await form.getByLabel(/First name/).fill('Ada');
    await form.getByLabel(/Last name/).fill('Whitcombe');
    await form.getByLabel(/E-mail address/).fill('ada@example.com');
    await form.getByLabel(/Message/).fill('Hello');
    await form.getByRole('button', { name: 'Send message' }).click();

    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.waitFor();
    expect(await dialog.textContent()).toContain('Too many messages from this address');
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await dialog.waitFor({ state: 'hidden' });
    // Nothing was lost: the visitor's text is still there to send later.
    expect(await form.getByLabel(/Message/).inputValue()).toBe('Hello');
    await page.context().close();
  });
});

describe('the tech tables, Links and robots.txt', () => {
  it('tech tables on a phone: no sideways scrolling, every note shown, captions above their rows', async () => {
    const page = await openPage(harness, { viewport: SMALL_PHONE_SIZE, hasTouch: true, isMobile: true });
    await page.goto('/tech-page');
    await page.getByRole('table').first().waitFor();
    const overflowing = await page
      .locator('.tech__scroll')
      .evaluateAll((regions) => regions.filter((region) => region.scrollWidth > region.clientWidth + 1).length);
    expect(overflowing).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SMALL_PHONE_SIZE.width);
    const note = page.getByText('Avoid GL-5: its additives attack bronze parts');
    expect(await note.isVisible()).toBe(true);
    const noteBox = await note.boundingBox();
    expect((noteBox?.x ?? 0) + (noteBox?.width ?? Infinity)).toBeLessThanOrEqual(SMALL_PHONE_SIZE.width);
    const caption = await boxOf(page, 'caption');
    const firstRow = await boxOf(page, 'tbody tr');
    expect(caption.y).toBeLessThan(firstRow.y);
    await checkA11y(page);
    await snapshot(page, 'tech-tables-phone', { fullPage: false });
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

describe('one meeting place and schedule', () => {
  it('names the same place on the Monthly Meetings page and on a Monthly Meeting event', async () => {
    const page = await openPage(harness, PHONE);
    await visitHydrated(page, '/new-page-1');
    const place = ((await page.getByRole('main').locator('address strong').textContent()) ?? '').trim();
    expect(place).not.toBe('');
    await page.context().close();
    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await member.goto('/new-events');
    await member
      .getByRole('main')
      .getByRole('link', { name: /Monthly Meeting\b(?!s)/ })
      .first()
      .tap();
    await member.waitForURL(/\/event\/\d+$/);
    await member.getByRole('heading', { level: 1, name: 'Monthly Meeting', exact: true }).waitFor();
    await member.getByRole('main').getByText(place).first().waitFor({ timeout: 5000 });
    await member.context().close();
  });

  it("lets the admin move the meetings; the page, its next date and the event editor's venue follow", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, DESKTOP);
    await visitHydrated(page, '/new-page-1');
    await page.getByRole('button', { name: 'Edit the meeting place and schedule' }).click();
    const form = page.getByRole('form', { name: 'Meeting place and schedule' });
    await form.getByLabel('Place name').fill('Valley Grange Hall');
    await form.getByLabel('Room').fill('');
    await form.getByLabel('Street').fill('12 Mill Road');
    await form.getByLabel('City').fill('Eureka');
    await form.getByLabel('Zip code').fill('63025');
    await form.getByLabel('Week of the month').selectOption({ label: 'Second' });
    await form.getByLabel('Weekday').selectOption({ label: 'Thursday' });
    await form.getByLabel('Start time').fill('18:30');
    await form.getByLabel('December').check();
    await checkA11y(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Successfully Saved').waitFor();
    await form.getByRole('button', { name: 'Done' }).click();

    const main = page.getByRole('main');
    await main.locator('address').filter({ hasText: 'Valley Grange Hall' }).waitFor();
    expect(await main.locator('address').textContent()).toContain('Eureka, MO 63025');
    await main.getByText('We meet on the second Thursday of each month except January and December, at 6:30 p.m.').waitFor();
    const notice = main.getByRole('region', { name: 'Next meeting' });
    expect(await notice.locator('time').textContent()).toMatch(/^Thursday, /);
    expect(await notice.textContent()).toContain('at 6:30 p.m.');
    // The drawn map shows the old place: only the Google Maps link is offered now.
    expect(await main.getByRole('img', { name: /Street map/ }).count()).toBe(0);
    expect(decodeURIComponent((await main.getByRole('link', { name: /Open the map/ }).getAttribute('href')) ?? '')).toContain(
      'Valley Grange Hall, 12 Mill Road, Eureka',
    );

    await page.goto('/editEvent/0');
    const editor = page.getByRole('form', { name: 'New event' });
    await editor.getByRole('button', { name: 'Use the meeting place' }).click();
    expect(await editor.getByLabel('Venue').inputValue()).toBe('Valley Grange Hall');
    expect(await editor.getByLabel('Address line 1').inputValue()).toBe('12 Mill Road');
    expect(await editor.getByLabel('Address line 2 (city, state, zip)').inputValue()).toBe('Eureka, MO 63025');
    await page.context().close();
  });
});

describe('a second tap on Send after the message went', () => {
  it('keeps "Successfully Submitted" on Contact and sends once', async () => {
    const page = await openPage(harness, PHONE);
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact.submit')) sends.push(request.url());
    });
    await visitHydrated(page, '/contact');
    const form = await sendContactWithDoubleTap(page, { email: 'ada.double@example.com', touch: true });
    expect(await form.getByText('Successfully Submitted').isVisible()).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(sends).toHaveLength(1);
    await checkA11y(page);
    for (const [width, height] of [
      [375, 667],
      [390, 844],
      [768, 1024],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await snapshot(page, `contact-after-double-tap-${width}`, { fullPage: false });
    }

    // Starting a new message takes the confirmation away.
    await form.getByLabel(/First name/).fill('B');
    expect(await form.getByText('Successfully Submitted').count()).toBe(0);
    await page.context().close();
  });
});
