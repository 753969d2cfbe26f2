import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkA11y, DEMO_MEMBER, logIn, openPage, serverDatabase, snapshot, startHarness, type Harness } from './harness.ts';

/** Issue 23: the monthly meeting as a repeating series, on a phone, from the editor to one occurrence's answer. */

let harness: Harness;

beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;
const EDITOR = { email: 'events@example.org', password: 'demo-events-1' } as const;
const TITLE = 'Third Tuesday Tech Night';

/** The occurrences of the series as stored: id and start, by start. */
function occurrences(): { id: number; start: string; seriesId: number }[] {
  const db = serverDatabase(harness);
  try {
    return db.prepare('SELECT id, start, series_id AS seriesId FROM events WHERE title = ? ORDER BY start').all(TITLE) as { id: number; start: string; seriesId: number }[];
  } finally {
    db.close();
  }
}

describe('a monthly meeting that repeats itself', () => {
  it('lets an editor make a "third Tuesday except July and August" series on a phone, shows it in the calendar, takes an answer and changes this and the following', async () => {
    const editor = await openPage(harness, PHONE);
    await logIn(editor, EDITOR.email, EDITOR.password);
    await editor.goto('/editEvent/0');
    const form = editor.getByRole('form', { name: 'New event' });
    await form.getByLabel('Title').fill(TITLE);
    await form.getByLabel('Start').fill('2031-01-21T19:00');
    await form.getByLabel('End').fill('2031-01-21T21:00');
    await form.getByLabel('How often').selectOption('monthlyByWeekday');
    // The rule takes the start's day: the third Tuesday.
    expect(await form.getByLabel('Week of the month').inputValue()).toBe('3');
    expect(await form.getByLabel('Weekday').inputValue()).toBe('2');
    const monthsOff = form.getByRole('group', { name: 'Months without it' });
    await monthsOff.getByRole('checkbox', { name: 'July' }).tap();
    await monthsOff.getByRole('checkbox', { name: 'August' }).tap();
    await form.getByText('Repeats the third Tuesday of each month except July and August.').waitFor();
    await checkA11y(editor);
    await snapshot(editor, 'series-editor-390');
    await form.getByRole('button', { name: 'Save' }).tap();
    // Saved, the new event's editor becomes its "Edit event" form.
    await editor.getByRole('form', { name: 'Edit event' }).getByText('Successfully Saved').waitFor();

    const made = occurrences();
    expect(made.slice(0, 8).map((o) => o.start)).toEqual([
      '2031-01-21T19:00', '2031-02-18T19:00', '2031-03-18T19:00', '2031-04-15T19:00', '2031-05-20T19:00', '2031-06-17T19:00', '2031-09-16T19:00', '2031-10-21T19:00',
    ]);
    const [, , march, april, may] = made;

    // The calendar shows each occurrence on its day, and none in July.
    await editor.goto('/events?month=2031-03');
    await editor.getByRole('link', { name: new RegExp(TITLE) }).first().waitFor();
    expect(await editor.getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(1);
    await checkA11y(editor);
    await snapshot(editor, 'series-calendar-390');
    await editor.goto('/events?month=2031-07');
    await editor.getByRole('heading', { name: /July 2031/ }).waitFor();
    expect(await editor.getByRole('link', { name: new RegExp(TITLE) }).count()).toBe(0);

    // A member answers the March meeting on its own page.
    const member = await openPage(harness, PHONE);
    await logIn(member, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await member.goto('/events?month=2031-03');
    await member.getByRole('link', { name: new RegExp(TITLE) }).first().tap();
    await member.getByText('Repeats the third Tuesday of each month except July and August.').waitFor();
    const answer = member.getByRole('form', { name: 'Your answer' });
    await answer.getByRole('radio', { name: 'Attending', exact: true }).tap();
    await answer.getByRole('button', { name: 'Save' }).tap();
    await answer.getByText('You are signed up.').waitFor();
    expect(member.url()).toContain(`/event/${march?.id}`);
    await checkA11y(member);
    await snapshot(member, 'series-occurrence-answered-390');

    // The editor moves the meeting to 7:30 from April on.
    await editor.goto(`/editEvent/${april?.id}`);
    const edit = editor.getByRole('form', { name: 'Edit event' });
    await edit.getByRole('radio', { name: 'Change this and the following events' }).tap();
    await edit.getByText('Repeats the third Tuesday of each month except July and August.').waitFor();
    await edit.getByLabel('Start').fill('2031-04-15T19:30');
    await edit.getByLabel('End').fill('2031-04-15T21:30');
    await checkA11y(editor);
    await snapshot(editor, 'series-edit-following-390');
    await edit.getByRole('button', { name: 'Save' }).tap();
    await edit.getByText('Successfully Saved').waitFor();

    const after = occurrences();
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
    await member.getByText('Repeats the third Tuesday of each month except July and August.').waitFor();
    await member.getByRole('form', { name: 'Your answer' }).waitFor();
    expect(await member.getByRole('row', { name: /\(you\)/ }).count()).toBe(0);
    expect(await member.getByText(/7:30/).count()).toBeGreaterThan(0);
    await member.context().close();
    await editor.context().close();
  });
});
