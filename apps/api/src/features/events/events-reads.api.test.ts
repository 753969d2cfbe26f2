import { EVENTS_PAGE_SIZE, type ClubEvent, type EventRowsReply, type EventsReply, type EventSummary } from '@club/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

/** events.get sized for each page: one event, upcoming events, a page of past events. */

type Reply = EventsReply;

let t: TestApp;
let editor: TestMember;
let ann: TestMember;
let bob: TestMember;

/** The moment the tests call now (club time), and the events either side of it. */
const NOW = '2030-06-15T12:00';
const ids = { firstOfAll: 0, endedJustBefore: 0, endsNow: 0, running: 0, sameStartA: 0, sameStartB: 0, lastOfAll: 0 };
/** Past events made for paging, latest first, beside the named ones. */
const PAGED_PAST = 2 * EVENTS_PAGE_SIZE + 3;

const post = (body: object) => request(t.app).post('/api/events.get.php').send(body);

async function read(token: string, body: object): Promise<Reply> {
  const res = await post({ g: token, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Reply;
}

/** The brief rows of /new-events (upcoming, or a page of past events). */
async function readRows(token: string, body: object): Promise<EventRowsReply> {
  const res = await post({ g: token, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as EventRowsReply;
}

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
    const res = await request(t.app).post('/api/attendance.set.php').send({ g: member.token, i: eventId, s, ...extra });
    expect(res.status).toBe(200);
  };
  await answer(ann, ids.sameStartA, 1, { t: 2, c: 'Bringing the Tudor' });
  await answer(bob, ids.sameStartA, 0);
  await answer(bob, ids.lastOfAll, 1);
}, 60_000);
afterAll(() => t.close());

describe('events.get with id (the event page)', () => {
  it('returns the one event with its attendance and the earlier and later events in start order', async () => {
    const reply = await read(ann.token, { id: ids.sameStartA });
    expect(titles(reply.v)).toEqual(['Twin A']);
    expect(reply.v[0]).toMatchObject({
      id: ids.sameStartA,
      location: 'Twin A venue',
      attendance: [
        { displayName: 'Ann Attender', isAttending: true, totalAttending: 2, comments: 'Bringing the Tudor' },
        { displayName: 'Bob Bystander', isAttending: false, totalAttending: 0, comments: '' },
      ],
      myAttendanceIndex: 0,
    });
    expect(reply.u).toEqual(['Ann Attender', 'Bob Bystander']);
    expect(reply.earlier).toEqual({ id: ids.endsNow, title: 'Ends this minute', start: '2030-06-15T10:00' });
    // Same start: the event saved later comes later, as in the full list.
    expect(reply.later).toEqual({ id: ids.sameStartB, title: 'Twin B', start: '2030-07-04T09:30' });
    expect((await read(ann.token, { id: ids.sameStartB })).earlier?.id).toBe(ids.sameStartA);
  });

  it('marks the viewer’s own answer for each member, and lists only that event’s names', async () => {
    const asBob = await read(bob.token, { id: ids.sameStartA });
    expect(asBob.v[0]?.myAttendanceIndex).toBe(1);
    const asEditor = await read(editor.token, { id: ids.sameStartA });
    expect(asEditor.v[0]?.myAttendanceIndex).toBe(-1);
    const last = await read(ann.token, { id: ids.lastOfAll });
    expect(last.u).toEqual(['Bob Bystander']);
  });

  it('has no earlier event for the first event and no later one for the last', async () => {
    const first = await read(ann.token, { id: ids.firstOfAll });
    expect(first.earlier).toBeNull();
    expect(first.later?.title).toBe('Old drive 01');
    const last = await read(ann.token, { id: ids.lastOfAll });
    expect(last.later).toBeNull();
    expect(last.earlier).toEqual({ id: ids.sameStartB, title: 'Twin B', start: '2030-07-04T09:30' });
  });

  it('answers an unknown id with an empty list and no neighbours', async () => {
    expect(await read(ann.token, { id: 987654 })).toEqual({ v: [], u: [], earlier: null, later: null });
  });

  it('walks from the first event to the last through later links, in the legacy list’s order', async () => {
    const all = (await read(ann.token, {})).v.map((e) => e.id);
    const walked: number[] = [];
    let next: number | undefined = ids.firstOfAll;
    while (next !== undefined) {
      walked.push(next);
      next = (await read(ann.token, { id: next })).later?.id;
    }
    expect(walked).toEqual(all);
  });
});

describe('events.get with upcoming and past (/new-events)', () => {
  it('splits around the moment: upcoming are those not yet ended, soonest first, running ones included', async () => {
    const upcoming = await readRows(ann.token, { upcoming: NOW });
    expect(Object.keys(upcoming)).toEqual(['rows']);
    expect(titles(upcoming.rows)).toEqual(['Three-day meet', 'Ends this minute', 'Twin A', 'Twin B', 'Last of all']);

    const past = await readRows(ann.token, { past: NOW });
    expect(Object.keys(past).sort()).toEqual(['rows', 'total']);
    expect(titles(past.rows).slice(0, 3)).toEqual(['Ended a minute ago', 'Old drive 43', 'Old drive 42']);
    expect(past.total).toBe(PAGED_PAST + 2);
  });

  it('answers brief rows: id, title, start, end and venue, without attendance, description or address', async () => {
    const { rows } = await readRows(ann.token, { upcoming: NOW });
    expect(rows.find((e) => e.id === ids.lastOfAll)).toEqual({
      id: ids.lastOfAll,
      title: 'Last of all',
      start: '2031-12-31T18:00',
      end: '2031-12-31T23:00',
      location: 'Last of all venue',
    });
    const past = await readRows(ann.token, { past: NOW, page: 2 });
    for (const row of [...rows, ...past.rows]) expect(Object.keys(row).sort()).toEqual(['end', 'id', 'location', 'start', 'title']);
    // The same rows for every member: nobody's answer is in them.
    expect((await readRows(bob.token, { upcoming: NOW })).rows).toEqual(rows);
  });

  it('takes the moment as the legacy client writes it, with a space and seconds', async () => {
    const upcoming = await readRows(ann.token, { upcoming: '2030-06-15 12:00:59' });
    expect(upcoming.rows[1]?.title).toBe('Ends this minute');
  });

  it('pages the past events latest first, each event once, with the total on every page', async () => {
    const pages: EventRowsReply[] = [];
    for (let page = 1; page <= 4; page += 1) pages.push(await readRows(ann.token, { past: NOW, page }));
    const total = PAGED_PAST + 2;
    expect(pages.map((p) => p.rows.length)).toEqual([EVENTS_PAGE_SIZE, EVENTS_PAGE_SIZE, total - 2 * EVENTS_PAGE_SIZE, 0]);
    expect(pages.every((p) => p.total === total)).toBe(true);
    const starts = pages.flatMap((p) => p.rows.map((e) => e.start));
    expect(starts).toEqual([...starts].sort().reverse());
    const seen = pages.flatMap((p) => p.rows.map((e) => e.id));
    expect(new Set(seen).size).toBe(total);
    expect(pages[2]?.rows.at(-1)?.title).toBe('First of all');
    // Page 1 is the same as no page.
    expect(await readRows(ann.token, { past: NOW, page: 1 })).toEqual(await readRows(ann.token, { past: NOW }));
  });

  it('keeps each answer in the reply cache (304 with its ETag) until a change to the data', async () => {
    const first = await post({ g: ann.token, past: NOW, page: 2 });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect((await post({ g: ann.token, past: NOW, page: 2 }).set('If-None-Match', etag)).status).toBe(304);
    // Another page, or another member, is another answer.
    expect((await post({ g: ann.token, past: NOW, page: 3 })).headers.etag).not.toBe(etag);

    const eventId = ids.sameStartA;
    const before = await post({ g: ann.token, id: eventId });
    expect((await post({ g: bob.token, id: eventId })).headers.etag).not.toBe(before.headers.etag);
    await request(t.app).post('/api/attendance.set.php').send({ g: ann.token, i: eventId, s: 1, t: 4, c: 'Four of us now' }).expect(200);
    const after = await post({ g: ann.token, id: eventId }).set('If-None-Match', before.headers.etag as string);
    expect(after.status).toBe(200);
    expect((after.body as Reply).v[0]?.attendance[0]).toMatchObject({ totalAttending: 4, comments: 'Four of us now' });
  });
});

describe('events.get access and checks', () => {
  it.each([
    ['one event', { id: 1 }],
    ['upcoming events', { upcoming: NOW }],
    ['past events', { past: NOW, page: 2 }],
  ])('answers %s with 401 and no names to a visitor who is not logged in, or whose session ended', async (_label, body) => {
    for (const res of [await post(body), await post({ ...body, g: 'no-such-session' })]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ e: expect.stringMatching(/log in/i) });
    }
  });

  it.each([
    ['a page below 1', { past: NOW, page: -1 }, /page of past events must be at least 1/i],
    ['a page that is not a number', { past: NOW, page: 'two' }, /page of past events must be a number/i],
    ['a page without past', { page: 2 }, /page is only for past events/i],
    ['an id that is not a number', { id: 'abc' }, /event id must be a number/i],
    ['an id of 0', { id: 0 }, /event id must be at least 1/i],
    ['a moment that is not a time', { upcoming: 'tomorrow' }, /time for upcoming events must be a date and time/i],
    ['a day without a time', { past: '2030-06-15' }, /time for past events must be a date and time/i],
    ['two ways at once', { id: 1, upcoming: NOW }, /one event, a window of days, the upcoming events or the past events/i],
    ['a window with an id', { from: '2030-06-01', id: 1 }, /not several at once/i],
  ])('refuses %s with 400 and a clear message', async (_label, body, message) => {
    const res = await post({ g: ann.token, ...body });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(message);
  });

  it('still answers the legacy call with every event, soonest first, every name, and nothing more', async () => {
    const reply = await read(ann.token, {});
    expect(Object.keys(reply).sort()).toEqual(['u', 'v']);
    expect(reply.v).toHaveLength(PAGED_PAST + 7);
    const starts = reply.v.map((e) => e.start);
    expect(starts).toEqual([...starts].sort());
    expect(reply.u).toEqual(['Ann Attender', 'Bob Bystander']);
  });
});
