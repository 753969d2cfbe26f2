import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, logIn, openPage, openPageAs, snapshot, startHarness, visit, waitForHydration, type Harness } from './harness.ts';
import { makeEventWith24Answers, sendContactWithDoubleTap } from './steps.ts';

/** Issue 22: what a reviewer found trying every journey; each test at the width where it was seen. */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };

/** An ordinary slow double-tap: the second tap about 0.4 s after the first. */
async function doubleTap(button: Locator, page: Page): Promise<void> {
  await button.tap();
  await page.waitForTimeout(400);
  await button.tap();
}

describe('a second tap after a successful send (item 1)', () => {
  it('keeps "Successfully Submitted" on Contact and sends once', async () => {
    const page = await openPage(harness, PHONE);
    const sends: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/contact.submit')) sends.push(request.url());
    });
    await visit(page, '/contact');
    const form = await sendContactWithDoubleTap(page, { email: 'ada.double@example.com', touch: true });
    await page.waitForTimeout(300);
    expect(await form.getByText('Successfully Submitted').isVisible()).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(await form.locator('[aria-invalid="true"]').count()).toBe(0);
    expect(sends).toHaveLength(1);
    await checkA11y(page);
    for (const [width, height] of [[375, 667], [390, 844], [768, 1024], [1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await snapshot(page, `contact-after-double-tap-${width}`, { fullPage: false });
    }

    // Starting a new message takes the confirmation away.
    await form.getByLabel(/First name/).fill('B');
    expect(await form.getByText('Successfully Submitted').count()).toBe(0);
    await page.context().close();
  });

  it('keeps the confirmation of a forum reply and posts it once', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum');
    await page.getByRole('list', { name: 'Threads' }).getByRole('link').first().tap();
    const box = page.getByLabel('Your reply');
    await box.waitFor();
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/forum.createPost')) posts.push(request.url());
    });
    await box.fill('A second tap must not undo this.');
    const form = page.getByRole('form', { name: 'Reply' });
    await doubleTap(form.getByRole('button', { name: 'Post reply' }), page);
    const thanks = form.getByText(/Your reply waits for a moderator/);
    await thanks.waitFor();
    await page.waitForTimeout(300);
    expect(await thanks.isVisible()).toBe(true);
    expect(await form.getByRole('alert').count()).toBe(0);
    expect(posts).toHaveLength(1);
    await page.context().close();
  });
});

describe('the admin without a mail server (item 3)', () => {
  it('says plainly that e-mail is not delivered and counts it saved, not sent', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: { width: 1280, height: 900 } });
    const sent = await page.request.post('/api/contact.submit.php', {
      data: { f: 'Ada', l: 'Outbox', e: 'ada.outbox@example.com', m: 'Is anyone reading this?', website: '' },
    });
    expect(sent.status()).toBe(200);
    await page.goto('/account');
    const panel = page.getByRole('region', { name: 'Outgoing e-mail and pushes' });
    const note = panel.getByRole('note', { name: 'E-mail is not delivered' });
    await note.waitFor();
    expect(await note.innerText()).toMatch(/^E-mail is not being delivered: no mail server is set \(SMTP_URL\)/);
    // The demo's messages were written to files: saved, not sent, never "gone out".
    await expect
      .poll(
        async () => {
          await panel.getByRole('button', { name: 'Refresh' }).click();
          return panel.getByRole('definition').first().innerText();
        },
        { timeout: 20_000, interval: 1000 },
      )
      .toMatch(/^0 sent, [1-9]\d* saved, not sent, \d+ waiting/);
    expect(await panel.getByText(/gone out/).count()).toBe(0);
    // Nor does the contact panel say the messages reached the club: they were only saved.
    const contact = page.getByRole('region', { name: 'Contact messages that were not delivered' });
    await contact.getByText(/^None failed, but none reached the club’s address either: without a mail server \(SMTP_URL\)/).waitFor();
    expect(await contact.getByText(/Every contact message reached/).count()).toBe(0);
    await checkA11y(page);
    for (const [width, height] of [[375, 667], [390, 844], [768, 1024], [1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await panel.evaluate((el) => el.scrollIntoView());
      await snapshot(page, `admin-outbox-no-smtp-${width}`, { fullPage: false });
      // "e-mail" in the heading stays whole, and the two rows of counts are laid out alike (label above on a phone).
      const layout = await panel.evaluate((section) => {
        const heading = section.querySelector('h2');
        const text = heading?.firstChild?.textContent ?? '';
        const range = document.createRange();
        const words = [...(heading?.querySelectorAll('*') ?? [])].find((element) => element.textContent === 'e-mail');
        if (words) range.selectNodeContents(words);
        const rows = [...section.querySelectorAll('.facts__row')].map((row) => {
          const [dt, dd] = [row.querySelector('dt'), row.querySelector('dd')].map((element) => element?.getBoundingClientRect());
          return dt && dd ? dd.top >= dt.bottom - 1 : undefined;
        });
        return { text, eMailLines: words ? range.getClientRects().length : 0, stacked: rows };
      });
      expect(layout.eMailLines, `"e-mail" in the heading at ${width} px`).toBe(1);
      expect(new Set(layout.stacked).size, `the rows of counts at ${width} px: ${JSON.stringify(layout.stacked)}`).toBe(1);
    }
    const health = (await (await page.request.get('/healthz')).json()) as { ok: boolean; mail: { isDelivering: boolean; savedNotSent: number } };
    expect(health.ok).toBe(true);
    expect(health.mail.isDelivering).toBe(false);
    await page.context().close();
  });
});

describe('the event page with many answers (item 2)', () => {
  it("puts the member's own answer and the totals right under the date and place; the long list folds on a phone", async () => {
    const eventId = makeEventWith24Answers(harness);
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
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
    const early = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
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
    for (const [width, height] of [[375, 667], [390, 844], [768, 1024], [1280, 900]] as const) {
      await page.setViewportSize({ width, height });
      await snapshot(page, `event-24-answers-${width}`);
    }
    await page.context().close();
  });
});

describe('preloads (item 22)', () => {
  it("only / preloads the home page's picture, stylesheet and chunk", async () => {
    const home = await (await fetch(`${harness.baseUrl}/`)).text();
    expect(home).toContain('href="/images/hero-model-a.svg"');
    // The chunk loads after the paint: named in after-paint.js, beside the entry.
    expect(home).toMatch(/<script defer src="\/after-paint\.js" [^>]*data-modules="[^"]*\/assets\/home-page-[^"]+\.js/);
    for (const path of ['/contact', '/events', '/new-page-1']) {
      const html = await (await fetch(`${harness.baseUrl}${path}`)).text();
      expect(html).not.toContain('hero-model-a');
      expect(html).not.toMatch(/<link rel="(?:modulepreload|preload)"[^>]*home-page-/);
    }
  });
});

describe('the menu marks where the visitor is (item 19)', () => {
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

describe('logged out on the account page (item 6)', () => {
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

describe('page changes (item 15)', () => {
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
