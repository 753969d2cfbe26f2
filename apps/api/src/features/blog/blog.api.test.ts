import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { imageSources, type BlogPageReply, type BlogPost, type BlogPostReply, type BlogReply } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg, makePng } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let editor: TestMember;
let plainMember: TestMember;
let gpsJpeg: Buffer;
let wideJpeg: Buffer;
let bigJpeg: Buffer;

/** A camera JPEG that carries a camera model and a GPS position, as phones write them. */
function makeGpsJpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#335577' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Kodak', Model: 'Brownie 2000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 48/1', GPSLongitudeRef: 'W', GPSLongitude: '90/1 24/1 26/1' },
    })
    .toBuffer();
}

beforeAll(async () => {
  t = createTestApp();
  editor = createMember(t.db, { permissions: ['blog'] });
  plainMember = createMember(t.db, { permissions: ['event', 'history'] });
  gpsJpeg = await makeGpsJpeg(1600, 1200);
  wideJpeg = await makeJpeg(1200, 800);
  bigJpeg = await makeJpeg(3000, 2000);
});
afterAll(() => t.close());

type Upload = { buffer: Buffer; name: string };

/** blog.save as the editor's browser sends it: multipart with f[] files and rot[] turns. */
function savePost(fields: Record<string, string | number | string[]>, files: Upload[] = []) {
  return postMultipart(
    t.app,
    'blog.save',
    fields,
    files.map((file) => ({ field: 'f[]', ...file })),
  );
}

/** blog.get, the spec's every-post list. */
const readBlog = (body: object = {}) => request(t.app).post('/api/blog.get.php').send(body);
/** blog.post, one post and its neighbours, as the post page reads it. */
const readPost = (id: number) => request(t.app).post('/api/blog.post.php').send({ id });
const postOf = async (id: number): Promise<BlogPost | null> => ((await readPost(id)).body as BlogPostReply).post;
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
/** Every file stored for a picture: the picture and each of its copies. */
const copiesOf = (url: string): string[] => {
  const sources = imageSources(url);
  return [
    ...new Set([
      sources.src,
      ...[sources.srcSet, sources.webpSrcSet]
        .filter(Boolean)
        .join(', ')
        .split(', ')
        .map((c) => c.split(' ')[0] ?? ''),
    ]),
  ].filter(Boolean);
};

const VIDEO_ID = 'dQw4w9WgXcQ';

async function createPhotoPost(title = 'Spring drive to Hermann') {
  const entries = [
    { h: 'Twelve cars left Kirkwood at nine.\n\nRoute map: https://example.org/route' },
    { s: [0, 1, 2] },
    { y: `https://www.youtube.com/watch?v=${VIDEO_ID}&t=30s` },
  ];
  return savePost({ id: 0, g: editor.token, t: title, date: '2026-04-18', entries: JSON.stringify(entries), rot: ['0', '1', '0'] }, [
    { buffer: gpsJpeg, name: 'gps.jpg' },
    { buffer: wideJpeg, name: 'turned.jpg' },
    { buffer: bigJpeg, name: 'big.jpg' },
  ]);
}

