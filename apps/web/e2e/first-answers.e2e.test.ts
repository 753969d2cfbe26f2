import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CLUB_NAME,
  checkA11y,
  DEMO_ADMIN,
  DEMO_MEMBER,
  openPage,
  openPageAs,
  snapshot,
  startHarness,
  visit,
  waitForHydration,
  type Harness,
} from './harness.ts';
import { collectErrors } from './steps.ts';

const PHONE = { width: 390, height: 844 } as const;

/**
 * A visitor's data pages arrive with the answers of their first reads in the HTML
 * (apps/api/src/http/first-answers.ts), and the app puts them in its query cache before the page
 * renders (src/api/first-answers.ts): the page draws its content without a call for it. The
 * server also renders the page's markup from those answers (apps/api/src/http/page-render.ts with
 * src/prerender.tsx), which the browser paints before any script and then hydrates (main.tsx).
 */
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** Every call the page makes, by name (`/api/blog.page.php` → `blog.page`), with its payload. */
function watchCalls(page: Page): { name: string; body: string }[] {
  const calls: { name: string; body: string }[] = [];
  page.on('request', (request) => {
    const match = /\/api\/(.+)\.php$/.exec(new URL(request.url()).pathname);
    if (match?.[1]) calls.push({ name: match[1], body: request.postData() ?? '' });
  });
  return calls;
}

/**
 * Notes, from before any script runs, every loading label of the page's data it ever shows. The
 * header's "Loading the page…" (its code arriving late on a busy machine) is not about the data.
 */
async function watchLoadingLabels(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { loadingSeen: string[] }).loadingSeen = seen;
    new MutationObserver(() => {
      for (const status of document.querySelectorAll('[role="status"]')) {
        const text = status.textContent ?? '';
        if (/Loading \w/.test(text) && !text.includes('Loading the page') && !seen.includes(text)) seen.push(text);
      }
    }).observe(document, { subtree: true, childList: true, characterData: true });
  });
}

const loadingSeen = (page: Page) => page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen);

/** What a post's title tries: end the data block, run a script, open a comment. */
const HOSTILE_TITLE = `</script><script>window.brokeOut = 1</script><!-- <img src=x onerror="window.brokeOut = 2"> “A”`;

async function savePost(title: string): Promise<void> {
  const token = await harness.sessionToken(DEMO_ADMIN.email, DEMO_ADMIN.password);
  const form = new FormData();
  form.append('id', '0');
  form.append('g', token);
  form.append('t', title);
  form.append('date', new Date().toISOString().slice(0, 10));
  form.append('entries', JSON.stringify([{ h: `${title}\n\nTwelve cars left Kirkwood at nine.` }]));
  const res = await fetch(`${harness.baseUrl}/api/blog.save.php`, { method: 'POST', body: form });
  expect(res.status, await res.clone().text()).toBe(200);
}

