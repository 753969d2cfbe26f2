import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasPermission, type SessionUser } from '@club/contracts';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createDemoTestApp } from '../../test/demo-app.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { listPosts } from '../features/blog/store.ts';
import { attachAttendance, listEvents } from '../features/events/store.ts';
import { listThreads } from '../features/forum/store.ts';
import { DEMO_ACCOUNTS } from './index.ts';

// The legacy full lists (events.get, blog.get, forum.get) are written row by row and compressed as
// they go (http/json-stream.ts): each answer must stay, byte for byte, what the whole list built
// at once and serialized with one JSON.stringify gave, gzip or plain.

let t: TestApp;
let answering: TestMember;
let silent: TestMember;

type Db = TestApp['db'];

/** The answers as they were built before they were streamed: every row, the object tree, one JSON.stringify. */
const builtWhole = {
  events: (db: Db, viewerId: number): string => {
    const { events, names } = attachAttendance(db, listEvents(db), viewerId, true);
    return JSON.stringify({ v: events, u: names });
  },
  blog: (db: Db): string => JSON.stringify({ b: listPosts(db) }),
  forum: (db: Db, viewer: { id: number; isModerator: boolean }): string => JSON.stringify({ f: listThreads(db, viewer) }),
};

/** The answer's text as sent (inflated by supertest when gzip), never parsed. */
const ask = (app: TestApp['app'], call: string, token: string | undefined, encoding: string) =>
  request(app)
    .post(`/api/${call}.php`)
    .set('Accept-Encoding', encoding)
    .send(token ? { g: token } : {})
    .buffer(true)
    .parse((res, done) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => done(null, Buffer.concat(chunks).toString('utf8')));
    });

/** Asks both ways and checks each answer is `expected`, byte for byte. */
async function expectAnswer(app: TestApp['app'], call: string, token: string | undefined, expected: string): Promise<void> {
  const zipped = await ask(app, call, token, 'gzip');
  expect(zipped.status).toBe(200);
  expect(zipped.headers['content-encoding']).toBe('gzip');
  expect(zipped.body).toBe(expected);
  const plain = await ask(app, call, token, 'identity');
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(expected));
  expect(plain.body).toBe(expected);
}

async function logIn(role: string): Promise<{ token: string; id: number; isModerator: boolean }> {
  const account = DEMO_ACCOUNTS.find((candidate) => candidate.role === role);
  const login = await request(t.app).post('/api/session.create.php').send({ u: account?.email, p: account?.password });
  const session = await request(t.app).post('/api/session.get.php').send({ g: login.body.g });
  const user = (session.body as { u: SessionUser }).u;
  return { token: login.body.g as string, id: user.id, isModerator: hasPermission(user.permissions, 'moderator') };
}

beforeAll(async () => {
  t = await createDemoTestApp();
  // Names and comments that test the escaping and the order of the names: quotes, accents, an emoji.
  answering = createMember(t.db, { firstName: 'Zoë "Zed"', lastName: 'Ångström' });
  silent = createMember(t.db, { firstName: 'Émile', lastName: 'Quiet' });
  const [first, second] = listEvents(t.db);
  for (const [event, s, comments] of [
    [first, 1, 'Bringing the "Model A" 🚗\nand a thermos'],
    [second, 0, 'Away that weekend — sorry'],
  ] as const) {
    await request(t.app).post('/api/attendance.set.php').send({ g: answering.token, i: event?.id, s, t: 2, c: comments }).expect(200);
  }
}, 120_000);
afterAll(() => t.close());

describe('POST /api/events.get.php (streamed)', () => {
  it('answers the demo club byte for byte as the list built whole did, with the member’s own answers marked', async () => {
    for (const member of [answering, silent]) await expectAnswer(t.app, 'events.get', member.token, builtWhole.events(t.db, member.id));
    const mine = JSON.parse(builtWhole.events(t.db, answering.id)) as { v: { myAttendanceIndex: number; attendance: { comments: string }[] }[]; u: string[] };
    const marked = mine.v.filter((event) => event.myAttendanceIndex >= 0);
    expect(marked.map((event) => event.attendance[event.myAttendanceIndex]?.comments)).toEqual([
      'Bringing the "Model A" 🚗\nand a thermos',
      'Away that weekend — sorry',
    ]);
    expect(mine.u).toContain('Zoë "Zed" Ångström');
    expect(mine.v.filter((event) => event.attendance.length > 0).length).toBeGreaterThan(5);
  });

  it('answers the new list after a member answers, still as built whole', async () => {
    const before = await ask(t.app, 'events.get', silent.token, 'gzip');
    const [, , third] = listEvents(t.db);
    await request(t.app).post('/api/attendance.set.php').send({ g: silent.token, i: third?.id, s: 1, t: 1, c: '' }).expect(200);
    const after = await ask(t.app, 'events.get', silent.token, 'gzip');
    expect(after.body).not.toBe(before.body);
    expect(after.body).toBe(builtWhole.events(t.db, silent.id));
  });

  it('still asks for a session first', async () => {
    expect((await request(t.app).post('/api/events.get.php').send({})).status).toBe(401);
  });
});

describe('POST /api/blog.get.php (streamed)', () => {
  it('answers every demo post byte for byte as the list built whole did', async () => {
    const expected = builtWhole.blog(t.db);
    expect((JSON.parse(expected) as { b: unknown[] }).b.length).toBeGreaterThan(3);
    await expectAnswer(t.app, 'blog.get', undefined, expected);
  });
});

describe('POST /api/forum.get.php (streamed)', () => {
  it('answers each reader’s threads byte for byte as the list built whole did (a member, the poster of a waiting thread, a moderator)', async () => {
    const expected = new Set<string>();
    for (const role of ['member (no edit rights)', 'forum poster', 'forum moderator']) {
      const reader = await logIn(role);
      const answer = builtWhole.forum(t.db, reader);
      expected.add(answer);
      await expectAnswer(t.app, 'forum.get', reader.token, answer);
    }
    // Three readers, three different lists: the waiting thread shows to its poster and the moderator only.
    expect(expected.size).toBe(3);
  });
});

describe('the legacy lists of an empty club', () => {
  it('answer as the lists built whole did', async () => {
    const empty = createTestApp();
    try {
      const member = createMember(empty.db);
      await expectAnswer(empty.app, 'events.get', member.token, '{"v":[],"u":[]}');
      expect(builtWhole.events(empty.db, member.id)).toBe('{"v":[],"u":[]}');
      await expectAnswer(empty.app, 'blog.get', undefined, builtWhole.blog(empty.db));
      await expectAnswer(empty.app, 'forum.get', member.token, builtWhole.forum(empty.db, { id: member.id, isModerator: false }));
    } finally {
      empty.close();
    }
  });
});
