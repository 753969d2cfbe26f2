import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

/**
 * Nothing a member has typed is lost by the way out of a form: Edit → View, Close, Cancel, Escape
 * or a link away ask first, and a session that ends while a form is open keeps it and sends it
 * after logging in again in place. Each on a 390 px phone, by tap.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const EVENT_EDITOR = { email: 'events@example.org', password: 'demo-events-1' };
const HISTORIAN = { email: 'historian@example.org', password: 'demo-history-1' };
const POSTER = { email: 'poster@example.org', password: 'demo-poster-1' };

/** Ends the page's session on the server, as an expiry (or a logout in another browser) does. */
async function endSessionOnServer(page: Page): Promise<void> {
  const token = await page.evaluate(() => localStorage.getItem('clubSession'));
  expect(token).toBeTruthy();
  expect((await page.request.post('/api/session.destroy.php', { data: { g: token } })).status()).toBe(200);
}

/** Logs in again in the "You were logged out" dialog. */
async function logInAgain(page: Page, email: string, password: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'You were logged out' });
  await dialog.waitFor();
  await dialog.getByLabel('E-mail address').fill(email);
  await dialog.getByLabel('Password').fill(password);
  await dialog.getByRole('button', { name: 'Log in' }).tap();
  await dialog.waitFor({ state: 'detached' });
}

describe('Edit → View on the Board page with unsaved edits', () => {
  it('asks first; Keep editing keeps the edits and returns focus to View; Discard goes to the view', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password, PHONE);
    await page.goto('/board-members');
    const view = page.getByRole('button', { name: 'View', exact: true });
    await page.getByRole('button', { name: 'Edit', exact: true }).tap();
    const editor = page.getByRole('form', { name: 'Edit the board' });
    const firstMember = editor.getByLabel('Member, row 1', { exact: true });
    await firstMember.fill('Unsaved Name');

    await view.tap();
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await question.waitFor();
    await checkA11y(page);
    await snapshot(page, 'board-unsaved-changes-390', { fullPage: false });
    await question.getByRole('button', { name: 'Keep editing' }).tap();
    await question.waitFor({ state: 'detached' });
    expect(await firstMember.inputValue()).toBe('Unsaved Name');
    expect(await view.evaluate((button) => button === document.activeElement)).toBe(true);

    // A link to another page asks the same.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).tap();
    await question.waitFor();
    await question.getByRole('button', { name: 'Keep editing' }).tap();
    expect(page.url()).toMatch(/\/board-members$/);

    await view.tap();
    await question.getByRole('button', { name: 'Discard changes' }).tap();
    await editor.waitFor({ state: 'detached' });
    expect(await view.getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByText('Unsaved Name').count()).toBe(0);

    // Unchanged, Edit → View goes at once.
    await page.getByRole('button', { name: 'Edit', exact: true }).tap();
    await editor.waitFor();
    await view.tap();
    await editor.waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);
    await page.context().close();
  });
});

