import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_MEMBER, logIn, openPage, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';

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

/** How many reminder e-mails about an event the server has queued or sent. */
function remindersAbout(title: string): number {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT count(*) AS n FROM outbox WHERE subject LIKE ?').get(`Reminder: ${title},%`) as { n: number }).n;
  } finally {
    db.close();
  }
}

/** Enabled members with e-mail notifications on: whom a "now" reminder e-mails. */
function reminderReaders(): number {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT count(*) AS n FROM members WHERE enabled = 1 AND email_notifications = 1').get() as { n: number }).n;
  } finally {
    db.close();
  }
}

describe('"Now (when saved)" in the event editor (item 17)', () => {
  it('says whom the reminder was e-mailed to, unticks it, and a later save sends nothing more', async () => {
    const page = await openPage(harness, PHONE);
    await logIn(page, EVENT_EDITOR.email, EVENT_EDITOR.password);
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
    expect(readers).toBeGreaterThan(1);
    const confirmation = saved.getByText(`Successfully Saved. Reminder e-mailed to ${readers} members.`);
    await confirmation.waitFor();
    expect(remindersAbout('Round two reminder')).toBe(readers);
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
    expect(remindersAbout('Round two reminder')).toBe(readers);

    // Opened again later, the editor says the same.
    await page.reload();
    await page.getByRole('form', { name: 'Edit event' }).getByText(/^Now: sent /).waitFor();
    expect(await page.getByRole('checkbox', { name: 'Now (when saved)' }).count()).toBe(0);
    await page.context().close();
  });
});

describe('Edit → View on the Board page with unsaved edits (item 11)', () => {
  it('asks first; Keep editing keeps the edits and returns focus to View; Discard goes to the view', async () => {
    const page = await openPage(harness, PHONE);
    await logIn(page, HISTORIAN.email, HISTORIAN.password);
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

describe('the push switch when the browser refuses push (item 12)', () => {
  const cases = [
    { name: 'NotAllowedError', message: 'Registration failed - permission denied', expected: /^Your browser refused push notifications for this website \(permission denied\)\. To allow them, open the site settings/ },
    { name: 'AbortError', message: 'Registration failed - push service not available', expected: /^Your browser could not reach its push service .* try again later or use another browser/ },
    { name: 'InvalidStateError', message: 'Subscription failed - no active Service Worker', expected: /^Your browser could not set up push notifications \(subscription failed: Subscription failed - no active Service Worker\)\. Reload the page/ },
  ];
  for (const failure of cases) {
    it(`says why and what to do, not a bare "Error" (${failure.name})`, async () => {
      const page = await openPage(harness, PHONE);
      await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
      await page.context().addInitScript(({ name, message }) => {
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async () => {
          throw new DOMException(message, name);
        };
      }, failure);
      await logIn(page, DEMO_MEMBER.email, DEMO_MEMBER.password);
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
