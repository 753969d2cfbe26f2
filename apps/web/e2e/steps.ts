import type { Locator, Page } from 'playwright-core';
import { serverDatabase, type Harness } from './harness.ts';

/** Steps and set-ups that more than one journey takes, written once. */

export type Box = { x: number; y: number; width: number; height: number };

/** Where an element is on the page, once it is there. */
export async function boxOf(locator: Locator): Promise<Box> {
  await locator.waitFor();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator.toString()} has no box`);
  return box;
}

/** Room from the bottom of `above` to the top of `below`. */
export async function gapBetween(above: Locator, below: Locator): Promise<number> {
  const [a, b] = [await boxOf(above), await boxOf(below)];
  return b.y - (a.y + a.height);
}

/** Whether the page scrolls sideways (a pixel of rounding allowed). */
export const scrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth + 1);

/** A future event with 24 answers from other members, as a busy club night has; its id. */
export function makeEventWith24Answers(harness: Harness): number {
  const db = serverDatabase(harness);
  try {
    const event = db
      .prepare('INSERT INTO events (title, start, "end", venue, address_line1, description) VALUES (?, ?, ?, ?, ?, ?)')
      .run('Spring Tour 2031', '2031-04-12T09:00', '2031-04-12T16:00', 'Fenton Square', '100 Main St, Fenton, MI', 'A long day out.');
    const eventId = Number(event.lastInsertRowid);
    for (let i = 1; i <= 24; i += 1) {
      const member = db
        .prepare('INSERT INTO members (first_name, last_name, display_name, email) VALUES (?, ?, ?, ?)')
        .run(`Guest${i}`, 'Tourer', `Guest${i} Tourer`, `guest${i}.tourer${eventId}@example.org`);
      db.prepare('INSERT INTO attendance (event_id, member_id, is_attending, total, comments) VALUES (?, ?, ?, ?, ?)').run(
        eventId,
        Number(member.lastInsertRowid),
        i % 4 === 0 ? 0 : 1,
        i % 4 === 0 ? 1 : 2,
        i % 3 === 0 ? 'Bringing the roadster and a picnic' : '',
      );
    }
    return eventId;
  } finally {
    db.close();
  }
}

/**
 * Fills the contact form on the page and presses Send, then once it says "Successfully Submitted"
 * presses Send again, as a slow double-tap does (by tap with `touch`, else by click); returns the
 * form once the page has handled that second press.
 */
export async function sendContactWithDoubleTap(page: Page, { email, touch }: { email: string; touch: boolean }): Promise<Locator> {
  const form = page.getByRole('form', { name: 'Contact the club' });
  await form.getByLabel(/First name/).fill('Ada');
  await form.getByLabel(/Last name/).fill('Whitcombe');
  await form.getByLabel(/E-mail address/).fill(email);
  await form.getByLabel(/Message/).fill('Is the spring tour open to a 1930 Coupe?');
  const send = form.getByRole('button', { name: 'Send message' });
  const press = () => (touch ? send.tap() : send.click());
  await press();
  await form.getByText('Successfully Submitted').waitFor();
  await pressAndSeeItHandled(form, press);
  return form;
}

/**
 * Presses a form's button with `press` and waits until the page has handled the submit: the
 * form's submit event has fired and the page has drawn a frame since. A press that rightly
 * changes nothing (a second tap on a sent form) is then known to have been taken.
 */
export async function pressAndSeeItHandled(form: Locator, press: () => Promise<void>): Promise<void> {
  const handled = await form.evaluateHandle((element) => ({
    done: new Promise<void>((resolve) => {
      element.addEventListener('submit', () => requestAnimationFrame(() => requestAnimationFrame(() => resolve())), { once: true });
    }),
  }));
  await press();
  await handled.evaluate((watch) => watch.done);
  await handled.dispose();
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Searches the member list (it shows a page at a time, so a journey finds a member by searching)
 * and waits for the server's answer: "Showing n of m members matching “words”." Opens the list
 * first unless `isOpen`.
 */
export async function searchMemberList(page: Page, words: string, { isOpen = false }: { isOpen?: boolean } = {}): Promise<void> {
  if (!isOpen) await page.goto('/memberList');
  await page.getByRole('searchbox', { name: 'Search members' }).fill(words);
  await page.getByText(new RegExp(`^Showing \\d+ of \\d+ members matching “${escapeRegExp(words)}”\\.`)).waitFor();
}

/**
 * Holds the server's answers to one call (e.g. 'members.page') until `release()`, to see what a
 * list shows while its next page is on the way; `release` lets them through and stops holding.
 */
export async function holdAnswers(page: Page, call: string): Promise<{ release: () => Promise<void> }> {
  const pattern = `**/api/${call}.php`;
  let open = () => {};
  const held = new Promise<void>((resolve) => (open = resolve));
  const passing = new Set<Promise<void>>();
  await page.route(pattern, (route) => {
    const passed = held.then(() => route.continue());
    passing.add(passed);
    return passed;
  });
  return {
    release: async () => {
      open();
      // Unrouted only once the held answers have gone on: an unroute would answer them itself.
      await Promise.all(passing);
      await page.unroute(pattern);
    },
  };
}

/**
 * Whether the picture is drawn: true once it has loaded with real pixels, false if it fails or
 * has not loaded within ten seconds. A lazy picture that has just scrolled into view is still
 * on its way, so this waits for its load or error rather than looking once.
 */
export async function isImageDrawn(image: Locator): Promise<boolean> {
  return image.evaluate(
    (element) =>
      new Promise<boolean>((resolve) => {
        if (!(element instanceof HTMLImageElement)) return resolve(false);
        if (element.complete && element.naturalWidth > 0) return resolve(true);
        const settle = (): void => resolve(element.complete && element.naturalWidth > 0);
        element.addEventListener('load', settle, { once: true });
        element.addEventListener('error', settle, { once: true });
        setTimeout(settle, 10_000);
      }),
  );
}

/** The console errors and uncaught exceptions of a page from now on (a failed hydration or a CSP violation logs one). */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}
