import fs from 'node:fs';
import path from 'node:path';
import type { ClubEvent, EventReply, EventSummary } from '@club/contracts';
import { and, eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attendance, members, outbox } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg, makePng } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let editor: TestMember;
let admin: TestMember;
let ann: TestMember;
let bob: TestMember;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example.org' });
  editor = createMember(t.db, { permissions: ['event'] });
  admin = createMember(t.db, { permissions: ['admin'] });
  ann = createMember(t.db, { firstName: 'Ann', lastName: 'Attender' });
  bob = createMember(t.db, { firstName: 'Bob', lastName: 'Bystander' });
  jpeg = await makeJpeg(60, 40);
  png = await makePng(60, 40);
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);
const uploadedFile = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

type EventForm = Partial<Record<'id' | 't' | 'start' | 'end' | 'venue' | 'country' | 'address' | 'address2' | 'description' | 'img' | 'signup', string>> & {
  notify?: string[];
};

const baseEvent = (overrides: EventForm = {}): EventForm => ({
  id: '0',
  t: 'Spring Tour to Hermann',
  start: '2031-04-12T09:00',
  end: '2031-04-12T16:30',
  venue: 'Hermann Riverfront Park',
  address: '1 Wharf St',
  address2: 'Hermann, MO 65041',
  country: '',
  description: 'Drive along Highway 100.',
  ...overrides,
});

/** event.save as the legacy client sends it: multipart, `notify[]` repeated, the image as `f`. */
function saveEvent(token: string, fields: EventForm, image?: { buffer: Buffer; name: string }) {
  return postMultipart(t.app, 'event.save', { g: token, ...fields }, image ? [{ field: 'f', ...image }] : []);
}

async function listEvents(token: string): Promise<ClubEvent[]> {
  const res = await post('events.get', { g: token });
  expect(res.status).toBe(200);
  return (res.body as { v: ClubEvent[] }).v;
}

async function listMonth(token: string, window: { from: string; to: string }): Promise<EventSummary[]> {
  const res = await post('events.month', { g: token, ...window });
  expect(res.status).toBe(200);
  return (res.body as { events: EventSummary[] }).events;
}

async function readEvent(token: string, id: number): Promise<ClubEvent | undefined> {
  return (await listEvents(token)).find((e) => e.id === id);
}

async function createEvent(fields: EventForm = {}): Promise<number> {
  const res = await saveEvent(editor.token, baseEvent(fields));
  expect(res.status).toBe(200);
  return (res.body as { i: number }).i;
}

describe('access', () => {
  it('answers events.get with 401 to a visitor who is not logged in, so no attendance names leak', async () => {
    const res = await post('events.get', {});
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/log in/i);
  });

  it('lets any member read events but only event editors and admins save or delete them', async () => {
    expect((await post('events.get', { g: bob.token })).status).toBe(200);
    const refused = await saveEvent(bob.token, baseEvent());
    expect(refused.status).toBe(403);
    expect(refused.body.e).toMatch(/permission/i);
    const id = await createEvent();
    expect((await post('event.delete', { g: bob.token, id })).status).toBe(403);
    const byAdmin = await saveEvent(admin.token, baseEvent({ id: String(id), t: 'Renamed by the admin' }));
    expect(byAdmin.status).toBe(200);
    expect((await post('event.delete', { g: admin.token, id })).status).toBe(200);
  });
});

