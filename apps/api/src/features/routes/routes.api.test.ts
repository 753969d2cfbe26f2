import { eq } from 'drizzle-orm';
import * as mupdf from 'mupdf';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GPX_MAX_BYTES, MAX_ROUTE_STEPS, type CallResponse, type RouteSummary } from '@club/contracts';
import { events, members, routes, routeSteps } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { writeGpx } from './gpx.ts';

/** The list's item at `index` (negative counts from the end); a missing one fails the test. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

let t: TestApp;
let organiser: TestMember;
let admin: TestMember;
let member: TestMember;
let ann: TestMember;

beforeAll(() => {
  t = createTestApp({
    BASE_URL: 'https://club.example.test',
    MAP_TILE_URL: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png',
    MAP_TILE_ATTRIBUTION: 'Tiles © Example',
  });
  organiser = createMember(t.db, { firstName: 'Olga', lastName: 'Organiser', permissions: ['event'] });
  admin = createMember(t.db, { firstName: 'Ada', lastName: 'Admin', permissions: ['admin'] });
  member = createMember(t.db, { firstName: 'Max', lastName: 'Member', permissions: ['forum'] });
  ann = createMember(t.db, { firstName: 'Ann', lastName: 'Attender' });
  t.db.update(members).set({ phone: '314-555-0101' }).where(eq(members.id, ann.id)).run();
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

const STEPS = [
  { instruction: 'Leave the church lot, R on Argonne Dr', at: 0 },
  { instruction: 'L on Old State Rd', leg: 3.2, note: 'narrow bridge' },
  { instruction: 'Gas at the Eureka station', at: 12.4, stop: 'fuel', lat: 38.5026, lon: -90.6279 },
  { instruction: 'Lunch at the Hermann diner', leg: 0.8, stop: 'food' },
];

async function saveRoute(fields: object = {}, token = organiser.token): Promise<number> {
  const res = await post('route.save', { g: token, id: 0, title: 'Meramec Valley loop', region: 'Franklin County', steps: STEPS, ...fields });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { i: number }).i;
}

function addEvent(title = 'Fall Colour Tour', start = '2099-10-10T09:00'): number {
  return t.db
    .insert(events)
    .values({ title, start, end: start.replace('09:00', '16:00'), venue: 'Kirkwood' })
    .returning({ id: events.id })
    .get().id;
}

/** The pages of a route book PDF: each line of text with its font size in points. */
function readPdf(base64: string): { text: string; size: number }[][] {
  const document = mupdf.Document.openDocument(Buffer.from(base64, 'base64'), 'application/pdf');
  return Array.from({ length: document.countPages() }, (_, n) => {
    const { blocks } = JSON.parse(document.loadPage(n).toStructuredText('preserve-whitespace').asJSON()) as {
      blocks: { lines?: { text: string; font: { size: number } }[] }[];
    };
    return blocks.flatMap((block) => (block.lines ?? []).map((line) => ({ text: line.text, size: line.font.size })));
  });
}

const pdfText = (pages: { text: string }[][]) =>
  pages
    .flat()
    .map((line) => line.text)
    .join('\n');

const routeCount = () => t.db.select().from(routes).all().length;

function importGpx(file: Buffer, { id = 0, token = organiser.token, name = 'tour.gpx' } = {}) {
  return request(t.app).post('/api/route.import.php').field('g', token).field('id', String(id)).attach('f', file, name);
}

const trackGpx = (points: number) =>
  Buffer.from(
    writeGpx({
      title: 'Sixty-mile fall tour',
      description: '',
      steps: [],
      track: Array.from({ length: points }, (_, i) => ({ lat: 38.58 + i * 0.0087, lon: -90.41 })),
    }),
  );

