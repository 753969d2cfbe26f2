import request from 'supertest';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CallResponse } from '@club/contracts';
import { events } from '../../db/schema/index.ts';
import { ApiError } from '../../errors.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import * as renderer from './route-pdf-renderer.ts';

type Renderer = typeof renderer;

// The real renderer, watched: how many books the site has the child process draw.
vi.mock('./route-pdf-renderer.ts', async (importActual) => {
  const actual = await importActual<Renderer>();
  return { ...actual, renderRouteBookPdf: vi.fn(actual.renderRouteBookPdf) };
});
const draw = vi.mocked(renderer.renderRouteBookPdf);

let t: TestApp;
let organiser: TestMember;
let member: TestMember;

beforeAll(() => {
  t = createTestApp({ BASE_URL: 'https://club.example.test' });
  organiser = createMember(t.db, { firstName: 'Olga', lastName: 'Organiser', permissions: ['event'] });
  member = createMember(t.db, { firstName: 'Max', lastName: 'Member' });
});
afterAll(() => t.close());
afterEach(() => {
  draw.mockClear();
});

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

async function saveRoute(title: string, visibility: 'public' | 'members' = 'public'): Promise<number> {
  const res = await post('route.save', {
    g: organiser.token,
    id: 0,
    title,
    visibility,
    steps: [
      { instruction: 'Leave the church lot', at: 0 },
      { instruction: 'R on Old State Rd', leg: 3.2 },
    ],
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body as { i: number }).i;
}

const addEvent = (title: string) =>
  t.db.insert(events).values({ title, start: '2099-10-10T09:00', end: '2099-10-10T16:00', venue: 'Kirkwood' }).returning({ id: events.id }).get().id;

describe('a route book PDF, drawn once per route and version', () => {
  it('gives a visitor the same PDF whatever event id is sent, drawn once, even after other changes on the site', async () => {
    const id = await saveRoute('Augusta wine country');
    const books = [];
    for (const eventId of [undefined, 1, 2, 3, 4, 5, 999]) {
      const res = await post('route.pdf', eventId === undefined ? { id } : { id, eventId });
      expect(res.status, JSON.stringify(res.body).slice(0, 200)).toBe(200);
      books.push((res.body as CallResponse<'route.pdf'>).pdf);
    }
    expect(new Set(books).size).toBe(1);
    // Something unrelated changes (a new member), which empties the site's reply cache: the book stays drawn.
    createMember(t.db, { firstName: 'Nell', lastName: 'Newcomer' });
    expect((await post('route.pdf', { id, eventId: 6 })).body.pdf).toBe(books[0]);
    expect(draw).toHaveBeenCalledTimes(1);
  });

  it('draws the book again once the route changes, and a member sending an event that is not the route’s gets the plain book', async () => {
    const id = await saveRoute('Hermann loop');
    await post('route.pdf', { id });
    await post('route.save', {
      g: organiser.token,
      id,
      title: 'Hermann loop, by the river',
      visibility: 'public',
      steps: [{ instruction: 'Leave the winery lot', at: 0 }],
    });
    const changed = await post('route.pdf', { id, eventId: 3 });
    expect(changed.body.fileName).toBe('hermann-loop-by-the-river.pdf');
    expect(draw).toHaveBeenCalledTimes(2);

    const plain = await post('route.pdf', { g: member.token, id });
    const otherEvent = addEvent('Someone else’s tour');
    const withOtherEvent = await post('route.pdf', { g: member.token, id, eventId: otherEvent });
    expect(withOtherEvent.body.pdf).toBe(plain.body.pdf);
    // No event drove this route yet, so the members' book shows what the visitors' does: nothing new to draw.
    expect(plain.body.pdf).toBe(changed.body.pdf);
    expect(draw).toHaveBeenCalledTimes(2);
  });
});

describe('how many route books are drawn', () => {
  it('tells an address that asks for many different books in a short time to wait (429), and still gives books already drawn', async () => {
    // Drawing is what costs; here it is stood in for, so the limit is reached quickly.
    draw.mockImplementation(async (book) => Buffer.from(`%PDF-1.4 ${book.route.title}`));
    try {
      const first = await saveRoute('Route 0');
      expect((await post('route.pdf', { id: first })).status).toBe(200);
      let refused: request.Response | undefined;
      for (let n = 1; n <= 40 && !refused; n += 1) {
        const res = await post('route.pdf', { id: await saveRoute(`Route ${n}`) });
        if (res.status !== 200) refused = res;
      }
      expect(refused?.status).toBe(429);
      expect(refused?.body.e).toMatch(/many route books .*Please wait/i);
      // A book already drawn costs nothing: it still comes.
      expect((await post('route.pdf', { id: first })).status).toBe(200);
    } finally {
      draw.mockReset();
      const actual = await vi.importActual<Renderer>('./route-pdf-renderer.ts');
      draw.mockImplementation(actual.renderRouteBookPdf);
    }
  });

  it('refuses a book at once when many are waiting to be drawn, rather than queueing without end', async () => {
    const { renderRouteBookPdf } = await vi.importActual<Renderer>('./route-pdf-renderer.ts');
    const book = (await post('route.get', { id: await saveRoute('Queue test') })).body as CallResponse<'route.get'>;
    const asked = Array.from({ length: 12 }, () =>
      renderRouteBookPdf(book, { clubName: 'Club', link: 'https://club.example.test/routes/1' }).then(
        () => 'drawn',
        (error: unknown) => error,
      ),
    );
    const answers = await Promise.all(asked);
    const refused = answers.filter((answer): answer is ApiError => answer instanceof ApiError);
    expect(refused.length).toBeGreaterThan(0);
    expect(refused[0]?.status).toBe(503);
    expect(refused[0]?.message).toMatch(/try again in a minute/);
    expect(answers.filter((answer) => answer === 'drawn').length).toBeGreaterThan(0);
  });
});
