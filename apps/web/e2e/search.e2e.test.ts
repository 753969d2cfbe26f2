import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { linesPdf } from '../../api/src/demo/pdf-document.ts';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { scrollsSideways } from './steps.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true, deviceScaleFactor: 1 } as const;
/** A word printed only on page 3 of the newsletter this journey uploads. */
const PDF_WORD = 'Zeppelinoid';
/** Markup in a forum post: shown as text in its snippet, never run. */
const XSS = '<img src=x onerror="window.__searchXss=1">';
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

/** Whether the page scrolls sideways (it must not, at any width). */

/** The results page's answer line, once the search for what was typed has answered. */
async function statusFor(page: Page, query: string): Promise<string> {
  const status = page.locator('.search-answer:not(.is-stale) [role="status"]');
  await status
    .filter({ hasText: query === '' ? /\S/ : query.replace(/["*]/g, '').trim() || /\S/ })
    .first()
    .waitFor();
  return (await status.first().textContent()) ?? '';
}

/** Types into the results page's own box and waits for that search's answer. */
async function searchOnPage(page: Page, query: string): Promise<string> {
  const box = page.getByRole('searchbox', { name: 'Search the site' }).last();
  await box.fill(query);
  await page.waitForURL((url) => url.searchParams.get('q') === query);
  return statusFor(page, query);
}

/** The admin's session token, for the calls a journey makes to set the stage. */
async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/session.create.php', { data: { u: DEMO_ADMIN.email, p: DEMO_ADMIN.password } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { g: string }).g;
}

describe('site search', () => {
  it('finds a president for a visitor from the header, keeps events from them, answers odd queries calmly and shows markup as text (1280 px)', async () => {
    const admin = await openPage(harness);
    const token = await adminToken(admin);
    // A moderator's post is approved at once; its markup must stay text in the snippet.
    const posted = await admin.request.post('/api/forum.createPost.php', { data: { g: token, t: 1, c: `Quixotical carburetor advice ${XSS}` } });
    expect(posted.status()).toBe(200);

    const visitor = await openPage(harness);
    await visit(visitor, '/');
    const header = visitor.getByRole('search', { name: 'Site' });
    await header.getByRole('searchbox', { name: 'Search the site' }).fill('Obermeyer');
    await header.getByRole('button', { name: 'Search' }).click();
    await visitor.waitForURL('**/search?q=Obermeyer');
    expect(await statusFor(visitor, 'Obermeyer')).toMatch(/\d+ results? for “Obermeyer”/);
    const presidents = visitor.getByRole('region', { name: /^Past presidents \(\d+\)$/ });
    await presidents.getByRole('link', { name: 'Lyle Obermeyer' }).first().waitFor();
    expect(await presidents.locator('mark').first().textContent()).toBe('Obermeyer');
    await checkA11y(visitor);
    await snapshot(visitor, 'search-results-visitor-1280');

    // Events are for members: their venue finds nothing for a visitor.
    expect(await searchOnPage(visitor, 'Bauernhof')).toMatch(/^Nothing found for “Bauernhof”/);
    expect(await visitor.locator('main').textContent()).not.toMatch(/Grant’s Farm|Gravois/);
    // The forum is for members too.
    expect(await searchOnPage(visitor, 'Quixotical')).toMatch(/^Nothing found/);

    for (const query of ['"model a', '*', 'NEAR(', "'; drop"]) {
      const box = visitor.getByRole('searchbox', { name: 'Search the site' }).last();
      await box.fill(query);
      await visitor.waitForURL((url) => url.searchParams.get('q') === query);
      const status = visitor.locator('.search-answer:not(.is-stale) [role="status"]');
      await status.waitFor();
      expect(await status.textContent(), query).toMatch(/results? for|Nothing found|Type a word/);
      expect(await visitor.getByRole('alert').count(), query).toBe(0);
    }
    await snapshot(visitor, 'search-calm-answer-1280', { fullPage: false });

    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await visit(member, '/search?q=Bauernhof');
    expect(await statusFor(member, 'Bauernhof')).toMatch(/^\d+ results? for/);
    const events = member.getByRole('region', { name: /^Events \(\d+\)$/ });
    expect(await events.locator('mark').first().textContent()).toBe('Bauernhof');
    await events.getByRole('link', { name: 'Valentine Dinner' }).first().click();
    await member.waitForURL(/\/event\/\d+$/);

    await visit(member, '/search?q=Quixotical');
    expect(await statusFor(member, 'Quixotical')).toMatch(/^1 result for/);
    const post = member.getByRole('region', { name: 'Forum posts (1)' });
    expect(await post.locator('.search-result__snippet').textContent()).toContain('<img src=x onerror="window.__searchXss=1">');
    expect(await post.locator('.search-result__snippet img').count()).toBe(0);
    expect(await member.evaluate(() => (window as unknown as { __searchXss?: number }).__searchXss)).toBeUndefined();
    await checkA11y(member);
    await snapshot(member, 'search-results-member-1280');

    // A newsletter with a word only on its third page: the member lands on that page.
    const pdf = await linesPdf(['Valley News', 'Meeting notes', `The ${PDF_WORD} rally went well`]);
    const uploaded = await admin.request.post('/api/newsletter.set.php', {
      multipart: { g: token, m: '5', y: '1977', s: '0', f: { name: 'Valley News May 1977.pdf', mimeType: 'application/pdf', buffer: pdf } },
    });
    expect(uploaded.status()).toBe(200);
    await member.goto(`/search?q=${PDF_WORD.toLowerCase()}`);
    expect(await statusFor(member, PDF_WORD.toLowerCase())).toMatch(/^1 result for/);
    await member.getByRole('link', { name: 'Valley News May 1977, page 3' }).click();
    await member.waitForURL('**/newsletters/Valley%20News%20May%201977.pdf?page=3');
    const frame = member.locator('iframe.newsletter-viewer__frame');
    await frame.waitFor();
    expect(await frame.getAttribute('src')).toMatch(/#page=3$/);
  });

  it('opens from the header button on a phone, finds as you type, and a missing page offers its address as the search (390 px, touch)', async () => {
    const phone = await openPage(harness, PHONE);
    await visit(phone, '/');
    expect(await phone.getByRole('searchbox', { name: 'Search the site' }).isVisible()).toBe(false);
    await phone.getByRole('search', { name: 'Site' }).getByRole('button', { name: 'Search' }).tap();
    await phone.waitForURL(/\/search\?q=$/);
    const box = phone.getByRole('searchbox', { name: 'Search the site' }).last();
    await box.waitFor();
    expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
    // Typed a letter at a time, the last word unfinished: found by its start.
    await box.pressSequentially('castell', { delay: 30 });
    await phone.waitForURL((url) => url.searchParams.get('q') === 'castell');
    expect(await statusFor(phone, 'castell')).toMatch(/results? for “castell”/);
    await phone.getByRole('link', { name: 'Vernon Castellano' }).first().waitFor();
    expect(await scrollsSideways(phone)).toBe(false);
    await checkA11y(phone);
    await snapshot(phone, 'search-results-390');
    // A group's "Show all" link stands on its own line: a finger's height.
    await phone.goto('/search?q=club');
    const showAll = phone.getByRole('link', { name: /^Show all \d+ results in / }).first();
    expect((await showAll.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
    // So is each result's title, its link (it was a 37 px line).
    const titles = await phone.locator('.search-result__title').evaluateAll((links) => links.map((link) => link.getBoundingClientRect().height));
    expect(titles.length).toBeGreaterThan(3);
    expect(titles.filter((height) => height < 44)).toEqual([]);

    await phone.goto('/our-tudor-restoration');
    const offer = phone.getByRole('link', { name: 'Search the site for “our tudor restoration”' });
    await offer.tap();
    await phone.waitForURL('**/search?q=our+tudor+restoration');
    expect(await statusFor(phone, 'our tudor restoration')).toMatch(/for “our tudor restoration”/);
    expect(await scrollsSideways(phone)).toBe(false);
    await snapshot(phone, 'search-not-found-offer-390');
  });
});
