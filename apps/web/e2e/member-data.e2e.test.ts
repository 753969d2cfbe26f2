import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

const SECRETARY = { email: 'secretary@example.org', password: 'demo-secretary-1' };
let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});

afterAll(async () => {
  await harness?.close();
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

describe("a member's data on request", () => {
  it('lets an administrator download a member’s data and then delete it all, asking first', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, { acceptDownloads: true });
    const name = 'Walter Pruitt';
    // The member list answers a page at a time: the member is found by name, as the site search links to them.
    await page.goto('/memberList?search=Walter%20Pruitt');
    await memberCard(page, name).waitFor();
    await memberCard(page, name)
      .getByRole('button', { name: `Edit ${name}` })
      .click();
    const dialog = page.getByRole('dialog', { name: `Edit ${name}` });
    const section = dialog.getByRole('group', { name: 'Their data' });
    await section.waitFor();
    await section.scrollIntoViewIfNeeded();
    await snapshot(page, 'member-data-section', { fullPage: false });
    await checkA11y(page);

    const [download] = await Promise.all([page.waitForEvent('download'), section.getByRole('button', { name: 'Download their data' }).click()]);
    expect(download.suggestedFilename()).toBe('member-data-walter-pruitt.json');
    const data = JSON.parse(await readFile((await download.path()) ?? '', 'utf8')) as { member: { first_name: string; last_name: string; email: string } };
    expect(data.member).toMatchObject({ first_name: 'Walter', last_name: 'Pruitt' });
    expect(data.member.email).toContain('@');

    // Cancel hands focus back to the button that asked.
    const eraseButton = section.getByRole('button', { name: 'Delete all their data…' });
    await eraseButton.click();
    const confirm = page.getByRole('dialog', { name: 'Delete All Their Data' });
    await confirm.waitFor();
    await snapshot(page, 'member-data-confirm', { fullPage: false });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' }).catch(() => confirm.waitFor({ state: 'hidden' }));
    expect(await eraseButton.evaluate((el) => el === document.activeElement)).toBe(true);

    await eraseButton.click();
    await confirm.getByRole('button', { name: `Delete ${name} and their data` }).click();
    const status = page.getByText('Deleted the member and all their data');
    await status.waitFor();
    expect(await status.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(await dialog.count()).toBe(0);
    expect(await memberCard(page, name).count()).toBe(0);
    // Gone at the server too, not just from the list on screen.
    await page.reload();
    await page.getByText(/^Showing 0 of \d+ members matching “Walter Pruitt”\.$/).waitFor();
    expect(await memberCard(page, name).count()).toBe(0);
  });

  it('shows a member editor who is not an administrator no such controls', async () => {
    const page = await openPageAs(harness, SECRETARY.email, SECRETARY.password);
    await openMemberList(page);
    const card = page
      .getByRole('list', { name: 'Members' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Edit / }) });
    await card
      .first()
      .getByRole('button', { name: /^Edit / })
      .click();
    const dialog = page.getByRole('dialog', { name: /^Edit / });
    await dialog.getByLabel('First name').waitFor();
    expect(await dialog.getByRole('button', { name: 'Download their data' }).count()).toBe(0);
    expect(await dialog.getByRole('button', { name: 'Delete all their data…' }).count()).toBe(0);
  });
});
