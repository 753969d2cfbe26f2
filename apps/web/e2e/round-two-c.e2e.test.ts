import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPageAs, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';

/** Issue 22, third batch: each test at the width where it was seen (a phone, by tap). */

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

/** How many reminder e-mails about an event the server has queued or sent. */
function remindersAbout(title: string): number {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT count(*) AS n FROM outbox WHERE subject LIKE ?').get(`Reminder: ${title},%`) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Enabled members with e-mail notifications on (whom a "now" reminder reaches), and their addresses (one e-mail each: a household shares one). */
function reminderReaders(): { members: number; addresses: number } {
  const db = serverDatabase(harness);
  try {
    return db
      .prepare('SELECT count(*) AS members, count(DISTINCT lower(email)) AS addresses FROM members WHERE enabled = 1 AND email_notifications = 1')
      .get() as { members: number; addresses: number };
  } finally {
    db.close();
  }
}

describe('"Now (when saved)" in the event editor (item 17)', () => {
  it('says whom the reminder was e-mailed to, unticks it, and a later save sends nothing more', async () => {
    const page = await openPageAs(harness, EVENT_EDITOR.email, EVENT_EDITOR.password, PHONE);
    await page.goto('/editEvent/0');
    const form = page.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill('Round two reminder');
    await form.getByLabel('Start').fill('2027-04-14T18:30');
    await form.getByLabel('End').fill('2027-04-14T20:00');
    await form.getByRole('checkbox', { name: 'Now (when saved)' }).tap();
    await form.getByRole('button', { name: 'Save' }).tap();
    await page.waitForURL(/\/editEvent\/[1-9]\d*$/);
    const saved = page.getByRole('form', { name: 'Edit event' });

    const readers = reminderReaders();
    expect(readers.addresses).toBeGreaterThan(1);
    const confirmation = saved.getByText(`Successfully Saved. Reminder e-mailed to ${readers.members} members.`);
    await confirmation.waitFor();
    expect(remindersAbout('Round two reminder')).toBe(readers.addresses);
    // The tick box is gone: in its place, what went out and that saving again sends nothing.
    expect(await saved.getByRole('checkbox', { name: 'Now (when saved)' }).count()).toBe(0);
    const note = saved.getByText(/^Now: sent .*, e-mailed to \d+ members\. Saving again does not send it again\.$/);
    await note.waitFor();
    await checkA11y(page);
    await note.evaluate((el) => el.scrollIntoView({ block: 'center' }));
    await snapshot(page, 'event-editor-now-sent-390', { fullPage: false });

    await saved.getByLabel('Title').fill('Round two reminder');
    await saved.getByRole('button', { name: 'Save' }).tap();
    await saved.getByText('Successfully Saved').waitFor();
    expect(await saved.getByText(/Reminder e-mailed/).count()).toBe(0);
    expect(remindersAbout('Round two reminder')).toBe(readers.addresses);

    // Opened again later, the editor says the same.
    await page.reload();
    await page.getByRole('form', { name: 'Edit event' }).getByText(/^Now: sent /).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Now (when saved)' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('Edit → View on the Board page with unsaved edits (item 11)', () => {
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

describe('the same guard on the history dialogs and the event editor (item 11)', () => {
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

describe('the push switch when the browser refuses push (item 12)', () => {
  const cases = [
    { name: 'NotAllowedError', message: 'Registration failed - permission denied', expected: /^Your browser refused push notifications for this website \(permission denied\)\. To allow them, open the site settings/ },
    { name: 'AbortError', message: 'Registration failed - push service not available', expected: /^Your browser could not reach its push service .* try again later or use another browser/ },
    { name: 'InvalidStateError', message: 'Subscription failed - no active Service Worker', expected: /^Your browser could not set up push notifications \(subscription failed: Subscription failed - no active Service Worker\)\. Reload the page/ },
  ];
  for (const failure of cases) {
    it(`says why and what to do, not a bare "Error" (${failure.name})`, async () => {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
      await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
      await page.context().addInitScript(({ name, message }) => {
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async () => {
          throw new DOMException(message, name);
        };
      }, failure);
      await page.goto('/account');
      const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
      await expect.poll(() => pushSwitch.isEnabled(), { timeout: 15_000 }).toBe(true);
      await pushSwitch.tap();
      const alert = page.getByRole('alert').filter({ hasText: /push/i });
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toMatch(failure.expected);
      expect(await page.getByRole('alert').filter({ hasText: /^Error$/ }).count()).toBe(0);
      expect(await pushSwitch.isChecked()).toBe(false);
      if (failure.name === 'AbortError') {
        await checkA11y(page);
        await alert.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await snapshot(page, 'push-no-service-390', { fullPage: false });
      }
      await page.context().close();
    });
  }
});

describe('a form that outlives its session (item 4)', () => {
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
    for (const [width, height] of [[375, 667], [390, 844], [768, 1024], [1280, 900]] as const) {
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

/** Holds matching requests back for `ms`, as a very slow line does. */
async function slowDown(page: Page, pattern: RegExp, ms: number): Promise<void> {
  await page.route(pattern, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, ms));
    await route.continue().catch(() => undefined);
  });
}

describe('a very slow or dropped connection (item 16)', () => {
  it('shows "Loading…" at once on a first load, before the app has arrived', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await slowDown(page, /\/assets\/index-[^/]+\.js$/, 3000);
    const started = Date.now();
    await page.goto('/events', { waitUntil: 'commit' });
    const loading = page.getByRole('status').filter({ hasText: 'Loading…' });
    await loading.waitFor({ timeout: 2000 });
    expect(Date.now() - started).toBeLessThan(2000);
    // Still before the app: nothing drawn into #root yet, and the status is what is on screen.
    expect(await page.locator('#root').evaluate((root) => root.childElementCount)).toBe(0);
    await snapshot(page, 'slow-first-load-390', { fullPage: false });
    await page.getByRole('heading', { level: 1, name: 'Events' }).waitFor({ timeout: 20_000 });
    expect(await page.getByText('Loading…', { exact: true }).filter({ visible: true }).count()).toBe(0);
    await page.context().close();
  });

  it('dims the page being left under "Loading the page…" while the next one is slow to arrive', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await slowDown(page, /\/assets\/meetings-page-[^/]+\.js$/, 2500);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Monthly Meetings' }).tap();
    const status = page.getByRole('status').filter({ hasText: 'Loading the page…' });
    await status.waitFor({ timeout: 1500 });
    // Dimmed (after its short fade) while the next page is on its way.
    const opacityOfPage = () => page.locator('#main-content > *').first().evaluate((element) => Number(getComputedStyle(element).opacity));
    await expect.poll(opacityOfPage, { timeout: 1000 }).toBeLessThan(0.6);
    await snapshot(page, 'slow-page-change-390', { fullPage: false });
    await page.getByRole('heading', { level: 1, name: /Monthly Meetings/ }).waitFor({ timeout: 20_000 });
    await checkA11y(page);
    expect(await status.count()).toBe(0);
    expect(await page.locator('#main-content > *').first().evaluate((element) => getComputedStyle(element).opacity)).toBe('1');
    await page.context().close();
  });

  it('says "check your connection" when offline, and not when the server failed', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await page.goto('/account');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.context().setOffline(true);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Membership' }).tap();
    const alert = page.getByRole('alert');
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain('Check your connection');
    expect(await alert.innerText()).toBe('This page could not be loaded: the site could not be reached. Check your connection, then try again.');
    await snapshot(page, 'offline-page-390', { fullPage: false });

    await page.context().setOffline(false);
    await page.route(/\/assets\/contact-page-[^/]+\.js$/, (route) => route.fulfill({ status: 500, body: 'Internal Server Error' }));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact' }).tap();
    await expect.poll(async () => (await alert.textContent()) ?? '').toContain('reloading usually helps');
    expect(await alert.innerText()).not.toMatch(/connection/i);
    await page.context().close();
  });
});
