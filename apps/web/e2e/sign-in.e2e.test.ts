import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtp, type TestSmtp } from '../../api/test/smtp.ts';
import { checkA11y, logIn, openPage, serverDatabase, snapshot, startHarness, visit, type Harness } from './harness.ts';
import { searchMemberList } from './steps.ts';

// Households sharing one address: the demo's John and Mary Smith at smiths@example.org.
const HOUSEHOLD = 'smiths@example.org';
const JOHN = { password: 'demo-john-1', name: 'John Smith' };
const MARY = { password: 'demo-mary-1', name: 'Mary Smith' };
const MARYS_NEW_PASSWORD = 'rumble-seat-mary-1930';

/** A phone: 390 px wide, touch. */
const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true };

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

/** The next upcoming demo event, for the attendance answers. */
function upcomingEventId(): number {
  const db = serverDatabase(harness);
  try {
    const row = db.prepare("SELECT id FROM events WHERE start > strftime('%Y-%m-%dT%H:%M', 'now', '+2 days') ORDER BY start LIMIT 1").get() as { id: number };
    return row.id;
  } finally {
    db.close();
  }
}

/** The mails that reached `to` so far, waiting for `count` of them. */
async function mailsTo(to: string, count: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const mails = smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to));
    if (mails.length >= count) return mails;
    if (Date.now() > deadline) throw new Error(`Only ${mails.length} of ${count} e-mails reached ${to}.`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function logOut(page: Page): Promise<void> {
  await page.goto('/account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.getByRole('heading', { level: 1, name: 'Member Login' }).waitFor();
}

const overflowOf = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

describe('a household sharing one address', () => {
  it('each partner logs in with their own password and sees their own answer; a reset lets the person choose', async () => {
    const page = await openPage(harness, PHONE);
    const eventId = upcomingEventId();

    // John logs in with the shared address and his password, and says he is coming.
    await logIn(page, HOUSEHOLD, JOHN.password);
    await page.getByRole('heading', { level: 2, name: JOHN.name }).waitFor();
    await page.goto(`/event/${eventId}`);
    const johnsAnswer = page.getByRole('form', { name: 'Your answer' });
    await johnsAnswer.getByRole('radio', { name: 'Attending', exact: true }).tap();
    await johnsAnswer.getByRole('button', { name: 'Save' }).tap();
    await page.getByText('You are signed up.').waitFor();
    await logOut(page);

    // Mary logs in with the same address and her own password: her answer is still open, and John's is his.
    await logIn(page, HOUSEHOLD, MARY.password);
    await page.getByRole('heading', { level: 2, name: MARY.name }).waitFor();
    await page.goto(`/event/${eventId}`);
    const marysAnswer = page.getByRole('form', { name: 'Your answer' });
    await marysAnswer.getByRole('radio', { name: 'Not Sure' }).waitFor();
    expect(await marysAnswer.getByRole('radio', { name: 'Not Sure' }).isChecked()).toBe(true);
    expect(await marysAnswer.getByRole('radio', { name: 'Attending', exact: true }).isChecked()).toBe(false);
    // The answers table may be folded on a phone: John's row is there, folded or not.
    await page.getByRole('region', { name: 'Attendance' }).getByText(JOHN.name).first().waitFor({ state: 'attached' });
    await checkA11y(page);

    // The member list shows them together, under one name.
    await searchMemberList(page, 'Smith');
    const household = page.getByRole('list', { name: 'Household: John & Mary Smith' });
    await household.getByRole('heading', { level: 3, name: JOHN.name }).waitFor();
    await household.getByRole('heading', { level: 3, name: MARY.name }).waitFor();
    await checkA11y(page);
    await household.scrollIntoViewIfNeeded();
    await snapshot(page, 'household-member-list-390', { fullPage: false });
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await logOut(page);

    // A reset for the shared address: one e-mail, greeting both, and the page asks who it is.
    await page.getByRole('button', { name: 'Forgot your password?' }).tap();
    const forgot = page.getByRole('form', { name: 'Request a password reset' });
    await forgot.getByLabel('E-mail address').fill(HOUSEHOLD);
    await forgot.getByRole('button', { name: 'E-mail me a link' }).tap();
    await page
      .getByRole('status')
      .filter({ hasText: `An e-mail was sent to ${HOUSEHOLD}` })
      .waitFor();
    const [mail] = await mailsTo(HOUSEHOLD, 1);
    expect(mail?.text).toMatch(/^Hello John and Mary,/);
    const link = new RegExp(`${harness.baseUrl}/reset/[\\w-]+`).exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');
    await page.goto(link);
    const choice = page.getByRole('group', { name: 'Who are you?' });
    await choice.waitFor();
    await checkA11y(page);
    await snapshot(page, 'household-reset-choice-390');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);

    // Not choosing is refused before any call; then Mary chooses herself with the keyboard.
    await page.getByLabel('New Password').fill(MARYS_NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(MARYS_NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set Password' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Please choose who you are.' }).waitFor();
    await choice.getByRole('radio', { name: JOHN.name }).focus();
    await page.keyboard.press('ArrowDown');
    expect(await choice.getByRole('radio', { name: MARY.name }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Set Password' }).tap();
    await page.getByText('you can now log in with your e-mail address and your new password').waitFor();

    // Mary's new password logs her in; John's is unchanged.
    await logIn(page, HOUSEHOLD, MARYS_NEW_PASSWORD);
    await page.getByRole('heading', { level: 2, name: MARY.name }).waitFor();
    await logOut(page);
    await logIn(page, HOUSEHOLD, JOHN.password);
    await page.getByRole('heading', { level: 2, name: JOHN.name }).waitFor();

    // John takes Mary's password, and nothing tells him it was hers.
    const change = page.getByRole('form', { name: 'Change password' });
    await change.getByLabel('Old Password').fill(JOHN.password);
    await change.getByLabel('New Password').fill(MARYS_NEW_PASSWORD);
    await change.getByLabel('Confirm Password').fill(MARYS_NEW_PASSWORD);
    await change.getByRole('button', { name: 'Change Password' }).tap();
    await page.getByText('Your password was changed.').waitFor();
    await logOut(page);

    // Logging in with the password they now share asks who it is, and logs in the one chosen.
    const login = page.getByRole('form', { name: 'Member login' });
    await login.getByLabel('E-mail address').fill(HOUSEHOLD);
    await login.getByLabel('Password').fill(MARYS_NEW_PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).tap();
    const who = login.getByRole('group', { name: 'Who are you?' });
    await who.waitFor();
    await checkA11y(page);
    await snapshot(page, 'household-login-choice-390');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await login.getByRole('button', { name: 'Log in' }).tap();
    await page.getByRole('alert').filter({ hasText: 'Please choose who you are.' }).waitFor();
    await who.getByRole('radio', { name: MARY.name }).tap();
    await login.getByRole('button', { name: 'Log in' }).tap();
    await page.getByRole('heading', { level: 2, name: MARY.name }).waitFor();
    await page.context().close();
  });
});

/** An enabled demo member who never set a password: the link is their way in. */
function memberWithoutPassword(): { email: string; name: string } {
  const db = serverDatabase(harness);
  try {
    const row = db
      .prepare("SELECT email, first_name || ' ' || last_name AS name FROM members WHERE password_hash IS NULL AND enabled = 1 ORDER BY id LIMIT 1")
      .get() as { email: string; name: string };
    return row;
  } finally {
    db.close();
  }
}

describe('the address typed into the login form', () => {
  it('is already in the sign-in link and password reset requests opened below it, on /login and on /account', async () => {
    const page = await openPage(harness, PHONE);
    for (const path of ['/login', '/account']) {
      await page.goto(path);
      const login = page.getByRole('form', { name: 'Member login' });
      await login.getByLabel('E-mail address').fill('walter@example.org');
      await page.getByRole('button', { name: 'E-mail me a sign-in link' }).tap();
      const link = page.getByRole('form', { name: 'Request a sign-in link' }).getByLabel('E-mail address');
      expect({ path, value: await link.inputValue() }).toEqual({ path, value: 'walter@example.org' });
      await page.getByRole('button', { name: 'Forgot your password?' }).tap();
      const reset = page.getByRole('form', { name: 'Request a password reset' }).getByLabel('E-mail address');
      expect({ path, value: await reset.inputValue() }).toEqual({ path, value: 'walter@example.org' });
    }
    await checkA11y(page);
    await page.context().close();
  });

  it("goes with a members' page's login links to /login, where the requests (and the login form) start from it", async () => {
    const page = await openPage(harness, PHONE);
    const links = [
      ['No password? E-mail me a sign-in link', 'sign-in-link', 'Request a sign-in link'],
      ['Forgot your password?', 'forgot-password', 'Request a password reset'],
    ] as const;
    for (const [link, hash, request] of links) {
      await visit(page, '/new-events');
      await page.getByRole('form', { name: 'Member login' }).getByLabel('E-mail address').fill('walter@example.org');
      await page.getByRole('link', { name: link }).tap();
      await page.waitForURL(`**/login#${hash}`);
      const asked = page.getByRole('form', { name: request }).getByLabel('E-mail address');
      expect({ link, value: await asked.inputValue() }).toEqual({ link, value: 'walter@example.org' });
      const login = page.getByRole('form', { name: 'Member login' }).getByLabel('E-mail address');
      expect({ link, value: await login.inputValue() }).toEqual({ link, value: 'walter@example.org' });
    }
    await checkA11y(page);
    await snapshot(page, 'login-reset-carried-address-390');
    await page.context().close();
  });
});

describe('sign-in by e-mailed link', () => {
  it('asks for a link on the login page, opens it from the e-mail and is signed in; a shared address chooses', async () => {
    const member = memberWithoutPassword();
    const page = await openPage(harness, PHONE);
    // A members' page offers the link beside the login form: it opens the request on the login page.
    await page.goto('/new-events');
    await page.getByRole('link', { name: 'No password? E-mail me a sign-in link' }).tap();
    await page.waitForURL('**/login#sign-in-link');
    const ask = page.getByRole('form', { name: 'Request a sign-in link' });
    await ask.getByLabel('E-mail address').fill(member.email);
    await checkA11y(page);
    await snapshot(page, 'sign-in-link-request-390');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await ask.getByRole('button', { name: 'E-mail me a sign-in link' }).tap();
    const sent = page.getByRole('status').filter({ hasText: `An e-mail was sent to ${member.email}` });
    await sent.waitFor();
    expect(await sent.textContent()).toContain('15 minutes');

    const [mail] = await mailsTo(member.email, 1);
    const link = new RegExp(`${harness.baseUrl}/sign-in/[\\w-]+`).exec(mail?.text ?? '')?.[0] ?? '';
    expect(link).not.toBe('');

    // A mail program's link scanner opens it first, in a browser of its own: that signs nobody in.
    const scanner = await openPage(harness);
    await scanner.goto(link);
    await scanner.getByRole('button', { name: `Sign in as ${member.name}` }).waitFor();
    await scanner.context().close();

    // The member opens it and presses the button, here with the keyboard.
    await page.goto(link);
    await page.getByRole('heading', { level: 2, name: `Hello, ${member.name}` }).waitFor();
    await checkA11y(page);
    await snapshot(page, 'sign-in-link-page-390');
    expect(await overflowOf(page)).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `Sign in as ${member.name}` }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 2, name: member.name }).waitFor();

    // Used once: opening it again says so.
    await page.goto(link);
    await page.getByRole('alert').filter({ hasText: 'This sign-in link has already been used.' }).waitFor();
    await checkA11y(page);
    await logOut(page);

    // At the address John and Mary share, the page asks who; John chooses himself.
    await page.getByRole('button', { name: 'E-mail me a sign-in link' }).tap();
    await page.getByRole('form', { name: 'Request a sign-in link' }).getByLabel('E-mail address').fill(HOUSEHOLD);
    await page.getByRole('form', { name: 'Request a sign-in link' }).getByRole('button', { name: 'E-mail me a sign-in link' }).tap();
    const household = await mailsTo(HOUSEHOLD, 2);
    const shared = new RegExp(`${harness.baseUrl}/sign-in/[\\w-]+`).exec(household.at(-1)?.text ?? '')?.[0] ?? '';
    expect(shared).not.toBe('');
    await page.goto(shared);
    const who = page.getByRole('group', { name: 'Who are you?' });
    await who.waitFor();
    await checkA11y(page);
    await who.getByRole('radio', { name: JOHN.name }).tap();
    await page.getByRole('button', { name: 'Sign in', exact: true }).tap();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 2, name: JOHN.name }).waitFor();
    await page.context().close();
  });
});