describe('POST /api/event.save.php', () => {
  it('creates an event with an image and reminders, lists it, and edits it under the same id', async () => {
    const created = await saveEvent(editor.token, baseEvent({ notify: ['3', '0', '3'] }), { buffer: jpeg, name: 'car.jpg' });
    expect(created.status).toBe(200);
    const { i: id, img } = created.body as { i: number; img: string };
    expect(img).toMatch(/^\/uploads\/events\/.+\.jpg$/);
    expect(fs.existsSync(uploadedFile(img))).toBe(true);
    expect((await request(t.app).get(img)).status).toBe(200);

    const listed = await readEvent(ann.token, id);
    expect(listed).toMatchObject({
      title: 'Spring Tour to Hermann',
      start: '2031-04-12T09:00',
      end: '2031-04-12T16:30',
      location: 'Hermann Riverfront Park',
      addressLine1: '1 Wharf St',
      addressLine2: 'Hermann, MO 65041',
      country: 'United States',
      text: 'Drive along Highway 100.',
      notifyDaysOut: [0, 3],
      imageUrl: img,
      attendance: [],
      myAttendanceIndex: -1,
    });

    const edited = await saveEvent(editor.token, baseEvent({ id: String(id), t: 'Spring Tour (rain date)', img, country: 'Canada' }));
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ i: id, img });
    const after = await listEvents(ann.token);
    expect(after.filter((e) => e.id === id)).toHaveLength(1);
    expect(after.find((e) => e.id === id)).toMatchObject({ title: 'Spring Tour (rain date)', country: 'Canada', imageUrl: img, notifyDaysOut: [] });

    const removed = await saveEvent(editor.token, baseEvent({ id: String(id), img: '' }));
    expect(removed.body).toEqual({ i: id, img: '' });
    expect(fs.existsSync(uploadedFile(img))).toBe(false);
  });

  it('stores [u]url[/u] markers and other markup verbatim', async () => {
    const description = 'Route: [u]https://maps.example.com/?q=a&b=1[/u] <b>bring</b> a "jack" & [u]javascript:alert(1)[/u]';
    const id = await createEvent({ description });
    expect((await readEvent(ann.token, id))?.text).toBe(description);
  });

  it('refuses a PNG renamed .jpg with 415 and saves nothing', async () => {
    const before = (await listEvents(editor.token)).length;
    const folder = path.join(t.config.uploadsDir, 'events');
    const filesBefore = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    const res = await saveEvent(editor.token, baseEvent({ t: 'Sneaky PNG' }), { buffer: png, name: 'photo.jpg' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/JPEG/);
    expect((await listEvents(editor.token)).length).toBe(before);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(filesBefore);
  });

  it('refuses an end before the start with 400 naming the end', async () => {
    const res = await saveEvent(editor.token, baseEvent({ start: '2031-05-02T10:00', end: '2031-05-02T09:59' }));
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/end must not be before the start/i);
  });

  it.each([
    ['a missing title', { t: '' }, /title/i],
    ['a title too long', { t: 'x'.repeat(201) }, /title is too long/i],
    ['a start that is not a date', { start: 'next Saturday' }, /start must be a date and time/i],
    ['a start in the 13th month', { start: '2031-13-01T10:00', end: '2031-13-01T12:00' }, /start is not a real date/i],
    ['an end on February 30th', { end: '2031-02-30T12:00' }, /end is not a real date/i],
    ['a start at 24:00', { start: '2031-04-12T24:00' }, /start is not a real time/i],
    [
      'a start the spring-forward change skips in the club time zone',
      { start: '2031-03-09T02:30', end: '2031-03-09T04:00' },
      /start does not exist in the club time zone/i,
    ],
    ['a missing end', { end: '' }, /end/i],
    ['a venue too long', { venue: 'v'.repeat(201) }, /venue is too long/i],
    ['an address too long', { address: 'a'.repeat(201) }, /address is too long/i],
    ['a city line too long', { address2: 'c'.repeat(201) }, /city, state and zip is too long/i],
    ['a country too long', { country: 'c'.repeat(101) }, /country is too long/i],
    ['a description too long', { description: 'd'.repeat(20001) }, /description is too long/i],
    ['a reminder that is not offered', { notify: ['2'] }, /now, or 1, 3 or 5 days/i],
    ['a reminder that is not a number', { notify: ['soon'] }, /reminder days must be a number/i],
    ['an id that is not a number', { id: 'abc' }, /event id must be a number/i],
  ] as const)('refuses %s with 400 and {e}', async (_label, overrides, message) => {
    const res = await saveEvent(editor.token, baseEvent(overrides as EventForm));
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(message);
  });

  it('answers 404 for an unknown event id', async () => {
    const res = await saveEvent(editor.token, baseEvent({ id: '999999' }));
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/not found/i);
  });
});

