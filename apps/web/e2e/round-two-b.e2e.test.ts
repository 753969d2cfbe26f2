import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeNewsletterPdf } from '../../api/src/demo/newsletter-pdf.ts';
import { openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

/** Issue 22, second batch: each test at the width where it was seen (a 390 px phone, by tap). */

let harness: Harness;
let fileDir: string;

beforeAll(async () => {
  harness = await startHarness();
  fileDir = await mkdtemp(path.join(tmpdir(), 'club-round-two-b-'));
});
afterAll(async () => {
  await harness?.close();
  if (fileDir) await rm(fileDir, { recursive: true, force: true });
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const PHOTO_EDITOR = { email: 'photos@example.org', password: 'demo-photos-1' };
const EVENT_EDITOR = { email: 'events@example.org', password: 'demo-events-1' };
const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' };
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };

describe('a new photo post after its first save (item 7), then deleting it (item 5)', () => {
  it('moves to /editBlog/{id}, survives a reload, and confirms the delete on the list page', async () => {
    const page = await openPageAs(harness, PHOTO_EDITOR.email, PHOTO_EDITOR.password, PHONE);
    await page.goto('/editBlog/0');
    await page.getByRole('heading', { level: 1, name: 'New Post' }).waitFor();
    await page.getByLabel('Title').fill('Round two post');
    await page.getByRole('textbox', { name: 'Text 1', exact: true }).fill('Saved once, then gone.');
    await page.getByRole('button', { name: 'Save Post' }).tap();
    await page.getByText('Successfully Saved').waitFor();
    await page.waitForURL(/\/editBlog\/[1-9]\d*$/);
    await page.getByRole('heading', { level: 1, name: 'Edit Post' }).waitFor();
    // The same editor stays on screen with its confirmation.
    expect(await page.getByText('Successfully Saved').isVisible()).toBe(true);

    await page.reload();
    const title = page.getByLabel('Title');
    await title.waitFor();
    expect(await title.inputValue()).toBe('Round two post');

    await page.getByRole('button', { name: 'Delete Post' }).tap();
    await page.getByRole('dialog', { name: 'Delete Post' }).getByRole('button', { name: 'Delete', exact: true }).tap();
    await page.waitForURL(/\/blog$/);
    const notice = page.getByRole('status').filter({ hasText: 'Successfully Deleted' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Round two post');
    expect(await page.getByText('Post Not Found').count()).toBe(0);
    // The editor of a post that is gone was replaced in the history: Back does not reopen it.
    expect(await page.locator('.post-list > article h2', { hasText: 'Round two post' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('deleting an event (item 5)', () => {
  it('confirms with "Successfully Deleted" on the calendar', async () => {
    const page = await openPageAs(harness, EVENT_EDITOR.email, EVENT_EDITOR.password, PHONE);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Round two gathering');
    await form.getByLabel('Start').fill('2027-03-10T18:30');
    await form.getByLabel('End').fill('2027-03-10T20:00');
    await form.getByRole('button', { name: 'Save' }).tap();
    await page.waitForURL(/\/editEvent\/[1-9]\d*$/);
    const saved = page.getByRole('form', { name: 'Edit event' });
    await saved.getByRole('button', { name: 'Delete event' }).tap();
    await page.getByRole('dialog', { name: 'Delete event' }).getByRole('button', { name: 'Delete', exact: true }).tap();
    await page.waitForURL('**/events?month=2027-03');
    const notice = page.getByRole('status').filter({ hasText: 'Successfully Deleted' });
    await notice.waitFor();
    expect(await notice.textContent()).toContain('Round two gathering');
    await page.context().close();
  });
});

describe('a forum thread that is not there (item 14)', () => {
  it('says "Thread not found" with a way back, not "Try again"', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum/999999');
    await page.getByRole('heading', { name: 'Thread not found' }).waitFor();
    expect(await page.getByRole('button', { name: 'Try again' }).count()).toBe(0);
    expect(await page.getByText(/reload/i).count()).toBe(0);
    await page.getByRole('link', { name: 'See all threads' }).tap();
    await page.waitForURL(/\/forum$/);
    await page.getByRole('list', { name: 'Threads' }).waitFor();
    await page.context().close();
  });
});

describe('Add Newsletter messages (item 8)', () => {
  it('reports every missing item at once, and drops the month message once the file name fills it in', async () => {
    const file = path.join(fileDir, 'Valley News April 2024.pdf');
    await writeFile(file, await makeNewsletterPdf({ year: 2024, month: 4, isSpecial: false }, 'Round Two Edition'));
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
    await page.waitForTimeout(200);
    expect(await dialog.getByText('Please enter the month.').count()).toBe(0);
    expect(await dialog.getByRole('alert').count()).toBe(0);
    await page.context().close();
  });
});
