import fs from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_ADMIN, DEMO_MEMBER, openPageAs, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';
import { searchMemberList } from './steps.ts';

/** A tour from the organiser's settings to the check-in at the door. */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const SMALL_PHONE = { viewport: { width: 375, height: 812 }, hasTouch: true, isMobile: true } as const;
const DESKTOP = { viewport: { width: 1280, height: 900 } } as const;
const EDITOR = { email: 'events@example.org', password: 'demo-events-1' } as const;
/** A second member, made with the demo member's password hash so the journey logs in as them. */
const SECOND = { email: 'second.tourer@example.org', password: DEMO_MEMBER.password } as const;

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

/** A tour running from yesterday to tomorrow (so check-in is open), and the two members' cars. */
function prepareTour(): number {
  const db = serverDatabase(harness);
  try {
    const tour = db
      .prepare('INSERT INTO events (title, start, "end", venue, address_line1, description) VALUES (?, ?, ?, ?, ?, ?)')
      .run('Fall Color Tour', `${day(-1)}T09:00`, `${day(1)}T16:00`, 'Hermann Riverfront', '1 Wharf St', 'Lunch at the Vintage Inn.');
    const hash = (db.prepare('SELECT password_hash AS hash FROM members WHERE email = ?').get(DEMO_MEMBER.email) as { hash: string }).hash;
    db.prepare('INSERT OR IGNORE INTO members (first_name, last_name, email, password_hash, cars, phone) VALUES (?, ?, ?, ?, ?, ?)').run(
      'Sadie',
      'Second',
      SECOND.email,
      hash,
      JSON.stringify(['1929 AA truck']),
      '(314) 555-0199',
    );
    // A member's cars are the registry's rows: the demo member's become two known ones.
    const carOf = db.prepare('INSERT INTO cars (owner_id, year, body_style, name) VALUES ((SELECT id FROM members WHERE email = ?), ?, ?, ?)');
    db.prepare('DELETE FROM cars WHERE owner_id = (SELECT id FROM members WHERE email = ?)').run(DEMO_MEMBER.email);
    carOf.run(DEMO_MEMBER.email, 1930, 'Tudor', '');
    carOf.run(DEMO_MEMBER.email, 1931, 'Roadster', 'Deluxe');
    carOf.run(SECOND.email, 1929, '', 'AA truck');
    return Number(tour.lastInsertRowid);
  } finally {
    db.close();
  }
}

/** Forty households signed up for a tour, each with a guest, a car and dinner choices. */
function prepareBigTour(): number {
  const db = serverDatabase(harness);
  try {
    const tour = db
      .prepare('INSERT INTO events (title, start, "end", venue, signup_choices) VALUES (?, ?, ?, ?, ?)')
      .run(
        'Forty Cars to Fenton',
        '2031-05-10T09:00',
        '2031-05-10T17:00',
        'Fenton Square',
        JSON.stringify([{ question: 'Dinner', options: ['chicken', 'fish', 'none'] }]),
      );
    const eventId = Number(tour.lastInsertRowid);
    for (let i = 1; i <= 40; i += 1) {
      const member = db
        .prepare('INSERT INTO members (first_name, last_name, email, phone) VALUES (?, ?, ?, ?)')
        .run(`Driver${i}`, 'Fentonian', `driver${i}.${eventId}@example.org`, `(314) 555-${String(1000 + i)}`);
      const memberId = Number(member.lastInsertRowid);
      db.prepare('INSERT INTO attendance (event_id, member_id, is_attending, total, guests, choice_answers, comments) VALUES (?, ?, 1, 2, ?, ?, ?)').run(
        eventId,
        memberId,
        JSON.stringify([`Spouse of ${i}`]),
        JSON.stringify([{ question: 'Dinner', answers: ['fish', 'chicken'] }]),
        i % 5 === 0 ? 'Will follow in the modern car' : '',
      );
      db.prepare('INSERT INTO attendance_cars (event_id, member_id, position, label) VALUES (?, ?, 0, ?)').run(eventId, memberId, `193${i % 2} Tudor`);
    }
    return eventId;
  } finally {
    db.close();
  }
}