describe('POST /api/event.save.php with the sign-up settings (one write)', () => {
  const settingsOf = async (id: number) => {
    const res = await post('event.get', { g: editor.token, id });
    expect(res.status).toBe(200);
    return (res.body as EventReply).signups?.settings;
  };
  const dinner = { capacity: 30, deadline: '2031-04-10T12:00', choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] };

  it('saves a new event with its capacity, deadline and questions in the same call', async () => {
    const res = await saveEvent(editor.token, baseEvent({ t: 'Dinner Run', signup: JSON.stringify(dinner) }));
    expect(res.status).toBe(200);
    expect(await settingsOf((res.body as { i: number }).i)).toEqual(dinner);
  });

  it('keeps the settings when a save sends none (a legacy client)', async () => {
    const id = (await saveEvent(editor.token, baseEvent({ t: 'Kept Settings', signup: JSON.stringify(dinner) }))).body.i as number;
    expect((await saveEvent(editor.token, baseEvent({ id: String(id), t: 'Kept Settings, renamed' }))).status).toBe(200);
    expect(await settingsOf(id)).toEqual(dinner);
  });

  it('refuses settings it cannot take with 400 and saves neither a new event nor the change to an existing one', async () => {
    const twice = JSON.stringify({ ...dinner, choices: [dinner.choices[0], dinner.choices[0]] });
    const refused = await saveEvent(editor.token, baseEvent({ t: 'Half Saved Tour', signup: twice }));
    expect(refused.status).toBe(400);
    expect(refused.body.e).toMatch(/same name/);
    expect((await listEvents(editor.token)).some((e) => e.title === 'Half Saved Tour')).toBe(false);

    const id = (await saveEvent(editor.token, baseEvent({ t: 'Whole Tour', signup: JSON.stringify(dinner) }))).body.i as number;
    for (const signup of [twice, JSON.stringify({ capacity: 0 }), '{not json']) {
      const res = await saveEvent(
        editor.token,
        baseEvent({ id: String(id), t: 'Whole Tour, half changed', start: '2031-04-13T09:00', end: '2031-04-13T16:30', signup }),
      );
      expect(res.status, signup).toBe(400);
      expect((await readEvent(editor.token, id))?.title).toBe('Whole Tour');
      expect((await readEvent(editor.token, id))?.start).toBe('2031-04-12T09:00');
      expect(await settingsOf(id)).toEqual(dinner);
    }
  });
});

describe('POST /api/event.nowReminder.php', () => {
  const remindersOf = (title: string) =>
    t.db
      .select()
      .from(outbox)
      .all()
      .filter((mail) => mail.subject.startsWith(`Reminder: ${title},`));

  it('reports whom a save with "now" e-mailed, before the reply, and the same after a later save that sends nothing', async () => {
    const readers = t.db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.enabled, true), eq(members.emailNotifications, true)))
      .all().length;
    const id = await createEvent({ t: 'Reminded Tour' });
    expect((await post('event.nowReminder', { g: editor.token, id })).body).toEqual({ emailed: 0, pushed: 0, sent: '' });

    const saved = await saveEvent(editor.token, baseEvent({ id: String(id), t: 'Reminded Tour', notify: ['0'] }));
    expect(saved.body).toEqual({ i: id, img: '' });
    expect(remindersOf('Reminded Tour')).toHaveLength(readers);
    const report = await post('event.nowReminder', { g: editor.token, id });
    expect(report.status).toBe(200);
    expect(report.body).toMatchObject({ emailed: readers, pushed: 0 });
    expect((report.body as { sent: string }).sent).toMatch(/^\d{4}-\d\d-\d\dT/);

    expect((await saveEvent(editor.token, baseEvent({ id: String(id), t: 'Reminded Tour', notify: ['0'] }))).status).toBe(200);
    expect(remindersOf('Reminded Tour')).toHaveLength(readers);
    expect((await post('event.nowReminder', { g: editor.token, id })).body).toEqual(report.body);
  });

  it('answers 401 logged out, 403 to a member who is not an event editor, 404 for an unknown event', async () => {
    const id = await createEvent();
    expect((await post('event.nowReminder', { id })).status).toBe(401);
    expect((await post('event.nowReminder', { g: bob.token, id })).status).toBe(403);
    const missing = await post('event.nowReminder', { g: editor.token, id: 999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.e).toMatch(/event/i);
  });
});

