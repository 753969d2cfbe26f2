import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSize, makeJpeg, makePng } from '../../api/test/images.ts';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp.ts';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, logIn, MOBILE_VIEWPORT, openPage, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';
import { boxOf, gapBetween, holdAnswers, searchMemberList } from './steps.ts';

const SECRETARY = { email: 'secretary@example.org', password: 'demo-secretary-1' };
const NEWCOMER = { first: 'Loretta', last: 'Quackenbush', email: 'loretta.quackenbush@example.net', password: 'model-a-loretta-1' };
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const SMALL_PHONE_SIZE = { width: 375, height: 667 } as const;
/** The least room between two things that must not touch (px). */
const MIN_GAP = 8;
let harness: Harness;
let smtp: TestSmtp;
let portrait: Buffer;
let png: Buffer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  harness = await startHarness({ env: { SMTP_URL: smtp.url } });
  portrait = await makeJpeg(900, 600);
  png = await makePng(60, 60);
});

afterAll(async () => {
  await harness?.close();
  await smtp?.close();
});

async function openMemberList(page: Page): Promise<void> {
  await page.goto('/memberList');
  await page.getByRole('list', { name: 'Members' }).waitFor();
}

const memberCard = (page: Page, name: string) =>
  page
    .getByRole('list', { name: 'Members' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { name }) });

/** Calls the API from the page with its own session, as a hand-made request would. */
function callFromPage(page: Page, name: string, body: Record<string, unknown>) {
  return page.evaluate(
    async ({ name, body }) => {
      const g = localStorage.getItem('clubSession');
      const res = await fetch(`/api/${name}.php`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ g, ...body }),
      });
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    },
    { name, body },
  );
}

