import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPage, openPageAs, serverDatabase, snapshot, startHarness, visit, type Harness } from './harness.ts';

/** Issue 22, items 9, 13, 18 and 21: each test at the width where it was seen (phones by tap). */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SMALL_PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true } as const;
const TABLET = { viewport: { width: 768, height: 1024 } } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const EVENT_EDITOR = { email: 'events@example.org', password: 'demo-events-1' };
/** Only the reset journey uses this account: it changes its password. */
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };
/** The least room between two things that must not touch (px). */
const MIN_GAP = 8;

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** Room from the bottom of `above` to the top of `below`. */
async function gapBetween(above: Locator, below: Locator): Promise<number> {
  const [a, b] = [await boxOf(above), await boxOf(below)];
  return b.y - (a.y + a.height);
}

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the phone menu with a group open (item 9)', () => {
  it('says "More below" while entries are hidden under the fold, and not once scrolled to the end, at 375x667', async () => {
    const page = await openPage(harness, SMALL_PHONE);
    await visit(page, '/');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    const group = mainNav(page).getByRole('button', { name: 'Club Info', exact: true });
    await group.tap();
    await page.waitForFunction(() => document.querySelector('.nav__group.is-open') !== null);
    const list = mainNav(page).locator('.nav__list');
    const login = mainNav(page).getByRole('link', { name: 'Member Login', exact: true });
    // The menu does not fit: its last entries are below the fold.
    expect(await list.evaluate((element) => element.scrollHeight > element.clientHeight)).toBe(true);
    expect((await boxOf(login)).y).toBeGreaterThan(667);

    const hint = page.getByText('More below');
    const opacityOf = () => hint.evaluate((element) => Number(getComputedStyle(element).opacity));
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('.nav__more') as Element).opacity) > 0.9);
    const hintBox = await boxOf(hint);
    const listBox = await boxOf(list);
    // The hint lies over the bottom of the visible menu, on screen.
    expect(hintBox.y + hintBox.height).toBeLessThanOrEqual(667);
    expect(hintBox.y + hintBox.height).toBeGreaterThan(listBox.y + listBox.height - 40);
    // axe: phone-menu checks this same view (Club Info open at 375x667): the same markup.
    await snapshot(page, 'menu-club-info-open-375x667', { fullPage: false });

    await list.evaluate((element) => element.scrollTo(0, element.scrollHeight));
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('.nav__more') as Element).opacity) < 0.05);
    const loginBox = await boxOf(login);
    expect(loginBox.y + loginBox.height).toBeLessThanOrEqual(667);

    // With the group closed again the menu fits a taller phone: no hint there.
    await list.evaluate((element) => element.scrollTo(0, 0));
    await group.tap();
    await page.setViewportSize({ width: 375, height: 1000 });
    await page.waitForFunction(() => Number(getComputedStyle(document.querySelector('.nav__more') as Element).opacity) < 0.05);
    expect(await opacityOf()).toBeLessThan(0.05);
    await page.context().close();
  });
});