describe('POST /api/events.month.php', () => {
  it('returns the events overlapping the days, multi-day events included; the legacy list has every event', async () => {
    const before = await createEvent({ t: 'Late February show', start: '2032-02-27T10:00', end: '2032-02-27T15:00' });
    const spanning = await createEvent({ t: 'Leap-day weekend', start: '2032-02-28T08:00', end: '2032-03-01T17:00' });
    const inside = await createEvent({ t: 'March meeting', start: '2032-03-02T19:00', end: '2032-03-02T21:00' });
    const after = await createEvent({ t: 'April drive', start: '2032-04-01T00:00', end: '2032-04-01T02:00' });
    const march = (await listMonth(ann.token, { from: '2032-03-01', to: '2032-03-31' })).map((e) => e.id);
    expect(march).toEqual([spanning, inside]);
    const all = (await listEvents(ann.token)).map((e) => e.id);
    expect(all).toEqual(expect.arrayContaining([before, spanning, inside, after]));
  });

  it('answers what the calendar shows (id, title, start, end, venue), the same for every member, with no one’s answers', async () => {
    const id = await createEvent({ t: 'Brief May meeting', start: '2032-05-04T19:00', end: '2032-05-04T21:00', venue: 'Grange Hall' });
    expect((await post('attendance.set', { g: ann.token, i: id, s: 1, t: 2, c: 'Bringing pie' })).status).toBe(200);
    const window = { from: '2032-05-01', to: '2032-05-31' };
    const forAnn = await listMonth(ann.token, window);
    expect(forAnn).toEqual([{ id, title: 'Brief May meeting', start: '2032-05-04T19:00', end: '2032-05-04T21:00', location: 'Grange Hall' }]);
    expect(await listMonth(bob.token, window)).toEqual(forAnn);
  });

  it('refuses a window that ends before it starts, and a day that is not a date', async () => {
    const backwards = await post('events.month', { g: ann.token, from: '2032-03-31', to: '2032-03-01' });
    expect(backwards.status).toBe(400);
    expect(backwards.body.e).toMatch(/last day must not be before the first day/i);
    const bad = await post('events.month', { g: ann.token, from: 'March', to: '2032-03-31' });
    expect(bad.status).toBe(400);
    expect(bad.body.e).toMatch(/first day must be a date/i);
  });
});

