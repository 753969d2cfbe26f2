import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, visit, type Harness } from './harness.ts';

const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' } as const;
const NETWORK_MESSAGE = 'The site could not be reached. Check your connection and try again.';

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
});

type CloseWay = 'Escape' | 'x' | 'Cancel' | 'Close' | 'OK';

/** A text that names the focused element, for messages that say where focus went instead. */
const describeFocus = (page: Page) =>
  page.evaluate(() => {
    const element = document.activeElement;
    if (element === null || element === document.body) return '<body>';
    return `<${element.tagName.toLowerCase()}> ${element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? ''}`;
  });

async function expectFocused(page: Page, target: Locator, what: string): Promise<void> {
  await page
    .waitForFunction((element) => document.activeElement === element, await target.elementHandle(), { timeout: 3000 })
    .catch(async () => {
      throw new Error(`Focus should be on ${what}, but is on ${await describeFocus(page)}`);
    });
}

/** The dialog's box is centred in the viewport (within 2 px), or fills it evenly when taller. */
async function expectCentred(page: Page, dialog: Locator): Promise<void> {
  const box = await dialog.boundingBox();
  const viewport = page.viewportSize();
  if (box === null || viewport === null) throw new Error('The dialog is not on screen');
  const above = box.y;
  const below = viewport.height - (box.y + box.height);
  expect(Math.abs(above - below), `space above ${above}px, below ${below}px`).toBeLessThanOrEqual(2);
  expect(Math.abs(box.x - (viewport.width - (box.x + box.width)))).toBeLessThanOrEqual(2);
}

async function closeBy(page: Page, dialog: Locator, way: CloseWay): Promise<void> {
  if (way === 'Escape') await page.keyboard.press('Escape');
  else if (way === 'x') await dialog.getByRole('button', { name: 'Close', exact: true }).first().click();
  else await dialog.getByRole('button', { name: way, exact: true }).last().click();
  await dialog.waitFor({ state: 'hidden' });
}

/** Opens the dialog from `opener` each way it can close, checking centring and where focus lands. */
async function checkEachClose(page: Page, opener: Locator, title: string | RegExp, ways: CloseWay[], openerName: string): Promise<void> {
  for (const way of ways) {
    await opener.focus();
    await opener.press('Enter');
    const dialog = page.getByRole('dialog', { name: title });
    await dialog.waitFor();
    await expectCentred(page, dialog);
    await closeBy(page, dialog, way);
    await expectFocused(page, opener, `${openerName} after closing "${String(title)}" with ${way}`);
  }
}