const outboxSubjects = (to: string): string[] => {
  const db = serverDatabase(harness);
  try {
    return (db.prepare('SELECT subject FROM outbox WHERE "to" = ?').all(to) as { subject: string }[]).map((row) => row.subject);
  } finally {
    db.close();
  }
};

/**
 * On a phone the roster is read without scrolling sideways: no table is wider than its box, nor the
 * page than the screen, and every value named is on screen horizontally.
 */
async function expectRosterFitsPhone(page: Page, household: string, values: string[]): Promise<void> {
  const width = page.viewportSize()?.width ?? 0;
  const overflows = await page.locator('.roster__scroll').evaluateAll((boxes) => boxes.map((box) => box.scrollWidth - box.clientWidth));
  expect(overflows.length).toBeGreaterThan(0);
  for (const overflow of overflows) expect(overflow, 'roster table scrolls sideways').toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), 'page scrolls sideways').toBeLessThanOrEqual(0);
  const row = page.getByRole('region', { name: 'Roster' }).getByRole('row', { name: new RegExp(`\\b${household}\\b`) });
  for (const value of values) {
    const cell = row.getByRole('cell', { name: value, exact: true });
    await cell.scrollIntoViewIfNeeded();
    const box = await cell.boundingBox();
    expect(box, value).not.toBeNull();
    expect(box?.x ?? -1, `${value} starts on screen`).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? Infinity), `${value} ends on screen`).toBeLessThanOrEqual(width);
  }
}

async function answerForm(page: Page, eventId: number) {
  await page.goto(`/event/${eventId}`);
  const form = page.getByRole('form', { name: 'Your answer' });
  await form.waitFor();
  return form;
}

/** A tour whose two places are taken, with one household already waiting. */
function prepareFullTour(): number {
  const db = serverDatabase(harness);
  try {
    const tour = db
      .prepare('INSERT INTO events (title, start, "end", venue, capacity) VALUES (?, ?, ?, ?, 2)')
      .run('Full Bus to Branson', '2031-06-07T08:00', '2031-06-07T20:00', 'Kirkwood Station');
    const eventId = Number(tour.lastInsertRowid);
    const member = db.prepare('INSERT INTO members (first_name, last_name, email) VALUES (?, ?, ?)');
    const seated = Number(member.run('Sally', 'Seated', `seated.${eventId}@example.org`).lastInsertRowid);
    const waiting = Number(member.run('Wally', 'Waiting', `waiting.${eventId}@example.org`).lastInsertRowid);
    const answer = db.prepare('INSERT INTO attendance (event_id, member_id, is_attending, total, waitlisted_at) VALUES (?, ?, 1, ?, ?)');
    answer.run(eventId, seated, 2, null);
    answer.run(eventId, waiting, 1, '2031-01-01T00:00:00Z');
    return eventId;
  } finally {
    db.close();
  }
}