describe('POST /api/route.save.php', () => {
  it('asks a visitor to log in, and refuses a member without the event permission', async () => {
    expect((await post('route.save', { id: 0, title: 'x', steps: [] })).status).toBe(401);
    expect((await post('route.save', { g: member.token, id: 0, title: 'x', steps: [] })).status).toBe(403);
    expect(routeCount()).toBe(0);
  });

  it('stores the steps with both distances worked out, and reads them back', async () => {
    const id = await saveRoute({ description: 'Back roads to Hermann', start: 'Kirkwood church', finish: 'Hermann' });
    const res = await post('route.get', { g: member.token, id });
    expect(res.status).toBe(200);
    const { route, map, showKilometres, phoneList } = res.body as CallResponse<'route.get'>;
    expect(route.steps.map((s) => [s.at, s.leg])).toEqual([
      [0, 0],
      [3.2, 3.2],
      [12.4, 9.2],
      [13.2, 0.8],
    ]);
    expect(route.steps[1]).toMatchObject({ note: 'narrow bridge', stop: '', lat: null, lon: null });
    expect(route.steps[2]).toMatchObject({ stop: 'fuel', lat: 38.5026, lon: -90.6279 });
    expect(route).toMatchObject({
      title: 'Meramec Valley loop',
      miles: 13.2,
      stepCount: 4,
      stopCount: 2,
      visibility: 'members',
      canEdit: false,
      start: 'Kirkwood church',
    });
    expect(map).toEqual({ url: 'https://{s}.tiles.example.test/{z}/{x}/{y}.png', attribution: 'Tiles © Example' });
    expect(showKilometres).toBe(false);
    expect(phoneList).toBeNull();
  });

  it('names the step whose cumulative distance goes back, and stores nothing', async () => {
    const before = routeCount();
    const res = await post('route.save', {
      g: organiser.token,
      id: 0,
      title: 'Backwards',
      steps: [
        { instruction: 'a', at: 5 },
        { instruction: 'b', at: 4 },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/Step 2 is at 4 mi, before step 1/);
    expect(routeCount()).toBe(before);
  });

  it.each([
    ['a negative leg', [{ instruction: 'a', leg: -1 }], /leg distance must be 0 or more/],
    ['a latitude out of range', [{ instruction: 'a', lat: 91, lon: 0 }], /latitude must be between -90 and 90/],
    ['a latitude without a longitude', [{ instruction: 'a', lat: 38 }], /both a latitude and a longitude/],
    ['a step without an instruction', [{ instruction: ' ' }], /instruction/],
    ['an unknown kind of stop', [{ instruction: 'a', stop: 'bar' }], /kind of stop/],
    ['too many steps', Array.from({ length: MAX_ROUTE_STEPS + 1 }, (_, i) => ({ instruction: `Step ${i}` })), /at most 300 steps/],
  ])('refuses %s with 400', async (_label, steps, message) => {
    const res = await post('route.save', { g: organiser.token, id: 0, title: 'Bad', steps });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(message);
  });

  it('replaces a route’s steps, and answers 404 for an unknown route', async () => {
    const id = await saveRoute();
    await saveRoute({ id, title: 'Meramec Valley loop (short)', steps: [{ instruction: 'Only this', at: 2 }] });
    const { route } = (await post('route.get', { g: organiser.token, id })).body as CallResponse<'route.get'>;
    expect(route.title).toBe('Meramec Valley loop (short)');
    expect(route.steps).toHaveLength(1);
    expect(route.canEdit).toBe(true);
    expect((await post('route.save', { g: organiser.token, id: 99999, title: 'x', steps: [] })).status).toBe(404);
  });
});

describe('who sees a route', () => {
  it('keeps members-only routes, their GPX included, from visitors', async () => {
    const hidden = await saveRoute({ title: 'Past the Smiths’ barn', visibility: 'members' });
    const shown = await saveRoute({ title: 'Missouri River drive', visibility: 'public' });
    const visitorList = (await post('routes.list', {})).body as CallResponse<'routes.list'>;
    expect(visitorList.routes.map((r) => r.id)).toContain(shown);
    expect(visitorList.routes.map((r) => r.id)).not.toContain(hidden);
    expect((await post('route.get', { id: hidden })).status).toBe(404);
    expect((await post('route.gpx', { id: hidden })).status).toBe(404);
    expect((await post('route.get', { id: shown })).status).toBe(200);
    const gpx = await post('route.gpx', { id: shown });
    expect(gpx.status).toBe(200);
    expect(gpx.body.fileName).toBe('missouri-river-drive.gpx');
    const memberList = (await post('routes.list', { g: member.token })).body as CallResponse<'routes.list'>;
    expect(memberList.routes.map((r) => r.id)).toEqual(expect.arrayContaining([hidden, shown]));
    expect((await post('route.get', { g: member.token, id: hidden })).status).toBe(200);
  });

  it('lists public routes in the sitemap, never members-only ones', async () => {
    const hidden = await saveRoute({ title: 'Members’ garages', visibility: 'members' });
    const shown = await saveRoute({ title: 'Public loop', visibility: 'public' });
    const sitemap = (await request(t.app).get('/sitemap.xml')).text;
    expect(sitemap).toContain(`https://club.example.test/routes/${shown}<`);
    expect(sitemap).not.toContain(`/routes/${hidden}<`);
  });

  it('lets the browser load the map tiles from the configured server (CSP)', async () => {
    const res = await request(t.app).get('/healthz');
    expect(res.headers['content-security-policy']).toMatch(/img-src 'self' data: blob: https:\/\/\*\.tiles\.example\.test/);
  });
});

describe('POST /api/route.delete.php', () => {
  it('lets only event editors delete, and answers 404 once gone', async () => {
    const id = await saveRoute();
    expect((await post('route.delete', { g: member.token, id })).status).toBe(403);
    expect((await post('route.delete', { g: admin.token, id })).status).toBe(200);
    expect((await post('route.get', { g: member.token, id })).status).toBe(404);
    expect(t.db.select().from(routeSteps).where(eq(routeSteps.routeId, id)).all()).toEqual([]);
    expect((await post('route.delete', { g: admin.token, id })).status).toBe(404);
  });
});

describe('POST /api/route.import.php', () => {
  it('makes a members-only route from a GPX track, with a start and a finish', async () => {
    const res = await importGpx(trackGpx(100));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { i, steps, miles } = res.body as CallResponse<'route.import'>;
    expect(steps).toBe(2);
    expect(miles).toBeGreaterThan(59);
    expect(miles).toBeLessThan(60);
    const { route } = (await post('route.get', { g: organiser.token, id: i })).body as CallResponse<'route.get'>;
    expect(route).toMatchObject({ title: 'Sixty-mile fall tour', visibility: 'members', miles });
    // The track runs straight north: the map needs only its two ends.
    expect(route.track).toHaveLength(2);
    expect(nth(route.track, 0)).toEqual({ lat: 38.58, lon: -90.41 });
    expect(nth(route.track, 1).lat).toBeCloseTo(38.58 + 99 * 0.0087, 6);
    expect(route.steps.map((s) => s.instruction)).toEqual(['Start', 'Finish']);
  });

  it('imports into an existing route, replacing its steps and keeping its title', async () => {
    const id = await saveRoute({ title: 'Keep this title' });
    const res = await importGpx(trackGpx(10), { id });
    expect(res.status).toBe(200);
    expect(res.body.i).toBe(id);
    const { route } = (await post('route.get', { g: organiser.token, id })).body as CallResponse<'route.get'>;
    expect(route.title).toBe('Keep this title');
    expect(route.steps).toHaveLength(2);
  });

  it('refuses members without the event permission', async () => {
    const before = routeCount();
    expect((await importGpx(trackGpx(5), { token: member.token })).status).toBe(403);
    expect(routeCount()).toBe(before);
  });

  it.each([
    ['a photo', async () => makeJpeg(10, 10), 415, /GPX file/],
    ['a CSV of points', async () => Buffer.from('lat,lon\n38.5,-90.4\n'), 415, /GPX file/],
    [
      'XML with an external entity',
      async () =>
        Buffer.from('<?xml version="1.0"?><!DOCTYPE gpx [<!ENTITY x SYSTEM "file:///etc/passwd">]><gpx><wpt lat="1" lon="2"><name>&x;</name></wpt></gpx>'),
      400,
      /entities/,
    ],
    ['broken XML', async () => Buffer.from('<gpx><trk><trkseg></trk></gpx>'), 400, /could not be read as GPX/],
    ['a GPX without points', async () => Buffer.from('<gpx version="1.1"><metadata><name>Empty</name></metadata></gpx>'), 400, /no track, route or waypoints/],
    ['a file over the limit', async () => Buffer.concat([Buffer.from('<gpx>'), Buffer.alloc(GPX_MAX_BYTES, 0x20), Buffer.from('</gpx>')]), 413, /at most 5 MB/],
  ])('refuses %s with a message, and stores nothing', async (_label, make, status, message) => {
    const before = routeCount();
    const res = await importGpx(await make());
    expect(res.status).toBe(status);
    expect(res.body.e).toMatch(message);
    expect(routeCount()).toBe(before);
  });

  it('answers 404 for an unknown route', async () => {
    expect((await importGpx(trackGpx(5), { id: 99999 })).status).toBe(404);
  });

  it('says once, for a file named .gpx that is not XML, what is wrong and what to choose', async () => {
    const res = await importGpx(Buffer.from('lat,lon\n38.5,-90.4\n'), { name: 'Fall tour.gpx' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(
      /^“Fall tour\.gpx” is named like a GPX file but is not one: it may be damaged, or another kind of file renamed\. Please choose a GPX file/,
    );
    expect(res.body.e.match(/not one/g)).toHaveLength(1);
  });

  it('leaves the start and the finish for the organiser to name, rather than copying the first and last steps', async () => {
    const file = Buffer.from(
      writeGpx({
        title: 'Winery run',
        description: '',
        steps: [
          { instruction: 'Leave Kirkwood Station lot, W on Argonne Dr', at: 0, note: '', lat: 38.58, lon: -90.41 },
          { instruction: 'Finish: Walk Winery, park by the barn', at: 0.7, note: '', lat: 38.59, lon: -90.41 },
        ],
        track: [],
      }),
    );
    const res = await importGpx(file);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const { route } = (await post('route.get', { g: organiser.token, id: res.body.i as number })).body as CallResponse<'route.get'>;
    expect(route.steps.map((step) => step.instruction)).toEqual(['Leave Kirkwood Station lot, W on Argonne Dr', 'Finish: Walk Winery, park by the barn']);
    expect(route).toMatchObject({ title: 'Winery run', start: '', finish: '' });
  });

  it('keeps the site answering while a large GPX file is read: every /healthz within a second', async () => {
    // A phone's day of driving, 4.6 MB: 118,000 track points and 300 waypoints.
    const points = Array.from(
      { length: 118_000 },
      (_, i) => `<trkpt lat="${(38.58 + i * 0.00005).toFixed(5)}" lon="${(-90.41 + Math.sin(i / 500) * 0.05).toFixed(5)}"/>`,
    );
    const waypoints = Array.from({ length: 300 }, (_, i) => `<wpt lat="${(38.58 + i * 0.02).toFixed(5)}" lon="-90.41"><name>Turn ${i}</name></wpt>`);
    const file = Buffer.from(
      `<?xml version="1.0"?><gpx version="1.1">${waypoints.join('')}<trk><name>Big day out</name><trkseg>${points.join('')}</trkseg></trk></gpx>`,
    );
    expect(file.length).toBeLessThan(GPX_MAX_BYTES);
    const server = t.app.listen(0);
    try {
      const address = server.address();
      if (address === null || typeof address === 'string') throw new Error('no port');
      const base = `http://127.0.0.1:${address.port}`;
      const form = new FormData();
      form.set('g', organiser.token);
      form.set('id', '0');
      form.set('f', new Blob([file], { type: 'application/gpx+xml' }), 'big-day.gpx');
      let isImported = false;
      const imported = fetch(`${base}/api/route.import.php`, { method: 'POST', body: form }).finally(() => {
        isImported = true;
      });
      const waits: number[] = [];
      while (!isImported) {
        const asked = performance.now();
        expect((await fetch(`${base}/healthz`)).status).toBe(200);
        waits.push(performance.now() - asked);
      }
      const res = await imported;
      expect(res.status).toBe(200);
      expect(((await res.json()) as CallResponse<'route.import'>).steps).toBe(300);
      expect(waits.length).toBeGreaterThan(1);
      expect(Math.max(...waits)).toBeLessThan(1000);
    } finally {
      server.close();
    }
  });
});

describe('POST /api/route.gpx.php', () => {
  it('exports the steps and the line, which import back to the same points and distances', async () => {
    const imported = (await importGpx(trackGpx(50))).body as CallResponse<'route.import'>;
    const original = (await post('route.get', { g: organiser.token, id: imported.i })).body as CallResponse<'route.get'>;
    const res = await post('route.gpx', { g: member.token, id: imported.i });
    expect(res.status).toBe(200);
    expect(res.body.gpx).toContain('<trkpt lat="38.58" lon="-90.41"/>');
    // Phones and navigators get every point of the track, the map only what it can show.
    expect(res.body.gpx.match(/<trkpt /g)).toHaveLength(50);
    expect(res.body.gpx).toContain('https://club.example.test/routes/');
    const again = (await importGpx(Buffer.from(res.body.gpx as string))).body as CallResponse<'route.import'>;
    const copy = (await post('route.get', { g: organiser.token, id: again.i })).body as CallResponse<'route.get'>;
    expect(copy.route.track).toEqual(original.route.track);
    copy.route.steps.forEach((step, i) => {
      expect(Math.abs(step.at - nth(original.route.steps, i).at)).toBeLessThanOrEqual(0.01);
      expect([step.lat, step.lon]).toEqual([nth(original.route.steps, i).lat, nth(original.route.steps, i).lon]);
    });
  });
});

describe('POST /api/route.pdf.php', () => {
  it('keeps a members-only route book from visitors, and gives it to members', async () => {
    const hidden = await saveRoute({ title: 'Past the Smiths’ barn', visibility: 'members' });
    const res = await post('route.pdf', { id: hidden });
    expect(res.status).toBe(404);
    expect(JSON.stringify(res.body)).not.toContain('Smiths');
    const asMember = await post('route.pdf', { g: member.token, id: hidden });
    expect(asMember.status).toBe(200);
    expect(asMember.body.fileName).toBe('past-the-smiths-barn.pdf');
    expect(
      Buffer.from(asMember.body.pdf as string, 'base64')
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    expect(pdfText(readPdf(asMember.body.pdf as string))).toContain('Past the Smiths’ barn');
  });

  it('prints a public route for a visitor: the steps numbered with both distances, the stops, 14 pt and up', async () => {
    const id = await saveRoute({ title: 'Missouri River drive', visibility: 'public', start: 'Kirkwood church', finish: 'Hermann' });
    const res = await post('route.pdf', { id });
    expect(res.status).toBe(200);
    const pages = readPdf(res.body.pdf as string);
    expect(pages).toHaveLength(1);
    const text = pdfText(pages);
    expect(text).toContain('Missouri River drive');
    expect(text).toContain('From Kirkwood church to Hermann. 13.2 mi, 4 steps, 2 stops.');
    // Step 3 at 12.4 mi, 9.2 mi from step 2; the stop's kind before its instruction, the note below its step.
    expect(text).toMatch(/3\n12\.4\nFuel: Gas at the Eureka station\n9\.2/);
    expect(text).toMatch(/L on Old State Rd\nnarrow bridge/);
    expect(text).toContain('Food: Lunch at the Hermann diner, step 4 at 13.2 mi');
    expect(text).toContain('https://club.example.test/routes/');
    const steps = pages.flat().filter((line) => STEPS.some((step) => line.text.includes(step.instruction)));
    expect(steps.length).toBeGreaterThanOrEqual(STEPS.length);
    for (const line of steps) expect(line.size, line.text).toBeGreaterThanOrEqual(14);
    expect(text).not.toContain('Phone list');
  });

  it('adds the phone list for event editors and admins only, asked for one of the route’s events', async () => {
    const routeId = await saveRoute({ visibility: 'public' });
    const eventId = addEvent('Phone List Tour');
    await post('route.attach', { g: organiser.token, eventId, routeId });
    expect((await post('signup.set', { g: ann.token, eventId, answer: 'attending' })).status).toBe(200);
    for (const editor of [organiser, admin]) {
      const text = pdfText(readPdf((await post('route.pdf', { g: editor.token, id: routeId, eventId })).body.pdf as string));
      expect(text).toContain('Phone list for the day');
      expect(text).toContain('314-555-0101');
      expect(text).toContain('Phone List Tour, October 10, 2099, 9:00 am');
    }
    for (const reader of [member.token, undefined]) {
      const res = await post('route.pdf', { g: reader, id: routeId, eventId });
      expect(res.status).toBe(200);
      const text = pdfText(readPdf(res.body.pdf as string));
      expect(text).not.toContain('314-555-0101');
      expect(text).not.toContain('Phone list');
    }
    expect(pdfText(readPdf((await post('route.pdf', { g: organiser.token, id: routeId })).body.pdf as string))).not.toContain('314-555-0101');
  });

  it('keeps a 30-step tour with its map and phone list to two pages, and answers 404 for an unknown route', async () => {
    const steps = Array.from({ length: 30 }, (_, i) => ({
      instruction: `Turn ${i + 1} on County Rd ${i}`,
      at: i * 2,
      lat: 38.5 + i * 0.01,
      lon: -90.6 - i * 0.01,
      stop: i % 10 === 5 ? 'fuel' : '',
      note: i % 7 === 3 ? 'narrow bridge' : '',
    }));
    const id = await saveRoute({ title: 'Thirty steps', steps });
    const eventId = addEvent('Long Tour');
    await post('route.attach', { g: organiser.token, eventId, routeId: id });
    const res = await post('route.pdf', { g: organiser.token, id, eventId });
    expect(res.status).toBe(200);
    const pages = readPdf(res.body.pdf as string);
    expect(pages).toHaveLength(2);
    expect(pdfText(pages)).toContain('Turn 30 on County Rd 29');
    expect((await post('route.pdf', { g: organiser.token, id: 99999 })).status).toBe(404);
  });
});

describe('POST /api/route.pdf.php, drawn in the renderer process', () => {
  it('draws the route as it is now: a changed title and step give a changed book', async () => {
    const id = await saveRoute({ title: 'Augusta loop', visibility: 'public' });
    const before = pdfText(readPdf((await post('route.pdf', { id })).body.pdf as string));
    expect(before).toContain('Augusta loop');
    expect(before).toContain('Leave the church lot');
    const changed = await post('route.save', {
      g: organiser.token,
      id,
      title: 'Augusta loop, by the river',
      visibility: 'public',
      steps: [{ instruction: 'Leave the winery lot, L on Hwy 94', at: 0 }, ...STEPS.slice(1)],
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    const res = await post('route.pdf', { id });
    expect(res.body.fileName).toBe('augusta-loop-by-the-river.pdf');
    const after = pdfText(readPdf(res.body.pdf as string));
    expect(after).toContain('Augusta loop, by the river');
    expect(after).toContain('Leave the winery lot, L on Hwy 94');
    expect(after).not.toContain('Leave the church lot');
  });

  it('gives each of several books asked for at once its own route', async () => {
    const titles = ['Busch Wildlife run', 'Chain of Rocks crossing', 'Elsah bluffs'];
    const ids = await Promise.all(titles.map((title) => saveRoute({ title, visibility: 'public' })));
    const books = await Promise.all(ids.map((id) => post('route.pdf', { id })));
    books.forEach((res, index) => {
      expect(res.status).toBe(200);
      const text = pdfText(readPdf(res.body.pdf as string));
      expect(text).toContain(titles[index]);
      for (const other of titles.filter((_, i) => i !== index)) expect(text).not.toContain(other);
    });
  });
});

describe('routes on events', () => {
  it('attaches a route to an event (event editors only), shows it there and in the route’s history', async () => {
    const routeId = await saveRoute({ title: 'Hermann wine country' });
    const eventId = addEvent('Fall Colour Tour 2099');
    expect((await post('route.attach', { g: member.token, eventId, routeId })).status).toBe(403);
    expect((await post('event.route', { g: member.token, eventId })).body).toEqual({ route: null, showKilometres: false });
    expect((await post('route.attach', { g: organiser.token, eventId, routeId })).status).toBe(200);
    const { route } = (await post('event.route', { g: member.token, eventId })).body as { route: RouteSummary };
    expect(route).toMatchObject({
      id: routeId,
      title: 'Hermann wine country',
      miles: 13.2,
      stepCount: 4,
      stopCount: 2,
      drivenOn: [{ id: eventId, title: 'Fall Colour Tour 2099', start: '2099-10-10T09:00' }],
    });
    const list = (await post('routes.list', { g: member.token })).body as CallResponse<'routes.list'>;
    expect(list.routes.find((r) => r.id === routeId)?.drivenOn).toHaveLength(1);
    expect((await post('event.route', { eventId })).status).toBe(401);
    expect((await post('route.attach', { g: organiser.token, eventId, routeId: 0 })).status).toBe(200);
    expect((await post('event.route', { g: member.token, eventId })).body).toEqual({ route: null, showKilometres: false });
  });

  it('answers 404 for an unknown event or route', async () => {
    const routeId = await saveRoute();
    expect((await post('route.attach', { g: organiser.token, eventId: 99999, routeId })).status).toBe(404);
    expect((await post('route.attach', { g: organiser.token, eventId: addEvent(), routeId: 99999 })).status).toBe(404);
  });

  it('gives the phone list of the people signed up to event editors only, for one of the route’s events', async () => {
    const routeId = await saveRoute({ visibility: 'public' });
    const eventId = addEvent();
    const otherEvent = addEvent('Another tour');
    await post('route.attach', { g: organiser.token, eventId, routeId });
    expect((await post('signup.set', { g: ann.token, eventId, answer: 'attending', guests: ['Bill Attender'] })).status).toBe(200);
    const book = (await post('route.get', { g: organiser.token, id: routeId, eventId })).body as CallResponse<'route.get'>;
    expect(book.event).toMatchObject({ id: eventId, title: 'Fall Colour Tour' });
    expect(book.phoneList).toEqual([{ name: 'Ann Attender', phone: '314-555-0101', partySize: 2, cars: [] }]);
    const asMember = (await post('route.get', { g: member.token, id: routeId, eventId })).body as CallResponse<'route.get'>;
    expect(asMember.event).toMatchObject({ id: eventId });
    expect(asMember.phoneList).toBeNull();
    const asVisitor = (await post('route.get', { id: routeId, eventId })).body as CallResponse<'route.get'>;
    expect(asVisitor.phoneList).toBeNull();
    expect(asVisitor.event).toBeNull();
    expect(asVisitor.route.drivenOn).toEqual([]);
    const notItsEvent = (await post('route.get', { g: organiser.token, id: routeId, eventId: otherEvent })).body as CallResponse<'route.get'>;
    expect(notItsEvent.phoneList).toBeNull();
  });

  it('drops the link when the event is deleted', async () => {
    const routeId = await saveRoute();
    const eventId = addEvent();
    await post('route.attach', { g: organiser.token, eventId, routeId });
    expect((await post('event.delete', { g: organiser.token, id: eventId })).status).toBe(200);
    const { route } = (await post('route.get', { g: organiser.token, id: routeId })).body as CallResponse<'route.get'>;
    expect(route.drivenOn).toEqual([]);
  });
});

describe('POST /api/event.route.php with ROUTE_SHOW_KM=1', () => {
  it('tells the event page to show kilometres beside miles, as the route pages do', async () => {
    const km = createTestApp({ ROUTE_SHOW_KM: '1' });
    try {
      const editor = createMember(km.db, { permissions: ['event'] });
      const eventId = km.db
        .insert(events)
        .values({ title: 'Kilometre Tour', start: '2099-10-10T09:00', end: '2099-10-10T16:00', venue: 'Kirkwood' })
        .returning({ id: events.id })
        .get().id;
      const saved = await request(km.app).post('/api/route.save.php').send({ g: editor.token, id: 0, title: 'Metric loop', steps: STEPS });
      await request(km.app)
        .post('/api/route.attach.php')
        .send({ g: editor.token, eventId, routeId: (saved.body as { i: number }).i });
      const res = await request(km.app).post('/api/event.route.php').send({ g: editor.token, eventId });
      expect(res.body).toMatchObject({ route: { title: 'Metric loop' }, showKilometres: true });
    } finally {
      km.close();
    }
  });
});
