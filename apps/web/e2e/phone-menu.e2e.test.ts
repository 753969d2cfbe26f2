import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, openPage, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { boxOf } from './steps.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

/** The spec's navigation: each label with the address it must land on. */
const GROUPS: Record<string, [label: string, path: string][]> = {
  History: [
    ['Our History', '/new-page-2'],
    ['Our Founders', '/our-founders'],
    ['Past Presidents', '/new-page-3'],
    ['The Shaft Award', '/the-shaft-award'],
    ['Start-up Parties', '/start-up-parties-2'],
  ],
  'Club Info': [
    ['Board Members', '/board-members'],
    ['Monthly Meetings', '/new-page-1'],
    ['Club Documents', '/club-documents'],
    ['Member List', '/memberList'],
    ['Forum', '/forum'],
    ['Classifieds', '/classifieds'],
    ['Route Books', '/routes'],
  ],
};

const TOP_LEVEL: [label: string, path: string][] = [
  ['Membership', '/new-page'],
  ['Calendar of Events', '/events'],
  ['Tech', '/tech-page'],
  ['Valley News', '/new-page-4'],
  ['Photos', '/blog'],
  ['Contact', '/contact'],
  ['Links', '/the-shaft-award-1'],
  ['Member Login', '/login'],
];

const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
] as const;

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const groupButton = (page: Page, group: string) => nav(page).getByRole('button', { name: group, exact: true });
const navLink = (page: Page, label: string) => nav(page).getByRole('link', { name: label, exact: true });

async function openMenu(page: Page): Promise<void> {
  const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
  await toggle.tap();
  await page.waitForFunction(() => document.querySelector('.site-header__menu-toggle')?.getAttribute('aria-expanded') === 'true');
}

async function openGroup(page: Page, group: string): Promise<void> {
  await groupButton(page, group).tap();
  expect(await groupButton(page, group).getAttribute('aria-expanded')).toBe('true');
}

/** Starts from the home page (or from Contact when home is not a fresh start), menu closed. */
async function startFresh(page: Page, target: string): Promise<void> {
  const start = target === '/' ? '/contact' : '/';
  if (new URL(page.url()).pathname === target || page.url() === 'about:blank') await page.goto(start);
  await page.locator('.site-header__menu-toggle').waitFor();
}

async function expectLandedOn(page: Page, path: string, tapped: string): Promise<void> {
  await page
    .waitForURL((url) => url.pathname === path, { timeout: 5000 })
    .catch(() => {
      throw new Error(`Tapping "${tapped}" landed on ${new URL(page.url()).pathname}, not ${path}`);
    });
  // The menu closes once a page is chosen.
  expect(await page.locator('.site-header__menu-toggle').getAttribute('aria-expanded')).toBe('false');
}

/** Every entry of the open menu lies in one column, none sticks out, and each can be scrolled to. */
async function expectOneUncutColumn(page: Page, viewportWidth: number, viewportHeight: number): Promise<void> {
  const boxes = await nav(page)
    .locator('.nav__list > li > a, .nav__list > li > button, .nav__submenu:not([hidden]) a')
    .evaluateAll((elements) =>
      elements.map((element) => {
        const box = element.getBoundingClientRect();
        return { text: element.textContent?.trim() ?? '', left: box.left, right: box.right, top: box.top, height: box.height };
      }),
    );
  const columnLefts = new Set(boxes.filter((box) => !['Member Login', 'Account'].includes(box.text)).map((box) => Math.round(box.left)));
  expect([...columnLefts]).toEqual([0]);
  for (const box of boxes) expect(box.right).toBeLessThanOrEqual(viewportWidth + 0.5);
  for (let index = 1; index < boxes.length; index += 1) {
    expect(boxes[index]?.top ?? 0).toBeGreaterThan(boxes[index - 1]?.top ?? 0);
  }
  // The last entry can be brought fully on screen inside the menu.
  const last = navLink(page, 'Member Login');
  await last.scrollIntoViewIfNeeded();
  const box = await last.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(viewportHeight);
  expect(box?.y ?? -1).toBeGreaterThanOrEqual(0);
  await nav(page)
    .locator('.nav__list')
    .evaluate((list) => list.scrollTo(0, 0));
}

/** From a fresh page: opens the menu and `groups` in turn, taps `label`, and expects `path`. */
async function tapLanding(page: Page, groups: string[], label: string, path: string, what: string): Promise<void> {
  await startFresh(page, path);
  await openMenu(page);
  for (const group of groups) await openGroup(page, group);
  await navLink(page, label).tap();
  await expectLandedOn(page, path, what);
}