describe("a visitor's data pages draw with the answers they arrived with", () => {
  it('draws /blog with no call for its posts, a hostile title as text, and no script let out', async () => {
    await savePost(HOSTILE_TITLE);
    const page = await openPage(harness);
    const calls = watchCalls(page);
    const errors = collectErrors(page);
    await watchLoadingLabels(page);
    await visit(page, '/blog');
    await page.getByRole('heading', { level: 2, name: HOSTILE_TITLE }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(calls.filter(({ name }) => name === 'blog.page')).toEqual([]);
    expect(await loadingSeen(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { brokeOut?: number }).brokeOut)).toBeUndefined();
    expect(await page.getByText('Twelve cars left Kirkwood at nine.').count()).toBe(1);
    // The data blocks are read once and removed.
    expect(await page.locator('script.first-answer').count()).toBe(0);
    expect(errors).toEqual([]);
    await checkA11y(page);

    // Page 2 came with nothing: it asks for its posts.
    await page
      .getByRole('link', { name: /Next|Older/ })
      .first()
      .click();
    await expect.poll(() => calls.filter(({ name }) => name === 'blog.page').map(({ body }) => JSON.parse(body) as unknown)).toEqual([{ page: 2 }]);
    await page.context().close();
  });

  it('draws the registry, the classifieds and a search with no call for their first answers', async () => {
    const pages = [
      { address: '/registry', reads: ['cars.list', 'cars.stats', 'bodyStyles.get'], content: '.photo-grid li' },
      { address: '/classifieds', reads: ['listings.list'], content: '.photo-grid li' },
      { address: '/search?q=ford', reads: ['site.search'], content: '.search-group' },
    ];
    for (const { address, reads, content } of pages) {
      const page = await openPage(harness);
      const calls = watchCalls(page);
      await watchLoadingLabels(page);
      await visit(page, address);
      await page.locator(content).first().waitFor();
      await page.waitForLoadState('networkidle');
      expect(
        calls.filter(({ name }) => reads.includes(name)),
        address,
      ).toEqual([]);
      expect(await loadingSeen(page), address).toEqual([]);
      await checkA11y(page);
      await page.context().close();
    }
  });

  it("gives a member whose browser has no session cookie yet their own registry, not the visitor's answers", async () => {
    const token = await harness.sessionToken(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    // A session stored before the cookie existed: the first page is the visitor's.
    await page.context().clearCookies();
    const calls = watchCalls(page);
    await visit(page, '/registry');
    await page.locator('.photo-grid li').first().waitFor();
    await page.waitForLoadState('networkidle');
    // The registry's answers depend on who asks: each is asked for with the member's session.
    for (const read of ['cars.list', 'cars.stats']) {
      expect(
        calls.filter(({ name }) => name === read).map(({ body }) => (JSON.parse(body) as { g?: string }).g),
        read,
      ).toEqual([token]);
    }
    // The app has mirrored the session in the cookie: the next page arrives drawn for the member.
    expect((await page.context().cookies()).find(({ name }) => name === 'clubSession')?.value).toBe(token);
    const next = await page.goto('/registry');
    expect(await next?.text()).toContain('<div id="root" data-viewer="member">');
    await page.context().close();
  });
});

/** The data pages the server renders, and an element of their content (a post, a car, a listing, a hit). */
const RENDERED_PAGES = [
  { address: '/blog', content: '.post-list article', text: /\S/, styled: '.post-list', title: 'Photos' },
  { address: '/registry', content: '.photo-grid li', text: /\S/, styled: '.photo-grid', title: 'Car Registry' },
  { address: '/classifieds', content: '.photo-grid li', text: /\S/, styled: '.photo-grid', title: 'Classifieds' },
  { address: '/search?q=ford', content: '.search-group li', text: /ford/i, styled: '.search-group', title: 'Search' },
];

/**
 * Before any script runs, notes the first content element the HTML brought, so a test can tell
 * a hydrated page (the same element, still in the document) from one React drew again.
 */
async function watchServerContent(page: Page, selector: string): Promise<void> {
  await page.addInitScript((content) => {
    document.addEventListener('DOMContentLoaded', () => {
      (window as unknown as { serverContent: Element | null }).serverContent = document.querySelector(content);
    });
  }, selector);
}

describe("a visitor's data pages rendered on the server", () => {
  it('have their content in the HTML, styled, without JavaScript', async () => {
    for (const { address, content, text, styled, title } of RENDERED_PAGES) {
      const html = await (await fetch(`${harness.baseUrl}${address}`)).text();
      expect(html, address).not.toContain('<div id="root"></div>');
      // Its own title, for a link's preview and for crawlers, which run no script.
      expect(/<title>([^<]*)<\/title>/.exec(html)?.[1], address).toBe(`${title} - ${CLUB_NAME}`);
      const page = await openPage(harness, { viewport: PHONE, javaScriptEnabled: false });
      await page.goto(address);
      const first = page.locator(content).first();
      expect(await first.textContent(), address).toMatch(text);
      // The page's own CSS is in the HTML, for the screen (its file is linked for print only).
      const hasRule = (selector: string) =>
        [...document.styleSheets].some(
          (sheet) =>
            !sheet.media.mediaText.includes('print') &&
            [...sheet.cssRules].some((rule) => rule instanceof CSSStyleRule && rule.selectorText.includes(selector)),
        );
      expect(await page.evaluate(hasRule, styled), address).toBe(true);
      // Its fields are styled too (form.css, which the page's filters import themselves): each
      // stacks its label over its control, not beside it.
      const fields = await page.locator('.form-field').evaluateAll((elements) => elements.map((element) => getComputedStyle(element).display));
      expect(
        fields.filter((display) => display !== 'grid'),
        address,
      ).toEqual([]);
      await snapshot(page, `ssr-without-javascript-390${address.replace(/[/?=]/g, '-')}`);
      await page.context().close();
    }
  });

  it('leave a visitor without JavaScript on a page the server does not draw a way on, not an endless Loading…', async () => {
    const page = await openPage(harness, { viewport: PHONE, javaScriptEnabled: false });
    for (const address of ['/contact', '/new-page-3', '/routes']) {
      await page.goto(address);
      const notice = page.getByRole('status');
      expect(await notice.textContent(), address).toContain('This page needs JavaScript');
      expect(await notice.getByText('Loading…').isVisible(), address).toBe(false);
      expect(await notice.getByRole('link', { name: 'home page' }).getAttribute('href'), address).toBe('/');
      expect(await notice.getByRole('link', { name: 'photos' }).getAttribute('href'), address).toBe('/blog');
    }
    await snapshot(page, 'no-javascript-notice-390');
    // A page the server draws shows the page, not the notice.
    for (const address of ['/', '/blog']) {
      await page.goto(address);
      expect(await page.getByText('This page needs JavaScript').isVisible(), address).toBe(false);
    }
    await page.context().close();
  });

  it('leave a visitor without JavaScript the main menu: its links on a phone, its groups open by tap, hover or focus', async () => {
    const phone = await openPage(harness, { viewport: PHONE, hasTouch: true, isMobile: true, javaScriptEnabled: false });
    for (const address of ['/', '/blog']) {
      await phone.goto(address);
      const nav = phone.getByRole('navigation', { name: 'Main' });
      // The Menu button cannot open anything without a script: the list shows instead.
      expect(await phone.locator('.site-header__menu-toggle').isVisible(), address).toBe(false);
      expect(await nav.getByRole('link', { name: 'Valley News', exact: true }).isVisible(), address).toBe(true);
      await nav.getByRole('button', { name: 'History', exact: true }).tap();
      const presidents = nav.getByRole('link', { name: 'Past Presidents', exact: true });
      expect(await presidents.isVisible(), address).toBe(true);
      expect(await presidents.getAttribute('href'), address).toBe('/new-page-3');
    }
    await phone.context().close();
    const desktop = await openPage(harness, { viewport: { width: 1280, height: 900 }, javaScriptEnabled: false });
    await desktop.goto('/blog');
    const nav = desktop.getByRole('navigation', { name: 'Main' });
    const presidents = nav.getByRole('link', { name: 'Past Presidents', exact: true });
    expect(await presidents.isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'History', exact: true }).hover();
    expect(await presidents.isVisible()).toBe(true);
    await desktop.mouse.move(5, 800);
    await nav.getByRole('button', { name: 'History', exact: true }).focus();
    await desktop.keyboard.press('Tab');
    expect(await presidents.isVisible()).toBe(true);
    await desktop.context().close();
  });

  it("hydrate with no console error, keep the server's elements, and work", async () => {
    for (const { address, content } of RENDERED_PAGES) {
      // A phone far from the club, in another language: the markup holds no date or number
      // formatted in the browser's own zone or locale, or hydration would differ from it.
      const page = await openPage(harness, { viewport: PHONE, timezoneId: 'Pacific/Auckland', locale: 'de-DE' });
      const errors = collectErrors(page);
      await watchServerContent(page, content);
      await page.goto(address);
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { serverContent: Element | null }).serverContent?.isConnected), address).toBe(true);
      expect(errors, address).toEqual([]);
      // A link in the content leads on in the app (no new document: the marker survives).
      await page.evaluate(() => ((window as unknown as { sameDocument: boolean }).sameDocument = true));
      const link = page.locator(content).first().locator('a[href]').first();
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      await page.waitForURL((url) => `${url.pathname}${url.search}${url.hash}` === href);
      expect(await page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument), address).toBe(true);
      expect(errors, address).toEqual([]);
      await page.context().close();
    }
  });
});