describe('POST /api/blog.save.php', () => {
  it('creates a post with text, three JPEGs (one rotated) and a video link that a visitor reads back', async () => {
    const created = await createPhotoPost();
    expect(created.status).toBe(200);
    expect(created.body.i).toBeGreaterThan(0);

    const single = await readPost(created.body.i);
    expect(single.status).toBe(200);
    const post = (single.body as BlogPostReply).post;
    expect(post).toMatchObject({ id: created.body.i, title: 'Spring drive to Hermann', date: '2026-04-18', ytVideos: [VIDEO_ID] });
    expect(post?.text).toBe('Twelve cars left Kirkwood at nine.\n\nRoute map: https://example.org/route');
    expect(post?.images).toHaveLength(3);
    expect(post?.htmlData).toEqual([{ h: post?.text }, { s: post?.images }, { y: VIDEO_ID }]);

    const [gps = '', turned = '', big = ''] = post?.images ?? [];
    expect(imageSources(gps)).toMatchObject({ width: 1600, height: 1200 });
    expect(imageSources(turned)).toMatchObject({ width: 800, height: 1200 });
    expect(imageSources(big)).toMatchObject({ width: 2048, height: 1365 });
    const served = await request(t.app).get(turned);
    expect(served.status).toBe(200);
    expect(await sharp(served.body as Buffer).metadata()).toMatchObject({ width: 800, height: 1200, format: 'jpeg' });

    const everything = await readBlog();
    expect((everything.body.b as BlogPost[]).map((p) => p.id)).toContain(created.body.i);
  });

  it('serves no picture or rendition with EXIF, GPS or other metadata', async () => {
    const created = await createPhotoPost('No secrets in the pictures');
    const post = await postOf(created.body.i);
    const urls = (post?.images ?? []).flatMap(copiesOf);
    expect(urls.length).toBeGreaterThanOrEqual(9);
    for (const url of urls) {
      const res = await request(t.app)
        .get(url)
        .buffer(true)
        .parse((response, done) => {
          const chunks: Buffer[] = [];
          response.on('data', (chunk: Buffer) => chunks.push(chunk));
          response.on('end', () => done(null, Buffer.concat(chunks)));
        });
      expect(res.status, url).toBe(200);
      const meta = await sharp(res.body as Buffer).metadata();
      expect(meta.exif, url).toBeUndefined();
      expect(meta.xmp, url).toBeUndefined();
      expect(meta.iptc, url).toBeUndefined();
      expect(meta.orientation, url).toBeUndefined();
    }
    expect(gpsJpeg.includes(Buffer.from('Brownie 2000'))).toBe(true);
  });

  it('takes the legacy form (h, f[], y[]) and keeps only the id of each video link', async () => {
    const res = await savePost({ id: 0, g: editor.token, t: 'Legacy form', date: '2025-07-04', h: 'Parade day.', y: [`https://youtu.be/${VIDEO_ID}`, ''] }, [
      { buffer: wideJpeg, name: 'a.jpg' },
    ]);
    expect(res.status).toBe(200);
    const post = await postOf(res.body.i);
    expect(post?.htmlData).toEqual([{ h: 'Parade day.' }, { s: post?.images }, { y: VIDEO_ID }]);
    expect(post?.images).toHaveLength(1);
  });

  it('edits a post under the same id and deletes the files of a picture taken off it', async () => {
    const created = await createPhotoPost('Before the edit');
    const before = await postOf(created.body.i);
    const [first = '', dropped = '', third = ''] = before?.images ?? [];
    const droppedFiles = copiesOf(dropped);
    expect(droppedFiles.length).toBeGreaterThan(1);
    for (const url of droppedFiles) expect(fs.existsSync(fileOf(url))).toBe(true);

    const edited = await savePost({
      id: created.body.i,
      g: editor.token,
      t: 'After the edit',
      date: '2026-04-19',
      entries: JSON.stringify([{ s: [third, first] }, { h: 'Moved below the pictures.' }]),
    });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ i: created.body.i });

    const after = await postOf(created.body.i);
    expect(after).toMatchObject({
      title: 'After the edit',
      date: '2026-04-19',
      htmlData: [{ s: [third, first] }, { h: 'Moved below the pictures.' }],
      ytVideos: [],
    });
    for (const url of droppedFiles) expect(fs.existsSync(fileOf(url)), url).toBe(false);
    for (const url of [...copiesOf(first), ...copiesOf(third)]) expect(fs.existsSync(fileOf(url)), url).toBe(true);
  });

  it('refuses a picture that is not on the post with 400 and stores nothing', async () => {
    const created = await createPhotoPost('Guarded');
    const res = await savePost({
      id: created.body.i,
      g: editor.token,
      t: 'Guarded',
      date: '2026-04-19',
      entries: JSON.stringify([{ s: ['/uploads/members/someone.jpg'] }]),
    });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/no longer on it/);
  });

  it('refuses a PNG renamed .jpg with 415 and stores nothing', async () => {
    const folder = path.join(t.config.uploadsDir, 'blog');
    const filesBefore = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    const res = await savePost({ id: 0, g: editor.token, t: 'Sneaky', date: '2026-01-01', h: 'x' }, [
      { buffer: wideJpeg, name: 'fine.jpg' },
      { buffer: await makePng(40, 30), name: 'photo.jpg' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/JPEG/);
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(filesBefore);
    const titles = ((await readBlog()).body.b as BlogPost[]).map((p) => p.title);
    expect(titles).not.toContain('Sneaky');
  });

  it('refuses 31 files with 413 and says how many are allowed', async () => {
    const tiny = await makeJpeg(8, 8);
    const files = Array.from({ length: 31 }, (_, n) => ({ buffer: tiny, name: `p${n}.jpg` }));
    const res = await savePost({ id: 0, g: editor.token, t: 'Too many', date: '2026-01-01', h: 'x' }, files);
    expect(res.status).toBe(413);
    expect(res.body.e).toMatch(/at most 30 files/);
  });

  it('refuses a video that is not a video link with 400', async () => {
    const res = await savePost({ id: 0, g: editor.token, t: 'Video', date: '2026-01-01', y: ['https://vimeo.com/1234'] });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/YouTube link or its 11-character id/);
  });

  it('refuses an empty post with 400', async () => {
    const res = await savePost({ id: 0, g: editor.token, t: 'Nothing', date: '2026-01-01', h: '  ' });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/add some text, a photo or a video/);
  });

  it('refuses a member without the blog permission with 403, and a visitor with 401', async () => {
    const forbidden = await savePost({ id: 0, g: plainMember.token, t: 'Nope', date: '2026-01-01', h: 'x' }, [{ buffer: wideJpeg, name: 'a.jpg' }]);
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.e).toMatch(/permission/);
    const visitor = await savePost({ id: 0, t: 'Nope', date: '2026-01-01', h: 'x' });
    expect(visitor.status).toBe(401);
  });

  it('answers 404 for an unknown post id', async () => {
    const res = await savePost({ id: 999_999, g: editor.token, t: 'Ghost', date: '2026-01-01', h: 'x' });
    expect(res.status).toBe(404);
  });
});

