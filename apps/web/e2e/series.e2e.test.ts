import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_MEMBER, DESKTOP_VIEWPORT, type openPage, openPageAs, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';

/**
 * The monthly meeting as a repeating series, from the editor to one occurrence's
 * answer, on a 390 px phone with touch and at 1280 px with a mouse; a rule change that removes a
 * date a member signed up for asks the editor first and tells the member; and "Use the meeting
 * schedule" makes a meeting repeat on the club's schedule in one press.
 */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

type Device = { name: string; width: number; options: Parameters<typeof openPage>[1] };
const PHONE: Device = { name: 'a 390 px phone with touch', width: 390, options: { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } };
const DESKTOP: Device = { name: '1280 px with a mouse', width: 1280, options: { viewport: DESKTOP_VIEWPORT } };
const EDITOR = { email: 'events@example.org', password: 'demo-events-1' } as const;
const RULE_TEXT = 'Repeats the third Tuesday of each month except July and August.';

/** A tap on a touch screen, a click with a mouse. */
const press = (device: Device, target: Locator): Promise<void> => (device === PHONE ? target.tap() : target.click());

type Stored = { id: number; start: string; seriesId: number };

/** The occurrences of a series as stored: id and start, by start. */
function occurrences(title: string): Stored[] {
  const db = serverDatabase(harness);
  try {
    return db.prepare('SELECT id, start, series_id AS seriesId FROM events WHERE title = ? ORDER BY start').all(title) as Stored[];
  } finally {
    db.close();
  }
}

/** The e-mails queued to an address whose subject starts with `subject`. */
function mailsTo(email: string, subject: string): { subject: string; text: string }[] {
  const db = serverDatabase(harness);
  try {
    return db.prepare('SELECT subject, text FROM outbox WHERE "to" = ? AND subject LIKE ? ORDER BY id').all(email, `${subject}%`) as {
      subject: string;
      text: string;
    }[];
  } finally {
    db.close();
  }
}

const link = (page: Page, title: string) => page.getByRole('link', { name: new RegExp(title) });

