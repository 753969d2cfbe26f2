import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORUM_PAGE_SIZE, type CallResponse } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

type Page = CallResponse<'forum.page'>;

let t: TestApp;
let plain: TestMember;
let poster: TestMember;
let moderator: TestMember;

beforeAll(() => {
  t = createTestApp();
  plain = createMember(t.db, { firstName: 'Plain', lastName: 'Reader' });
  poster = createMember(t.db, { firstName: 'Polly', lastName: 'Poster', permissions: ['forum'] });
  moderator = createMember(t.db, { firstName: 'Mo', lastName: 'Derator', permissions: ['moderator'] });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

async function readPage(body: Record<string, unknown>, member = plain): Promise<Page> {
  const res = await post('forum.page', { g: member.token, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as Page;
}

async function startThread(member: TestMember, title: string): Promise<number> {
  const res = await request(t.app).post('/api/forum.createThread.php').field('g', member.token).field('t', title).field('d', 'Details inside.');
  expect(res.status).toBe(200);
  return res.body.i as number;
}

async function replyTo(member: TestMember, threadId: number, text = 'Me too.'): Promise<number> {
  const res = await post('forum.createPost', { g: member.token, t: threadId, c: text });
  expect(res.status).toBe(200);
  return res.body.i as number;
}

/** Sets when a thread was started (so the test controls the order without waiting). */
const setStarted = (id: number, iso: string) => t.db.$client.prepare('UPDATE forum_threads SET created = ? WHERE id = ?').run(iso, id);
const setWritten = (id: number, iso: string) => t.db.$client.prepare('UPDATE forum_posts SET created = ? WHERE id = ?').run(iso, id);

describe('POST /api/forum.page.php', () => {
  const ids: number[] = [];

  beforeAll(async () => {
    // FORUM_PAGE_SIZE + 3 approved threads (a moderator's are approved at once), one a day in March 2026.
    for (let n = 0; n < FORUM_PAGE_SIZE + 3; n += 1) {
      const id = await startThread(moderator, `Gearbox question ${String(n).padStart(2, '0')}`);
      setStarted(id, new Date(Date.UTC(2026, 2, n + 1, 12)).toISOString());
      ids.push(id);
    }
  });

  it('answers the brief rows of one page, newest activity first, with the counts the page shows', async () => {
    const first = await readPage({ q: 'gearbox' });
    expect(first.found).toBe(FORUM_PAGE_SIZE + 3);
    expect(first.total).toBeGreaterThanOrEqual(FORUM_PAGE_SIZE + 3);
    expect(first.threads).toHaveLength(FORUM_PAGE_SIZE);
    expect(first.threads[0]?.title).toBe('Gearbox question 27');
    // A line of the list, not the thread: no description, pictures or posts.
    expect(Object.keys(first.threads[0] ?? {}).sort()).toEqual(['approved', 'author', 'created', 'id', 'isMine', 'lastActivity', 'postCount', 'title']);
    expect(first.waiting).toBeUndefined();
    const second = await readPage({ q: 'gearbox', page: 2 });
    expect(second.threads.map((thread) => thread.title)).toEqual(['Gearbox question 02', 'Gearbox question 01', 'Gearbox question 00']);
    expect((await readPage({ q: 'gearbox', page: 9 })).threads).toEqual([]);
  });

  it('moves a thread with a new reply to the top, at once (the cached page is dropped)', async () => {
    expect((await readPage({ q: 'gearbox' })).threads[0]?.title).toBe('Gearbox question 27');
    const replyId = await replyTo(moderator, ids[3] as number, 'Try the club spares shelf.');
    setWritten(replyId, '2026-06-01T08:00:00.000Z');
    const first = await readPage({ q: 'gearbox' });
    expect(first.threads[0]).toMatchObject({ title: 'Gearbox question 03', postCount: 1, lastActivity: '2026-06-01T08:00:00.000Z' });
  });

  it('orders by newest thread or by most replies when asked', async () => {
    await replyTo(moderator, ids[10] as number);
    await replyTo(moderator, ids[10] as number);
    const newest = await readPage({ q: 'gearbox', sort: 'newest' });
    expect(newest.threads[0]?.title).toBe('Gearbox question 27');
    const replies = await readPage({ q: 'gearbox', sort: 'replies' });
    expect(replies.threads.slice(0, 2).map((thread) => [thread.title, thread.postCount])).toEqual([
      ['Gearbox question 10', 2],
      ['Gearbox question 03', 1],
    ]);
  });

  it('finds threads by every word of the search in the title or the author name', async () => {
    await startThread(poster, 'Magneto rebuild in Leeds');
    expect((await readPage({ q: '  17 GEARBOX ' })).threads.map((thread) => thread.title)).toEqual(['Gearbox question 17']);
    const byAuthor = await readPage({ q: 'MAGNETO polly' }, moderator);
    expect(byAuthor.threads.map((thread) => thread.title)).toEqual(['Magneto rebuild in Leeds']);
    expect(byAuthor.found).toBe(1);
    expect((await readPage({ q: 'magneto derator' }, moderator)).found).toBe(0);
  });

  it('shows a waiting thread and reply only to their author and the moderators, who also get what waits', async () => {
    const waitingThread = await startThread(poster, 'Waiting carburettor thread');
    const approvedId = ids[5] as number;
    await replyTo(poster, approvedId, 'A waiting reply.');
    const titles = async (member: TestMember) => (await readPage({ q: 'carburettor' }, member)).threads.map((thread) => thread.title);
    expect(await titles(plain)).toEqual([]);
    expect(await titles(poster)).toEqual(['Waiting carburettor thread']);
    expect(await titles(moderator)).toEqual(['Waiting carburettor thread']);

    const line = async (member: TestMember) => (await readPage({ q: 'question 05' }, member)).threads[0];
    expect((await line(plain))?.postCount).toBe(0);
    expect((await line(poster))?.postCount).toBe(1);
    expect((await line(moderator))?.postCount).toBe(1);
    expect((await readPage({ q: 'waiting carburettor' }, poster)).threads[0]).toMatchObject({ isMine: true, approved: false });

    const forModerator = await readPage({}, moderator);
    expect(forModerator.waiting?.map((item) => item.title)).toEqual(expect.arrayContaining(['Waiting carburettor thread', 'Gearbox question 05']));
    // The plain member sees neither the poster's magneto thread nor this one: both wait.
    expect((await readPage({}, plain)).total).toBe(forModerator.total - 2);

    // Approved, the thread is in everyone's list.
    expect((await post('forum.update', { g: moderator.token, t: waitingThread, a: 1 })).status).toBe(200);
    expect(await titles(plain)).toEqual(['Waiting carburettor thread']);
  });

  it('refuses a bad order or page with 400 naming the field, and a visitor with 401', async () => {
    const badSort = await post('forum.page', { g: plain.token, sort: 'loudest' });
    expect(badSort.status).toBe(400);
    expect(badSort.body.e).toMatch(/order/);
    expect((await post('forum.page', { g: plain.token, page: 0 })).status).toBe(400);
    const anonymous = await post('forum.page', {});
    expect(anonymous.status).toBe(401);
    expect(Object.keys(anonymous.body)).toEqual(['e']);
  });
});
