import { eq } from 'drizzle-orm';
import ical from 'node-ical';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, members } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let editor: TestMember;
let ann: TestMember;
let feedPath: string;

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** A day (YYYY-MM-DD) this many days from today. */
const dayFromToday = (days: number): string => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function saveEvent(fields: { id?: number; title: string; day: string }): Promise<number> {
  const res = await request(t.app)
    .post('/api/event.save.php')
    .field('g', editor.token)
    .field('id', String(fields.id ?? 0))
    .field('t', fields.title)
    .field('description', `Bring a lunch to the ${fields.title.toLowerCase()}.`)
    .field('start', `${fields.day}T09:00`)
    .field('end', `${fields.day}T12:00`)
    .field('venue', 'Oak Hall')
    .field('country', '');
  expect(res.status).toBe(200);
  return (res.body as { i: number }).i;
}

const titlesOf = (text: string): string[] =>
  Object.values(ical.sync.parseICS(text))
    .flatMap((c) => (c?.type === 'VEVENT' ? [String(c.summary)] : []))
    .sort();

/** Each event's title and what a calendar app shows as its description. */
const descriptionsOf = (text: string): Record<string, string> =>
  Object.fromEntries(Object.values(ical.sync.parseICS(text)).flatMap((c) => (c?.type === 'VEVENT' ? [[String(c.summary), String(c.description)]] : [])));

const getFeed = (path = feedPath) => request(t.app).get(path);

async function newFeedPath(member: TestMember): Promise<string> {
  const res = await post('calendarFeed.reset', { g: member.token });
  expect(res.status).toBe(200);
  return new URL((res.body as { url: string }).url).pathname;
}

beforeAll(async () => {
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example.org' });
  editor = createMember(t.db, { permissions: ['event'] });
  ann = createMember(t.db, { firstName: 'Ann' });
  await saveEvent({ title: 'Swap meet two years ago', day: dayFromToday(-730) });
  await saveEvent({ title: 'Picnic last spring', day: dayFromToday(-300) });
  await saveEvent({ title: 'Tour next month', day: dayFromToday(30) });
  feedPath = await newFeedPath(ann);
});
afterAll(() => t.close());

