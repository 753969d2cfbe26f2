import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp.ts';
import { checkA11y, DEMO_ADMIN, logIn, MOBILE_VIEWPORT, openPage, openPageAs, snapshot, startHarness, type Harness } from './harness.ts';

/** A demo member this journey may change the password of; no other journey uses it. */
const MEMBER = { email: 'photos@example.org', password: 'demo-photos-1', name: 'Dorothy Kessler' };
const NEW_PASSWORD = 'rumble-seat-1931';
const RESET_PASSWORD = 'running-board-1929';

let harness: Harness;
let smtp: TestSmtp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  harness = await startHarness({ env: { SMTP_URL: smtp.url } });
});

afterAll(async () => {
  await harness?.close();
  await smtp?.close();
});

/** Counts calls to one API call, to prove a check happened before any call. */
function countCalls(page: Page, name: string): () => number {
  let calls = 0;
  page.on('request', (request) => {
    if (request.url().endsWith(`/api/${name}.php`)) calls += 1;
  });
  return () => calls;
}

describe('account journey', () => {
  it('turns e-mail notifications off and on, changes the password, resets it by e-mail and logs in with it', async () => {
    const page = await openPage(harness);
    const passwordChanges = countCalls(page, 'password.change');
    const resets = countCalls(page, 'password.reset');

    await logIn(page, MEMBER.email, MEMBER.password);
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 2, name: MEMBER.name }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'account-desktop');

    // E-mail notifications: off, kept after a reload, then on again.
    const emailSwitch = page.getByRole('switch', { name: 'E-mail notifications' });
    expect(await emailSwitch.isChecked()).toBe(true);
    await emailSwitch.click();
    await page.getByText('Successfully Saved: e-mail notifications are off.').waitFor();
    expect(await emailSwitch.isChecked()).toBe(false);
    await page.reload();
    await page.getByRole('heading', { level: 2, name: MEMBER.name }).waitFor();
    expect(await emailSwitch.isChecked()).toBe(false);
    await emailSwitch.click();
    await page.getByText('Successfully Saved: e-mail notifications are on.').waitFor();
    expect(await emailSwitch.isChecked()).toBe(true);

    // Push for this browser sits beside it (its journey: notifications.e2e.test.ts).
    expect(await page.getByRole('switch', { name: 'Push notifications' }).isChecked()).toBe(false);

    // A mismatch is refused before any call.
    await page.getByLabel('Old Password').fill(MEMBER.password);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(`${NEW_PASSWORD}x`);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'New Password and Confirm Password must match' }).waitFor();
    expect(passwordChanges()).toBe(0);
    await checkA11y(page);

    // A wrong old password comes back from the server, in the form.
    await page.getByLabel('Old Password').fill('not-my-password');
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'The old password is not right' }).waitFor();
    expect(passwordChanges()).toBe(1);

    await page.getByLabel('Old Password').fill(MEMBER.password);
    await page.getByLabel('New Password').fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password was changed.').waitFor();
    expect(await page.getByLabel('Old Password').inputValue()).toBe('');
    await checkA11y(page);

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { level: 1, name: 'Member Login' }).waitFor();

    // Forgotten password: the e-mail field is required and of e-mail type.
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    const forgotForm = page.getByRole('form', { name: 'Request a password reset' });
    const emailField = forgotForm.getByLabel('E-mail address');
    expect(await emailField.getAttribute('type')).toBe('email');
    expect(await emailField.getAttribute('required')).not.toBeNull();
    await checkA11y(page);
    await emailField.fill(MEMBER.email);
    await forgotForm.getByRole('button', { name: 'E-mail me a link' }).click();
    const sent = page.getByRole('status').filter({ hasText: `An e-mail was sent to ${MEMBER.email}` });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('spam');
    await checkA11y(page);
    await snapshot(page, 'forgot-password-desktop');

    // The e-mail reaches a real SMTP server; its link leads to the reset page.
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(MEMBER.email);
    const link = new RegExp(`${harness.baseUrl}/reset/[\\w-]+`).exec(mail?.text ?? '')?.[0];
    expect(link).toBeDefined();
    await page.goto(link ?? '');
    await page.getByRole('heading', { level: 2, name: `Hello, ${MEMBER.name}` }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'reset-desktop');

    const resetsBefore = resets();
    await page.getByLabel('New Password').fill(RESET_PASSWORD);
    await page.getByLabel('Confirm Password').fill('something-else-1');
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByRole('alert').filter({ hasText: 'New Password and Confirm Password must match' }).waitFor();
    expect(resets()).toBe(resetsBefore);

    await page.getByLabel('Confirm Password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).click();
    await page.getByText('you can now log in with your e-mail address and your new password').waitFor();
    await checkA11y(page);
    await page.getByRole('link', { name: 'Go to Member Login' }).click();
    await page.waitForURL('**/login');

    // The changed password no longer works; the one set from the e-mail does.
    await page.getByLabel('E-mail address').fill(MEMBER.email);
    await page.getByLabel('Password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('alert').filter({ hasText: 'not right' }).waitFor();
    await page.getByLabel('Password').fill(RESET_PASSWORD);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 2, name: MEMBER.name }).waitFor();

    // The link worked once.
    await page.goto(link ?? '');
    await page.getByText('This password link has already been used.').waitFor();
    // The server's message and the page around it quote the buttons' names alike (curly quotes).
    const main = (await page.getByRole('main').textContent()) ?? '';
    expect(main).toContain('“Forgot your password?”');
    expect(main).not.toContain('"');
    await checkA11y(page);
    await page.context().close();
  });

  it('explains a link that is not valid', async () => {
    const page = await openPage(harness);
    await page.goto('/reset/not-a-real-link');
    await page.getByRole('alert').filter({ hasText: 'This password link is not valid.' }).waitFor();
    expect(await page.getByRole('link', { name: 'Go to Member Login' }).getAttribute('href')).toBe('/login');
    await checkA11y(page);
    await page.context().close();
  });

  it("opens the webmaster's account on the mail status, and Change Password keeps its shade while it sends", async () => {
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/account');
    const main = page.getByRole('main');
    await main.getByRole('heading', { level: 2, name: 'Outgoing e-mail and pushes' }).waitFor();
    const panels = await main.locator('section.panel > h2').allTextContents();
    // Under the webmaster's name and Log out, the mail status comes before everything else.
    expect(panels.slice(1, 2)).toEqual(['Outgoing e-mail and pushes']);
    expect(panels.indexOf('Outgoing e-mail and pushes')).toBeLessThan(panels.indexOf('Change Password'));

    // The change is held on its way, as a slow password check holds it: the button still looks like Log out.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/password.change.php', async (route) => {
      await held;
      await route.abort();
    });
    const form = page.getByRole('form', { name: 'Change password' });
    await form.getByLabel('Old Password').fill('not the password');
    await form.getByLabel('New Password').fill('a long new password');
    await form.getByLabel('Confirm Password').fill('a long new password');
    const change = form.getByRole('button', { name: 'Change Password' });
    await change.click();
    await expect.poll(() => change.getAttribute('aria-disabled')).toBe('true');
    await page.mouse.move(0, 0);
    const look = (name: string) =>
      main.getByRole('button', { name, exact: true }).evaluate((button) => {
        const style = getComputedStyle(button);
        return { background: style.backgroundColor, color: style.color, opacity: style.opacity };
      });
    expect(await look('Change Password')).toEqual(await look('Log out'));
    release();
    await form.getByRole('alert').waitFor();
    await page.context().close();
  });

  it('fits the account pages on a 375px screen', async () => {
    const page = await openPage(harness, { viewport: MOBILE_VIEWPORT });
    await page.goto('/login');
    await page.getByRole('button', { name: 'Forgot your password?' }).click();
    await page.getByRole('form', { name: 'Request a password reset' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'login-mobile');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    await logIn(page, 'member@example.org', 'demo-member-1');
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 2, name: 'Walter Pruitt' }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'account-mobile');
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    await page.context().close();
  });
});
