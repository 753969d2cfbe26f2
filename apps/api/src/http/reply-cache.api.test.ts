import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ReplyCache } from './reply-cache.ts';

let t: TestApp;
let historian: TestMember;
let member: TestMember;

beforeAll(() => {
  t = createTestApp();
  historian = createMember(t.db, { permissions: ['history'] });
  member = createMember(t.db);
});
afterAll(() => t.close());

const presidents = () => request(t.app).post('/api/presidents.get.php').send({});

describe('cached reads', () => {
  it('answer 304 to a matching If-None-Match, and a new ETag and body after the write that changes them', async () => {
    const first = await presidents();
    expect(first.status).toBe(200);
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]+"$/);

    const again = await presidents().set('If-None-Match', etag);
    expect(again.status).toBe(304);

    const saved = await request(t.app).post('/api/president.save.php').type('form').send({ g: historian.token, i: 0, y: 1931, n: 'Ada Cached' });
    expect(saved.status).toBe(200);

    const after = await presidents().set('If-None-Match', etag);
    expect(after.status).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(after.body.p).toContainEqual(expect.objectContaining({ name: 'Ada Cached', year: 1931 }));
  });

  it('send the stored gzip bytes to a client that accepts gzip, and plain JSON to one that does not', async () => {
    const zipped = await presidents()
      .set('Accept-Encoding', 'gzip')
      .buffer(true)
      .parse((res, done) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => done(null, Buffer.concat(chunks)));
      });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    const plain = await presidents().set('Accept-Encoding', 'identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    // supertest has already inflated the gzip body.
    expect(JSON.parse((zipped.body as Buffer).toString('utf8'))).toEqual(plain.body);
  });

  it('still check the access rule before answering from the cache', async () => {
    const cached = await request(t.app).post('/api/members.get.php').send({ g: member.token });
    expect(cached.status).toBe(200);
    const anonymous = await request(t.app).post('/api/members.get.php').send({});
    expect(anonymous.status).toBe(401);
    const ended = await request(t.app).post('/api/members.get.php').send({ g: 'no-such-session' });
    expect(ended.status).toBe(401);
  });

  it('drop the member list when a member changes their own settings', async () => {
    const before = await request(t.app).post('/api/members.get.php').send({ g: member.token });
    const mine = (list: { id: number; email_notifications: boolean }[]) => list.find((m) => m.id === member.id);
    expect(mine(before.body.m)?.email_notifications).toBe(true);
    await request(t.app).post('/api/user.settings.set.php').send({ g: member.token, e: 0 }).expect(200);
    const after = await request(t.app).post('/api/members.get.php').send({ g: member.token });
    expect(mine(after.body.m)?.email_notifications).toBe(false);
  });

  it('drop everything when the app writes outside any call (a job, a service)', async () => {
    await presidents().expect(200);
    t.db.$client.prepare('INSERT INTO presidents (year, name) VALUES (?, ?)').run(1934, 'Written By A Job');
    const after = await presidents();
    expect(after.body.p).toContainEqual(expect.objectContaining({ name: 'Written By A Job' }));
  });

  it('drop everything when another process writes the database (the CLI)', async () => {
    await presidents().expect(200);
    const other = new Database(t.config.databaseFile);
    other.prepare('INSERT INTO presidents (year, name) VALUES (?, ?)').run(1932, 'Written Elsewhere');
    other.close();
    const after = await presidents();
    expect(after.body.p).toContainEqual(expect.objectContaining({ name: 'Written Elsewhere' }));
  });
});

