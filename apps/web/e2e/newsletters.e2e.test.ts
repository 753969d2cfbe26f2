import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNewsletterPdf } from '../../api/src/demo/newsletter-pdf.ts';
import { checkA11y, CLUB_NAME, DEMO_MEMBER, openPage, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';
import { isImageDrawn } from './steps.ts';

const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' } as const;
/** An empty archive's site has only this administrator, who holds every edit right (history too). */
const EDITOR = { email: 'editor@example.test', password: 'editor-password-1' } as const;
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const PHONES = [
  { width: 390, height: 844 },
  { width: 375, height: 667 },
] as const;

/** A year the demo's three years of editions always include. */
const DEMO_YEAR = new Date().getFullYear() - 1;

let fileDir: string;
let marchPdf: string;
let demoMarchPdf: string;

beforeAll(async () => {
  fileDir = await mkdtemp(path.join(tmpdir(), 'club-newsletter-files-'));
  marchPdf = path.join(fileDir, 'Valley News March 2025.pdf');
  await writeFile(marchPdf, await makeNewsletterPdf({ year: 2025, month: 3, isSpecial: false }, 'The Uploaded Edition'));
  demoMarchPdf = path.join(fileDir, `Valley News March ${DEMO_YEAR}.pdf`);
  await writeFile(demoMarchPdf, await makeNewsletterPdf({ year: DEMO_YEAR, month: 3, isSpecial: false }, 'The Uploaded Edition'));
});
afterAll(async () => {
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

async function visit(page: Page, url: string, pageName: string): Promise<void> {
  await page.goto(url);
  await page.getByRole('heading', { level: 1, name: pageName }).waitFor();
  await page.waitForFunction((title) => document.title === title, `${pageName} - ${CLUB_NAME}`);
  await page.getByRole('status').filter({ hasText: 'Loading' }).waitFor({ state: 'detached' });
}

/** Opens the add dialog, picks a March PDF and checks the month and year it filled in. */
async function pickMarch(page: Page, file: string, fileYear: number): Promise<Locator> {
  await page.getByRole('button', { name: 'Add newsletter' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Newsletter' });
  await dialog.waitFor();
  const year = dialog.getByLabel('Year');
  expect(await year.inputValue()).toBe(String(new Date().getFullYear() - 1));
  await dialog.getByLabel('Newsletter file').setInputFiles(file);
  expect(await dialog.getByLabel('Month').inputValue()).toBe('3');
  expect(await dialog.getByRole('combobox', { name: 'Month' }).evaluate((select) => (select as HTMLSelectElement).selectedOptions[0]?.text)).toBe('March');
  expect(await year.inputValue()).toBe(String(fileYear));
  expect(await dialog.getByLabel('Special edition').isChecked()).toBe(false);
  return dialog;
}

/** The file the viewer's frame loads, fetched as the browser would. */
async function frameFile(page: Page, year: number): Promise<{ status: number; type: string | null; csp: string | null; start: string }> {
  const frame = page.locator('iframe.newsletter-viewer__frame');
  const src = await frame.getAttribute('src');
  expect(src).toMatch(new RegExp(`^/api/newsletter-file/Valley%20News%20March%20${year}\\.pdf\\?expires=\\d+&signature=`));
  const response = await page.request.get(src ?? '');
  return {
    status: response.status(),
    type: response.headers()['content-type'] ?? null,
    csp: response.headers()['content-security-policy'] ?? null,
    start: (await response.body()).subarray(0, 5).toString('latin1'),
  };
}

describe('Valley News on an empty archive', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness({ env: { DEMO_DATA: '0', ADMIN_EMAIL: EDITOR.email, ADMIN_PASSWORD: EDITOR.password } });
  });
  afterAll(async () => harness?.close());

  it('shows no error on the Membership page when there is no newsletter yet', async () => {
    const page = await openPage(harness);
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(message.text());
    });
    await visit(page, '/new-page', 'Membership');
    const aside = page.getByRole('complementary', { name: 'Valley News' });
    await aside.getByText('Every member receives Valley News.').waitFor();
    expect(await aside.getByRole('img').count()).toBe(0);
    expect(problems).toEqual([]);
  });

  it('lets an editor add Valley News March 2025 from its file name; it is the latest edition, with its cover', async () => {
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password);
    await visit(page, '/new-page-4', 'Valley News');
    await page.getByText('No newsletters have been added yet.').waitFor();

    const dialog = await pickMarch(page, marchPdf, 2025);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.getByRole('status').filter({ hasText: 'Valley News March 2025 was saved.' }).waitFor();
    // The dialog hands focus back to the button that opened it.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Add newsletter');

    const latest = page.getByRole('region', { name: 'Latest edition' });
    await latest.getByText('Valley News March 2025').waitFor();
    const cover = latest.getByRole('img', { name: 'Cover of Valley News March 2025' });
    await cover.waitFor();
    expect(await isImageDrawn(cover)).toBe(true);
    const coverSrc = await cover.getAttribute('src');
    expect(coverSrc).toMatch(/^\/uploads\/newsletter-covers\/[\w-]+\.jpg$/);

    // The member (the editor is one) reads it in the viewer.
    await latest.getByRole('link', { name: /Valley News March 2025/ }).click();
    await page.waitForURL('**/newsletters/Valley%20News%20March%202025.pdf');
    await page.getByRole('heading', { level: 1, name: 'Valley News March 2025' }).waitFor();
    const file = await frameFile(page, 2025);
    expect(file).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-' });
    expect(file.csp).toMatch(/sandbox/);
    expect(await page.getByRole('link', { name: 'Download the PDF' }).getAttribute('href')).toMatch(/&download=1$/);

    // The Membership page shows the new cover.
    await visit(page, '/new-page', 'Membership');
    const membershipCover = page.getByRole('complementary', { name: 'Valley News' }).getByRole('img', { name: 'Cover of Valley News March 2025' });
    await membershipCover.waitFor();
    expect(await membershipCover.getAttribute('src')).toBe(coverSrc);
    expect(await isImageDrawn(membershipCover)).toBe(true);
    await checkA11y(page);
    await snapshot(page, 'newsletters-membership-cover-1280', { fullPage: false });
  });
});