describe('member list journey', () => {
  it('lists a page at a time, pages, sorts and searches on the server, and refuses a plain member at the server', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await openMemberList(page);
    const count = page.locator('.member-count');
    await count.getByText(/^\d+ members, \d+ of them enabled\. Page 1 of \d+\.$/).waitFor();
    const pages = Number(/Page 1 of (\d+)/.exec((await count.textContent()) ?? '')?.[1]);
    expect(pages).toBeGreaterThan(4);
    const headings = page.getByRole('list', { name: 'Members' }).getByRole('heading');
    const firstPage = await headings.allTextContents();
    expect(firstPage.length).toBeGreaterThan(20);
    await checkA11y(page);

    // No editing controls for a member without the member permission…
    expect(await page.getByRole('button', { name: 'Add Member' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Edit / }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Copy e-mail list' }).count()).toBe(0);

    // …and the server refuses a hand-made save all the same.
    const refused = await callFromPage(page, 'member.save', { i: 0, fn: 'Sneaky', l: 'Pete', e: 'sneaky@example.net', o: 1 });
    expect(refused.status).toBe(403);
    expect(String(refused.body.e)).toMatch(/permission/);

    // The next page: the page on screen stays (dimmed, busy) until the next one has come.
    const nextPage = await holdAnswers(page, 'members.page');
    const pager = page.getByRole('navigation', { name: 'Pages of members' });
    await pager.getByRole('button', { name: 'Next →' }).click();
    const list = page.getByRole('list', { name: 'Members' });
    await page.locator('.member-list[aria-busy="true"]').waitFor();
    expect(await headings.allTextContents()).toEqual(firstPage);
    expect(await page.getByText('Loading the member list…').count()).toBe(0);
    await nextPage.release();
    await count.getByText(`Page 2 of ${pages}.`).waitFor();
    const secondPage = await headings.allTextContents();
    expect(secondPage[0]).not.toBe(firstPage[0]);
    expect(secondPage.some((name) => firstPage.includes(name))).toBe(false);
    expect(await pager.getByRole('button', { name: '← Previous' }).isEnabled()).toBe(true);

    // Another order starts again at page 1: by city, Arnold comes first.
    await page.getByLabel('Sort by').selectOption({ label: 'City' });
    await count.getByText(`Page 1 of ${pages}.`).waitFor();
    await list
      .getByText(/^Arnold, MO/)
      .first()
      .waitFor();
    expect(await list.locator('.member-card').first().textContent()).toContain('Arnold, MO');
    await page.getByLabel('Sort by').selectOption({ label: 'Last name' });

    // A disabled member is struck through and says so in words.
    await searchMemberList(page, 'Virginia Hoffmann', { isOpen: true });
    expect(await count.textContent()).toMatch(/^Showing 1 of /);
    const disabled = page.locator('.member-card--disabled').first();
    expect(await disabled.getByText('Disabled', { exact: true }).isVisible()).toBe(true);
    const decoration = await disabled
      .locator('.member-card__struck')
      .first()
      .evaluate((el) => getComputedStyle(el).textDecorationLine);
    expect(decoration).toContain('line-through');

    // Search narrows by name, city or car; the words are matched by the server.
    await searchMemberList(page, 'Pruitt', { isOpen: true });
    expect(await count.textContent()).toMatch(/^Showing 1 of /);
    expect(await memberCard(page, 'Walter Pruitt').count()).toBe(1);
    expect(await pager.count()).toBe(0);
    await searchMemberList(page, 'roadster kirkwood', { isOpen: true });
    const cards = list.locator('.member-card');
    await cards.first().waitFor();
    const found = await cards.allTextContents();
    expect(found.length).toBeGreaterThan(0);
    for (const text of found) {
      expect(text).toContain('Roadster');
      expect(text).toContain('Kirkwood');
    }
    await searchMemberList(page, 'no such member anywhere', { isOpen: true });
    await page.getByText('No member matches. Try fewer or other words.').waitFor();
    await page.getByRole('searchbox', { name: 'Search members' }).fill('');
    await count.getByText(/^\d+ members, \d+ of them enabled\. Page 1 of \d+\.$/).waitFor();
    await page.context().close();
  });

  it('pages and searches by touch on a 390px phone', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
      deviceScaleFactor: 1,
    });
    await openMemberList(page);
    const count = page.locator('.member-count');
    await count.getByText(/Page 1 of \d+\./).waitFor();
    const headings = page.getByRole('list', { name: 'Members' }).getByRole('heading');
    const firstName = await headings.first().textContent();
    const pager = page.getByRole('navigation', { name: 'Pages of members' });
    await pager.getByRole('button', { name: 'Next →' }).tap();
    await count.getByText(/Page 2 of \d+\./).waitFor();
    expect(await headings.first().textContent()).not.toBe(firstName);
    // The new page is read from its top, not from the pager far below.
    expect(await count.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(0);
    await pager.getByRole('button', { name: '← Previous' }).tap();
    await count.getByText(/Page 1 of \d+\./).waitFor();
    expect(await headings.first().textContent()).toBe(firstName);
    // A member's cars are links a finger hits as surely as their phone and e-mail.
    const carLinks = page.locator('.member-card__cars a');
    expect(await carLinks.count()).toBeGreaterThan(1);
    for (const link of await carLinks.all()) expect((await link.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);

    await page.getByRole('searchbox', { name: 'Search members' }).tap();
    await page.keyboard.type('webster');
    await page.getByText(/Showing \d+ of \d+ members matching “webster”\./).waitFor();
    for (const text of await page.locator('.member-card').allTextContents()) expect(text).toContain('Webster Groves');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await snapshot(page, 'member-list-phone-search');
    await page.context().close();
  });

  it('lets an admin add a member with rights, who then logs in with exactly those rights, and disable them', async () => {
    const admin = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await admin.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await openMemberList(admin);
    await snapshot(admin, 'member-list-desktop');

    await admin.getByRole('button', { name: 'Add Member' }).click();
    const dialog = admin.getByRole('dialog', { name: 'Add Member' });
    await dialog.waitFor();
    await dialog.getByLabel('First name').fill(NEWCOMER.first);
    await dialog.getByLabel('Last name').fill(NEWCOMER.last);
    await dialog.getByLabel('E-mail address').fill(NEWCOMER.email);
    await dialog.getByLabel('Phone').fill('(636) 555-0142');
    await dialog.getByLabel('City').fill('Fenton');
    // Cars are not typed in here any more: the dialog points to the registry.
    const registryCars = dialog.getByRole('region', { name: 'Cars in the registry' });
    expect(await registryCars.textContent()).toContain('None yet.');
    expect(await dialog.getByRole('textbox', { name: /^Car \d/ }).count()).toBe(0);
    await dialog.getByRole('checkbox', { name: 'Edit History' }).check();
    await dialog.getByRole('checkbox', { name: 'Add/Edit Events' }).check();
    expect(await dialog.getByRole('checkbox', { name: 'Send an e-mail inviting them to set their password' }).isChecked()).toBe(true);

    // A PNG is turned away before upload; a JPEG gets a square crop.
    const photoInput = dialog.getByLabel('Photo (JPEG)', { exact: true });
    await photoInput.setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await dialog.getByText('Please choose a JPEG photo').waitFor();
    await photoInput.setInputFiles({ name: 'portrait.jpg', mimeType: 'image/jpeg', buffer: portrait });
    const sizeSlider = dialog.getByLabel('Size of the square');
    await sizeSlider.waitFor();
    expect(await sizeSlider.inputValue()).toBe('600');
    await sizeSlider.fill('400');
    await dialog.getByLabel('Left and right').fill('0');
    await checkA11y(admin);
    await snapshot(admin, 'member-dialog-desktop');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Successfully Saved').waitFor();
    expect(await dialog.count()).toBe(0);
    const card = memberCard(admin, `${NEWCOMER.first} ${NEWCOMER.last}`);
    await card.waitFor();
    expect(await card.textContent()).toContain('Rights: Add/Edit Events, Edit History');
    const photoUrl = await card.locator('img').getAttribute('src');
    expect(photoUrl).toMatch(/^\/uploads\/members\/.+\.jpg$/);
    const photo = await fetch(`${harness.baseUrl}${photoUrl ?? ''}`);
    const stored = await imageSize(Buffer.from(await photo.arrayBuffer()));
    expect(stored).toEqual({ width: 400, height: 400, format: 'jpeg' });
    expect(await card.getByRole('link', { name: NEWCOMER.email }).getAttribute('href')).toBe(`mailto:${NEWCOMER.email}`);
    await checkA11y(admin);

    // The show-permissions filter lists the holders of one right, and leaves out Forum.
    const filter = admin.getByLabel('Show permission');
    expect(await filter.locator('option').allTextContents()).not.toContain('Post on Forum');
    await filter.selectOption({ label: 'Edit History' });
    await admin.getByText(/Showing 2 of \d+ members with Edit History/).waitFor();
    expect(await memberCard(admin, 'Eleanor Vance').count()).toBe(1);
    await filter.selectOption({ label: 'Everyone' });

    // Copy e-mail list: enabled members' addresses, with a visible confirmation.
    await admin.getByRole('button', { name: 'Copy e-mail list' }).click();
    await admin.getByText(/Copied \d+ e-mail addresses of enabled members/).waitFor();
    const clipboard = await admin.evaluate(() => navigator.clipboard.readText());
    expect(clipboard).toContain(NEWCOMER.email);
    expect(clipboard).toContain(DEMO_ADMIN.email);

    // The invitation reaches a real SMTP server; the newcomer sets a password and logs in.
    const mails = await smtp.waitFor(1);
    const invitation = mails.find((mail) => mail.subject?.startsWith('Welcome to'));
    const link = new RegExp(`${harness.baseUrl}/reset/[\\w-]+`).exec(invitation?.text ?? '')?.[0];
    expect(link).toBeDefined();
    const newcomer = await openPage(harness);
    await newcomer.goto(link ?? '');
    await newcomer.getByRole('heading', { name: `Hello, ${NEWCOMER.first} ${NEWCOMER.last}` }).waitFor();
    await newcomer.getByLabel('New Password').fill(NEWCOMER.password);
    await newcomer.getByLabel('Confirm Password').fill(NEWCOMER.password);
    await newcomer.getByRole('button', { name: 'Set Password' }).click();
    await newcomer.getByText('you can now log in').waitFor();
    await logIn(newcomer, NEWCOMER.email, NEWCOMER.password);
    const me = await callFromPage(newcomer, 'session.get', {});
    expect((me.body.u as { permissions: string[] }).permissions).toEqual(['event', 'history']);
    await openMemberList(newcomer);
    expect(await newcomer.getByRole('button', { name: 'Add Member' }).count()).toBe(0);
    const denied = await callFromPage(newcomer, 'member.delete', { id: 1 });
    expect(denied.status).toBe(403);

    // The admin disables the newcomer: struck through, and no longer able to log in.
    await card.getByRole('button', { name: `Edit ${NEWCOMER.first} ${NEWCOMER.last}` }).click();
    const editDialog = admin.getByRole('dialog', { name: `Edit ${NEWCOMER.first} ${NEWCOMER.last}` });
    await editDialog.waitFor();
    expect(await editDialog.getByRole('checkbox', { name: 'Send an e-mail inviting them to set their password' }).count()).toBe(0);
    await editDialog.getByRole('checkbox', { name: 'Enabled' }).uncheck();
    await editDialog.getByRole('button', { name: 'Save' }).click();
    await admin.getByText('Successfully Saved').waitFor();
    await card.getByText('Disabled', { exact: true }).waitFor();
    expect(await card.getAttribute('class')).toContain('member-card--disabled');
    await checkA11y(admin);

    await newcomer.reload();
    await newcomer.getByRole('heading', { level: 1, name: 'Member List' }).waitFor();
    await newcomer.getByRole('button', { name: 'Log in' }).waitFor();
    await newcomer.getByLabel('E-mail address').fill(NEWCOMER.email);
    await newcomer.getByLabel('Password').fill(NEWCOMER.password);
    await newcomer.getByRole('button', { name: 'Log in' }).click();
    await newcomer.getByRole('alert').filter({ hasText: 'not active' }).waitFor();
    await newcomer.context().close();

    // Deleting asks first, then removes the member.
    await card.getByRole('button', { name: `Delete ${NEWCOMER.first} ${NEWCOMER.last}` }).click();
    const confirm = admin.getByRole('dialog', { name: 'Delete Member' });
    await confirm.getByText('Are you sure you want to delete').waitFor();
    await checkA11y(admin);
    await confirm.getByRole('button', { name: `Delete ${NEWCOMER.first} ${NEWCOMER.last}` }).click();
    await admin.getByText('Successfully Deleted').waitFor();
    expect(await card.count()).toBe(0);
    await admin.context().close();
  });

  it("keeps an admin's own record enabled and applies their own permission change at once", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await openMemberList(page);
    await page.getByRole('searchbox', { name: 'Search members' }).fill('Margaret Holloway');
    await page.getByText(/Showing 1 of \d+ members matching “Margaret Holloway”\./).waitFor();
    const self = memberCard(page, 'Margaret Holloway');
    await self.getByRole('button', { name: 'Edit Margaret Holloway' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Margaret Holloway' });
    const enabled = dialog.getByRole('checkbox', { name: 'Enabled' });
    expect(await enabled.isChecked()).toBe(true);
    expect(await enabled.isDisabled()).toBe(true);
    await dialog.getByRole('checkbox', { name: 'Add/Edit Photos' }).check();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    await self.getByText('Rights: Administrator, Add/Edit Photos').waitFor();
    const me = await callFromPage(page, 'session.get', {});
    expect((me.body.u as { permissions: string[] }).permissions).toEqual(['admin', 'blog']);
    await page.context().close();
  });

  it('gives a member editor who is not an admin add, edit and delete but no permission boxes', async () => {
    const page = await openPageAs(harness, SECRETARY.email, SECRETARY.password);
    await openMemberList(page);
    expect(await page.getByRole('button', { name: 'Copy e-mail list' }).count()).toBe(0);
    expect(await page.getByLabel('Show permission').count()).toBe(0);
    await page.getByRole('searchbox', { name: 'Search members' }).fill('Pruitt');
    await page.getByText(/Showing 1 of \d+ members matching “Pruitt”\./).waitFor();
    await memberCard(page, 'Walter Pruitt').getByRole('button', { name: 'Edit Walter Pruitt' }).click();
    const dialog = page.getByRole('dialog', { name: 'Edit Walter Pruitt' });
    await dialog.waitFor();
    expect(await dialog.getByRole('group', { name: 'Permissions' }).count()).toBe(0);
    await dialog.getByLabel('Phone').fill('(314) 555-0101');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    expect(await memberCard(page, 'Walter Pruitt').textContent()).toContain('(314) 555-0101');
    await page.context().close();
  });

  it('removes a photo on save, and lets the editor take the removal back first, by keyboard', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await openMemberList(page);
    const name = 'Philomena Ruckelshaus';
    await page.getByRole('button', { name: 'Add Member' }).click();
    let dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.waitFor();
    await dialog.getByLabel('First name').fill('Philomena');
    await dialog.getByLabel('Last name').fill('Ruckelshaus');
    await dialog.getByLabel('E-mail address').fill('philomena.ruckelshaus@example.net');
    await dialog.getByRole('checkbox', { name: 'Send an e-mail inviting them to set their password' }).uncheck();
    await dialog.getByLabel('Photo (JPEG)', { exact: true }).setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: portrait });
    await dialog.getByLabel('Size of the square').waitFor();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    const card = memberCard(page, name);
    // The list is asked again after the save: wait for the new member's card with its photo.
    await card.locator('img').waitFor();
    expect(await card.locator('img').count()).toBe(1);

    await page.getByRole('button', { name: `Edit ${name}` }).click();
    dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    await dialog.getByRole('img', { name: 'The member’s current photo' }).waitFor();
    // Remove, then take it back: focus follows each step instead of falling to the page.
    await dialog.getByRole('button', { name: 'Remove image' }).focus();
    await page.keyboard.press('Enter');
    await dialog.getByText('The image will be removed when you save.').waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Keep the image');
    await page.keyboard.press('Enter');
    await dialog.getByRole('img', { name: 'The member’s current photo' }).waitFor();
    await dialog.getByRole('button', { name: 'Remove image' }).click();
    await checkA11y(page);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    await card.locator('.member-card__initials').waitFor();
    expect(await card.locator('img').count()).toBe(0);
    await page.context().close();
  });

  it('fits the member list and its dialog on a 375px screen', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport: MOBILE_VIEWPORT });
    await openMemberList(page);
    await checkA11y(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await snapshot(page, 'member-list-mobile');
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    await dialog.waitFor();
    await dialog.getByLabel('Photo (JPEG)', { exact: true }).setInputFiles({ name: 'p.jpg', mimeType: 'image/jpeg', buffer: portrait });
    const size = dialog.getByLabel('Size of the square');
    await size.waitFor();
    await size.fill('300');
    // Dragging the square moves the crop, as the sliders do.
    const across = dialog.getByLabel('Left and right');
    const before = Number(await across.inputValue());
    const square = await dialog.locator('.cropper__square').boundingBox();
    if (!square) throw new Error('the crop square is not on screen');
    await page.mouse.move(square.x + square.width / 2, square.y + square.height / 2);
    await page.mouse.down();
    await page.mouse.move(square.x + square.width / 2 - 40, square.y + square.height / 2, { steps: 4 });
    await page.mouse.up();
    expect(Number(await across.inputValue())).toBeLessThan(before);
    // Nothing in the dialog is wider than a 375px screen.
    const dialogOverflow = await dialog.evaluate((element) => element.scrollWidth - element.clientWidth);
    expect(dialogOverflow).toBeLessThanOrEqual(0);
    await checkA11y(page);
    await snapshot(page, 'member-dialog-mobile');
    await page.context().close();
  });
});