describe('POST /api/attendance.set.php', () => {
  it('records Attending with 3, Not Attending, and removes the entry on Not Sure, only for the member themselves', async () => {
    const id = await createEvent({ t: 'Attendance test' });

    expect((await post('attendance.set', { g: ann.token, i: id, s: 1, t: 3, c: 'Bringing the grandkids' })).status).toBe(200);
    let seenByAnn = await readEvent(ann.token, id);
    expect(seenByAnn?.attendance).toEqual([{ displayName: 'Ann Attender', isAttending: true, totalAttending: 3, comments: 'Bringing the grandkids' }]);
    expect(seenByAnn?.myAttendanceIndex).toBe(0);
    expect((await readEvent(bob.token, id))?.myAttendanceIndex).toBe(-1);
    const names = (await post('events.get', { g: bob.token })).body.u as string[];
    expect(names).toContain('Ann Attender');

    // Bob's answers never touch Ann's entry: there is no way to name another member.
    expect((await post('attendance.set', { g: bob.token, i: id, s: 0, c: 'Away that week' })).status).toBe(200);
    expect((await post('attendance.set', { g: bob.token, i: id, s: -1, memberId: ann.id })).status).toBe(200);
    seenByAnn = await readEvent(ann.token, id);
    expect(seenByAnn?.attendance).toEqual([{ displayName: 'Ann Attender', isAttending: true, totalAttending: 3, comments: 'Bringing the grandkids' }]);

    expect((await post('attendance.set', { g: ann.token, i: id, s: 0, c: '' })).status).toBe(200);
    expect((await readEvent(ann.token, id))?.attendance).toEqual([{ displayName: 'Ann Attender', isAttending: false, totalAttending: 0, comments: '' }]);

    expect((await post('attendance.set', { g: ann.token, i: id, s: -1 })).status).toBe(200);
    seenByAnn = await readEvent(ann.token, id);
    expect(seenByAnn?.attendance).toEqual([]);
    expect(seenByAnn?.myAttendanceIndex).toBe(-1);
  });

  it('defaults the number attending to 1', async () => {
    const id = await createEvent({ t: 'Default total' });
    await post('attendance.set', { g: ann.token, i: id, s: '1' });
    expect((await readEvent(ann.token, id))?.attendance[0]?.totalAttending).toBe(1);
  });

  it.each([
    ['a total of 0', { s: 1, t: 0 }, /number attending must be at least 1/i],
    ['a total that is not a number', { s: 1, t: 'three' }, /number attending must be a number/i],
    ['an unknown choice', { s: 2 }, /attendance must be at most 1/i],
    ['a comment too long', { s: 1, c: 'c'.repeat(1001) }, /comments is too long/i],
  ] as const)('refuses %s with 400 and {e}', async (_label, fields, message) => {
    const id = await createEvent({ t: 'Bad attendance' });
    const res = await post('attendance.set', { g: ann.token, i: id, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(message);
  });

  it('answers 404 for an unknown event and 401 when logged out', async () => {
    expect((await post('attendance.set', { g: ann.token, i: 999999, s: 1 })).status).toBe(404);
    expect((await post('attendance.set', { i: 1, s: 1 })).status).toBe(401);
  });
});

describe('POST /api/event.delete.php', () => {
  it('deletes the event with its attendance and its image file', async () => {
    const created = await saveEvent(editor.token, baseEvent({ t: 'To be deleted' }), { buffer: jpeg, name: 'x.jpg' });
    const { i: id, img } = created.body as { i: number; img: string };
    await post('attendance.set', { g: ann.token, i: id, s: 1, t: 2 });
    expect(t.db.select().from(attendance).where(eq(attendance.eventId, id)).all()).toHaveLength(1);

    const res = await post('event.delete', { g: editor.token, id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await readEvent(ann.token, id)).toBeUndefined();
    expect(t.db.select().from(attendance).where(eq(attendance.eventId, id)).all()).toHaveLength(0);
    expect(fs.existsSync(uploadedFile(img))).toBe(false);

    const again = await post('event.delete', { g: editor.token, id });
    expect(again.status).toBe(404);
    expect(again.body.e).toMatch(/not found/i);
  });

  it('refuses an id that is not a number with 400', async () => {
    const res = await post('event.delete', { g: editor.token, id: 'first' });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/event id must be a number/i);
  });
});

/** The VEVENTs of an iCalendar text, parsed by node-ical, by summary. */
function parseEvents(text: string): Map<string, VEvent> {
  const parsed = ical.sync.parseICS(text);
  const events = Object.values(parsed).filter((c): c is VEvent => c?.type === 'VEVENT');
  return new Map(events.map((e) => [String(e.summary), e]));
}

describe('calendar files', () => {
  let beforeSpringChange: number;
  let afterSpringChange: number;
  let beforeFallChange: number;
  let afterFallChange: number;

  beforeAll(async () => {
    // In 2033 America/Chicago springs forward on March 13 and falls back on November 6.
    beforeSpringChange = await createEvent({ t: 'Winter swap meet', start: '2033-03-12T09:00', end: '2033-03-12T12:00' });
    afterSpringChange = await createEvent({ t: 'Spring polish day', start: '2033-03-14T09:00', end: '2033-03-14T12:00' });
    beforeFallChange = await createEvent({ t: 'Fall colors tour', start: '2033-11-05T18:30', end: '2033-11-05T21:00' });
    afterFallChange = await createEvent({ t: 'Banquet', start: '2033-11-07T18:30', end: '2033-11-07T21:00', venue: 'Oak Hall', address2: 'Kirkwood, MO' });
  });

  const downloadEvent = (id: number, token?: string) =>
    request(t.app)
      .post(`/calendar/event/${id}.ics`)
      .type('form')
      .send(token ? { g: token } : {});

  it('downloads one event as .ics for a logged-in member with the right UTC instants either side of DST', async () => {
    const expected: Array<[number, string, string, string]> = [
      [beforeSpringChange, 'Winter swap meet', '2033-03-12T15:00:00.000Z', '2033-03-12T18:00:00.000Z'],
      [afterSpringChange, 'Spring polish day', '2033-03-14T14:00:00.000Z', '2033-03-14T17:00:00.000Z'],
      [beforeFallChange, 'Fall colors tour', '2033-11-05T23:30:00.000Z', '2033-11-06T02:00:00.000Z'],
      [afterFallChange, 'Banquet', '2033-11-08T00:30:00.000Z', '2033-11-08T03:00:00.000Z'],
    ];
    for (const [id, title, start, end] of expected) {
      const res = await downloadEvent(id, ann.token);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/calendar/);
      expect(res.headers['content-disposition']).toBe(`attachment; filename="event-${id}.ics"`);
      expect(res.text).toContain('BEGIN:VTIMEZONE');
      expect(res.text).toContain('TZID=America/Chicago');
      const events = parseEvents(res.text);
      expect([...events.keys()]).toEqual([title]);
      const event = events.get(title);
      expect(event?.start.toISOString()).toBe(start);
      expect(event?.end?.toISOString()).toBe(end);
      expect(res.text).toContain(`URL;VALUE=URI:https://club.example.org/event/${id}`);
    }
    const banquet = parseEvents((await downloadEvent(afterFallChange, ann.token)).text).get('Banquet');
    expect(banquet?.location).toBe('Oak Hall, 1 Wharf St, Kirkwood, MO, United States');
  });

  it('refuses the download without a valid session (401) and for an unknown event (404)', async () => {
    const anonymous = await downloadEvent(beforeSpringChange);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.e).toMatch(/log in/i);
    expect((await downloadEvent(beforeSpringChange, 'not-a-token')).status).toBe(401);
    expect((await downloadEvent(999999, ann.token)).status).toBe(404);
  });

  it("sends a browser whose session has ended to the event's page rather than showing it an error as JSON", async () => {
    const fromBrowser = (id: string, token?: string) =>
      request(t.app)
        .post(`/calendar/event/${id}.ics`)
        .set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8')
        .type('form')
        .send(token ? { g: token } : {});
    const ended = await fromBrowser(String(beforeSpringChange), 'an-ended-session');
    expect(ended.status).toBe(303);
    expect(ended.headers.location).toBe(`/event/${beforeSpringChange}`);
    const notANumber = await fromBrowser('abc', ann.token);
    expect(notANumber.status).toBe(303);
    expect(notANumber.headers.location).toBe('/events');
    expect((await fromBrowser(String(beforeSpringChange), ann.token)).headers['content-type']).toMatch(/^text\/calendar/);
  });

  it('serves every event at a private feed address that a reset stops', async () => {
    expect((await post('calendarFeed.get', { g: bob.token })).body).toEqual({ created: '' });
    expect((await post('calendarFeed.get', {})).status).toBe(401);

    const first = await post('calendarFeed.reset', { g: bob.token });
    expect(first.status).toBe(200);
    const firstUrl = new URL((first.body as { url: string }).url);
    expect(firstUrl.origin).toBe('https://club.example.org');
    expect(firstUrl.pathname).toMatch(/^\/calendar\/[\w-]{40,}\.ics$/);
    expect((await post('calendarFeed.get', { g: bob.token })).body).toEqual({ created: first.body.created });

    const feed = await request(t.app).get(firstUrl.pathname);
    expect(feed.status).toBe(200);
    expect(feed.headers['content-type']).toMatch(/^text\/calendar/);
    const events = parseEvents(feed.text);
    const eventCount = Object.values(ical.sync.parseICS(feed.text)).filter((c) => c?.type === 'VEVENT').length;
    expect(eventCount).toBe((await listEvents(bob.token)).length);
    expect(events.get('Spring polish day')?.start.toISOString()).toBe('2033-03-14T14:00:00.000Z');
    expect(events.get('Banquet')?.start.toISOString()).toBe('2033-11-08T00:30:00.000Z');
    expect(feed.text).toContain('X-WR-TIMEZONE:America/Chicago');

    const second = await post('calendarFeed.reset', { g: bob.token });
    const secondUrl = new URL((second.body as { url: string }).url);
    expect(secondUrl.pathname).not.toBe(firstUrl.pathname);
    const stale = await request(t.app).get(firstUrl.pathname);
    expect(stale.status).toBe(404);
    expect(stale.body.e).toMatch(/not found/i);
    expect((await request(t.app).get(secondUrl.pathname)).status).toBe(200);
    expect((await request(t.app).get('/calendar/made-up-token.ics')).status).toBe(404);
  });

  it("stops a disabled member's feed", async () => {
    const leaving = createMember(t.db, { firstName: 'Leaving' });
    const { url } = (await post('calendarFeed.reset', { g: leaving.token })).body as { url: string };
    const feedPath = new URL(url).pathname;
    expect((await request(t.app).get(feedPath)).status).toBe(200);
    t.db.update(members).set({ enabled: false }).where(eq(members.id, leaving.id)).run();
    expect((await request(t.app).get(feedPath)).status).toBe(404);
  });
});