describe('dialogs and focus', () => {
  it('member and delete dialogs: centred, focus back to the opener every way, Cancel first on delete', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/memberList');
    await page.getByRole('list', { name: 'Members' }).waitFor();

    const add = page.getByRole('button', { name: 'Add Member' });
    await checkEachClose(page, add, 'Add Member', ['Escape', 'x', 'Cancel'], 'Add Member');

    const edit = page.getByRole('button', { name: /^Edit / }).nth(3);
    const editName = (await edit.getAttribute('aria-label')) ?? '';
    await checkEachClose(page, edit, editName, ['Escape', 'x', 'Cancel'], editName);

    const del = page.getByRole('button', { name: /^Delete / }).nth(3);
    await checkEachClose(page, del, 'Delete Member', ['Escape', 'x', 'Cancel'], 'the Delete button');
    // A destructive question starts on Cancel.
    await del.click();
    const confirm = page.getByRole('dialog', { name: 'Delete Member' });
    await expectFocused(page, confirm.getByRole('button', { name: 'Cancel' }), 'Cancel of Delete Member');
    await snapshot(page, 'delete-member-dialog-centred', { fullPage: false });

    // Deleting removes the card and its buttons: focus goes to the message saying so.
    await confirm.getByRole('button', { name: /^Delete / }).click();
    const deleted = page.getByText('Successfully Deleted');
    await deleted.waitFor();
    await expectFocused(page, deleted, 'the "Successfully Deleted" message');

    // Saving keeps the card: focus goes back to its Edit button.
    const editAgain = page.getByRole('button', { name: /^Edit / }).nth(2);
    await editAgain.click();
    const memberDialog = page.getByRole('dialog').first();
    await memberDialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Successfully Saved').waitFor();
    await expectFocused(page, editAgain, 'the Edit button after saving');
    await page.context().close();
  });

  it('member dialog: the e-mail field keeps one line, and a bad address gets the site’s own message', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/memberList');
    await page.getByRole('button', { name: 'Add Member' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Member' });
    const email = dialog.getByLabel('E-mail address');
    const first = dialog.getByLabel('First name');
    expect((await email.boundingBox())?.height).toBe((await first.boundingBox())?.height);

    await first.fill('Ada');
    await dialog.getByLabel('Last name').fill('Whitcombe');
    await email.fill('not-an-address');
    await dialog.getByRole('button', { name: 'Save' }).click();
    // The form never lets the browser show its own bubble; the site's message is beside the field.
    expect(await dialog.locator('form').evaluate((form) => (form as HTMLFormElement).noValidate)).toBe(true);
    await dialog.getByText('Please enter a valid e-mail address, like name@example.com.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    await expectFocused(page, email, 'the bad e-mail field');
    // The summary is at the top of the form and follows the fix.
    const summary = dialog.getByRole('alert');
    expect(await summary.textContent()).toBe('Please correct the field marked below.');
    await email.fill('ada@example.org');
    await summary.waitFor({ state: 'detached' });
    await snapshot(page, 'member-dialog-email-field', { fullPage: false });
    await page.context().close();
  });

  it('history dialogs: centred, focus back to the opener every way', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);

    await page.goto('/new-page-3');
    const addPresident = page.getByRole('button', { name: 'Add President' });
    await checkEachClose(page, addPresident, 'Add President', ['Escape', 'x', 'Close'], 'Add President');

    await page.goto('/the-shaft-award');
    const editWinner = page.getByRole('button', { name: /^Edit \d{4} winner$/ });
    await checkEachClose(page, editWinner, 'Edit Shaft Award Winner', ['Escape', 'x', 'Close'], 'Edit winner');
    const addWinner = page.getByRole('button', { name: 'Add Winner' });
    await checkEachClose(page, addWinner, 'Add Shaft Award Winner', ['Escape', 'x', 'Close'], 'Add winner');

    await page.goto('/start-up-parties-2');
    const addParty = page.getByRole('button', { name: 'Add Start-up Party' });
    await checkEachClose(page, addParty, 'Add Start-up Party', ['Escape', 'x', 'Close'], 'Add party');
    await page.context().close();
  });

  it('Shaft Award: Escape on Remove image closes only that question and keeps the unsaved edit', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await page.goto('/the-shaft-award');
    await page.getByRole('button', { name: /^Edit \d{4} winner$/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Shaft Award Winner' });
    await editor.waitFor();
    await editor.getByLabel('Name').fill('An unsaved name');

    const remove = editor.getByRole('button', { name: 'Remove image' });
    for (const way of ['Escape', 'Cancel', 'x'] as const) {
      await remove.click();
      const question = page.getByRole('dialog', { name: 'Remove image' });
      await question.waitFor();
      await expectCentred(page, question);
      await expectFocused(page, question.getByRole('button', { name: 'Cancel' }), 'Cancel of Remove image');
      if (way === 'Escape') await snapshot(page, 'remove-image-question-centred', { fullPage: false });
      await closeBy(page, question, way);
      expect(await editor.isVisible(), `the editor stays open after ${way}`).toBe(true);
      expect(await editor.getByLabel('Name').inputValue()).toBe('An unsaved name');
      await expectFocused(page, remove, `Remove image after ${way}`);
    }
    await page.context().close();
  });

  it('contact: summary on top that follows the fixes, focus on the first bad field, Error dialog centred and focus kept', async () => {
    const page = await openPage(harness);
    await page.goto('/contact');
    const form = page.getByRole('form', { name: 'Contact the club' });
    const send = form.getByRole('button', { name: 'Send message' });
    await send.click();
    const summary = form.getByRole('alert');
    await summary.waitFor();
    expect(await summary.textContent()).toBe('Please correct the 4 fields marked below.');
    const firstName = form.getByLabel(/First name/);
    expect((await summary.boundingBox())?.y ?? Infinity).toBeLessThan((await firstName.boundingBox())?.y ?? 0);
    await expectFocused(page, firstName, 'First name');
    await firstName.fill('Ada');
    await page.waitForFunction(() => document.querySelector('[role="alert"]')?.textContent === 'Please correct the 3 fields marked below.');
    await snapshot(page, 'contact-summary-on-top', { fullPage: false });

    await form.getByLabel(/Last name/).fill('Whitcombe');
    await form.getByLabel(/E-mail address/).fill('ada@example.com');
    await form.getByLabel(/Message/).fill('Hello');
    // A refusal only the server gives (the page checks the fields with the same contract).
    await page.route('**/api/contact.submit.php', (route) =>
      route.fulfill({
        status: 429,
        contentType: 'application/json',
        body: JSON.stringify({ e: 'Too many messages from this address. Please try again in an hour.' }),
      }),
    );
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Error' });
    await dialog.waitFor();
    await expectCentred(page, dialog);
    await snapshot(page, 'contact-error-dialog-centred', { fullPage: false });
    await closeBy(page, dialog, 'OK');
    await expectFocused(page, send, 'Send message after the Error dialog');
    await page.context().close();
  });

  it('says the site could not be reached when the network fails, without losing focus', async () => {
    const page = await openPage(harness);
    await page.goto('/login');
    await page.getByLabel('E-mail address').fill(DEMO_ADMIN.email);
    await page.getByLabel('Password').fill(DEMO_ADMIN.password);
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    const logInButton = page.getByRole('button', { name: 'Log in' });
    await logInButton.click();
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toBe(NETWORK_MESSAGE);
    await expectFocused(page, logInButton, 'Log in after a failed login');
    await page.context().close();
  });

  it('clears a stale mismatch message once the passwords match but are too short', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/account');
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Old Password').fill(DEMO_ADMIN.password);
    await form.getByLabel('New Password').fill('long-enough-1');
    await form.getByLabel('Confirm Password').fill('long-enough-2');
    await form.getByRole('button', { name: 'Change Password' }).click();
    const summary = form.getByRole('alert');
    await summary.waitFor();
    expect(await summary.textContent()).toMatch(/match/i);
    await form.getByLabel('New Password').fill('short');
    await form.getByLabel('Confirm Password').fill('short');
    await page.waitForFunction(() => !/match/i.test(document.querySelector('form [role="alert"]')?.textContent ?? ''));
    // The rule that still fails is said beside its field, in the site's words.
    await form.getByRole('button', { name: 'Change Password' }).click();
    await form.getByText('The new password must be at least 8 characters long (now 5).').waitFor();
    await checkA11y(page);
    await page.context().close();
  });
});