/** The next event of the demo's calendar (the Lighthouse run's member page too). */
async function nextEventId(token: string): Promise<number> {
  const at = new Date().toISOString().slice(0, 16);
  const res = await fetch(`${harness.baseUrl}/api/events.upcoming.php`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ g: token, at }),
  });
  const { rows } = (await res.json()) as { rows: { id: number }[] };
  if (rows[0] === undefined) throw new Error('The demo has no upcoming event.');
  return rows[0].id;
}

describe("a member's pages, sent drawn for them (their session cookie)", () => {
  it('the event page, the events list and the home page arrive drawn for the member, hydrate with no console error and no call for their answers, and work by touch', async () => {
    const token = await harness.sessionToken(DEMO_MEMBER.email, DEMO_MEMBER.password);
    const eventId = await nextEventId(token);
    for (const { address, content } of [
      { address: `/event/${eventId}`, content: '.event-details' },
      { address: '/new-events', content: '#upcoming-events + * li, #upcoming-events ~ * li' },
      { address: '/', content: '#hero-title' },
    ]) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, {
        viewport: PHONE,
        hasTouch: true,
        isMobile: true,
        timezoneId: 'Pacific/Auckland',
      });
      const errors = collectErrors(page);
      const calls = watchCalls(page);
      await watchLoadingLabels(page);
      await watchServerContent(page, content);
      // The list is read as of the club's minute: a phone whose clock has ticked on since the
      // server read it (here three minutes) still hydrates the list as drawn, asking nothing anew.
      if (address === '/new-events') await page.clock.setFixedTime(new Date(Date.now() + 3 * 60_000));
      const response = await page.goto(address);
      const html = (await response?.text()) ?? '';
      expect(html, address).toContain('<div id="root" data-viewer="member">');
      // Drawn for the member: their header's Account link, not Member Login.
      expect(html, address).toMatch(/>Account</);
      expect(html, address).not.toContain('Member Login');
      await waitForHydration(page);
      await page.waitForLoadState('networkidle');
      expect(await page.evaluate(() => (window as unknown as { serverContent: Element | null }).serverContent?.isConnected), address).toBe(true);
      expect(errors, address).toEqual([]);
      expect(await loadingSeen(page), address).toEqual([]);
      // Neither the session check nor the page's reads were asked again: the page had their answers.
      // Nor the event's route book: its answer came with the page too.
      expect(
        calls.map(({ name }) => name).filter((name) => ['session.get', 'event.get', 'event.route', 'events.upcoming', 'events.past'].includes(name)),
        address,
      ).toEqual([]);
      expect(await page.locator('.site-main--leaving').count(), address).toBe(0);
      if (address.startsWith('/event/')) {
        // Hydrated: answering works, and says so.
        await page.getByRole('radio', { name: 'Attending', exact: true }).tap();
        await page.getByRole('form', { name: 'Your answer' }).getByRole('button', { name: 'Save' }).tap();
        await expect.poll(() => calls.some(({ name }) => name === 'signup.set')).toBe(true);
        await checkA11y(page);
      } else if (address === '/new-events') {
        await page.locator(content).first().locator('a[href]').first().tap();
        await page.waitForURL(/\/event\/\d+$/);
        expect(errors, address).toEqual([]);
      }
      await snapshot(page, `member-rendered-390${address.replace(/[/?=]/g, '-')}`);
      await page.context().close();
    }
  });

  it("sends a visitor the members' pages with the login form in the HTML, and a member who logs out is a visitor again", async () => {
    const html = await (await fetch(`${harness.baseUrl}/new-events`)).text();
    expect(html).toContain('aria-label="Member login"');
    expect(html).not.toContain('data-viewer');
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: PHONE, hasTouch: true });
    await visit(page, '/account');
    await page.getByRole('button', { name: 'Log out' }).tap();
    await expect.poll(async () => (await page.context().cookies()).some(({ name }) => name === 'clubSession')).toBe(false);
    const after = await page.goto('/new-events');
    expect(await after?.text()).not.toContain('data-viewer');
    await page.getByRole('form', { name: 'Member login' }).waitFor();
    await page.context().close();
  });
});