describe('the home page and the menu at the four review widths', () => {
  const WIDTHS = [
    { label: '375', options: SMALL_PHONE },
    { label: '390', options: PHONE },
    { label: '768', options: TABLET },
    { label: '1280', options: DESKTOP },
  ] as const;

  it('fits the home page to the screen and opens a menu group on screen, at 375, 390, 768 and 1280 px', async () => {
    for (const { label, options } of WIDTHS) {
      const page = await openPage(harness, options);
      await visit(page, '/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      // Nothing wider than the screen: no sideways scrolling on any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(options.viewport.width);
      await snapshot(page, `home-${label}`);

      // Phones and tablets open the menu first; the desktop shows it in the header.
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      const touch = 'hasTouch' in options;
      if (await menuButton.isVisible()) await (touch ? menuButton.tap() : menuButton.click());
      const group = mainNav(page).getByRole('button', { name: 'Club Info', exact: true });
      await (touch ? group.tap() : group.click());
      await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
      const first = mainNav(page).locator('.nav__group.is-open .nav__sublink').first();
      const box = await boxOf(first);
      // The group's first entry is on screen, inside the width, where a finger or pointer can reach it.
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(options.viewport.width);
      expect(box.y + box.height).toBeLessThanOrEqual(options.viewport.height);
      await checkA11y(page);
      await snapshot(page, `menu-group-open-${label}`, { fullPage: false });
      await page.context().close();
    }
  });
});

describe("the phone header's page name", () => {
  it('never splits a word of any page name across lines, at 375 and 390 px', async () => {
    for (const options of [SMALL_PHONE, PHONE]) {
      const page = await openPage(harness, options);
      await visit(page, '/membership');
      const names = await mainNav(page).locator('a, button').evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));
      const broken = await page.locator('.site-header__page-title').evaluate((title, all) => {
        const found: string[] = [];
        for (const name of [...all, 'Accessibility', 'Classifieds', 'Route Books', 'Search', 'Account']) {
          title.textContent = name;
          const text = title.firstChild as Text;
          let start = 0;
          for (const word of name.split(' ')) {
            const range = document.createRange();
            range.setStart(text, start);
            range.setEnd(text, start + word.length);
            // A word on one line has one box; a word split over two lines has two.
            if (new Set([...range.getClientRects()].map((box) => Math.round(box.top))).size > 1) found.push(name);
            start += word.length + 1;
          }
          if (title.scrollHeight > title.clientHeight + 1) found.push(`${name} (cut off)`);
        }
        return found;
      }, names.filter(Boolean));
      expect(broken).toEqual([]);
      await page.context().close();
    }
  });
});

