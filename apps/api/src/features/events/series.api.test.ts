import { clubTimeToInstant, type ClubEvent, type EventReply, type EventSummary, type RepeatRuleInput } from '@club/contracts';
import { eq } from 'drizzle-orm';
import ical, { type VEvent } from 'node-ical';
import request from 'supertest';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventSeries, events, members, outbox } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let editor: TestMember;
let ann: TestMember;
let bob: TestMember;

beforeAll(() => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example.org' });
  editor = createMember(t.db, { permissions: ['event'] });
  ann = createMember(t.db, { firstName: 'Ann', lastName: 'Attender' });
  bob = createMember(t.db, { firstName: 'Bob', lastName: 'Bystander' });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** The club's meeting: the third Tuesday of each month except July and August. */
const THIRD_TUESDAY: Partial<RepeatRuleInput> = { frequency: 'monthlyByWeekday', weekday: 2, week: 3, monthsOff: [7, 8] };

type SaveFields = {
  id?: number;
  title?: string;
  start?: string;
  end?: string;
  venue?: string;
  repeat?: object;
  scope?: string;
  signup?: object;
  notify?: string[];
  dropSignups?: number;
};

/** event.save as the editor sends it: multipart, the repeat rule and the settings as JSON text. */
function save(
  {
    id = 0,
    title = 'Club Meeting',
    start = '2027-01-19T19:00',
    end = '2027-01-19T20:30',
    venue = 'Meadowbrook Church',
    repeat,
    scope,
    signup,
    notify = [],
    dropSignups,
  }: SaveFields,
  token = editor.token,
) {
  return postMultipart(t.app, 'event.save', {
    g: token,
    id,
    t: title,
    start,
    end,
    venue,
    repeat: repeat ? JSON.stringify(repeat) : undefined,
    scope: scope || undefined,
    signup: signup ? JSON.stringify(signup) : undefined,
    dropSignups,
    notify,
  });
}

async function readEvent(id: number, token = ann.token): Promise<EventReply> {
  const res = await post('event.get', { g: token, id });
  expect(res.status).toBe(200);
  return res.body as EventReply;
}

/** The occurrences of a title in a window, as the calendar reads them. */
async function month(title: string, from: string, to: string): Promise<EventSummary[]> {
  const res = await post('events.month', { g: ann.token, from, to });
  expect(res.status).toBe(200);
  return (res.body as { events: EventSummary[] }).events.filter((e) => e.title === title);
}

/** A new series from scratch; returns the first occurrence's id. */
async function makeSeries(title: string, repeat: object = THIRD_TUESDAY, fields: SaveFields = {}): Promise<number> {
  const res = await save({ title, repeat, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { i: number }).i;
}

const startsOf = (list: EventSummary[]) => list.map((e) => e.start);

/** The private feed as a calendar app fetches it (a new address each time). */
async function readFeed(): Promise<string> {
  const feed = await post('calendarFeed.reset', { g: ann.token });
  const ics = await request(t.app).get(new URL(feed.body.url as string).pathname);
  expect(ics.status).toBe(200);
  return ics.text;
}

/** A parsed property's text, with or without parameters (`URL;VALUE=URI:…`). */
const textOf = (value: unknown): string => (value && typeof value === 'object' && 'val' in value ? String(value.val) : String(value ?? ''));

/** Every dated entry a calendar app shows for a title: repeat rules expanded, with their exceptions and moved dates. */
function feedInstances(text: string, title: string): { start: string; url: string; location: string }[] {
  const found: { start: string; url: string; location: string }[] = [];
  for (const component of Object.values(ical.sync.parseICS(text))) {
    if (component?.type !== 'VEVENT') continue;
    const instances = component.rrule
      ? ical.expandRecurringEvent(component, { from: new Date('2000-01-01'), to: new Date('2100-01-01') }).map((i) => ({ start: i.start, event: i.event }))
      : [{ start: component.start, event: component }];
    for (const { start, event } of instances) {
      if (textOf(event.summary) === title) found.push({ start: start.toISOString(), url: textOf(event.url), location: textOf(event.location) });
    }
  }
  return found.sort((a, b) => a.start.localeCompare(b.start));
}

describe('POST /api/event.save.php with a repeat rule', () => {
  it('makes one event per date of "the third Tuesday except July and August", each with its own page', async () => {
    const first = await makeSeries('Third Tuesday Meeting');
    const year = await month('Third Tuesday Meeting', '2027-01-01', '2027-12-31');
    expect(startsOf(year)).toEqual([
      '2027-01-19T19:00',
      '2027-02-16T19:00',
      '2027-03-16T19:00',
      '2027-04-20T19:00',
      '2027-05-18T19:00',
      '2027-06-15T19:00',
      '2027-09-21T19:00',
      '2027-10-19T19:00',
      '2027-11-16T19:00',
      '2027-12-21T19:00',
    ]);
    expect(year[0]?.id).toBe(first);
    expect(new Set(year.map((e) => e.id)).size).toBe(10);
    for (const e of year) expect(e.end).toBe(`${e.start.slice(0, 10)}T20:30`);

    const reply = await readEvent(year[3]?.id ?? 0);
    expect(reply.series).toMatchObject({
      description: 'the third Tuesday of each month except July and August',
      firstDate: '2027-01-19',
      date: '2027-04-20',
      countFromHere: null,
    });
    // Legacy readers get plain events: the same keys as a single event's.
    const single = (await readEvent((await save({ title: 'Single Tour' })).body.i as number)).event;
    expect(Object.keys(reply.event ?? {}).sort()).toEqual(Object.keys(single ?? {}).sort());
    const legacy = (await post('events.get', { g: ann.token })).body as { v: ClubEvent[] };
    expect(legacy.v.filter((e) => e.title === 'Third Tuesday Meeting').length).toBeGreaterThanOrEqual(10);
    expect(Object.keys(legacy.v.find((e) => e.title === 'Third Tuesday Meeting') ?? {}).sort()).toEqual(Object.keys(single ?? {}).sort());
  });

  it('makes occurrences about 400 days ahead for a series without an end, and the daily job extends them', async () => {
    const first = await makeSeries('Open Ended', { frequency: 'weekly', weekday: 6 }, { start: '2027-01-02T09:00', end: '2027-01-02T11:00' });
    const made = await month('Open Ended', '2027-01-01', '2029-12-31');
    expect(made[0]?.id).toBe(first);
    expect((made.at(-1)?.start ?? '') >= '2028-02-01').toBe(true);
    expect((made.at(-1)?.start ?? '') < '2028-02-12').toBe(true);
    const report = t.services.eventSeries.extend(new Date('2027-06-01T12:00:00Z'));
    expect(report.made).toBeGreaterThan(0);
    const later = await month('Open Ended', '2027-01-01', '2029-12-31');
    expect((later.at(-1)?.start ?? '') >= '2028-06-28').toBe(true);
    expect(later.every((e, i) => i === 0 || e.start > (later[i - 1]?.start ?? ''))).toBe(true);
    // Again the same day: nothing new.
    expect(t.services.eventSeries.extend(new Date('2027-06-01T12:00:00Z')).made).toBe(0);
  });

  it('ends a series by a count or a date', async () => {
    await makeSeries('Five Times', { ...THIRD_TUESDAY, count: 5 });
    expect(startsOf(await month('Five Times', '2027-01-01', '2029-12-31'))).toEqual([
      '2027-01-19T19:00',
      '2027-02-16T19:00',
      '2027-03-16T19:00',
      '2027-04-20T19:00',
      '2027-05-18T19:00',
    ]);
    await makeSeries('Until March', { ...THIRD_TUESDAY, until: '2027-03-16' });
    expect(startsOf(await month('Until March', '2027-01-01', '2029-12-31'))).toEqual(['2027-01-19T19:00', '2027-02-16T19:00', '2027-03-16T19:00']);
  });

  it('refuses a rule with no dates, both an end date and a count, or a bad rule, with 400, saving nothing', async () => {
    for (const [repeat, message] of [
      [{ ...THIRD_TUESDAY, until: '2027-01-01' }, /gives no dates/],
      [{ ...THIRD_TUESDAY, until: '2027-06-01', count: 3 }, /not both/],
      [{ ...THIRD_TUESDAY, week: 9 }, /week of the month/],
      [{ frequency: 'daily' }, /how the event repeats/],
    ] as const) {
      const res = await save({ title: 'Refused Series', repeat });
      expect(res.status, JSON.stringify(repeat)).toBe(400);
      expect(res.body.e).toMatch(message);
    }
    expect(await month('Refused Series', '2027-01-01', '2029-12-31')).toEqual([]);
    expect(
      t.db
        .select()
        .from(eventSeries)
        .all()
        .some((s) => s.template.title === 'Refused Series'),
    ).toBe(false);
  });

  it('turns a single event into a series that keeps its sign-ups', async () => {
    const id = (await save({ title: 'Becomes Monthly', start: '2027-01-19T19:00', end: '2027-01-19T20:30' })).body.i as number;
    await post('signup.set', { g: ann.token, eventId: id, answer: 'attending' });
    expect((await save({ id, title: 'Becomes Monthly', repeat: { ...THIRD_TUESDAY, count: 3 } })).body.i).toBe(id);
    const made = await month('Becomes Monthly', '2027-01-01', '2027-12-31');
    expect(made.map((e) => e.id)[0]).toBe(id);
    expect(made).toHaveLength(3);
    expect((await readEvent(id)).signups?.households.map((h) => h.name)).toEqual(['Ann Attender']);
    expect((await readEvent(made[1]?.id ?? 0)).signups?.households).toEqual([]);
  });
});

describe('occurrences as events of their own', () => {
  it('takes sign-ups, settings and a roster per occurrence', async () => {
    await makeSeries(
      'Tour Series',
      { ...THIRD_TUESDAY, count: 3 },
      { signup: { capacity: 1, choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }] } },
    );
    const [one, two] = await month('Tour Series', '2027-01-01', '2027-12-31');
    expect((await readEvent(two?.id ?? 0)).signups?.settings).toEqual({
      capacity: 1,
      deadline: '',
      choices: [{ question: 'Dinner', options: ['chicken', 'fish'] }],
    });
    expect((await post('signup.set', { g: ann.token, eventId: one?.id, answer: 'attending' })).body.status).toBe('confirmed');
    expect((await post('signup.set', { g: bob.token, eventId: one?.id, answer: 'attending' })).body.status).toBe('waitlisted');
    expect((await post('signup.set', { g: bob.token, eventId: two?.id, answer: 'attending' })).body.status).toBe('confirmed');
    const roster = (await post('event.roster', { g: editor.token, eventId: two?.id })).body as { households: { name: string }[] };
    expect(roster.households.map((h) => h.name)).toEqual(['Bob Bystander']);
  });

  it('gives each occurrence its own entry and page in the iCal feed', async () => {
    await makeSeries('Feed Series', { ...THIRD_TUESDAY, count: 2 });
    const entries = feedInstances(await readFeed(), 'Feed Series');
    expect(entries.map((e) => e.start)).toEqual(['2027-01-20T01:00:00.000Z', '2027-02-17T01:00:00.000Z']);
    expect(new Set(entries.map((e) => e.url)).size).toBe(2);
  });

  it('sends a series to calendar apps as a repeat rule whose every date opens its own page, after a date is deleted, one is moved and the rest follow a new rule', async () => {
    await makeSeries('Feed Rule', { ...THIRD_TUESDAY, count: 8 });
    const [, , march, april, , , september] = await month('Feed Rule', '2027-01-01', '2027-12-31');
    expect((await post('event.delete', { g: editor.token, id: march?.id, scope: 'one' })).status).toBe(200);
    expect(
      (await save({ id: april?.id, title: 'Feed Rule', start: '2027-04-21T18:00', end: '2027-04-21T20:00', venue: 'Transport Museum', scope: 'one' })).status,
    ).toBe(200);
    const firstSaturday = { frequency: 'monthlyByWeekday', weekday: 6, week: 1, count: 2 };
    expect(
      (await save({ id: september?.id, title: 'Feed Rule', start: '2027-09-04T10:00', end: '2027-09-04T12:00', repeat: firstSaturday, scope: 'following' }))
        .status,
    ).toBe(200);

    const text = await readFeed();
    const masters = Object.values(ical.sync.parseICS(text)).filter(
      (c): c is VEvent => c?.type === 'VEVENT' && textOf(c.summary) === 'Feed Rule' && c.rrule !== undefined,
    );
    expect(masters).toHaveLength(2);
    const expected = (await month('Feed Rule', '2027-01-01', '2027-12-31')).map((e) => ({
      start: clubTimeToInstant(e.start, 'America/Chicago').toISOString(),
      url: `https://club.example.org/event/${e.id}`,
    }));
    expect(expected.map((e) => e.start)).toEqual([
      '2027-01-20T01:00:00.000Z',
      '2027-02-17T01:00:00.000Z',
      '2027-04-21T23:00:00.000Z',
      '2027-05-19T00:00:00.000Z',
      '2027-06-16T00:00:00.000Z',
      '2027-09-04T15:00:00.000Z',
      '2027-10-02T15:00:00.000Z',
    ]);
    const instances = feedInstances(text, 'Feed Rule');
    expect(instances.map(({ start, url }) => ({ start, url }))).toEqual(expected);
    expect(instances.find((i) => i.url.endsWith(`/event/${april?.id}`))?.location).toBe('Transport Museum, United States');
  });

  it('keeps the sign-up deadline the same time before each occurrence', async () => {
    await makeSeries('Deadline Series', { ...THIRD_TUESDAY, count: 2 }, { signup: { deadline: '2027-01-17T12:00' } });
    const made = await month('Deadline Series', '2027-01-01', '2027-12-31');
    expect((await readEvent(made[1]?.id ?? 0)).signups?.settings.deadline).toBe('2027-02-14T12:00');
  });
});

