import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, logIn, openPage, startHarness, type Harness } from './harness.ts';

/**
 * Issue 22, item 20: every form speaks with one voice. The contact form checks its fields with the
 * contract; the member dialog lets the browser's checks run first. Both must word the summary and
 * each field's message the same way. At 390 px with touch, where the difference was seen.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

/** The message shown beside a field (the error its aria-describedby points to), or null. */
const fieldMessage = (field: Locator) =>
  field.evaluate((element) => {
    const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/);
    const error = ids.map((id) => document.getElementById(id)).find((node) => node?.classList.contains('form-field__error'));
    return error?.textContent ?? null;
  });

const summaryOf = async (form: Locator) => {
  const summary = form.getByRole('alert');
  await summary.waitFor();
  return summary.textContent();
};

async function openAddMember(page: Page): Promise<Locator> {
  await page.goto('/memberList');
  await page.getByRole('button', { name: 'Add Member' }).tap();
  const form = page.getByRole('dialog', { name: 'Add Member' }).getByRole('form', { name: 'Add member' });
  await form.waitFor();
  return form;
}

describe('form messages in one voice', () => {
  it('words the summary and a missing or wrong field alike on the contact form and the member dialog', async () => {
    const page = await openPage(harness, PHONE);

    await page.goto('/contact');
    const contact = page.getByRole('form', { name: 'Contact the club' });
    await contact.getByRole('button', { name: 'Send message' }).tap();
    expect(await summaryOf(contact)).toBe('Please correct the 4 fields marked below.');
    const contactFirst = await fieldMessage(contact.getByLabel(/First name/));
    await contact.getByLabel(/First name/).fill('Ada');
    await contact.getByLabel(/Last name/).fill('Whitcombe');
    await contact.getByLabel(/Message/).fill('Hello');
    await contact.getByLabel(/E-mail address/).fill('not-an-address');
    await contact.getByRole('button', { name: 'Send message' }).tap();
    await contact.getByRole('alert').filter({ hasText: /^Please correct the field marked below\.$/ }).waitFor();
    const contactEmail = await fieldMessage(contact.getByLabel(/E-mail address/));
    await checkA11y(page);

    await logIn(page, DEMO_ADMIN.email, DEMO_ADMIN.password);
    const member = await openAddMember(page);
    await member.getByRole('button', { name: 'Save' }).tap();
    expect(await summaryOf(member)).toBe('Please correct the 3 fields marked below.');
    const memberFirst = await fieldMessage(member.getByLabel('First name'));
    await member.getByLabel('First name').fill('Ada');
    await member.getByLabel('Last name').fill('Whitcombe');
    await member.getByLabel('E-mail address').fill('not-an-address');
    await member.getByRole('button', { name: 'Save' }).tap();
    await member.getByRole('alert').filter({ hasText: /^Please correct the field marked below\.$/ }).waitFor();
    const memberEmail = await fieldMessage(member.getByLabel('E-mail address'));
    await checkA11y(page);

    expect(contactFirst).toBe('Please enter the first name.');
    expect(memberFirst).toBe(contactFirst);
    expect(contactEmail).toBe('Please enter a valid e-mail address, like name@example.com.');
    expect(memberEmail).toBe(contactEmail);
    await page.context().close();
  });
});