describe('the same guard on the history dialogs and the event editor', () => {
  it('asks before Close drops an unsaved president, and before a link leaves the event editor', async () => {
    const page = await openPageAs(harness, HISTORIAN.email, HISTORIAN.password, PHONE);
    await page.goto('/new-page-3');
    const add = page.getByRole('button', { name: 'Add President' });
    await add.tap();
    const editor = page.getByRole('dialog', { name: 'Add President' });
    await editor.getByLabel('Name').fill('Unsaved President');
    // The form's own Close (the dialog's × is named Close too).
    const close = editor.locator('.form__actions').getByRole('button', { name: 'Close', exact: true });
    await close.tap();
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });
    await question.waitFor();
    await checkA11y(page);
    await question.getByRole('button', { name: 'Keep editing' }).tap();
    await question.waitFor({ state: 'detached' });
    expect(await editor.getByLabel('Name').inputValue()).toBe('Unsaved President');
    expect(await close.evaluate((button) => button === document.activeElement)).toBe(true);
    await close.tap();
    await question.getByRole('button', { name: 'Discard changes' }).tap();
    await editor.waitFor({ state: 'detached' });
    expect(await page.getByText('Unsaved President').count()).toBe(0);
    // Opened and closed untouched, it closes at once.
    await add.tap();
    await page.getByRole('dialog', { name: 'Add President' }).getByRole('button', { name: 'Close', exact: true }).first().tap();
    await page.getByRole('dialog', { name: 'Add President' }).waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);
    await page.context().close();

    const events = await openPageAs(harness, EVENT_EDITOR.email, EVENT_EDITOR.password, PHONE);
    await events.goto('/editEvent/0');
    const form = events.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Half-typed event');
    await form.getByRole('link', { name: 'Back to the calendar' }).tap();
    const leaving = events.getByRole('dialog', { name: 'Unsaved changes' });
    await leaving.waitFor();
    await leaving.getByRole('button', { name: 'Keep editing' }).tap();
    expect(events.url()).toMatch(/\/editEvent\/0$/);
    expect(await form.getByLabel('Title').inputValue()).toBe('Half-typed event');
    await form.getByRole('link', { name: 'Back to the calendar' }).tap();
    await leaving.getByRole('button', { name: 'Discard changes' }).tap();
    await events.waitForURL(/\/events/);
    await events.context().close();
  });
});

describe('the same guard on the new-thread, member and newsletter dialogs and the photo post editor', () => {
  it('asks before Cancel or Escape drops what was typed, and before a link leaves a changed post', async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, PHONE);
    await page.goto('/account');
    const question = page.getByRole('dialog', { name: 'Unsaved changes' });

    /** Typed into `field` of `dialog`: Cancel asks, Keep editing keeps it, Escape asks too, Discard closes. */
    const expectGuarded = async (dialogName: string, field: string, typed: string) => {
      const dialog = page.getByRole('dialog', { name: dialogName });
      await dialog.getByLabel(field).fill(typed);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).tap();
      await question.waitFor();
      await question.getByRole('button', { name: 'Keep editing' }).tap();
      await question.waitFor({ state: 'detached' });
      expect(await dialog.getByLabel(field).inputValue()).toBe(typed);
      await page.keyboard.press('Escape');
      await question.waitFor();
      await question.getByRole('button', { name: 'Discard changes' }).tap();
      await dialog.waitFor({ state: 'detached' });
    };

    await page.goto('/forum');
    const newThread = page.getByRole('button', { name: 'New thread' });
    await newThread.tap();
    await expectGuarded('New thread', 'Title', 'Half a question about');
    // Opened and cancelled untouched, it closes at once.
    await newThread.tap();
    await page.getByRole('dialog', { name: 'New thread' }).getByRole('button', { name: 'Cancel', exact: true }).tap();
    await page.getByRole('dialog', { name: 'New thread' }).waitFor({ state: 'detached' });
    expect(await question.count()).toBe(0);

    await page.goto('/memberList');
    const edit = page.getByRole('button', { name: /^Edit / }).nth(1);
    await edit.tap();
    const editName = (await edit.getAttribute('aria-label')) ?? '';
    await expectGuarded(editName, 'Phone', '(636) 555-0199');
    await page.getByRole('button', { name: 'Add Member' }).tap();
    await expectGuarded('Add Member', 'First name', 'Half');

    await page.goto('/new-page-4');
    await page.getByRole('button', { name: 'Add newsletter' }).tap();
    await expectGuarded('Add Newsletter', 'Year', '1987');

    // The photo post editor is a page: a link away asks, for a typed title or an entry added by button alike.
    await page.goto('/editBlog/0');
    const post = page.getByRole('form', { name: 'New post' });
    await post.getByLabel('Title').fill('Spring tour photos');
    const contact = page.getByRole('contentinfo').getByRole('link', { name: 'Contact' });
    await contact.tap();
    await question.waitFor();
    await checkA11y(page);
    await question.getByRole('button', { name: 'Keep editing' }).tap();
    expect(page.url()).toMatch(/\/editBlog\/0$/);
    expect(await post.getByLabel('Title').inputValue()).toBe('Spring tour photos');
    await contact.tap();
    await question.getByRole('button', { name: 'Discard changes' }).tap();
    await page.waitForURL(/\/contact$/);

    await page.goto('/editBlog/0');
    await post.getByRole('button', { name: '+ Add text' }).tap();
    await contact.tap();
    await question.waitFor();
    await question.getByRole('button', { name: 'Discard changes' }).tap();
    await page.waitForURL(/\/contact$/);
    await page.context().close();
  });
});