describe('ReplyCache', () => {
  it('keys a member-scoped read by member and a shared one by input only', () => {
    const cache = new ReplyCache(t.db);
    cache.register('events.get', 'member');
    cache.register('blog.get', 'shared');
    const ann = { id: 1 } as Parameters<ReplyCache['keyOf']>[2];
    const bob = { id: 2 } as Parameters<ReplyCache['keyOf']>[2];
    expect(cache.keyOf('events.get', { g: 'a' }, ann)).not.toBe(cache.keyOf('events.get', { g: 'b' }, bob));
    expect(cache.keyOf('blog.get', { g: 'a' }, ann)).toBe(cache.keyOf('blog.get', { g: 'b' }, bob));
    expect(cache.keyOf('blog.get', { p: 1 }, ann)).not.toBe(cache.keyOf('blog.get', { p: 2 }, ann));
    expect(cache.keyOf('members.get', {}, ann)).toBeUndefined();
  });

  it('keys a viewer-scoped read by the kind of caller, shared by all callers of that kind', () => {
    const cache = new ReplyCache(t.db);
    cache.register('route.get', { viewer: (user) => (user ? (user.permissions.includes('event') ? 'editor' : 'member') : 'visitor') });
    const ann = { id: 1, permissions: [] } as unknown as Parameters<ReplyCache['keyOf']>[2];
    const bob = { id: 2, permissions: [] } as unknown as Parameters<ReplyCache['keyOf']>[2];
    const olga = { id: 3, permissions: ['event'] } as unknown as Parameters<ReplyCache['keyOf']>[2];
    expect(cache.keyOf('route.get', { g: 'a', id: 1 }, ann)).toBe(cache.keyOf('route.get', { g: 'b', id: 1 }, bob));
    expect(cache.keyOf('route.get', { id: 1 }, ann)).not.toBe(cache.keyOf('route.get', { id: 1 }, olga));
    expect(cache.keyOf('route.get', { id: 1 }, undefined)).not.toBe(cache.keyOf('route.get', { id: 1 }, ann));
    expect(cache.keyOf('route.get', { id: 1 }, ann)).not.toBe(cache.keyOf('route.get', { id: 2 }, ann));
  });

  it('drops an answer computed before a write overtook it, and evicts the least recently used over its size', () => {
    const cache = new ReplyCache(t.db, 1_000);
    const stamp = cache.begin();
    t.db.$client.prepare('INSERT INTO presidents (year, name) VALUES (?, ?)').run(1933, 'Overtaking');
    cache.store('blog.get|*|{}', stamp, { v: [] });
    expect(cache.get('blog.get|*|{}')).toBeUndefined();

    // Random text barely compresses: two such answers (about 720 bytes of gzip each) do not fit in 1,000.
    const big = { text: randomBytes(675).toString('base64') };
    cache.store('blog.get|*|{"p":1}', cache.begin(), big);
    cache.store('blog.get|*|{"p":2}', cache.begin(), big);
    expect(cache.get('blog.get|*|{"p":1}')).toBeUndefined();
    expect(cache.get('blog.get|*|{"p":2}')).toBeDefined();
  });

  it('counts and keeps only the compressed bytes, so a large list that compresses well stays small', () => {
    const cache = new ReplyCache(t.db, 20_000);
    // 100 KB of JSON like a legacy full list: repetitive rows, about 2 KB once compressed.
    const list = { v: Array.from({ length: 2_000 }, (_, id) => ({ id, title: 'Club night', venue: 'The hall' })) };
    cache.store('events.get|1|{}', cache.begin(), list);
    cache.store('events.get|2|{}', cache.begin(), list);
    const kept = cache.get('events.get|1|{}');
    expect(kept).toBeDefined();
    expect(cache.get('events.get|2|{}')).toBeDefined();
    expect(kept?.bytes).toBeLessThan(10_000);
    expect(kept?.jsonBytes).toBe(JSON.stringify(list).length);
  });
});

describe('ReplyCache.build', () => {
  it('computes an answer once for every request that asks while it is being computed', async () => {
    const cache = new ReplyCache(t.db);
    let computed = 0;
    const compute = async () => {
      computed += 1;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return { reply: { v: [computed] }, expires: () => Number.POSITIVE_INFINITY };
    };
    const stamp = cache.begin();
    const answers = await Promise.all(Array.from({ length: 5 }, () => cache.build('events.get|1|{}', stamp, compute)));
    expect(computed).toBe(1);
    expect(new Set(answers).size).toBe(1);
    expect(cache.get('events.get|1|{}')).toBe(answers[0]);
    // Another member's answer, or the same one after it is done, is computed anew.
    await cache.build('events.get|2|{}', stamp, compute);
    expect(computed).toBe(2);
  });

  it('lets every waiting request see the error of a failed computation, and tries again afterwards', async () => {
    const cache = new ReplyCache(t.db);
    let calls = 0;
    const failing = async () => {
      calls += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      throw new Error('disk on fire');
    };
    const stamp = cache.begin();
    const results = await Promise.allSettled([cache.build('k', stamp, failing), cache.build('k', stamp, failing)]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(calls).toBe(1);
    await expect(cache.build('k', stamp, failing)).rejects.toThrow('disk on fire');
    expect(calls).toBe(2);
  });
});
