import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, CLUB_NAME, DEMO_MEMBER, logIn, MOBILE_VIEWPORT, openPage, startHarness, visit, type Harness } from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

async function waitForTitle(page: Page, pageName: string): Promise<void> {
  const expected = `${pageName} - ${CLUB_NAME}`;
  await page.waitForFunction((title) => document.title === title, expected);
}

const header = (page: Page) => page.getByRole('banner');
const mainNav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
/** The page name shown in the header bar on small screens. */
const barTitle = (page: Page) => header(page).getByRole('paragraph');

describe('site shell', () => {
  it('has an accessibility check that reports violations (guards the other checks)', async () => {
    const page = await openPage(harness);
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: CLUB_NAME }).waitFor();
    await page.evaluate(() => {
      const image = document.createElement('img');
      image.src = '/logo.svg';
      document.querySelector('main')?.append(image);
    });
    await expect(checkA11y(page)).rejects.toThrow(/image-alt/);
    await page.context().close();
  });

  it('shows header, footer and a titled home page', async () => {
    const page = await openPage(harness);
    await visit(page, '/');
    await page.getByRole('heading', { level: 1, name: CLUB_NAME }).waitFor();
    expect(await header(page).isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(true);
    expect(await page.getByRole('contentinfo').textContent()).toContain(`© ${new Date().getFullYear()} ${CLUB_NAME}`);
    await waitForTitle(page, 'Home');
    expect(await page.title()).toMatch(/ - Test Valley Club$/);
    expect(await mainNav(page).getByRole('link', { name: 'Member Login' }).isVisible()).toBe(true);
    // axe: public-pages checks this same page (a visitor's home page at 1280 px): the same markup.
    await page.context().close();
  });

  it('logs a member in through /login and out again from /account', async () => {
    const reply = await fetch(`${harness.baseUrl}/api/session.create.php`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ u: DEMO_MEMBER.email, p: DEMO_MEMBER.password }),
    });
    const { u: member } = (await reply.json()) as { u: { name: string } };

    const page = await openPage(harness);
    await visit(page, '/');
    await mainNav(page).getByRole('link', { name: 'Member Login' }).click();
    await page.waitForURL('**/login');
    await page.getByRole('heading', { level: 1, name: 'Member Login' }).waitFor();
    await waitForTitle(page, 'Member Login');
    await checkA11y(page);

    await page.getByLabel('E-mail address').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Log in' }).click();
    const error = page.getByRole('alert');
    await error.waitFor();
    expect((await error.textContent())?.trim()).not.toBe('');
    await checkA11y(page);

    await page.getByLabel('Password').fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();
    await waitForTitle(page, 'Account');
    expect(await mainNav(page).getByRole('link', { name: 'Account' }).isVisible()).toBe(true);
    expect(await mainNav(page).getByRole('link', { name: 'Member Login' }).count()).toBe(0);
    expect(await page.getByRole('heading', { name: member.name }).isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('clubSession'))).toBeTruthy();
    await checkA11y(page);

    // The session survives a reload: it is read back with session.get.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Account' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await mainNav(page).getByRole('link', { name: 'Member Login' }).waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Account' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('clubSession'))).toBeNull();
    // Logged out, /account offers the login form instead.
    await page.getByRole('heading', { level: 1, name: 'Member Login' }).waitFor();
    expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
    await checkA11y(page);
    await page.context().close();
  });

  it('answers an unknown path with Page Not Found and links home and to search', async () => {
    const page = await openPage(harness);
    expect((await page.goto('/no-such-page'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: 'Page Not Found' }).waitFor();
    await waitForTitle(page, 'Page Not Found');
    const main = page.getByRole('main');
    expect(await main.getByRole('link', { name: 'Go to the home page' }).getAttribute('href')).toBe('/');
    // The missing address's words are offered as the search.
    const search = main.getByRole('link', { name: 'Search the site for “no such page”' });
    expect(await search.getAttribute('href')).toBe('/search?q=no+such+page');
    await checkA11y(page);

    await search.click();
    await page.getByRole('heading', { level: 1, name: 'Search' }).waitFor();
    await checkA11y(page);
    await page.context().close();
  });

  it('shows the login form on a members-only page when logged out', async () => {
    const page = await openPage(harness);
    await page.goto('/memberList');
    await page.getByRole('heading', { level: 1, name: 'Member List' }).waitFor();
    await waitForTitle(page, 'Member List');
    expect(await page.getByLabel('E-mail address').isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    await checkA11y(page);

    // Logging in right there reveals the page without leaving it.
    await page.getByLabel('E-mail address').fill(DEMO_MEMBER.email);
    await page.getByLabel('Password').fill(DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('searchbox', { name: 'Search members' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/memberList');
    expect(await page.getByLabel('E-mail address').count()).toBe(0);
    await page.context().close();
  });

  it('opens a header dropdown from the keyboard and closes it with Escape', async () => {
    const page = await openPage(harness);
    await visit(page, '/');
    const historyButton = mainNav(page).getByRole('button', { name: 'History' });
    await historyButton.waitFor();
    expect(await historyButton.getAttribute('aria-expanded')).toBe('false');
    await historyButton.focus();
    await page.keyboard.press('Enter');
    expect(await historyButton.getAttribute('aria-expanded')).toBe('true');
    const presidents = mainNav(page).getByRole('link', { name: 'Past Presidents' });
    await presidents.waitFor();
    await checkA11y(page);

    await page.keyboard.press('Escape');
    expect(await historyButton.getAttribute('aria-expanded')).toBe('false');
    expect(await presidents.isVisible()).toBe(false);
    expect(await historyButton.evaluate((element) => element === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await presidents.click();
    await page.waitForURL('**/new-page-3');
    await page.getByRole('heading', { level: 1, name: 'Past Club Presidents' }).waitFor();
    expect(await historyButton.getAttribute('aria-expanded')).toBe('false');
    await checkA11y(page);
    await page.context().close();
  });

  it('navigates through the mobile menu at 375px and names the page in the bar', async () => {
    const page = await openPage(harness, { viewport: MOBILE_VIEWPORT });
    await visit(page, '/');
    const menuButton = header(page).getByRole('button', { name: 'Menu' });
    await menuButton.waitFor();
    expect(await mainNav(page).getByRole('link', { name: 'Tech' }).isVisible()).toBe(false);
    // axe: public-pages checks this same page (the home page at 375 px, menu closed): the same markup.

    await menuButton.click();
    expect(await header(page).getByRole('button', { name: 'Close' }).getAttribute('aria-expanded')).toBe('true');
    await mainNav(page).getByRole('link', { name: 'Tech' }).waitFor();
    await checkA11y(page);

    await mainNav(page).getByRole('link', { name: 'Tech' }).click();
    await page.waitForURL('**/tech-page');
    await page.getByRole('heading', { level: 1, name: 'Tech' }).waitFor();
    await waitForTitle(page, 'Tech');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');
    expect(await mainNav(page).getByRole('link', { name: 'Tech' }).isVisible()).toBe(false);
    expect(await barTitle(page).isVisible()).toBe(true);
    expect(await barTitle(page).textContent()).toBe('Tech');
    await checkA11y(page);

    // A group opens inside the menu; photo pages are labelled "Photos" in the bar.
    await menuButton.click();
    await mainNav(page).getByRole('button', { name: 'Club Info' }).click();
    await mainNav(page).getByRole('link', { name: 'Board Members' }).waitFor();
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    expect(await menuButton.getAttribute('aria-expanded')).toBe('false');

    // A single post's heading is its title (demo post 1 is the oldest); the bar still says Photos.
    await page.goto('/blog/1');
    await page.getByRole('heading', { level: 1, name: 'Winter storage tips' }).waitFor();
    expect(await barTitle(page).isVisible()).toBe(true);
    expect(await barTitle(page).textContent()).toBe('Photos');
    await page.goto('/event/1');
    await page.getByRole('heading', { level: 1, name: 'Event' }).waitFor();
    expect(await barTitle(page).isVisible()).toBe(true);
    expect(await barTitle(page).textContent()).toBe('Event');
    await checkA11y(page);
    await page.context().close();
  });
});

describe('the menu marks where the visitor is', () => {
  it('marks Calendar on an event editor, Photos on a post editor and Member Login on /account logged out', async () => {
    const page = await openPage(harness, { viewport: { width: 1280, height: 900 } });
    const current = () => page.getByRole('navigation', { name: 'Main' }).locator('[aria-current="page"]').allInnerTexts();
    await visit(page, '/account');
    await page.getByRole('button', { name: 'Log in' }).waitFor();
    expect(await current()).toEqual(['Member Login']);
    await logIn(page, 'admin@example.org', 'demo-admin-1');
    await visit(page, '/editEvent/0');
    await expect.poll(current).toEqual(['Calendar of Events']);
    await visit(page, '/editBlog/0');
    await expect.poll(current).toEqual(['Photos']);
    await visit(page, '/forum');
    await expect.poll(current).toEqual(['Forum']);
    await page.context().close();
  });
});

describe('a member logs out on the account page', () => {
  it('offers "Forgot your password?" once, and confirms a logout', async () => {
    const page = await openPage(harness, PHONE);
    await visit(page, '/account');
    await page.getByRole('form', { name: 'Member login' }).waitFor();
    expect(await page.getByText('Forgot your password?').count()).toBe(1);
    await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.getByRole('button', { name: 'Log out' }).tap();
    const notice = page.getByRole('status').getByText('You are logged out.');
    await notice.waitFor();
    await expect.poll(() => notice.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await page.getByText('Forgot your password?').count()).toBe(1);
    await checkA11y(page);
    await page.context().close();
  });
});

describe('a visitor goes to another page', () => {
  it("moves focus to the new page's heading, on a phone and by keyboard", async () => {
    const page = await openPage(harness, PHONE);
    await visit(page, '/new-page');
    await page.getByRole('banner').getByRole('button', { name: 'Menu' }).tap();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact', exact: true }).tap();
    const heading = page.getByRole('heading', { level: 1, name: 'Contact' });
    await heading.waitFor();
    await expect.poll(() => heading.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.context().close();

    const desk = await openPage(harness, { viewport: { width: 1280, height: 900 } });
    await visit(desk, '/contact');
    await desk.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Tech', exact: true }).focus();
    await desk.keyboard.press('Enter');
    const tech = desk.getByRole('heading', { level: 1 });
    await desk.waitForURL('**/tech-page');
    await expect.poll(() => tech.evaluate((el) => el === document.activeElement && el.textContent !== 'Contact')).toBe(true);
    await checkA11y(desk);
    await desk.context().close();
  });
});

describe('the login form on a members-only page', () => {
  it('the login form on a members-only page offers "Forgot your password?"', async () => {
    const page = await openPage(harness);
    await page.goto('/memberList');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL((url) => url.pathname === '/login');
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.getByRole('button', { name: 'E-mail me a link' }).isVisible()).toBe(true);
    await page.context().close();
  });
});