describe('a monthly meeting that repeats itself', () => {
  it.each([
    { device: PHONE, title: 'Third Tuesday Tech Night' },
    { device: DESKTOP, title: 'Third Tuesday Garage Night' },
  ])(
    'on $device.name: an editor makes a "third Tuesday except July and August" series, a member answers one, the editor changes this and the following, then leaves out a month a member signed up for',
    async ({ device, title }) => {
      const suffix = String(device.width);
      const editor = await openPageAs(harness, EDITOR.email, EDITOR.password, device.options);
      await editor.goto('/editEvent/0');
      const form = editor.getByRole('form', { name: 'New event' });
      await form.getByLabel('Title').fill(title);
      await form.getByLabel('Start').fill('2031-01-21T19:00');
      await form.getByLabel('End').fill('2031-01-21T21:00');
      await form.getByLabel('How often').selectOption('monthlyByWeekday');
      // Each choice is read whole in the closed select, none cut off at the phone's width.
      const cutOff = await form.getByLabel('How often').evaluate((select: HTMLSelectElement) => {
        const style = getComputedStyle(select);
        const context = document.createElement('canvas').getContext('2d');
        if (!context) return ['no canvas'];
        context.font = style.font;
        // The room for text: the box less its padding and the arrow (about one line-height wide).
        const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - parseFloat(style.fontSize) * 1.25;
        return [...select.options].map((option) => option.text).filter((text) => context.measureText(text).width > room);
      });
      expect(cutOff).toEqual([]);
      // The rule takes the start's day: the third Tuesday.
      expect(await form.getByLabel('Week of the month').inputValue()).toBe('3');
      expect(await form.getByLabel('Weekday').inputValue()).toBe('2');
      const monthsOff = form.getByRole('group', { name: 'Months without it' });
      await press(device, monthsOff.getByRole('checkbox', { name: 'July' }));
      await press(device, monthsOff.getByRole('checkbox', { name: 'August' }));
      await form.getByText(RULE_TEXT).waitFor();
      await checkA11y(editor);
      await snapshot(editor, `series-editor-${suffix}`);
      await press(device, form.getByRole('button', { name: 'Save' }));
      // Saved, the new event's editor becomes its "Edit event" form.
      await editor.getByRole('form', { name: 'Edit event' }).getByText('Successfully Saved').waitFor();

      const made = occurrences(title);
      expect(made.slice(0, 8).map((o) => o.start)).toEqual([
        '2031-01-21T19:00',
        '2031-02-18T19:00',
        '2031-03-18T19:00',
        '2031-04-15T19:00',
        '2031-05-20T19:00',
        '2031-06-17T19:00',
        '2031-09-16T19:00',
        '2031-10-21T19:00',
      ]);
      const [, , march, april, may, june, september] = made;

      // The calendar shows each occurrence on its day, and none in July.
      await editor.goto('/events?month=2031-03');
      await link(editor, title).first().waitFor();
      expect(await link(editor, title).count()).toBe(1);
      await checkA11y(editor);
      await snapshot(editor, `series-calendar-${suffix}`);
      await editor.goto('/events?month=2031-07');
      await editor.getByRole('heading', { name: /July 2031/ }).waitFor();
      expect(await link(editor, title).count()).toBe(0);

      // A member answers the March meeting on its own page.
      const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, device.options);
      await member.goto('/events?month=2031-03');
      await press(device, link(member, title).first());
      await member.getByText(RULE_TEXT).waitFor();
      const answer = member.getByRole('form', { name: 'Your answer' });
      await press(device, answer.getByRole('radio', { name: 'Attending', exact: true }));
      await press(device, answer.getByRole('button', { name: 'Save' }));
      await answer.getByText('You are signed up.').waitFor();
      expect(member.url()).toContain(`/event/${march?.id}`);
      await checkA11y(member);
      await snapshot(member, `series-occurrence-answered-${suffix}`);

      // The editor moves the meeting to 7:30 from April on.
      await editor.goto(`/editEvent/${april?.id}`);
      const edit = editor.getByRole('form', { name: 'Edit event' });
      await press(device, edit.getByRole('radio', { name: 'Change this and the following events' }));
      await edit.getByText(RULE_TEXT).waitFor();
      await edit.getByLabel('Start').fill('2031-04-15T19:30');
      await edit.getByLabel('End').fill('2031-04-15T21:30');
      await checkA11y(editor);
      await snapshot(editor, `series-edit-following-${suffix}`);
      await press(device, edit.getByRole('button', { name: 'Save' }));
      await edit.getByText('Successfully Saved').waitFor();

      const after = occurrences(title);
      expect(after.slice(0, 5).map((o) => [o.id, o.start])).toEqual([
        [made[0]?.id, '2031-01-21T19:00'],
        [made[1]?.id, '2031-02-18T19:00'],
        [march?.id, '2031-03-18T19:00'],
        [april?.id, '2031-04-15T19:30'],
        [may?.id, '2031-05-20T19:30'],
      ]);
      expect(after[3]?.seriesId).not.toBe(after[2]?.seriesId);

      // The March answer is still there, on the March meeting only.
      await member.goto(`/event/${march?.id}`);
      await member.getByRole('row', { name: /\(you\)/ }).waitFor();
      await member.goto(`/event/${may?.id}`);
      await member.getByText(RULE_TEXT).waitFor();
      await member.getByRole('form', { name: 'Your answer' }).waitFor();
      expect(await member.getByRole('row', { name: /\(you\)/ }).count()).toBe(0);
      expect(await member.getByText(/7:30/).count()).toBeGreaterThan(0);

      // The member signs up for June; then the editor leaves June out from May on.
      await member.goto(`/event/${june?.id}`);
      const juneAnswer = member.getByRole('form', { name: 'Your answer' });
      await press(device, juneAnswer.getByRole('radio', { name: 'Attending', exact: true }));
      await press(device, juneAnswer.getByRole('button', { name: 'Save' }));
      await juneAnswer.getByText('You are signed up.').waitFor();

      await editor.goto(`/editEvent/${may?.id}`);
      const fromMay = editor.getByRole('form', { name: 'Edit event' });
      await press(device, fromMay.getByRole('radio', { name: 'Change this and the following events' }));
      await press(device, fromMay.getByRole('group', { name: 'Months without it' }).getByRole('checkbox', { name: 'June' }));
      await fromMay.getByText('Repeats the third Tuesday of each month except June, July and August.').waitFor();
      await press(device, fromMay.getByRole('button', { name: 'Save' }));
      // Asked first: which date goes and how many sign-ups with it.
      const question = editor.getByRole('dialog', { name: 'Cancel sign-ups?' });
      await question.getByText('Tuesday, June 17, 2031 at 7:30 PM: 1 sign-up (1 person)').waitFor();
      await question.getByText(`This change removes 1 date of “${title}”.`).waitFor();
      await checkA11y(editor);
      await snapshot(editor, `series-drops-question-${suffix}`);
      // "Go back" saves nothing.
      await press(device, question.getByRole('button', { name: 'Go back' }));
      await question.waitFor({ state: 'hidden' });
      expect(occurrences(title).map((o) => o.id)).toContain(june?.id);
      expect(await fromMay.getByText('Successfully Saved').count()).toBe(0);
      await press(device, fromMay.getByRole('button', { name: 'Save' }));
      await press(device, question.getByRole('button', { name: 'Save and cancel the sign-up' }));
      await fromMay.getByText('Successfully Saved').waitFor();

      const afterJune = occurrences(title);
      expect(afterJune.map((o) => o.id)).not.toContain(june?.id);
      // Each later meeting keeps its own day: September is still September.
      expect(afterJune.find((o) => o.id === september?.id)?.start).toBe('2031-09-16T19:30');
      const told = mailsTo(DEMO_MEMBER.email, `No longer on: ${title}`);
      expect(told.map((m) => m.subject)).toEqual([`No longer on: ${title}, Tuesday, June 17, 2031 at 7:30 PM`]);
      await member.goto(`/event/${june?.id}`);
      await member.getByText('Event not found.', { exact: false }).waitFor();
      await member.context().close();
      await editor.context().close();
    },
  );

  it("makes a new meeting repeat on the club's meeting schedule with one press, at 1280 px", async () => {
    const title = 'Schedule Button Meeting';
    const editor = await openPageAs(harness, EDITOR.email, EDITOR.password, DESKTOP.options);
    await editor.goto('/editEvent/0');
    const form = editor.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Start').fill('2031-01-15T18:00');
    await form.getByLabel('End').fill('2031-01-15T20:00');
    // The demo's schedule: the first Tuesday of each month except January, at 7:00 p.m.
    await form.getByText('The club meets the first Tuesday of each month except January, at 7:00 p.m.', { exact: true }).waitFor();
    await form.getByRole('button', { name: 'Use the meeting schedule' }).click();
    await form.getByText('Repeats the first Tuesday of each month except January. Start set to Tuesday, February 4, 2031 at 7:00 PM').waitFor();
    expect(await form.getByLabel('Start').inputValue()).toBe('2031-02-04T19:00');
    expect(await form.getByLabel('End').inputValue()).toBe('2031-02-04T21:00');
    expect(await form.getByLabel('How often').inputValue()).toBe('monthlyByWeekday');
    await checkA11y(editor);
    await snapshot(editor, 'series-meeting-schedule-1280');
    await form.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('form', { name: 'Edit event' }).getByText('Successfully Saved').waitFor();
    expect(
      occurrences(title)
        .slice(0, 4)
        .map((o) => o.start),
    ).toEqual(['2031-02-04T19:00', '2031-03-04T19:00', '2031-04-01T19:00', '2031-05-06T19:00']);
    expect(occurrences(title).some((o) => o.start.slice(5, 7) === '01')).toBe(false);
    await editor.context().close();
  });
});