describe('POST /api/blog.delete.php', () => {
  it('deletes the post and every file of its pictures', async () => {
    const created = await createPhotoPost('To be deleted');
    const post = await postOf(created.body.i);
    const files = (post?.images ?? []).flatMap(copiesOf);
    for (const url of files) expect(fs.existsSync(fileOf(url))).toBe(true);

    const res = await request(t.app).post('/api/blog.delete.php').send({ g: editor.token, id: created.body.i });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await readPost(created.body.i)).body).toEqual({ post: null, newerId: null, olderId: null });
    for (const url of files) expect(fs.existsSync(fileOf(url)), url).toBe(false);

    const again = await request(t.app).post('/api/blog.delete.php').send({ g: editor.token, id: created.body.i });
    expect(again.status).toBe(404);
  });

  it('refuses a member without the blog permission with 403', async () => {
    const created = await createPhotoPost('Protected');
    const res = await request(t.app).post('/api/blog.delete.php').send({ g: plainMember.token, id: created.body.i });
    expect(res.status).toBe(403);
    expect(await postOf(created.body.i)).not.toBeNull();
  });
});

/** A fresh app with 12 posts, one a day through 2025-01-12, saved oldest first; `ids` in that order. */
async function withTwelvePosts(run: (own: TestApp, ids: number[]) => Promise<void>): Promise<void> {
  const own = createTestApp();
  const poster = createMember(own.db, { permissions: ['blog'] });
  try {
    const ids: number[] = [];
    for (let n = 1; n <= 12; n += 1) {
      const res = await request(own.app)
        .post('/api/blog.save.php')
        .send({ id: 0, g: poster.token, t: `Post ${n}`, date: `2025-01-${String(n).padStart(2, '0')}`, h: `Day ${n}` });
      ids.push(res.body.i as number);
    }
    await run(own, ids);
  } finally {
    own.close();
  }
}

const NEWEST_FIRST = Array.from({ length: 12 }, (_, i) => `Post ${12 - i}`);

describe('POST /api/blog.get.php', () => {
  it("answers the spec's `b` (every post, newest first) and nothing else, ignoring the old page and id fields", async () => {
    await withTwelvePosts(async (own) => {
      for (const body of [{}, { page: 1 }, { id: 3 }, { page: 0 }]) {
        const res = await request(own.app).post('/api/blog.get.php').send(body);
        expect(res.status, JSON.stringify(body)).toBe(200);
        expect(Object.keys(res.body), JSON.stringify(body)).toEqual(['b']);
        expect((res.body as BlogReply).b.map((post) => post.title)).toEqual(NEWEST_FIRST);
      }
    });
  });
});

describe('POST /api/blog.page.php', () => {
  it('pages 12 posts as 5, 5 and 2, newest first, with the total, to a visitor', async () => {
    await withTwelvePosts(async (own) => {
      const page = async (n: number) => {
        const res = await request(own.app).post('/api/blog.page.php').send({ page: n });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['posts', 'total']);
        return res.body as BlogPageReply;
      };
      const pages = [await page(1), await page(2), await page(3), await page(4)];
      expect(pages.map((p) => p.posts.length)).toEqual([5, 5, 2, 0]);
      expect(pages.map((p) => p.total)).toEqual([12, 12, 12, 12]);
      expect(pages.flatMap((p) => p.posts.map((post) => post.title))).toEqual(NEWEST_FIRST);
      const unpaged = (await request(own.app).post('/api/blog.page.php').send({})).body as BlogPageReply;
      expect(unpaged).toEqual(pages[0]);
    });
  });

  it('rejects a page below 1 with 400 naming the page', async () => {
    const res = await request(t.app).post('/api/blog.page.php').send({ page: 0 });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/page/);
  });
});

describe('POST /api/blog.post.php', () => {
  it('links each post to its newer and older neighbour, null at either end, to a visitor', async () => {
    await withTwelvePosts(async (own, ids) => {
      const read = async (id: number | undefined) => {
        const res = await request(own.app).post('/api/blog.post.php').send({ id });
        expect(res.status).toBe(200);
        expect(Object.keys(res.body).sort()).toEqual(['newerId', 'olderId', 'post']);
        return res.body as BlogPostReply;
      };
      const middle = await read(ids[5]);
      expect(middle).toMatchObject({ post: { id: ids[5], title: 'Post 6', text: 'Day 6' }, newerId: ids[6], olderId: ids[4] });
      expect(await read(ids[11])).toMatchObject({ newerId: null, olderId: ids[10] });
      expect(await read(ids[0])).toMatchObject({ newerId: ids[1], olderId: null });
    });
  });

  it('answers an unknown id with no post and no neighbours', async () => {
    expect((await readPost(987_654)).body).toEqual({ post: null, newerId: null, olderId: null });
  });

  it('rejects a missing or non-numeric id with 400 naming the post id', async () => {
    for (const body of [{}, { id: 'abc' }, { id: 0 }]) {
      const res = await request(t.app).post('/api/blog.post.php').send(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.e).toMatch(/post id/);
    }
  });
});