describe('a tour with a capacity, a dinner choice and a waiting list', () => {
  let tourId = 0;

  it('lets an editor set the capacity and a dinner question in the event editor', async () => {
    tourId = prepareTour();
    const page = await openPageAs(harness, EDITOR.email, EDITOR.password, DESKTOP);
    await page.goto(`/editEvent/${tourId}`);
    const form = page.getByRole('form', { name: 'Edit event' });
    await form.getByLabel('Capacity (people)').fill('3');
    await form.getByLabel('Questions for each person').fill('Dinner: chicken / fish / none');
    await checkA11y(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('Successfully Saved').waitFor();
    await page.goto(`/event/${tourId}`);
    await page.getByRole('heading', { level: 2, name: 'Cars and choices' }).waitFor();
    expect(await page.getByTestId('coming-line').textContent()).toBe('No one coming yet; 3 of 3 places left.');
    await page.context().close();
  });

  it('signs a member up at 1280 px with a guest, a car and dinner choices, and shows the totals', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, DESKTOP);
    const form = await answerForm(page, tourId);
    await form.getByRole('radio', { name: 'Attending', exact: true }).check();
    await form.getByLabel('Guests coming with you (one name a line)').fill('Mary (wife) <b>');
    expect(await form.getByTestId('party-size').textContent()).toBe('Number attending: 2 (you and 1 guest)');
    await form.getByRole('checkbox', { name: '1930 Tudor' }).check();
    const dinner = form.getByRole('group', { name: 'Dinner' });
    await dinner.getByLabel('You').selectOption('fish');
    await dinner.getByLabel('Mary (wife) <b>').selectOption('chicken');
    await form.getByLabel('Comments').fill('Bringing the picnic basket');
    await checkA11y(page);
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText('You are signed up.').waitFor();
    // How many are coming is said once, beside the answer: not again above or below the list.
    await page.getByText('2 people and 1 car coming; 1 of 3 places left.').waitFor();
    expect(await page.getByText(/Total attending|answers? so far|Who is coming/).count()).toBe(0);
    const totals = page.getByRole('region', { name: 'Cars and choices' });
    expect(await totals.getByRole('list', { name: 'Dinner totals' }).getByRole('listitem').allTextContents()).toEqual(['chicken: 1', 'fish: 1', 'none: 0']);
    expect(await totals.getByRole('listitem').filter({ hasText: '1930 Tudor' }).count()).toBe(1);
    const myRow = page.getByRole('row', { name: /Walter Pruitt \(you\)/ });
    expect(await myRow.getByRole('cell').allTextContents()).toEqual(['Attending', '2', 'Bringing the picnic basket', 'Mary (wife) <b>, 1930 Tudor']);
    expect(await page.locator('.attendance__table b').count()).toBe(0);
    await checkA11y(page);
    await snapshot(page, 'tours-signed-up-1280');
    await page.context().close();
  });

  it('signs the next household up on a 390 px phone with a guest, a car and dinner choices, puts it on the waiting list, and a cancellation moves it up with one e-mail', async () => {
    const phone = await openPageAs(harness, SECOND.email, SECOND.password, PHONE);
    const form = await answerForm(phone, tourId);
    await form.getByRole('radio', { name: 'Attending', exact: true }).tap();
    await form.getByLabel('Guests coming with you (one name a line)').fill('Sam (son)');
    expect(await form.getByTestId('party-size').textContent()).toBe('Number attending: 2 (you and 1 guest)');
    // Before Save, beside the form: her party of two does not fit in the one place left.
    await form.getByText('Only 1 place is left: a party of 2 joins the waiting list.').waitFor();
    // Her only car is ticked for her.
    expect(await form.getByRole('checkbox', { name: '1929 AA truck' }).isChecked()).toBe(true);
    const dinner = form.getByRole('group', { name: 'Dinner' });
    await dinner.getByLabel('You').selectOption('none');
    await dinner.getByLabel('Sam (son)').selectOption('chicken');
    await form.getByRole('button', { name: 'Save' }).tap();
    // Where the party stands, not a green "Successfully Saved" nor "Attending", which read as a place.
    await form.getByText('You are number 1 on the waiting list. If a place opens up for your party, you move up and get an e-mail.').waitFor();
    expect(await phone.getByText('You are number 1 on the waiting list').count()).toBe(1);
    expect(await phone.getByText('Successfully Saved').count()).toBe(0);
    expect(await form.getByRole('radio', { name: 'On the waiting list (number 1)' }).isChecked()).toBe(true);
    expect(await form.getByRole('radio', { name: 'Attending', exact: true }).count()).toBe(0);
    expect(await form.getByText('a party of 2 joins the waiting list').count()).toBe(0);
    // Only those with a seat are counted as coming.
    expect(await phone.getByTestId('coming-line').textContent()).toBe('2 people and 1 car coming; 1 of 3 places left; 2 people on the waiting list.');
    expect(
      await phone
        .getByRole('row', { name: /Sadie Second \(you\)/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('Waiting list (1)');
    await checkA11y(phone);
    await snapshot(phone, 'tours-waitlisted-390');

    // Walter cancels on his desktop: Sadie's party of two now fits.
    const desktop = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, DESKTOP);
    const walter = await answerForm(desktop, tourId);
    expect(await walter.getByLabel('Comments').inputValue()).toBe('Bringing the picnic basket');
    await walter.getByRole('radio', { name: 'Not Attending' }).check();
    // His comment was about coming: it goes with the sign-up.
    expect(await walter.getByLabel('Comments').inputValue()).toBe('');
    await walter.getByRole('button', { name: 'Save' }).click();
    await walter.getByText('You are no longer signed up.').waitFor();
    await desktop.getByText('2 people and 1 car coming; 1 of 3 places left.').waitFor();
    expect(
      await desktop
        .getByRole('row', { name: /Walter Pruitt \(you\)/ })
        .getByRole('cell')
        .allTextContents(),
    ).toEqual(['Not Attending', '', '', '']);
    await desktop.context().close();

    await answerForm(phone, tourId);
    expect(
      await phone
        .getByRole('row', { name: /Sadie Second \(you\)/ })
        .getByRole('cell')
        .first()
        .textContent(),
    ).toBe('Attending');
    expect(await phone.getByText('on the waiting list. If a place opens up').count()).toBe(0);
    // The totals on the phone: her party, her car and their dinners.
    await phone.getByText('2 people and 1 car coming; 1 of 3 places left.').waitFor();
    const totals = phone.getByRole('region', { name: 'Cars and choices' });
    expect(await totals.getByRole('list', { name: 'Dinner totals' }).getByRole('listitem').allTextContents()).toEqual(['chicken: 1', 'fish: 0', 'none: 1']);
    expect(await totals.getByRole('listitem').filter({ hasText: '1929 AA truck' }).count()).toBe(1);
    expect(outboxSubjects(SECOND.email).filter((s) => s.startsWith('You have a place: Fall Color Tour'))).toHaveLength(1);
    await phone.context().close();
  });

  it('tells a member on a phone that a full tour is full before they sign up, and how many wait ahead', async () => {
    const eventId = prepareFullTour();
    const phone = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
    await answerForm(phone, eventId);
    expect(await phone.getByTestId('coming-line').textContent()).toBe('Full: 2 of 2 places taken; signing up puts you on the waiting list (1 ahead).');
    await checkA11y(phone);
    await snapshot(phone, 'tours-full-390', { fullPage: false });
    await phone.context().close();
  });

  it('lets an editor check members in on a phone at the door and print the roster', async () => {
    const phone = await openPageAs(harness, EDITOR.email, EDITOR.password, SMALL_PHONE);
    await phone.goto(`/event/${tourId}`);
    await phone.getByRole('link', { name: 'Roster and check-in' }).tap();
    await phone.getByRole('heading', { level: 2, name: 'Fall Color Tour' }).waitFor();
    const roster = phone.getByRole('region', { name: 'Roster' });
    await roster.getByRole('cell', { name: '(314) 555-0199' }).waitFor();
    expect(await phone.getByTestId('roster-totals').textContent()).toBe('2 people and 1 car coming (room for 3); 0 of 1 household checked in.');
    // At 375 px each household is a card: every value named by its column, none off screen,
    // and the tick box a thumb hits, before everything else of the household.
    await expectRosterFitsPhone(phone, 'Sadie Second', [
      'Phone (314) 555-0199',
      'People 2',
      'Guests Sam (son)',
      'Cars 1929 AA truck',
      'Dinner Sadie: none; Sam (son): chicken',
    ]);
    const tick = await roster.getByRole('checkbox', { name: 'Sadie Second came' }).boundingBox();
    const name = await roster.getByRole('rowheader', { name: /Sadie Second/ }).boundingBox();
    expect(tick?.width ?? 0, 'tick box width').toBeGreaterThanOrEqual(28);
    expect(tick?.y ?? Infinity, 'tick box first').toBeLessThanOrEqual(name?.y ?? 0);
    expect(tick?.x ?? Infinity, 'tick box first').toBeLessThan(name?.x ?? 0);
    // The phone number calls with a tap: a finger's height, not a line of text's.
    const call = await roster.getByRole('link', { name: '(314) 555-0199' }).boundingBox();
    expect(call?.height ?? 0, 'phone link height').toBeGreaterThanOrEqual(44);
    await snapshot(phone, 'tours-roster-375');
    await checkA11y(phone);
    await roster.getByRole('checkbox', { name: 'Sadie Second came' }).tap();
    await phone.getByText('1 of 1 household checked in').waitFor();
    expect(await roster.getByRole('checkbox', { name: 'Sadie Second came' }).isChecked()).toBe(true);
    await snapshot(phone, 'tours-check-in-375');

    const [download] = await Promise.all([phone.waitForEvent('download'), roster.getByRole('button', { name: 'Download CSV' }).tap()]);
    const csv = await fs.readFile(await download.path(), 'utf8');
    expect(csv.split('\r\n')[1]).toBe('"Sadie Second","Coming","(314) 555-0199","2","Sam (son)","1929 AA truck","none; chicken","","yes"');
    await phone.context().close();

    // Her account page lists the tour; the admin's member list counts it.
    const sadie = await openPageAs(harness, SECOND.email, SECOND.password, PHONE);
    await sadie.goto('/account');
    const attended = sadie.getByRole('region', { name: /Events you attended in/ });
    await attended.getByRole('link', { name: 'Fall Color Tour' }).waitFor();
    await checkA11y(sadie);
    await sadie.context().close();
    const admin = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password, DESKTOP);
    await searchMemberList(admin, 'Sadie Second');
    await admin.getByRole('listitem').filter({ hasText: 'Sadie Second' }).getByText('Events attended this year: 1').waitFor();
    await admin.context().close();
  });

  it("prints the roster of 40 households in type read at arm's length, each dinner by name", async () => {
    const eventId = prepareBigTour();
    // On a phone, forty households are forty cards, the longest (with a comment) on screen whole.
    const phone = await openPageAs(harness, EDITOR.email, EDITOR.password, SMALL_PHONE);
    await phone.goto(`/event/${eventId}/roster`);
    await phone.getByRole('rowheader', { name: 'Driver40 Fentonian' }).waitFor();
    await expectRosterFitsPhone(phone, 'Driver40 Fentonian', [
      'Dinner Driver40: fish; Spouse of 40: chicken',
      'Comments Will follow in the modern car',
      'Guests Spouse of 40',
      'Cars 1930 Tudor',
    ]);
    await checkA11y(phone);
    // Printed from the phone, it is still the table with its column headings.
    await phone.emulateMedia({ media: 'print' });
    expect(await phone.getByRole('columnheader', { name: 'Guests' }).first().isVisible()).toBe(true);
    await phone.context().close();

    const page = await openPageAs(harness, EDITOR.email, EDITOR.password, DESKTOP);
    await page.goto(`/event/${eventId}/roster`);
    await page.getByRole('cell', { name: 'Driver40 Fentonian' }).waitFor();
    expect(await page.getByTestId('roster-totals').textContent()).toBe('80 people and 40 cars coming.');
    await checkA11y(page);
    await page.emulateMedia({ media: 'print' });
    await snapshot(page, 'tours-roster-print');
    // 11 pt at least (14.67 CSS px), in the table and the lines above it.
    const sizes = await page
      .locator('.roster td, .roster th, .roster p')
      .evaluateAll((cells) => cells.map((cell) => parseFloat(getComputedStyle(cell).fontSize)));
    expect(Math.min(...sizes)).toBeGreaterThanOrEqual(14.66);
    for (const format of ['A4', 'Letter'] as const) {
      const pdf = (await page.pdf({ format, printBackground: false })).toString('latin1');
      const pages = pdf.match(/\/Type\s*\/Page(?![s\w])/g) ?? [];
      expect(pages.length, `${format} pages`).toBeLessThanOrEqual(4);
    }
    await page.context().close();
  });
});
