import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, logIn, openPage, openPageAs, startHarness, visit, type Harness } from './harness.ts';

/**
 * Every form speaks with one voice. The contact form checks its fields with the
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
    await contact
      .getByRole('alert')
      .filter({ hasText: /^Please correct the field marked below\.$/ })
      .waitFor();
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
    await member
      .getByRole('alert')
      .filter({ hasText: /^Please correct the field marked below\.$/ })
      .waitFor();
    const memberEmail = await fieldMessage(member.getByLabel('E-mail address'));
    await checkA11y(page);

    expect(contactFirst).toBe('Please enter the first name.');
    expect(memberFirst).toBe(contactFirst);
    expect(contactEmail).toBe('Please enter a valid e-mail address, like name@example.com.');
    expect(memberEmail).toBe(contactEmail);
    await page.context().close();
  });

  it('links the summary to each field it marks, and takes focus to the first, on every form sent empty', async () => {
    type Opening = { path: string; button?: string; form: string | RegExp };
    const visitorForms: Opening[] = [
      { path: '/contact', form: 'Contact the club' },
      { path: '/login', form: 'Member login' },
    ];
    const adminForms: Opening[] = [
      { path: '/memberList', button: 'Add Member', form: 'Add member' },
      { path: '/new-page-3', button: 'Add President', form: 'President' },
      { path: '/the-shaft-award', button: 'Add Winner', form: /^Shaft Award/ },
      { path: '/new-page-4', button: 'Add newsletter', form: /^Add/ },
      { path: '/registry', button: 'Add a car', form: /car/i },
      { path: '/classifieds', button: 'Place a listing', form: 'Place listing' },
      { path: '/forum', button: 'New thread', form: /^New/ },
      { path: '/editEvent/0', form: /event/i },
      { path: '/account', form: 'Change password' },
    ];
    const problems: string[] = [];
    async function sendEmpty(page: Page, { path, button, form: name }: Opening) {
      await visit(page, path);
      if (button) await page.getByRole('button', { name: button, exact: true }).first().click();
      const form = page.getByRole('form', { name }).last();
      await form.waitFor();
      await form.locator('button[type="submit"]').click();
      await form.locator('.form__summary').waitFor();
      // What the browser itself finds wrong, what the form marks, and what the summary links to.
      const seen = await form.evaluate((element) => {
        const controls = Array.from((element as HTMLFormElement).elements) as HTMLInputElement[];
        const wrong = controls.filter((control) => control.name !== '' && control.willValidate && !control.validity.valid).map((control) => control.name);
        const marked = Array.from(element.querySelectorAll<HTMLElement>('[aria-invalid="true"]')).map((field) => ({
          name: field.getAttribute('name') ?? field.id,
          id: field.id,
          message:
            (field.getAttribute('aria-describedby') ?? '')
              .split(/\s+/)
              .map((id) => document.getElementById(id))
              .map((node) => (node?.matches('.form-field__error') ? node : node?.querySelector('.form-field__error')))
              .find((node) => node)?.textContent ?? '',
        }));
        const links = Array.from(element.querySelectorAll<HTMLAnchorElement>('.form__summary a')).map((link) => link.getAttribute('href'));
        return { wrong, marked, links, focused: document.activeElement?.id ?? '' };
      });
      const where = `${path}${button ? ` (${button})` : ''}`;
      const markedNames = seen.marked.map((field) => field.name);
      for (const name of seen.wrong) if (!markedNames.includes(name)) problems.push(`${where}: "${name}" is wrong but not marked`);
      if (seen.marked.length === 0) problems.push(`${where}: the summary shows but no field is marked`);
      for (const field of seen.marked) {
        if (field.message === '') problems.push(`${where}: "${field.name}" has no message beside it`);
        if (!seen.links.includes(`#${field.id}`)) problems.push(`${where}: the summary does not link to "${field.name}"`);
      }
      if (seen.marked[0] && seen.focused !== seen.marked[0].id) problems.push(`${where}: focus is on "${seen.focused}", not the first marked field`);
      // A summary link takes the member to its field.
      const last = seen.marked.at(-1);
      if (last) {
        await form.locator(`.form__summary a[href="#${last.id}"]`).click();
        if ((await page.evaluate(() => document.activeElement?.id)) !== last.id) problems.push(`${where}: the summary link does not focus "${last.name}"`);
      }
    }

    const visitor = await openPage(harness);
    for (const opening of visitorForms) await sendEmpty(visitor, opening);
    await checkA11y(visitor);
    await visitor.context().close();
    const admin = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    for (const opening of adminForms) await sendEmpty(admin, opening);
    await checkA11y(admin);
    await admin.context().close();
    expect(problems).toEqual([]);
  });
});
