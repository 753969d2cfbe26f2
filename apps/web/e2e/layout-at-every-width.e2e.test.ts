import { createHash } from 'node:crypto';
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPage, openPageAs, serverDatabase, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { type Box, boxOf, gapBetween, makeEventWith24Answers, sendContactWithDoubleTap } from './steps.ts';

/**
 * The site at the widths people read it at: 375 and 390 px phones (by tap), a 768 px tablet and a
 * 1280 px desktop. Nothing wider than the screen, nothing touching, things that belong together
 * lined up. Run with E2E_SCREENSHOT_DIR set, it also writes each view for a person to look at.
 */

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
/** Only the reset below uses this account: it changes its password. */
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };
/** The least room between two things that must not touch (px). */
const MIN_GAP = 8;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Waits until the transitions and animations running on `locator` and inside it have ended: those
 * that run in time, not endless ones nor those that follow a scroll (the menu's "More below").
 */
async function animationsEnded(locator: Locator): Promise<void> {
  await locator.evaluate(async (element) => {
    const running = element
      .getAnimations({ subtree: true })
      .filter((animation) => animation.timeline instanceof DocumentTimeline && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(running.map((animation) => animation.finished));
  });
}

type Width = { label: string; options: BrowserContextOptions & { viewport: { width: number; height: number } }; touch: boolean };

const WIDTHS: Width[] = [
  { label: '375', options: { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true }, touch: true },
  { label: '390', options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true }, touch: true },
  { label: '768', options: { viewport: { width: 768, height: 1024 } }, touch: false },
  { label: '1280', options: { viewport: { width: 1280, height: 900 } }, touch: false },
];

const press = (locator: Locator, touch: boolean) => (touch ? locator.tap() : locator.click());

async function expectNoSidewaysScroll(page: Page, width: number, view: string): Promise<void> {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `${view} at ${width} px is ${scrollWidth} px wide`).toBeLessThanOrEqual(width);
}

describe('the home page and the menu at every width', () => {
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

describe('home, menu, event, contact and outbox at every width', () => {
  for (const { label, options, touch } of WIDTHS) {
    it(`shows home, the menu, an event, contact and the outbox without sideways scrolling at ${label} px`, async () => {
      const { width } = options.viewport;
      const page = await openPage(harness, options);

      await visit(page, '/');
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      await page.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(page, width, 'home');
      await snapshot(page, `width-home-${label}`);

      const nav = page.getByRole('navigation', { name: 'Main' });
      const menuButton = page.getByRole('banner').getByRole('button', { name: 'Menu' });
      if (await menuButton.isVisible()) await press(menuButton, touch);
      const group = nav.getByRole('button', { name: 'Club Info', exact: true });
      await press(group, touch);
      await expect.poll(() => group.getAttribute('aria-expanded')).toBe('true');
      // The group has finished opening (its slide and fade) before the picture is taken.
      await animationsEnded(nav);
      await snapshot(page, `width-menu-club-info-${label}`, { fullPage: false });
      await page.keyboard.press('Escape');

      await visit(page, '/contact');
      await sendContactWithDoubleTap(page, { email: `ada.width${label}@example.com`, touch });
      await expectNoSidewaysScroll(page, width, 'contact');
      await snapshot(page, `width-contact-double-tap-${label}`, { fullPage: false });

      await page.context().close();

      const eventId = makeEventWith24Answers(harness);
      const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, options);
      await member.goto(`/event/${eventId}`);
      await member.getByRole('form', { name: 'Your answer' }).waitFor();
      await member.waitForLoadState('networkidle');
      await expectNoSidewaysScroll(member, width, 'event');
      await snapshot(member, `width-event-24-answers-${label}`);
      await member.context().close();

      const admin = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, options);
      await admin.goto('/account');
      const panel = admin.getByRole('region', { name: 'Outgoing e-mail and pushes' });
      await panel.getByRole('note', { name: 'E-mail is not delivered' }).waitFor();
      await admin.waitForLoadState('networkidle');
      await panel.evaluate((element) => element.scrollIntoView());
      await expectNoSidewaysScroll(admin, width, 'account');
      await snapshot(admin, `width-admin-outbox-${label}`, { fullPage: false });
      await admin.context().close();
    });
  }
});

describe('room between things, and things lined up', () => {
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
    const token = `reset-gap-${Date.now()}`;
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
    await page.getByLabel('New Password').fill('reset-gap-new-1');
    await page.getByLabel('Confirm Password').fill('reset-gap-new-1');
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
    // Any change of colour the tap set going has run its course.
    await animationsEnded(next);
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
      const bar = await banner
        .locator('.site-header__bar > :is(a, form)')
        .evaluateAll((elements) => elements.map((element) => element.getBoundingClientRect().right));
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

describe('the Photos card on a tablet', () => {
  it('leaves no empty area under "View photos" in the Photos card at 768 px', async () => {
    const page = await openPage(harness, TABLET);
    await visit(page, '/');
    await page.waitForFunction(() => (document.querySelector('.promo__photo') as HTMLImageElement | null)?.complete === true);
    const cards = page.locator('.promo');
    for (let index = 0; index < (await cards.count()); index += 1) {
      const card = await boxOf(cards.nth(index));
      const link = await boxOf(cards.nth(index).locator('.promo__link'));
      // The card's own padding under the link, not a blank band where the picture should have grown.
      expect(card.y + card.height - (link.y + link.height), `room under the link of card ${index + 1}`).toBeLessThanOrEqual(32);
    }
    await page.context().close();
  });
});

describe('a monthly meeting on a phone', () => {
  it('keeps "Repeats …" clear of the place on a monthly meeting', async () => {
    const db = serverDatabase(harness);
    const meeting = db
      .prepare("SELECT id FROM events WHERE series_id IS NOT NULL AND title = 'Monthly Meeting' AND start > ? ORDER BY start LIMIT 1")
      .get(new Date().toISOString().slice(0, 16)) as { id: number };
    db.close();
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto(`/event/${meeting.id}`);
    const repeats = await boxOf(page.getByText(/^Repeats /));
    const place = await boxOf(page.getByRole('region', { name: 'When and where' }).locator('address'));
    expect(place.y - (repeats.y + repeats.height)).toBeGreaterThanOrEqual(8);
    await page.context().close();
  });
});