describe('editing an occurrence', () => {
  it('changes this one only, leaving the others and the series alone', async () => {
    await makeSeries('One Only', { ...THIRD_TUESDAY, count: 3 });
    const [, two] = await month('One Only', '2027-01-01', '2027-12-31');
    expect((await save({ id: two?.id, title: 'One Only (at the museum)', start: '2027-02-17T18:00', end: '2027-02-17T20:00', scope: 'one' })).status).toBe(200);
    expect(startsOf(await month('One Only', '2027-01-01', '2027-12-31'))).toEqual(['2027-01-19T19:00', '2027-03-16T19:00']);
    const moved = await readEvent(two?.id ?? 0);
    expect(moved.event).toMatchObject({ title: 'One Only (at the museum)', start: '2027-02-17T18:00' });
    expect(moved.series?.date).toBe('2027-02-16');
  });

  it('changes this and the following ones: earlier ones stay, later ones move in place with their sign-ups, and each household is told once', async () => {
    await makeSeries('Following', THIRD_TUESDAY);
    const before = await month('Following', '2027-01-01', '2027-12-31');
    const [, , , fourth, fifth] = before;
    await post('signup.set', { g: ann.token, eventId: fifth?.id, answer: 'attending' });
    const res = await save({
      id: fourth?.id,
      title: 'Following',
      start: '2027-04-20T19:30',
      end: '2027-04-20T21:00',
      venue: 'Meadowbrook Church',
      scope: 'following',
      repeat: THIRD_TUESDAY,
    });
    expect(res.status).toBe(200);
    expect(res.body.i).toBe(fourth?.id);
    const after = await month('Following', '2027-01-01', '2027-12-31');
    expect(after.map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(startsOf(after)).toEqual([
      '2027-01-19T19:00',
      '2027-02-16T19:00',
      '2027-03-16T19:00',
      '2027-04-20T19:30',
      '2027-05-18T19:30',
      '2027-06-15T19:30',
      '2027-09-21T19:30',
      '2027-10-19T19:30',
      '2027-11-16T19:30',
      '2027-12-21T19:30',
    ]);
    expect((await readEvent(fifth?.id ?? 0)).signups?.households.map((h) => h.name)).toEqual(['Ann Attender']);
    const told = t.db
      .select()
      .from(outbox)
      .where(eq(outbox.to, ann.email))
      .all()
      .filter((m) => m.subject.includes('Following'));
    expect(told).toHaveLength(1);
    expect((await readEvent(before[0]?.id ?? 0)).series?.rule.until).toBe('2027-04-19');
    expect((await readEvent(fourth?.id ?? 0)).series).toMatchObject({ firstDate: '2027-04-20', rule: { until: '' } });
  });

  it('moves the following ones to a new rule, removing the dates it no longer has', async () => {
    await makeSeries('New Rule', { ...THIRD_TUESDAY, count: 6 });
    const before = await month('New Rule', '2027-01-01', '2027-12-31');
    expect((await readEvent(before[3]?.id ?? 0)).series?.countFromHere).toBe(3);
    const res = await save({
      id: before[3]?.id,
      title: 'New Rule',
      start: '2027-04-14T19:00',
      end: '2027-04-14T20:30',
      scope: 'following',
      repeat: { frequency: 'monthlyByWeekday', weekday: 3, week: 2, count: 2 },
    });
    expect(res.status).toBe(200);
    expect(startsOf(await month('New Rule', '2027-01-01', '2027-12-31'))).toEqual([
      '2027-01-19T19:00',
      '2027-02-16T19:00',
      '2027-03-16T19:00',
      '2027-04-14T19:00',
      '2027-05-12T19:00',
    ]);
    expect((await readEvent(before[0]?.id ?? 0)).series?.rule.count).toBe(3);
    expect(
      t.db
        .select()
        .from(events)
        .where(eq(events.id, before[5]?.id ?? 0))
        .all(),
    ).toEqual([]);
  });

  it('stops the series at an occurrence with "does not repeat" for this and the following', async () => {
    await makeSeries('Stops', { ...THIRD_TUESDAY, count: 4 });
    const before = await month('Stops', '2027-01-01', '2027-12-31');
    const res = await save({
      id: before[1]?.id,
      title: 'Stops',
      start: '2027-02-16T19:00',
      end: '2027-02-16T20:30',
      scope: 'following',
      repeat: { frequency: 'never' },
    });
    expect(res.status).toBe(200);
    expect(startsOf(await month('Stops', '2027-01-01', '2027-12-31'))).toEqual(['2027-01-19T19:00', '2027-02-16T19:00']);
    expect((await readEvent(before[1]?.id ?? 0)).series).toBeNull();
    expect((await readEvent(before[0]?.id ?? 0)).series?.rule.count).toBe(1);
  });
});

describe('a rule change that removes occurrences members signed up for', () => {
  /** Every e-mail queued about a series, to anyone. */
  const mailsAbout = (title: string) =>
    t.db
      .select()
      .from(outbox)
      .all()
      .filter((m) => m.subject.includes(title));
  const preview = (id: number, start: string, repeat: object, token = editor.token) => post('event.seriesPreview', { g: token, id, start, repeat });

  it('tells the editor first what it drops, refuses to drop more than confirmed, then e-mails each member coming once and no one else', async () => {
    const title = 'Shortened Series';
    await makeSeries(title, { ...THIRD_TUESDAY, monthsOff: [], count: 6 });
    const before = await month(title, '2027-01-01', '2027-12-31');
    const [, , march, , may, june] = before;
    const carl = createMember(t.db, { firstName: 'Carl', lastName: 'Gone' });
    await post('signup.set', { g: ann.token, eventId: may?.id, answer: 'attending', guests: ['Mary (wife)'] });
    await post('signup.set', { g: ann.token, eventId: june?.id, answer: 'attending' });
    await post('signup.set', { g: bob.token, eventId: june?.id, answer: 'notAttending' });
    await post('signup.set', { g: editor.token, eventId: june?.id, answer: 'attending' });
    await post('signup.set', { g: carl.token, eventId: june?.id, answer: 'attending' });
    t.db.update(members).set({ enabled: false }).where(eq(members.id, carl.id)).run();
    const change = { ...THIRD_TUESDAY, monthsOff: [], count: 2 };

    const asked = await preview(march?.id ?? 0, '2027-03-16T19:00', change);
    expect(asked.status).toBe(200);
    expect(asked.body.removed).toEqual([
      { id: may?.id, start: '2027-05-18T19:00', households: 1, people: 2 },
      { id: june?.id, start: '2027-06-15T19:00', households: 3, people: 3 },
    ]);
    expect((await preview(march?.id ?? 0, '2027-03-16T19:00', change, ann.token)).status).toBe(403);

    // Someone signed up after the editor was asked: the save refuses and nothing changes.
    const refused = await save({
      id: march?.id,
      title,
      start: '2027-03-16T19:00',
      end: '2027-03-16T20:30',
      scope: 'following',
      repeat: change,
      dropSignups: 3,
    });
    expect(refused.status).toBe(400);
    expect(refused.body.e).toMatch(/removes 2 dates that 4 members have signed up for.*confirm/);
    expect((await month(title, '2027-01-01', '2027-12-31')).map((e) => e.id)).toEqual(before.map((e) => e.id));
    expect(mailsAbout(title)).toEqual([]);

    const res = await save({ id: march?.id, title, start: '2027-03-16T19:00', end: '2027-03-16T20:30', scope: 'following', repeat: change, dropSignups: 4 });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(startsOf(await month(title, '2027-01-01', '2027-12-31'))).toEqual(['2027-01-19T19:00', '2027-02-16T19:00', '2027-03-16T19:00', '2027-04-20T19:00']);
    const sent = mailsAbout(title);
    // Ann once for both her dates; not Bob (not coming), not the editor (who confirmed it), not Carl (disabled).
    expect(sent.map((m) => m.to)).toEqual([ann.email]);
    expect(sent[0]?.subject).toBe(`No longer on: ${title}, 2 dates`);
    expect(sent[0]?.text).toContain('- Tuesday, May 18, 2027 at 7:00 PM\n- Tuesday, June 15, 2027 at 7:00 PM');
    expect(sent[0]?.text).toContain(`It now repeats the third Tuesday of each month, 2 times.`);
    expect(sent[0]?.text).toContain(`https://club.example.org/event/${march?.id}`);

    // Saved again as it now is: nothing removed, nothing more sent.
    const again = await save({ id: march?.id, title, start: '2027-03-16T19:00', end: '2027-03-16T20:30', scope: 'following', repeat: change });
    expect(again.status).toBe(200);
    expect(mailsAbout(title)).toHaveLength(1);
  });

  it('sends nothing and asks nothing when the occurrences removed have no one coming', async () => {
    const title = 'Quiet Removal';
    await makeSeries(title, { ...THIRD_TUESDAY, monthsOff: [], count: 4 });
    const [first, second, third, fourth] = await month(title, '2027-01-01', '2027-12-31');
    await post('signup.set', { g: ann.token, eventId: second?.id, answer: 'attending' });
    await post('signup.set', { g: bob.token, eventId: fourth?.id, answer: 'notAttending' });
    const change = { ...THIRD_TUESDAY, monthsOff: [], count: 2 };
    expect((await preview(first?.id ?? 0, '2027-01-19T19:00', change)).body.removed).toEqual([
      { id: third?.id, start: '2027-03-16T19:00', households: 0, people: 0 },
      { id: fourth?.id, start: '2027-04-20T19:00', households: 0, people: 0 },
    ]);
    const res = await save({ id: first?.id, title, scope: 'following', repeat: change });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(startsOf(await month(title, '2027-01-01', '2027-12-31'))).toEqual(['2027-01-19T19:00', '2027-02-16T19:00']);
    expect(mailsAbout(title)).toEqual([]);
    expect((await readEvent(second?.id ?? 0)).signups?.households.map((h) => h.name)).toEqual(['Ann Attender']);
  });

  it('keeps each sign-up on its own date when months are left out, removing only those months', async () => {
    const title = 'Summer Break';
    await makeSeries(title, { ...THIRD_TUESDAY, monthsOff: [] });
    const before = await month(title, '2027-01-01', '2027-12-31');
    const july = before[6];
    const september = before[8];
    await post('signup.set', { g: ann.token, eventId: september?.id, answer: 'attending' });
    await post('signup.set', { g: bob.token, eventId: july?.id, answer: 'attending' });
    expect((await preview(before[2]?.id ?? 0, '2027-03-16T19:00', THIRD_TUESDAY)).body.removed).toEqual([
      { id: july?.id, start: '2027-07-20T19:00', households: 1, people: 1 },
      { id: before[7]?.id, start: '2027-08-17T19:00', households: 0, people: 0 },
    ]);
    const res = await save({
      id: before[2]?.id,
      title,
      start: '2027-03-16T19:00',
      end: '2027-03-16T20:30',
      scope: 'following',
      repeat: THIRD_TUESDAY,
      dropSignups: 1,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const after = await month(title, '2027-01-01', '2027-12-31');
    expect(startsOf(after)).toEqual(startsOf(before).filter((s) => !s.startsWith('2027-07') && !s.startsWith('2027-08')));
    expect(after.find((e) => e.start.startsWith('2027-09'))?.id).toBe(september?.id);
    expect((await readEvent(september?.id ?? 0)).signups?.households.map((h) => h.name)).toEqual(['Ann Attender']);
    // Ann's date did not move, so she hears nothing; Bob's July meeting is gone, and he is told.
    expect(mailsAbout(title).map((m) => [m.to, m.subject])).toEqual([[bob.email, `No longer on: ${title}, Tuesday, July 20, 2027 at 7:00 PM`]]);
  });

  it("drops and tells the later occurrences' members when a series stops repeating from an occurrence", async () => {
    const title = 'Stops With Sign-ups';
    await makeSeries(title, { ...THIRD_TUESDAY, monthsOff: [], count: 3 });
    const [first, second, third] = await month(title, '2027-01-01', '2027-12-31');
    await post('signup.set', { g: ann.token, eventId: third?.id, answer: 'attending' });
    expect((await preview(second?.id ?? 0, '2027-02-16T19:00', { frequency: 'never' })).body.removed).toEqual([
      { id: third?.id, start: '2027-03-16T19:00', households: 1, people: 1 },
    ]);
    expect(
      (await save({ id: second?.id, title, start: '2027-02-16T19:00', end: '2027-02-16T20:30', scope: 'following', repeat: { frequency: 'never' } })).status,
    ).toBe(400);
    const res = await save({
      id: second?.id,
      title,
      start: '2027-02-16T19:00',
      end: '2027-02-16T20:30',
      scope: 'following',
      repeat: { frequency: 'never' },
      dropSignups: 1,
    });
    expect(res.status).toBe(200);
    expect((await month(title, '2027-01-01', '2027-12-31')).map((e) => e.id)).toEqual([first?.id, second?.id]);
    const sent = mailsAbout(title);
    expect(sent.map((m) => m.to)).toEqual([ann.email]);
    expect(sent[0]?.text).toContain('It no longer repeats.');
  });
});

describe('POST /api/event.delete.php on an occurrence', () => {
  it('deletes this one only, and the series never makes it again', async () => {
    await makeSeries('Skip One', { frequency: 'weekly', weekday: 6 }, { start: '2027-01-02T09:00', end: '2027-01-02T11:00' });
    const [, second] = await month('Skip One', '2027-01-01', '2027-01-31');
    expect((await post('event.delete', { g: editor.token, id: second?.id, scope: 'one' })).status).toBe(200);
    t.services.eventSeries.extend(new Date('2027-09-01T12:00:00Z'));
    expect(startsOf(await month('Skip One', '2027-01-01', '2027-01-31'))).toEqual([
      '2027-01-02T09:00',
      '2027-01-16T09:00',
      '2027-01-23T09:00',
      '2027-01-30T09:00',
    ]);
  });

  it('deletes this and the following ones, ending the series the day before', async () => {
    await makeSeries('Cut Short', THIRD_TUESDAY);
    const before = await month('Cut Short', '2027-01-01', '2027-12-31');
    expect((await post('event.delete', { g: editor.token, id: before[2]?.id, scope: 'following' })).status).toBe(200);
    t.services.eventSeries.extend(new Date('2027-09-01T12:00:00Z'));
    expect(startsOf(await month('Cut Short', '2027-01-01', '2029-12-31'))).toEqual(['2027-01-19T19:00', '2027-02-16T19:00']);
    expect((await readEvent(before[0]?.id ?? 0)).series?.rule.until).toBe('2027-03-15');
  });

  it('deletes a whole series from its first occurrence, and refuses a member who is not an event editor', async () => {
    await makeSeries('All Gone', { ...THIRD_TUESDAY, count: 3 });
    const [first] = await month('All Gone', '2027-01-01', '2027-12-31');
    expect((await post('event.delete', { g: ann.token, id: first?.id, scope: 'following' })).status).toBe(403);
    expect((await post('event.delete', { g: editor.token, id: first?.id, scope: 'following' })).status).toBe(200);
    expect(await month('All Gone', '2027-01-01', '2029-12-31')).toEqual([]);
    expect(
      t.db
        .select()
        .from(eventSeries)
        .all()
        .some((s) => s.template.title === 'All Gone'),
    ).toBe(false);
  });

  it('keeps the picture the occurrences share until the last one showing it goes', async () => {
    const res = await save({ title: 'Pictured', repeat: { ...THIRD_TUESDAY, count: 2 } }).attach('f', await makeJpeg(60, 40), 'car.jpg');
    expect(res.status).toBe(200);
    const file = path.join(t.config.uploadsDir, (res.body.img as string).replace(/^\/uploads\//, ''));
    const [first, second] = await month('Pictured', '2027-01-01', '2027-12-31');
    expect((await readEvent(second?.id ?? 0)).event?.imageUrl).toBe(res.body.img);
    expect((await post('event.delete', { g: editor.token, id: second?.id })).status).toBe(200);
    expect(fs.existsSync(file)).toBe(true);
    expect((await post('event.delete', { g: editor.token, id: first?.id, scope: 'following' })).status).toBe(200);
    expect(fs.existsSync(file)).toBe(false);
  });
});