describe('a member filters the registry and the classifieds by keyboard', () => {
  const KEYBOARD_390 = { viewport: { width: 390, height: 844 } } as const;
  const focused = (page: Page) =>
    page.evaluate(() => {
      const element = document.activeElement;
      return element === null || element === document.body ? 'nothing' : `${element.tagName} ${(element.textContent ?? '').trim()}`;
    });

  it('keeps focus on "Show cars" and "Show listings", and puts it on the heading after Next and "Show all"', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, KEYBOARD_390);
    await visit(page, '/registry');
    await page.getByRole('heading', { level: 2, name: /page 1 of/ }).waitFor();
    await page.getByLabel('Year').selectOption('1929');
    await page.getByRole('button', { name: 'Show cars' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/year=1929/);
    await page.getByRole('heading', { level: 2, name: /^\d+ cars(,|$)/ }).waitFor();
    // The heading of all the cars, still shown as the address changes, reads alike: wait for the 1929 cars' own pages.
    await page.getByRole('navigation', { name: 'Pages of cars' }).locator('a[href*="year=1929"]').first().waitFor();
    expect(await focused(page)).toBe('BUTTON Show cars');
    // Tab goes on to the cars found, not back to the top of the page.
    await page.keyboard.press('Tab');
    expect(await focused(page)).toBe('BUTTON Clear');

    await page.getByRole('link', { name: 'Next →' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 2, name: /page 2 of/ }).waitFor();
    await expect.poll(() => focused(page)).toBe('H1 Car Registry');

    await visit(page, '/classifieds');
    await page.getByRole('heading', { level: 2, name: /listing/ }).waitFor();
    await page.getByLabel('For sale or wanted').selectOption('sale');
    await page.getByRole('button', { name: 'Show listings' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/kind=sale/);
    await page.waitForLoadState('networkidle');
    expect(await focused(page)).toBe('BUTTON Show listings');

    await visit(page, '/search?q=ford');
    await page.getByRole('link', { name: /^Show all \d+ results in Registry cars/ }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/kind=car/);
    await expect.poll(() => focused(page)).toBe('H1 Search');
    await page.context().close();
  }, 120_000);
});

describe('a history editor removes the Shaft Award image', () => {
  it('Shaft Award: removing the image drops the older "Successfully Saved"', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await page.goto('/the-shaft-award');
    await page.getByRole('button', { name: /^Edit \d{4} winner$/ }).click();
    const editor = page.getByRole('dialog', { name: 'Edit Shaft Award Winner' });
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('Successfully Saved').waitFor();
    await editor.getByRole('button', { name: 'Remove image' }).click();
    await page.getByRole('dialog', { name: 'Remove image' }).getByRole('button', { name: 'Remove' }).click();
    await editor.getByText('Image removed.').waitFor();
    expect(await editor.getByText('Successfully Saved').count()).toBe(0);
    // The Remove image button is gone; focus stays in the dialog, on the photo picker.
    expect(await page.evaluate(() => document.activeElement?.closest('dialog') !== null)).toBe(true);
    await page.context().close();
  });
});
