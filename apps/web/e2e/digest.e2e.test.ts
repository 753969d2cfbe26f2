import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, logIn, openPage, openPageAs, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

function digestSettingOf(email: string): number | undefined {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT weekly_digest AS on_ FROM members WHERE email = ?').get(email) as { on_: number } | undefined)?.on_;
  } finally {
    db.close();
  }
}

function outboxSubjects(): { to: string; subject: string }[] {
  const db = serverDatabase(harness);
  try {
    return db.prepare('SELECT "to", subject FROM outbox ORDER BY id').all() as { to: string; subject: string }[];
  } finally {
    db.close();
  }
}

/** The HTML of the preview e-mail the admin sent to themselves (its pictures and links at BASE_URL). */
function previewMailHtml(): string {
  const db = serverDatabase(harness);
  try {
    return (db.prepare("SELECT html FROM outbox WHERE subject LIKE '[Preview] %' ORDER BY id DESC").get() as { html: string } | undefined)?.html ?? '';
  } finally {
    db.close();
  }
}

/** The digest's HTML alone in a page of this width, as a phone's or a computer's mail program shows it. */
async function renderDigest(html: string, width: number): Promise<Page> {
  const page = await openPage(harness, { viewport: { width, height: 900 } });
  await page.setContent(html, { waitUntil: 'load' });
  return page;
}

describe('the weekly digest', () => {
  it('a member switches the digest off and on again on the Account page', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.goto('/account');
    const digestSwitch = page.getByRole('switch', { name: 'Weekly digest' });
    await expect.poll(() => digestSwitch.isChecked()).toBe(true);
    // axe: notifications checks this same page (the member's account page at 1280 px): the same markup.
    await digestSwitch.click();
    await page.getByText('Successfully Saved: the weekly digest is off.').waitFor();
    expect(digestSettingOf(DEMO_MEMBER.email)).toBe(0);
    // E-mail notifications (reminders) are a switch of their own, still on.
    expect(await page.getByRole('switch', { name: 'E-mail notifications' }).isChecked()).toBe(true);
    await page.reload();
    await expect.poll(() => page.getByRole('switch', { name: 'Weekly digest' }).isChecked()).toBe(false);
    await page.getByRole('switch', { name: 'Weekly digest' }).click();
    await page.getByText('Successfully Saved: the weekly digest is on.').waitFor();
    expect(digestSettingOf(DEMO_MEMBER.email)).toBe(1);
  });

  it("the admin previews next week's digest, sends it to themselves, and its links work without a login", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/account');
    await page.getByRole('link', { name: 'Preview the weekly digest' }).click();
    await page.waitForURL('**/digest-preview');
    await page.getByRole('heading', { name: /^Week of / }).waitFor();
    const frame = page.getByTitle('The weekly digest as a mail program shows it');
    await frame.waitFor();
    await page.getByText(/^It will go to \d+ member address/).waitFor();
    await checkA11y(page);
    await page.getByRole('button', { name: 'Phone (390 px)' }).click();
    expect(await page.getByRole('button', { name: 'Phone (390 px)' }).getAttribute('aria-pressed')).toBe('true');
    await snapshot(page, 'digest-preview-1280');

    await page.getByRole('button', { name: 'Send it to me' }).click();
    await page.getByText(`Sent to ${DEMO_ADMIN.email}`).waitFor();
    expect(outboxSubjects().filter((mail) => mail.subject.startsWith('[Preview] '))).toEqual([
      { to: DEMO_ADMIN.email, subject: expect.stringMatching(/^\[Preview\] .+ this week: /) as string },
    ]);

    // The digest itself (the e-mail just sent), as mail programs show it at a phone's and a computer's width.
    const html = previewMailHtml();
    expect(html).toContain('<!DOCTYPE html>');
    for (const width of [390, 800]) {
      const mail = await renderDigest(html, width);
      const fit = await mail.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        images: [...document.images].map((img) => ({ alt: img.alt, isLoaded: img.complete && img.naturalWidth > 0, width: img.getBoundingClientRect().width })),
      }));
      expect(fit.scrollWidth).toBeLessThanOrEqual(width);
      for (const image of fit.images) {
        expect(image.alt).not.toBe('');
        expect(image.isLoaded).toBe(true);
        expect(image.width).toBeLessThanOrEqual(width);
      }
      await mail.screenshot({ path: `/tmp/digest-${width}.png`, fullPage: true });
      await mail.close();
    }

    // "I'm coming": opening the link changes nothing; one click records it, once.
    const rsvpHref = /href="(http[^"]*\/coming\/[^"]+)"/.exec(html)?.[1] ?? '';
    expect(rsvpHref).not.toBe('');
    const visitor = await openPage(harness);
    await visitor.goto(new URL(rsvpHref).pathname);
    const yes = visitor.getByRole('button', { name: 'Yes, I’m coming' });
    await yes.waitFor();
    await checkA11y(visitor);
    await snapshot(visitor, 'digest-rsvp-1280');
    await yes.click();
    await visitor.getByText(/^Successfully Saved:/).waitFor();
    await visitor.reload();
    await visitor.getByText(/^This link was already used/).waitFor();

    // "Stop the weekly digest": opening it changes nothing; the click turns the digest off, not reminders.
    const offHref = /href="(http[^"]*\/digest-off\/[^"]+)"/.exec(html)?.[1] ?? '';
    await visitor.goto(new URL(offHref).pathname);
    const stop = visitor.getByRole('button', { name: 'Stop the weekly digest' });
    await stop.waitFor();
    expect(digestSettingOf(DEMO_ADMIN.email)).toBe(1);
    await checkA11y(visitor);
    await stop.click();
    await visitor.getByText(/^Successfully Saved: the weekly digest is now off for a•••@example\.org/).waitFor();
    expect(digestSettingOf(DEMO_ADMIN.email)).toBe(0);
  });

  it("the admin opens the site by another host name than BASE_URL's and sees the preview's pictures", async () => {
    const page = await openPage(harness, { baseURL: harness.baseUrl.replace('127.0.0.1', 'localhost') });
    // From here BASE_URL's host cannot be reached (a name not yet in DNS, the site opened by its LAN address).
    await page.context().route(
      (url) => url.hostname === '127.0.0.1',
      (route) => route.abort(),
    );
    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/digest-preview');
    const pictures = page.frameLocator('iframe[title="The weekly digest as a mail program shows it"]').locator('img');
    await pictures.first().waitFor();
    const shown = () => pictures.evaluateAll((images) => images.map((image) => image instanceof HTMLImageElement && image.complete && image.naturalWidth > 0));
    await expect.poll(shown).not.toContain(false);
    await snapshot(page, 'digest-preview-other-host-1280');
  });
});