describe('an admin copies the e-mail list and reads the member cards', () => {
  it('copy e-mail list keeps the toolbar on one line and its message goes after a while', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/memberList');
    await page.getByRole('list', { name: 'Members' }).waitFor();
    const copy = page.getByRole('button', { name: 'Copy e-mail list' });
    await copy.click();
    const message = page.getByText(/^Copied \d+ e-mail addresses of enabled members/);
    await message.waitFor();
    const add = await page.getByRole('button', { name: 'Add Member' }).boundingBox();
    const copyBox = await copy.boundingBox();
    expect(copyBox?.width ?? Infinity).toBeLessThan(300);
    expect(Math.abs((add?.y ?? 0) - (copyBox?.y ?? 100))).toBeLessThan(2);
    expect(await page.getByText(/^\d+ members, \d+ of them enabled\. Page 1 of \d+\.$/).count()).toBe(1);
    await snapshot(page, 'member-list-toolbar-after-copy', { fullPage: false });
    await message.waitFor({ state: 'detached', timeout: 12_000 });
    await page.context().close();
  });

  for (const viewport of [SMALL_PHONE_SIZE, { width: 1280, height: 900 }]) {
    it(`member cards break e-mail addresses only after the @ or before a dot of the name at ${viewport.width}px`, async () => {
      const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { viewport });
      await page.goto('/memberList');
      await page.getByRole('list', { name: 'Members' }).waitFor();
      // Each line of every address link ends where the <wbr>s allow: after "@", or before a "." of the name.
      const badBreaks = await page.locator('.member-card a[href^="mailto:"]').evaluateAll((links) =>
        links.flatMap((link) => {
          const text = link.textContent ?? '';
          const range = document.createRange();
          const lineEnds: number[] = [];
          let lastTop: number | null = null;
          const walker = document.createTreeWalker(link, NodeFilter.SHOW_TEXT);
          let offsetBase = 0;
          for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
            const length = node.textContent?.length ?? 0;
            for (let index = 0; index < length; index += 1) {
              range.setStart(node, index);
              range.setEnd(node, index + 1);
              const top = Math.round(range.getBoundingClientRect().top);
              if (lastTop !== null && top > lastTop + 2) lineEnds.push(offsetBase + index);
              lastTop = top;
            }
            offsetBase += length;
          }
          return lineEnds
            .filter((at) => !(text[at - 1] === '@' || (text[at] === '.' && at < text.indexOf('@'))))
            .map((at) => `${text.slice(0, at)} | ${text.slice(at)}`);
        }),
      );
      expect(badBreaks).toEqual([]);
      await page.getByRole('list', { name: 'Members' }).getByRole('listitem').nth(2).scrollIntoViewIfNeeded();
      await snapshot(page, `member-cards-emails-${viewport.width}`, { fullPage: false });
      await page.context().close();
    });
  }

  it("gives a member card's phone and e-mail links room to tap", async () => {
    for (const [options, least] of [
      [PHONE, 44],
      [DESKTOP, 24],
    ] as const) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, options);
      await page.goto('/memberList');
      const card = page
        .locator('.member-card')
        .filter({ has: page.locator('a[href^="tel:"]') })
        .filter({ has: page.locator('a[href^="mailto:"]') })
        .first();
      const phone = card.locator('a[href^="tel:"]');
      const email = card.locator('a[href^="mailto:"]');
      expect((await boxOf(phone)).height).toBeGreaterThanOrEqual(least);
      expect((await boxOf(email)).height).toBeGreaterThanOrEqual(least);
      expect(await gapBetween(phone, email)).toBeGreaterThanOrEqual(MIN_GAP);
      await page.context().close();
    }
  });
});
