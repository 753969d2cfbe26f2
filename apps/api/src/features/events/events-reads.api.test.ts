import {
  EVENTS_PAGE_SIZE,
  type CallName,
  type ClubEvent,
  type EventReply,
  type EventsReply,
  type EventSummary,
  type PastEventsReply,
  type UpcomingEventsReply,
} from '@club/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** The reads sized for each page: one event (event.get), upcoming events, a page of past events. */

let t: TestApp;
let editor: TestMember;
let ann: TestMember;
let bob: TestMember;

/** The moment the tests call now (club time), and the events either side of it. */
const NOW = '2030-06-15T12:00';
const ids = { firstOfAll: 0, endedJustBefore: 0, endsNow: 0, running: 0, sameStartA: 0, sameStartB: 0, lastOfAll: 0 };
/** Past events made for paging, latest first, beside the named ones. */
const PAGED_PAST = 2 * EVENTS_PAGE_SIZE + 3;

const post = (name: CallName, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

async function readOk(name: CallName, token: string, body: object): Promise<unknown> {
  const res = await post(name, { g: token, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

const readEvent = async (token: string, id: number) => (await readOk('event.get', token, { id })) as EventReply;
const readAll = async (token: string) => (await readOk('events.get', token, {})) as EventsReply;
const readUpcoming = async (token: string, at: string) => (await readOk('events.upcoming', token, { at })) as UpcomingEventsReply;
const readPast = async (token: string, body: { at: string; page?: number }) => (await readOk('events.past', token, body)) as PastEventsReply;

async function createEvent(title: string, start: string, end: string): Promise<number> {
  const res = await request(t.app)
    .post('/api/event.save.php')
    .send({ g: editor.token, id: 0, t: title, start, end, venue: `${title} venue` });
  expect(res.status).toBe(200);
  return (res.body as { i: number }).i;
}

const pad = (n: number) => String(n).padStart(2, '0');
const titles = (events: (ClubEvent | EventSummary)[]) => events.map((e) => e.title);

beforeAll(async () => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago' });
  editor = createMember(t.db, { permissions: ['event'] });
  ann = createMember(t.db, { firstName: 'Ann', lastName: 'Attender' });
  bob = createMember(t.db, { firstName: 'Bob', lastName: 'Bystander' });
  // Older paging fodder, one a day through May 2030 (ids well before the named events).
  for (let n = 1; n <= PAGED_PAST; n += 1) {
    const day = `2030-0${n <= 31 ? 4 : 5}-${pad(n <= 31 ? Math.min(n, 30) : n - 31)}`;
    await createEvent(`Old drive ${pad(n)}`, `${day}T0${n % 2}:00`, `${day}T0${n % 2}:30`);
  }
  ids.firstOfAll = await createEvent('First of all', '2029-01-05T10:00', '2029-01-05T12:00');
  ids.endedJustBefore = await createEvent('Ended a minute ago', '2030-06-15T09:00', '2030-06-15T11:59');
  ids.endsNow = await createEvent('Ends this minute', '2030-06-15T10:00', '2030-06-15T12:00');
  ids.running = await createEvent('Three-day meet', '2030-06-14T09:00', '2030-06-16T16:00');
  ids.sameStartA = await createEvent('Twin A', '2030-07-04T09:30', '2030-07-04T12:00');
  ids.sameStartB = await createEvent('Twin B', '2030-07-04T09:30', '2030-07-04T11:00');
  ids.lastOfAll = await createEvent('Last of all', '2031-12-31T18:00', '2031-12-31T23:00');

  const answer = async (member: TestMember, eventId: number, s: number, extra: object = {}) => {
    const res = await request(t.app)
      .post('/api/attendance.set.php')
      .send({ g: member.token, i: eventId, s, ...extra });
    expect(res.status).toBe(200);
  };
  await answer(ann, ids.sameStartA, 1, { t: 2, c: 'Bringing the Tudor' });
  await answer(bob, ids.sameStartA, 0);
  await answer(bob, ids.lastOfAll, 1);
}, 60_000);
afterAll(() => t.close());

describe('POST /api/event.get.php (the event page)', () => {
  it('returns the one event with its attendance and the earlier and later events in start order', async () => {
    const reply = await readEvent(ann.token, ids.sameStartA);
    expect(Object.keys(reply).sort()).toEqual(['earlier', 'event', 'later', 'series', 'signups']);
    expect(reply.series).toBeNull();
    expect(reply.event).toMatchObject({
      id: ids.sameStartA,
      title: 'Twin A',
      location: 'Twin A venue',
      attendance: [
        { displayName: 'Ann Attender', isAttending: true, totalAttending: 2, comments: 'Bringing the Tudor' },
        { displayName: 'Bob Bystander', isAttending: false, totalAttending: 0, comments: '' },
      ],
      myAttendanceIndex: 0,
    });
    expect(reply.earlier).toEqual({ id: ids.endsNow, title: 'Ends this minute', start: '2030-06-15T10:00' });
    // Same start: the event saved later comes later, as in the full list.
    expect(reply.later).toEqual({ id: ids.sameStartB, title: 'Twin B', start: '2030-07-04T09:30' });
    expect((await readEvent(ann.token, ids.sameStartB)).earlier?.id).toBe(ids.sameStartA);
  });

  it('marks the viewer’s own answer for each member, and lists only that event’s answers', async () => {
    expect((await readEvent(bob.token, ids.sameStartA)).event?.myAttendanceIndex).toBe(1);
    expect((await readEvent(editor.token, ids.sameStartA)).event?.myAttendanceIndex).toBe(-1);
    const last = await readEvent(ann.token, ids.lastOfAll);
    expect(last.event?.attendance.map((entry) => entry.displayName)).toEqual(['Bob Bystander']);
  });

  it('has no earlier event for the first event and no later one for the last', async () => {
    const first = await readEvent(ann.token, ids.firstOfAll);
    expect(first.earlier).toBeNull();
    expect(first.later?.title).toBe('Old drive 01');
    const last = await readEvent(ann.token, ids.lastOfAll);
    expect(last.later).toBeNull();
    expect(last.earlier).toEqual({ id: ids.sameStartB, title: 'Twin B', start: '2030-07-04T09:30' });
  });

  it('answers an unknown id with no event and no neighbours', async () => {
    expect(await readEvent(ann.token, 987654)).toEqual({ event: null, signups: null, series: null, earlier: null, later: null });
  });

  it('walks from the first event to the last through later links, in the legacy list’s order', async () => {
    const all = (await readAll(ann.token)).v.map((e) => e.id);
    const walked: number[] = [];
    let next: number | undefined = ids.firstOfAll;
    while (next !== undefined) {
      walked.push(next);
      next = (await readEvent(ann.token, next)).later?.id;
    }
    expect(walked).toEqual(all);
  });
});

describe('POST /api/events.upcoming.php and events.past.php (/new-events)', () => {
  it('splits around the moment: upcoming are those not yet ended, soonest first, running ones included', async () => {
    const upcoming = await readUpcoming(ann.token, NOW);
    expect(Object.keys(upcoming)).toEqual(['rows']);
    expect(titles(upcoming.rows)).toEqual(['Three-day meet', 'Ends this minute', 'Twin A', 'Twin B', 'Last of all']);

    const past = await readPast(ann.token, { at: NOW });
    expect(Object.keys(past).sort()).toEqual(['rows', 'total']);
    expect(titles(past.rows).slice(0, 3)).toEqual(['Ended a minute ago', 'Old drive 43', 'Old drive 42']);
    expect(past.total).toBe(PAGED_PAST + 2);
  });

  it('answers brief rows: id, title, start, end and venue, without attendance, description or address', async () => {
    const { rows } = await readUpcoming(ann.token, NOW);
    expect(rows.find((e) => e.id === ids.lastOfAll)).toEqual({
      id: ids.lastOfAll,
      title: 'Last of all',
      start: '2031-12-31T18:00',
      end: '2031-12-31T23:00',
      location: 'Last of all venue',
    });
    const past = await readPast(ann.token, { at: NOW, page: 2 });
    for (const row of [...rows, ...past.rows]) expect(Object.keys(row).sort()).toEqual(['end', 'id', 'location', 'start', 'title']);
    // The same rows for every member: nobody's answer is in them.
    expect((await readUpcoming(bob.token, NOW)).rows).toEqual(rows);
  });

  it('takes the moment as the legacy client writes it, with a space and seconds', async () => {
    const upcoming = await readUpcoming(ann.token, '2030-06-15 12:00:59');
    expect(upcoming.rows[1]?.title).toBe('Ends this minute');
  });

  it('pages the past events latest first, each event once, with the total on every page', async () => {
    const pages: PastEventsReply[] = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await readPast(ann.token, { at: NOW, page }));
    const total = PAGED_PAST + 2;
    expect(pages.map((p) => p.rows.length)).toEqual([EVENTS_PAGE_SIZE, EVENTS_PAGE_SIZE, total - 2 * EVENTS_PAGE_SIZE, 0]);
    expect(pages.every((p) => p.total === total)).toBe(true);
    const starts = pages.flatMap((p) => p.rows.map((e) => e.start));
    expect(starts).toEqual([...starts].sort().reverse());
    const seen = pages.flatMap((p) => p.rows.map((e) => e.id));
    expect(new Set(seen).size).toBe(total);
    expect(pages[2]?.rows.at(-1)?.title).toBe('First of all');
    // Page 1 is the same as no page.
    expect(await readPast(ann.token, { at: NOW, page: 1 })).toEqual(await readPast(ann.token, { at: NOW }));
  });

  it('keeps each answer in the reply cache (304 with its ETag) until a change to the data', async () => {
    const first = await post('events.past', { g: ann.token, at: NOW, page: 2 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await post('events.past', { g: ann.token, at: NOW, page: 2 }).set('If-None-Match', etag)).status).toBe(304);
    // Another page is another answer; the rows are the same for every member.
    expect((await post('events.past', { g: ann.token, at: NOW, page: 3 })).headers.etag).not.toBe(etag);
    expect((await post('events.past', { g: bob.token, at: NOW, page: 2 }).set('If-None-Match', etag)).status).toBe(304);

    const eventId = ids.sameStartA;
    const before = await post('event.get', { g: ann.token, id: eventId });
    expect((await post('event.get', { g: bob.token, id: eventId })).headers.etag).not.toBe(before.headers.etag);
    await request(t.app).post('/api/attendance.set.php').send({ g: ann.token, i: eventId, s: 1, t: 4, c: 'Four of us now' }).expect(200);
    const after = await post('event.get', { g: ann.token, id: eventId }).set('If-None-Match', before.headers.etag as string);
    expect(after.status).toBe(200);
    expect((after.body as EventReply).event?.attendance[0]).toMatchObject({ totalAttending: 4, comments: 'Four of us now' });
  });
});

describe('the event reads: access and checks', () => {
  it.each([
    ['one event', 'event.get', { id: 1 }],
    ['a month', 'events.month', { from: '2030-06-01', to: '2030-06-30' }],
    ['upcoming events', 'events.upcoming', { at: NOW }],
    ['past events', 'events.past', { at: NOW, page: 2 }],
  ] as const)('answers %s with 401 and no names to a visitor who is not logged in, or whose session ended', async (_label, name, body) => {
    for (const res of [await post(name, body), await post(name, { ...body, g: 'no-such-session' })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ e: expect.stringMatching(/log in/i) });
    }
  });

  it.each([
    ['a page below 1', 'events.past', { at: NOW, page: -1 }, /page of past events must be at least 1/i],
    ['a page that is not a number', 'events.past', { at: NOW, page: 'two' }, /page of past events must be a number/i],
    ['past events without a moment', 'events.past', { page: 2 }, /time for past events/i],
    ['an id that is not a number', 'event.get', { id: 'abc' }, /event id must be a number/i],
    ['an id of 0', 'event.get', { id: 0 }, /event id must be at least 1/i],
    ['no id', 'event.get', {}, /event id/i],
    ['a moment that is not a time', 'events.upcoming', { at: 'tomorrow' }, /time for upcoming events must be a date and time/i],
    ['a day without a time', 'events.past', { at: '2030-06-15' }, /time for past events must be a date and time/i],
    ['a month without its last day', 'events.month', { from: '2030-06-01' }, /last day/i],
  ] as const)('refuses %s with 400 and a clear message', async (_label, name, body, message) => {
    const res = await post(name, { g: ann.token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(message);
  });

  it('answers the legacy call with every event, soonest first, every name, and nothing more, whatever else is sent', async () => {
    const reply = (await readOk('events.get', ann.token, { id: ids.sameStartA, upcoming: NOW, page: 2 })) as EventsReply;
    expect(Object.keys(reply).sort()).toEqual(['u', 'v']);
    expect(reply.v).toHaveLength(PAGED_PAST + 7);
    const starts = reply.v.map((e) => e.start);
    expect(starts).toEqual([...starts].sort());
    expect(reply.u).toEqual(['Ann Attender', 'Bob Bystander']);
  });
});