describe('Valley News with three years of editions', () => {
  let harness: Harness;
  beforeAll(async () => {
    harness = await startHarness();
  });
  afterAll(async () => harness?.close());

  it('shows a logged-out visitor the login form on the archive and in the viewer, never the PDF', async () => {
    const page = await openPage(harness);
    await visit(page, '/new-page-4', 'Valley News');
    await page.getByRole('heading', { name: 'Member Login' }).waitFor();
    await page.getByText('Please log in to see the Valley News newsletters.').waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    await checkA11y(page);

    await visit(page, '/newsletters/Valley%20News%20March%202025.pdf', 'Valley News March 2025');
    await page.getByRole('heading', { name: 'Member Login' }).waitFor();
    expect(await page.locator('iframe').count()).toBe(0);
    const direct = await page.request.get('/api/newsletter-file/Valley%20News%20March%202025.pdf');
    expect(direct.status()).toBe(401);
    expect(direct.headers()['content-type']).toMatch(/json/);
  });

  it('lists the latest edition large, then past editions by year, newest year first, with covers', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await visit(page, '/new-page-4', 'Valley News');
    const latest = page.getByRole('region', { name: 'Latest edition' });
    const latestCover = latest.getByRole('img', { name: /^Cover of Valley News / });
    await latestCover.waitFor();
    expect(await isImageDrawn(latestCover)).toBe(true);
    expect(await page.getByRole('button', { name: 'Add newsletter' }).count()).toBe(0);

    const years = await page.getByRole('region', { name: 'Past editions' }).getByRole('heading', { level: 3 }).allTextContents();
    const thisYear = new Date().getFullYear();
    expect(years.map(Number)).toEqual([thisYear, thisYear - 1, thisYear - 2].slice(new Date().getMonth() <= 2 ? 1 : 0));
    const lastYear = page.getByRole('region', { name: String(thisYear - 1) });
    const lastYearsIssues = ['December', 'November', 'October', 'September', 'Special, July', 'July', 'June', 'May', 'April', 'March', 'February'];
    // In January and February last December is the latest edition, shown above rather than here.
    const expectedPast = new Date().getMonth() <= 1 ? lastYearsIssues.slice(1) : lastYearsIssues;
    expect(await lastYear.getByRole('link').allTextContents()).toEqual(expectedPast.map((label) => `${label} ${thisYear - 1}`));
    const thumbnail = lastYear.getByRole('listitem').first().locator('img');
    await thumbnail.scrollIntoViewIfNeeded();
    expect(await isImageDrawn(thumbnail)).toBe(true);
    await checkA11y(page);
    await snapshot(page, 'newsletters-archive-1280');
  });

  it('opens an edition in the viewer for a member, and says plainly when one does not exist', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await visit(page, '/new-page-4', 'Valley News');
    await page
      .getByRole('region', { name: String(DEMO_YEAR) })
      .getByRole('link', { name: `March ${DEMO_YEAR}`, exact: true })
      .click();
    await page.getByRole('heading', { level: 1, name: `Valley News March ${DEMO_YEAR}` }).waitFor();
    // The frame comes once the member's link has arrived, named after the edition.
    await page.getByTitle(`Valley News March ${DEMO_YEAR}`).waitFor();
    expect(await page.locator('iframe').count()).toBe(1);
    const file = await frameFile(page, DEMO_YEAR);
    expect(file).toMatchObject({ status: 200, type: 'application/pdf', start: '%PDF-' });
    await checkA11y(page);
    await snapshot(page, 'newsletters-viewer-1280', { fullPage: false });

    await visit(page, '/newsletters/Valley%20News%20March%201899.pdf', 'Valley News March 1899');
    await page.getByRole('heading', { name: 'Newsletter not found' }).waitFor();
    await page.getByRole('link', { name: 'See all editions of Valley News' }).waitFor();
    await checkA11y(page);
  });

  it('asks a history editor before replacing a month, by keyboard, and keeps the edition when told No', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password);
    await visit(page, '/new-page-4', 'Valley News');
    const march = page.getByRole('region', { name: String(DEMO_YEAR) }).getByRole('link', { name: `March ${DEMO_YEAR}`, exact: true });
    const before = await march.locator('img').getAttribute('src');

    const dialog = await pickMarch(page, demoMarchPdf, DEMO_YEAR);
    await checkA11y(page);
    await snapshot(page, 'newsletters-add-dialog-1280', { fullPage: false });
    await dialog.getByRole('button', { name: 'Save' }).press('Enter');
    const question = page.getByRole('dialog', { name: 'Replace this newsletter?' });
    await question.getByText(`Valley News March ${DEMO_YEAR} is already in the archive.`).waitFor();
    // Cancel has focus; Escape answers No and focus goes back to Save.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Cancel');
    await page.keyboard.press('Escape');
    await question.waitFor({ state: 'hidden' });
    await dialog
      .getByRole('alert')
      .filter({ hasText: `Nothing was saved; Valley News March ${DEMO_YEAR} stays as it was.` })
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Save');

    await page.keyboard.press('Enter');
    await question.waitFor();
    await question.getByRole('button', { name: 'Replace' }).press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await page
      .getByRole('status')
      .filter({ hasText: `Valley News March ${DEMO_YEAR} was saved.` })
      .waitFor();
    const after = await march.locator('img').getAttribute('src');
    expect(after).not.toBe(before);
    expect(await isImageDrawn(march.locator('img'))).toBe(true);
  });

  it('works by touch on phones: the archive in one column of cards and the viewer', async () => {
    for (const viewport of PHONES) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport, hasTouch: true, isMobile: true });
      await visit(page, '/new-page-4', 'Valley News');
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(viewport.width);
      await snapshot(page, `newsletters-archive-${viewport.width}`);
      await page.getByRole('region', { name: 'Latest edition' }).getByRole('link').tap();
      await page.locator('iframe.newsletter-viewer__frame').waitFor();
      const frameBox = await page.locator('iframe.newsletter-viewer__frame').boundingBox();
      expect(frameBox?.width).toBeLessThanOrEqual(viewport.width);
      expect((await page.getByRole('link', { name: 'All editions' }).boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await snapshot(page, `newsletters-viewer-${viewport.width}`, { fullPage: false });
      await checkA11y(page);
      await page.close();
    }
  });

  describe('the Add Newsletter messages', () => {
    it('reports every missing item at once, and drops the month message once the file name fills it in', async () => {
      const file = path.join(fileDir, 'Valley News April 2024.pdf');
      await writeFile(file, await makeNewsletterPdf({ year: 2024, month: 4, isSpecial: false }, 'The Messages Edition'));
      const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password, PHONE);
      await page.goto('/new-page-4');
      await page.getByRole('button', { name: 'Add newsletter' }).tap();
      const dialog = page.getByRole('dialog', { name: 'Add Newsletter' });
      await dialog.waitFor();
      await dialog.getByRole('button', { name: 'Save' }).tap();
      const alert = dialog.getByRole('alert');
      await alert.waitFor();
      // One summary in every form's words; each missing item is said beside its field.
      expect(await alert.textContent()).toBe('Please correct the 2 fields marked below.');
      await dialog.getByText('Please choose the newsletter file.', { exact: true }).waitFor();
      await dialog.getByText('Please enter the month.', { exact: true }).waitFor();
      await snapshot(page, 'newsletter-messages-390', { fullPage: false });

      await dialog.getByLabel('Newsletter file').setInputFiles(file);
      expect(await dialog.getByLabel('Month').inputValue()).toBe('4');
      await expect.poll(() => dialog.getByText('Please enter the month.').count()).toBe(0);
      expect(await dialog.getByRole('alert').count()).toBe(0);
      await page.context().close();
    });
  });
});