describe('GET /calendar/<token>.ics', () => {
  it('holds the events from a year ago on, and leaves out older ones', async () => {
    const res = await getFeed();
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/calendar/);
    expect(titlesOf(res.text)).toEqual(['Picnic last spring', 'Tour next month']);
  });

  it('gives an event that has not started its text and page, and a past one its page only', async () => {
    const res = await getFeed();
    const descriptions = descriptionsOf(res.text);
    expect(descriptions['Tour next month']).toMatch(/^Bring a lunch to the tour next month\.\n\nhttps:\/\/club\.example\.org\/event\/\d+$/);
    expect(descriptions['Picnic last spring']).toMatch(/^https:\/\/club\.example\.org\/event\/\d+$/);
  });

  it('gives an event more than a season ahead its page only, and its text once it comes near', async () => {
    const rally = await saveEvent({ title: 'Rally next summer', day: dayFromToday(200) });
    const onlyLink = descriptionsOf((await getFeed()).text)['Rally next summer'];
    expect(onlyLink).toBe(`https://club.example.org/event/${rally}`);
    await saveEvent({ id: rally, title: 'Rally next summer', day: dayFromToday(80) });
    expect(descriptionsOf((await getFeed()).text)['Rally next summer']).toBe(`Bring a lunch to the rally next summer.\n\n${onlyLink}`);
    expect((await post('event.delete', { g: editor.token, id: rally })).status).toBe(200);
  });

  it('answers a later poll with 304 while nothing in the feed changed, even after other writes', async () => {
    const first = await getFeed();
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    // A calendar app polls minutes later: the feed's bytes must not depend on the moment it was written.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // A write that the feed does not show (a member's answer) must not make every calendar app download it again.
    const event = (await post('events.upcoming', { g: ann.token, at: `${dayFromToday(0)}T00:00` })).body as { rows: { id: number }[] };
    expect((await post('attendance.set', { g: ann.token, i: event.rows[0]?.id, s: 1, t: 1, c: '' })).status).toBe(200);
    const again = await getFeed().set('If-None-Match', etag);
    expect(again.status).toBe(304);
    expect(again.text).toBe('');
    expect((await getFeed().set('If-None-Match', '"something-else"')).status).toBe(200);
  });

  it('serves an edited, a new and a deleted event at the next poll, never the bytes kept from before', async () => {
    const before = await getFeed();
    const etag = before.headers.etag as string;
    expect(titlesOf(before.text)).toContain('Tour next month');
    const tourId = (
      (await post('events.upcoming', { g: ann.token, at: `${dayFromToday(0)}T00:00` })).body as { rows: { id: number; title: string }[] }
    ).rows.find((row) => row.title === 'Tour next month')?.id as number;

    await saveEvent({ id: tourId, title: 'Tour next month (new route)', day: dayFromToday(30) });
    const edited = await getFeed().set('If-None-Match', etag);
    expect(edited.status).toBe(200);
    expect(edited.headers.etag).not.toBe(etag);
    expect(titlesOf(edited.text)).toEqual(['Picnic last spring', 'Tour next month (new route)']);

    const added = await saveEvent({ title: 'Banquet', day: dayFromToday(60) });
    expect(titlesOf((await getFeed()).text)).toEqual(['Banquet', 'Picnic last spring', 'Tour next month (new route)']);

    expect((await post('event.delete', { g: editor.token, id: added })).status).toBe(200);
    expect(titlesOf((await getFeed()).text)).toEqual(['Picnic last spring', 'Tour next month (new route)']);
  });

  it('sends the stored gzip to a client that takes it, and the plain text to one that does not', async () => {
    const zipped = await getFeed().set('Accept-Encoding', 'gzip');
    expect(zipped.status).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(titlesOf(zipped.text)).toEqual(['Picnic last spring', 'Tour next month (new route)']);
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/i);
    const plain = await getFeed().set('Accept-Encoding', 'identity');
    expect(plain.status).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    expect(plain.headers.etag).toBe(zipped.headers.etag);
  });

  it('writes club times with their zone, a time the spring-forward change skips moved past the gap', async () => {
    // America/Chicago springs forward at 02:00 on March 14, 2027: 02:30 does not exist that night.
    // event.save refuses such a time; a row from before that check (the legacy import) may hold one.
    const gap = t.db
      .insert(events)
      .values({ title: 'Night run', start: '2027-03-14T02:30', end: '2027-03-14T04:00', venue: 'Oak Hall' })
      .returning({ id: events.id })
      .get().id;
    const text = (await getFeed()).text;
    expect(text).toContain('DTSTART;TZID=America/Chicago:20270314T033000');
    expect(text).toContain('DTEND;TZID=America/Chicago:20270314T040000');
    const night = Object.values(ical.sync.parseICS(text)).find((c) => c?.type === 'VEVENT' && c.summary === 'Night run');
    expect(night?.type === 'VEVENT' && night.start.toISOString()).toBe('2027-03-14T08:30:00.000Z');
    expect((await post('event.delete', { g: editor.token, id: gap })).status).toBe(200);
  });

  it('refuses an unknown, a replaced or a disabled member’s address while the feed is kept for others', async () => {
    const bob = createMember(t.db, { firstName: 'Bob' });
    const bobsFirst = await newFeedPath(bob);
    expect((await getFeed(bobsFirst)).status).toBe(200);
    expect((await getFeed()).status).toBe(200);

    expect((await getFeed('/calendar/made-up-token.ics')).status).toBe(404);
    const bobsSecond = await newFeedPath(bob);
    expect((await getFeed(bobsFirst)).status).toBe(404);
    expect((await getFeed(bobsSecond)).status).toBe(200);

    t.db.update(members).set({ enabled: false }).where(eq(members.id, bob.id)).run();
    expect((await getFeed(bobsSecond)).status).toBe(404);
    expect((await getFeed()).status).toBe(200);
  });
});

describe('POST /calendar/event/<id>.ics', () => {
  const download = (id: number, token = ann.token) => request(t.app).post(`/calendar/event/${id}.ics`).type('form').send({ g: token });

  it('sends the same stored file until the event changes, and the change at once', async () => {
    const id = await saveEvent({ title: 'Cars and coffee', day: dayFromToday(40) });
    const first = await download(id).set('Accept-Encoding', 'gzip');
    expect(first.status).toBe(200);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(first.headers['content-disposition']).toBe(`attachment; filename="event-${id}.ics"`);
    expect(titlesOf(first.text)).toEqual(['Cars and coffee']);
    // Written once, not per download: a second later it is the very same file.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    const again = await download(id).set('Accept-Encoding', 'identity');
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.text).toBe(first.text);

    await saveEvent({ id, title: 'Cars and coffee (moved indoors)', day: dayFromToday(40) });
    expect(titlesOf((await download(id)).text)).toEqual(['Cars and coffee (moved indoors)']);
    expect((await post('event.delete', { g: editor.token, id })).status).toBe(200);
    expect((await download(id)).status).toBe(404);
    expect((await download(id, 'not-a-session')).status).toBe(401);
  });
});