describe('a form that outlives its session', () => {
  it('keeps a forum reply, says "You were logged out", and posts it after logging in again in place', async () => {
    const page = await openPageAs(harness, POSTER.email, POSTER.password, PHONE);
    await page.goto('/forum');
    await page.getByRole('list', { name: 'Threads' }).getByRole('link').first().tap();
    const box = page.getByLabel('Your reply');
    await box.waitFor();
    const threadUrl = page.url();
    const posts: number[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/forum.createPost')) posts.push(response.status());
    });
    const text = 'Typed before my session ended, and still here.';
    await box.fill(text);
    await endSessionOnServer(page);

    const form = page.getByRole('form', { name: 'Reply' });
    await form.getByRole('button', { name: 'Post reply' }).tap();
    const dialog = page.getByRole('dialog', { name: 'You were logged out' });
    await dialog.waitFor();
    // The thread and the typed text stay behind the question; no login form takes their place.
    expect(await box.inputValue()).toBe(text);
    expect(page.url()).toBe(threadUrl);
    await checkA11y(page);
    for (const [width, height] of [
      [375, 667],
      [390, 844],
      [768, 1024],
      [1280, 900],
    ] as const) {
      await page.setViewportSize({ width, height });
      await snapshot(page, `session-ended-reply-${width}`, { fullPage: false });
    }
    await page.setViewportSize(PHONE.viewport);

    // Cancel keeps the text and says why nothing was sent.
    await dialog.getByRole('button', { name: 'Cancel' }).tap();
    await dialog.waitFor({ state: 'detached' });
    await form.getByText(/^You were logged out, so this was not sent\. What you typed is still here/).waitFor();
    expect(await box.inputValue()).toBe(text);

    // Sending again asks again; after logging in, the reply goes out once.
    await form.getByRole('button', { name: 'Post reply' }).tap();
    await logInAgain(page, POSTER.email, POSTER.password);
    await form.getByText(/Your reply waits for a moderator/).waitFor();
    expect(posts.filter((status) => status === 200)).toHaveLength(1);
    expect(page.url()).toBe(threadUrl);
    await page.context().close();
  });

  it('keeps the event editor with its edits and saves them after logging in again', async () => {
    const page = await openPageAs(harness, EVENT_EDITOR.email, EVENT_EDITOR.password, PHONE);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Saved after a new login');
    await form.getByLabel('Start').fill('2027-05-12T18:30');
    await form.getByLabel('End').fill('2027-05-12T20:00');
    await endSessionOnServer(page);
    await form.getByRole('button', { name: 'Save' }).tap();
    await page.getByRole('dialog', { name: 'You were logged out' }).waitFor();
    expect(await form.getByLabel('Title').inputValue()).toBe('Saved after a new login');
    await logInAgain(page, EVENT_EDITOR.email, EVENT_EDITOR.password);
    await page.waitForURL(/\/editEvent\/[1-9]\d*$/);
    const saved = page.getByRole('form', { name: 'Edit event' });
    await saved.getByText('Successfully Saved').waitFor();
    expect(await saved.getByLabel('Title').inputValue()).toBe('Saved after a new login');
    await page.context().close();
  });
});