describe('spacing and layout (item 18)', () => {
  it('keeps "Forgot your password?" clear of Log in, and the in-page login form narrow', async () => {
    for (const options of [PHONE, DESKTOP]) {
      const page = await openPage(harness, options);
      await visit(page, '/memberList');
      const panel = page.getByRole('form', { name: 'Member login' });
      const gap = await gapBetween(panel.getByRole('button', { name: 'Log in' }), page.getByRole('link', { name: 'Forgot your password?' }));
      expect(gap).toBeGreaterThanOrEqual(MIN_GAP);
      if (options === DESKTOP) expect((await boxOf(panel.getByLabel('E-mail address'))).width).toBeLessThanOrEqual(640);
      await page.context().close();
    }
  });

  it('keeps "Go to Member Login" clear of the message above it after a reset', async () => {
    const token = `round-two-c-${Date.now()}`;
    const db = serverDatabase(harness);
    const member = db.prepare('SELECT id FROM members WHERE email = ?').get(POSTER.email) as { id: number };
    db.prepare('INSERT INTO password_resets (token_hash, member_id, expires) VALUES (?, ?, ?)').run(
      createHash('sha256').update(token).digest('hex'),
      member.id,
      new Date(Date.now() + 3_600_000).toISOString(),
    );
    db.close();
    const page = await openPage(harness, PHONE);
    await page.goto(`/reset/${token}`);
    await page.getByLabel('New Password').fill('round-two-c-new-1');
    await page.getByLabel('Confirm Password').fill('round-two-c-new-1');
    await page.getByRole('button', { name: 'Set Password' }).tap();
    const message = page.getByText('you can now log in with your e-mail address and your new password');
    expect(await gapBetween(message, page.getByRole('link', { name: 'Go to Member Login' }))).toBeGreaterThanOrEqual(MIN_GAP);
    await page.context().close();
  });

  it("keeps the event editor's club-time hint clear of End", async () => {
    const page = await openPageAs(harness, EVENT_EDITOR.email, EVENT_EDITOR.password, PHONE);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    const hint = form.getByText(/^Club time/).first();
    const endLabel = form.locator('label', { hasText: /^End/ });
    expect(await gapBetween(hint, endLabel)).toBeGreaterThanOrEqual(MIN_GAP);
    await page.context().close();
  });

  it('gives Previous post and Next post one height on a phone', async () => {
    const page = await openPage(harness, PHONE);
    await page.goto('/blog');
    // A post between two others has both buttons.
    await page.locator('.post-list > article h2 a').nth(1).tap();
    const pager = page.getByRole('navigation', { name: 'Other posts' });
    const previous = await boxOf(pager.getByRole('link', { name: /Previous post/ }));
    const next = await boxOf(pager.getByRole('link', { name: /Next post/ }));
    expect(Math.abs(previous.height - next.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(previous.y - next.y)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it('does not leave a tapped button looking hovered on a touch screen', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/events');
    const next = page.getByRole('link', { name: /^Next/ }).first();
    const look = () => next.evaluate((element) => getComputedStyle(element).backgroundColor);
    const before = await look();
    const month = await page.locator('.calendar-toolbar__month').textContent();
    await next.tap();
    await page.waitForFunction((shown) => document.querySelector('.calendar-toolbar__month')?.textContent !== shown, month);
    await page.waitForTimeout(300);
    expect(await look()).toBe(before);
    await page.context().close();
  });

  it('leaves no empty area in the home cards beside the one with a picture', async () => {
    for (const options of [TABLET, DESKTOP]) {
      const page = await openPage(harness, options);
      await visit(page, '/');
      await page.locator('.promo__photo').waitFor();
      await page.waitForFunction(() => (document.querySelector('.promo__photo') as HTMLImageElement | null)?.complete === true);
      const cards = page.locator('.promo');
      for (let index = 0; index < (await cards.count()); index += 1) {
        const card = cards.nth(index);
        // The bottom of the text's last line, not of its box (which may stretch).
        const textBottom = await card.locator('.promo__text').evaluate((element) => {
          const range = document.createRange();
          range.selectNodeContents(element);
          return range.getBoundingClientRect().bottom;
        });
        const room = (await boxOf(card.locator('.promo__link'))).y - textBottom;
        expect(room, `room under the text of card ${index + 1} at ${options.viewport.width} px`).toBeLessThanOrEqual(64);
      }
      await page.context().close();
    }
  });

  it('gives the Board page the width of the other history pages', async () => {
    const page = await openPage(harness, DESKTOP);
    await visit(page, '/new-page-3');
    const presidents = await boxOf(page.locator('.page'));
    await visit(page, '/board-members');
    await page.getByRole('heading', { name: /Officers and Board/ }).waitFor();
    const board = await boxOf(page.locator('.page'));
    expect(board.width).toBe(presidents.width);
    await page.context().close();
  });

  it("lines up the admin's member filters", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, DESKTOP);
    await page.goto('/memberList');
    const search = await boxOf(page.getByLabel('Search members'));
    const filter = await boxOf(page.getByLabel('Show permission'));
    const searchLabel = await boxOf(page.getByText('Search members', { exact: true }));
    const filterLabel = await boxOf(page.getByText('Show permission', { exact: true }));
    expect(Math.abs(search.y - filter.y)).toBeLessThanOrEqual(1);
    expect(Math.abs(search.height - filter.height)).toBeLessThanOrEqual(1);
    expect(Math.abs(searchLabel.y - filterLabel.y)).toBeLessThanOrEqual(1);
    await page.context().close();
  });

  it("lays the whole menu out in the header from the spec's 48rem (768 px), and folds it behind Menu below", async () => {
    const page = await openPage(harness, TABLET);
    await visit(page, '/');
    const banner = page.getByRole('banner');
    const menuButton = banner.getByRole('button', { name: 'Menu' });
    const entries = [
      ...['History', 'Club Info'].map((name) => mainNav(page).getByRole('button', { name, exact: true })),
      ...['Membership', 'Calendar of Events', 'Tech', 'Valley News', 'Photos', 'Contact', 'Links', 'Member Login'].map((name) =>
        mainNav(page).getByRole('link', { name, exact: true }),
      ),
    ];
    for (const width of [768, 800, 1024, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      expect(await menuButton.isVisible(), `Menu button at ${width} px`).toBe(false);
      const boxes: Box[] = [];
      for (const entry of entries) {
        expect(await entry.isVisible(), `${entry.toString()} at ${width} px`).toBe(true);
        const box = await boxOf(entry);
        // Inside the screen, and over nothing else of the header.
        expect(box.x, `${entry.toString()} at ${width} px`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${entry.toString()} at ${width} px`).toBeLessThanOrEqual(width);
        for (const other of boxes) {
          const apart = box.x >= other.x + other.width || other.x >= box.x + box.width || box.y >= other.y + other.height || other.y >= box.y + box.height;
          expect(apart, `${entry.toString()} overlaps another entry at ${width} px`).toBe(true);
        }
        boxes.push(box);
      }
      const bar = await banner.locator('.site-header__bar > :is(a, form)').evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
      const session = await boxOf(mainNav(page).getByRole('link', { name: 'Member Login', exact: true }));
      expect(Math.max(...bar), `brand and search end left of Member Login at ${width} px`).toBeLessThanOrEqual(session.x);
      // At most two rows of entries under the brand bar.
      expect((await boxOf(banner)).height, `header height at ${width} px`).toBeLessThanOrEqual(200);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await snapshot(page, `header-${width}`, { fullPage: false });
    }
    // Below the breakpoint the phone menu stays: the entries wait behind Menu.
    await page.setViewportSize({ width: 767, height: 900 });
    await menuButton.waitFor();
    expect(await entries[2]?.isVisible()).toBe(false);
    await page.context().close();
  });
});

describe('calendar, lightbox, Shaft Award and member cards (item 21)', () => {
  it("marks today and sets past days apart in the phone's list of the month", async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/events');
    const list = page.locator('.calendar-list');
    const today = list.locator('[aria-current="date"]');
    await today.waitFor();
    expect(await today.count()).toBe(1);
    expect(await today.textContent()).toMatch(/Today/);
    // Days before today say so; today and later do not.
    const days = await list.locator('.calendar-list__day').evaluateAll((sections) =>
      sections.map((section) => ({ isToday: section.getAttribute('aria-current') === 'date', date: section.querySelector('h3')?.textContent ?? '' })),
    );
    const todayIndex = days.findIndex((day) => day.isToday);
    days.forEach((day, index) => expect(day.date.includes('Past'), `day ${index}: ${day.date}`).toBe(index < todayIndex));
    await checkA11y(page);

    await page.getByRole('link', { name: /^Previous/ }).first().tap();
    await page.waitForURL(/month=/);
    // This month's list, still shown as the address changes, has today in it: read the month before once it has gone.
    await today.waitFor({ state: 'detached' });
    const pastDays = list.locator('.calendar-list__day');
    await pastDays.first().waitFor();
    for (const date of await pastDays.locator('h3').allTextContents()) expect(date).toContain('Past');
    await page.context().close();
  });

  it('shows "1 of 2", a caption and arrows that stay visible on light photos in the lightbox', async () => {
    const page = await openPage(harness, PHONE);
    await page.goto('/blog');
    const first = page.locator('.post-list > article').first();
    const title = ((await first.locator('h2').textContent()) ?? '').trim();
    await first.locator('h2 a').tap();
    // The list shows every post's gallery too: wait until the post's own page has replaced it.
    await page.waitForURL(/\/blog\/\d+$/);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByRole('button', { name: 'Open photo 1 of 2 large' }).tap();
    const dialog = page.getByRole('dialog');
    await dialog.getByText('1 of 2', { exact: true }).waitFor();
    // The caption of the photo on screen (the neighbours wait, off screen, beside it).
    const captionsOnScreen = await dialog.getByText(title, { exact: true }).evaluateAll((elements) =>
      elements.filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.left >= 0 && box.right <= window.innerWidth && box.bottom <= window.innerHeight;
      }).length,
    );
    expect(captionsOnScreen).toBe(1);
    const next = dialog.getByRole('button', { name: 'Next' });
    const nextBox = await boxOf(next);
    expect(nextBox.width).toBeGreaterThanOrEqual(44);
    expect(nextBox.height).toBeGreaterThanOrEqual(44);
    // A dark disc behind the arrow: it shows on a white sky as well as on a dark one.
    const alpha = await next.evaluate((element) => {
      const match = /rgba?\(([^)]+)\)/.exec(getComputedStyle(element).backgroundColor);
      const parts = (match?.[1] ?? '0, 0, 0, 0').split(',').map(Number);
      return parts.length === 4 ? (parts[3] ?? 0) : 1;
    });
    expect(alpha).toBeGreaterThanOrEqual(0.5);
    await next.tap();
    await dialog.getByText('2 of 2', { exact: true }).waitFor();
    await snapshot(page, 'lightbox-390', { fullPage: false });
    await page.context().close();
  });

  it('enlarges a past Shaft Award picture', async () => {
    const page = await openPage(harness, PHONE);
    await page.goto('/the-shaft-award');
    const past = page.getByRole('list', { name: 'Past recipients' });
    const open = past.getByRole('button', { name: /^Enlarge the picture of/ }).first();
    await open.tap();
    const dialog = page.getByRole('dialog');
    await dialog.locator('img').first().waitFor();
    const picture = await boxOf(dialog.locator('img').first());
    expect(picture.width).toBeGreaterThan(200);
    await checkA11y(page);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await page.context().close();
  });

  it("gives a member card's phone and e-mail links room to tap", async () => {
    for (const [options, least] of [[PHONE, 44], [DESKTOP, 24]] as const) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, options);
      await page.goto('/memberList');
      const card = page.locator('.member-card').filter({ has: page.locator('a[href^="tel:"]') }).filter({ has: page.locator('a[href^="mailto:"]') }).first();
      const phone = card.locator('a[href^="tel:"]');
      const email = card.locator('a[href^="mailto:"]');
      expect((await boxOf(phone)).height).toBeGreaterThanOrEqual(least);
      expect((await boxOf(email)).height).toBeGreaterThanOrEqual(least);
      expect(await gapBetween(phone, email)).toBeGreaterThanOrEqual(MIN_GAP);
      await page.context().close();
    }
  });
});

describe('one meeting place and schedule (item 13)', () => {
  it('names the same place on the Monthly Meetings page and on a Monthly Meeting event', async () => {
    const page = await openPage(harness, PHONE);
    await visit(page, '/new-page-1');
    const place = ((await page.getByRole('main').locator('address strong').textContent()) ?? '').trim();
    expect(place).not.toBe('');
    await page.context().close();
    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await member.goto('/new-events');
    await member.getByRole('main').getByRole('link', { name: /Monthly Meeting\b(?!s)/ }).first().tap();
    await member.waitForURL(/\/event\/\d+$/);
    await member.getByRole('heading', { level: 1, name: 'Monthly Meeting', exact: true }).waitFor();
    await member.getByRole('main').getByText(place).first().waitFor({ timeout: 5000 });
    await member.context().close();
  });

  it("lets the admin move the meetings; the page, its next date and the event editor's venue follow", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, DESKTOP);
    await visit(page, '/new-page-1');
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
    expect(decodeURIComponent((await main.getByRole('link', { name: /Open the map/ }).getAttribute('href')) ?? '')).toContain('Valley Grange Hall, 12 Mill Road, Eureka');

    await page.goto('/editEvent/0');
    const editor = page.getByRole('form', { name: 'New event' });
    await editor.getByRole('button', { name: 'Use the meeting place' }).click();
    expect(await editor.getByLabel('Venue').inputValue()).toBe('Valley Grange Hall');
    expect(await editor.getByLabel('Address line 1').inputValue()).toBe('12 Mill Road');
    expect(await editor.getByLabel('Address line 2 (city, state, zip)').inputValue()).toBe('Eureka, MO 63025');
    await page.context().close();
  });
});