describe('phone menu (touch)', () => {
  // At 390 px every link with every group open (40 taps); at 375 px each link once, its own group
  // open (20): the menu's logic is the same at both widths, and each width's layout is checked below.
  it(`lands on the tapped page from each link once at ${PHONES[1].width}x${PHONES[1].height}`, async () => {
    const page = await openPage(harness, { viewport: PHONES[1], hasTouch: true, isMobile: true });
    for (const [group, links] of Object.entries(GROUPS)) {
      for (const [label, path] of links) await tapLanding(page, [group], label, path, `${group} > ${label}`);
    }
    for (const [label, path] of TOP_LEVEL) await tapLanding(page, [], label, path, label);
    await page.context().close();
  });

  it(`lands on the tapped page from every group and top-level link with each group open at ${PHONES[0].width}x${PHONES[0].height}`, async () => {
    const page = await openPage(harness, { viewport: PHONES[0], hasTouch: true, isMobile: true });
    const groups = Object.keys(GROUPS);
    for (const group of groups) {
      // Each link inside the open group.
      for (const [label, path] of GROUPS[group] ?? []) await tapLanding(page, [group], label, path, `${group} > ${label}`);
      // Every top-level link while this group is open.
      for (const [label, path] of TOP_LEVEL) await tapLanding(page, [group], label, path, `${label} with ${group} open`);
      // The other group while this one is open, then each of its links.
      for (const other of groups.filter((name) => name !== group)) {
        for (const [label, path] of GROUPS[other] ?? []) await tapLanding(page, [group, other], label, path, `${other} > ${label} after ${group}`);
      }
    }
    await page.context().close();
  });

  for (const viewport of PHONES) {
    const size = `${viewport.width}x${viewport.height}`;

    it(`keeps the open menu in one column with nothing cut off at ${size}`, async () => {
      const page = await openPage(harness, { viewport, hasTouch: true, isMobile: true });
      await visit(page, '/');
      await openMenu(page);
      await expectOneUncutColumn(page, viewport.width, viewport.height);
      for (const group of Object.keys(GROUPS)) {
        await openGroup(page, group);
        await expectOneUncutColumn(page, viewport.width, viewport.height);
        await checkA11y(page);
        await snapshot(page, `phone-menu-${group.toLowerCase().replace(/\s+/g, '-')}-open-${size}`, { fullPage: false });
        await groupButton(page, group).tap();
      }
      await page.context().close();
    });
  }

  it('restores the scroll position on Back after navigating through the phone menu', async () => {
    const page = await openPage(harness, { viewport: PHONES[0], hasTouch: true, isMobile: true });
    await page.goto('/new-page-2');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.evaluate(() => window.scrollTo(0, 1200));
    await page.waitForFunction(() => Math.abs(window.scrollY - 1200) < 2);
    await openMenu(page);
    // Opening the menu moves nothing on the page underneath.
    expect(await page.evaluate(() => window.scrollY)).toBeCloseTo(1200, 0);
    await navLink(page, 'Tech').tap();
    await expectLandedOn(page, '/tech-page', 'Tech');
    await page.getByRole('heading', { level: 1, name: /Tech/ }).waitFor();
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/new-page-2');
    await page
      .waitForFunction(() => Math.abs(window.scrollY - 1200) < 2, undefined, { timeout: 5000 })
      .catch(async () => {
        throw new Error(`Back restored scrollY ${await page.evaluate(() => window.scrollY)}, not 1200`);
      });
    await page.context().close();
  });

  it('closes the menu with Escape by keyboard alone, from its Menu button as from an entry, focus on the button', async () => {
    const page = await openPage(harness, { viewport: PHONES[0] });
    await page.goto('/contact');
    const toggle = page.locator('.site-header__menu-toggle');
    await toggle.waitFor();
    await toggle.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    // Straight after opening, the focus is still on the button.
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await navLink(page, 'Tech').isVisible()).toBe(false);
    // From an entry of the open menu, as before.
    await page.keyboard.press('Enter');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Escape');
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false');
    expect(await toggle.evaluate((button) => button === document.activeElement)).toBe(true);
    await page.context().close();
  });
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SMALL_PHONE = { viewport: { width: 375, height: 667 }, hasTouch: true, isMobile: true } as const;

const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

describe('the phone menu with a group open', () => {
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

describe("the phone header's page name", () => {
  it('never splits a word of any page name across lines, at 375 and 390 px', async () => {
    for (const options of [SMALL_PHONE, PHONE]) {
      const page = await openPage(harness, options);
      await visit(page, '/membership');
      const names = await mainNav(page)
        .locator('a, button')
        .evaluateAll((links) => links.map((link) => link.textContent?.trim() ?? ''));
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

describe('the phone menu button', () => {
  it('shows a cross, not the three bars of "Menu", once it says Close, at 375 px', async () => {
    const page = await openPage(harness, SMALL_PHONE);
    await visit(page, '/');
    const toggle = page.getByRole('banner').getByRole('button', { name: 'Menu' });
    const bars = () =>
      page.locator('.site-header__menu-icon').evaluate((icon) => {
        const middle = getComputedStyle(icon).backgroundColor;
        const [top, bottom] = ['::before', '::after'].map((part) => getComputedStyle(icon, part).transform);
        return { isMiddleShown: middle !== 'rgba(0, 0, 0, 0)', top, bottom };
      });
    expect(await bars()).toEqual({ isMiddleShown: true, top: 'none', bottom: 'none' });
    await toggle.tap();
    await page.getByRole('banner').getByRole('button', { name: 'Close' }).waitFor();
    const open = await bars();
    expect(open.isMiddleShown).toBe(false);
    expect(open.top).not.toBe('none');
    expect(open.bottom).not.toBe('none');
    await page.context().close();
  });
});
