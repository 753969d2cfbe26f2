import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boardPairsSchema } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg, makePng } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let editor: TestMember;
let plainMember: TestMember;
let jpeg: Buffer;
let bigJpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  t = createTestApp();
  editor = createMember(t.db, { permissions: ['history'] });
  plainMember = createMember(t.db);
  jpeg = await makeJpeg(40, 30);
  bigJpeg = await makeJpeg(3000, 1500);
  png = await makePng(40, 30);
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);
const postForm = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).type('form').send(body);
const get = (name: string) => request(t.app).get(`/api/${name}.php`);

/** Where an /uploads/ URL lives on disk. */
const uploadedFile = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

describe('POST /api/president.save.php', () => {
  it('adds a president from a form post and lists presidents newest first', async () => {
    const older = await postForm('president.save', { i: '0', g: editor.token, y: '1971', n: 'Clarence Baumann' });
    const newer = await postForm('president.save', { i: '0', g: editor.token, y: '2031', n: 'Doris Engel' });
    expect(older.status).toBe(200);
    expect(newer.status).toBe(200);
    expect(newer.body.i).toBeGreaterThan(0);

    const list = await get('presidents.get');
    expect(list.status).toBe(200);
    const years = list.body.p.map((p: { year: number }) => p.year);
    expect(years).toEqual([...years].sort((a, b) => b - a));
    expect(list.body.p[0]).toEqual({ id: newer.body.i, year: 2031, name: 'Doris Engel' });
  });

  it('edits an existing president', async () => {
    const created = await postForm('president.save', { i: 0, g: editor.token, y: 1985, n: 'Earl Fairbank' });
    const edited = await postForm('president.save', { i: created.body.i, g: editor.token, y: 1986, n: 'Earl Fairbanks' });
    expect(edited.status).toBe(200);
    expect(edited.body).toEqual({ i: created.body.i });
    const list = await get('presidents.get');
    const found = list.body.p.filter((p: { id: number }) => p.id === created.body.i);
    expect(found).toEqual([{ id: created.body.i, year: 1986, name: 'Earl Fairbanks' }]);
  });

  it('rejects an empty name with 400 and a clear message', async () => {
    const res = await postForm('president.save', { i: 0, g: editor.token, y: 1990, n: '   ' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the name.');
  });

  it('rejects a non-numeric year with 400', async () => {
    const res = await postForm('president.save', { i: 0, g: editor.token, y: 'nineteen', n: 'Helen Ingram' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('The year must be a number.');
  });

  it('rejects a missing year with 400', async () => {
    const res = await postForm('president.save', { i: 0, g: editor.token, n: 'Helen Ingram' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the year.');
  });

  it('answers 404 for an unknown president and saves nothing', async () => {
    const before = (await get('presidents.get')).body.p.length;
    const res = await postForm('president.save', { i: 999_999, g: editor.token, y: 1990, n: 'Nobody' });
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/not found/);
    expect((await get('presidents.get')).body.p).toHaveLength(before);
  });

  it('refuses a member without the history permission with 403', async () => {
    const res = await postForm('president.save', { i: 0, g: plainMember.token, y: 1990, n: 'Sneaky' });
    expect(res.status).toBe(403);
    expect((await get('presidents.get')).body.p.some((p: { name: string }) => p.name === 'Sneaky')).toBe(false);
  });

  it('refuses an anonymous visitor with 401', async () => {
    const res = await postForm('president.save', { i: 0, y: 1990, n: 'Anonymous' });
    expect(res.status).toBe(401);
  });

  it('lets an administrator save too', async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    const res = await postForm('president.save', { i: 0, g: admin.token, y: 1964, n: 'Wilbur Voss' });
    expect(res.status).toBe(200);
  });
});

describe('POST /api/shaftAwardWinner.set.php', () => {
  const saveWinner = (fields: Record<string, string | number>, photo?: { buffer: Buffer; name: string }) =>
    postMultipart(t.app, 'shaftAwardWinner.set', fields, photo ? [{ field: 'f', ...photo }] : []);

  it('adds a winner with a JPEG photo, resized, and lists it', async () => {
    const res = await saveWinner({ i: 0, g: editor.token, y: 2030, n: 'Gordon Hargrove', img: '' }, { buffer: bigJpeg, name: 'g.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.img).toMatch(/^\/uploads\/shaft-award\/[\w-]+\.jpg$/);
    const stored = await sharp(fs.readFileSync(uploadedFile(res.body.img))).metadata();
    expect(stored.format).toBe('jpeg');
    expect(Math.max(stored.width ?? 0, stored.height ?? 0)).toBeLessThanOrEqual(1200);

    const served = await request(t.app).get(res.body.img);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/jpeg/);

    const list = await get('shaftAwardWinners.get');
    expect(list.body.w).toContainEqual({ id: res.body.i, year: 2030, name: 'Gordon Hargrove', imageUrl: res.body.img });
  });

  it('keeps the photo when img is sent back, and deletes it when img is blank', async () => {
    const created = await saveWinner({ i: 0, g: editor.token, y: 2001, n: 'June Kowalczyk' }, { buffer: jpeg, name: 'j.jpg' });
    const url = created.body.img as string;

    const renamed = await saveWinner({ i: created.body.i, g: editor.token, y: 2001, n: 'June Kowalczyk-Lind', img: url });
    expect(renamed.body).toEqual({ i: created.body.i, img: url });
    expect(fs.existsSync(uploadedFile(url))).toBe(true);

    const removed = await saveWinner({ i: created.body.i, g: editor.token, y: 2001, n: 'June Kowalczyk-Lind', img: '' });
    expect(removed.status).toBe(200);
    expect(removed.body.img).toBe('');
    expect(fs.existsSync(uploadedFile(url))).toBe(false);
    const list = await get('shaftAwardWinners.get');
    expect(list.body.w).toContainEqual({ id: created.body.i, year: 2001, name: 'June Kowalczyk-Lind', imageUrl: '' });
  });

  it('replaces the photo and deletes the old file', async () => {
    const created = await saveWinner({ i: 0, g: editor.token, y: 2002, n: 'Kenneth Lindqvist' }, { buffer: jpeg, name: 'k.jpg' });
    const replaced = await saveWinner(
      { i: created.body.i, g: editor.token, y: 2002, n: 'Kenneth Lindqvist', img: created.body.img },
      { buffer: jpeg, name: 'k2.jpg' },
    );
    expect(replaced.status).toBe(200);
    expect(replaced.body.img).not.toBe(created.body.img);
    expect(fs.existsSync(uploadedFile(created.body.img))).toBe(false);
    expect(fs.existsSync(uploadedFile(replaced.body.img))).toBe(true);
  });

  it('never takes an image URL from the client', async () => {
    const res = await saveWinner({ i: 0, g: editor.token, y: 2003, n: 'Milton Novak', img: '/uploads/members/someone.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.img).toBe('');
  });

  it('refuses a PNG with 415 and stores nothing', async () => {
    const before = (await get('shaftAwardWinners.get')).body.w.length;
    const res = await saveWinner({ i: 0, g: editor.token, y: 2004, n: 'Norma Oberlin' }, { buffer: png, name: 'photo.jpg' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/JPEG/);
    expect((await get('shaftAwardWinners.get')).body.w).toHaveLength(before);
  });

  it('rejects an empty name and a non-numeric year with 400', async () => {
    const noName = await saveWinner({ i: 0, g: editor.token, y: 2005, n: '' });
    expect(noName.status).toBe(400);
    expect(noName.body.e).toBe('Please enter the name.');
    const badYear = await saveWinner({ i: 0, g: editor.token, y: 'last year', n: 'Oscar Pendergast' });
    expect(badYear.status).toBe(400);
    expect(badYear.body.e).toBe('The year must be a number.');
  });

  it('answers 404 for an unknown winner and leaves no uploaded file behind', async () => {
    const folder = path.join(t.config.uploadsDir, 'shaft-award');
    const filesBefore = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    const res = await saveWinner({ i: 999_999, g: editor.token, y: 2005, n: 'Ghost' }, { buffer: jpeg, name: 'x.jpg' });
    expect(res.status).toBe(404);
    const filesAfter = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    expect(filesAfter).toBe(filesBefore);
  });

  it('refuses a member without the history permission with 403', async () => {
    const res = await saveWinner({ i: 0, g: plainMember.token, y: 2006, n: 'Phyllis Quinlan' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/startupParty.set.php', () => {
  it('adds a party with every field and reads it back', async () => {
    const res = await postForm('startupParty.set', {
      i: 0,
      g: editor.token,
      n: 'Old Bess',
      o: 'Ralph Rutherford',
      m: '1930 Model A Coupe',
      y: '22',
      s: '2019-04-13',
      x: 'Started on the third crank.',
    });
    expect(res.status).toBe(200);
    const list = await get('startupParties.get');
    expect(list.body.p).toContainEqual({
      id: res.body.i,
      name: 'Old Bess',
      owner: 'Ralph Rutherford',
      model: '1930 Model A Coupe',
      idleYears: 22,
      dateStarted: '2019-04-13',
      extra: 'Started on the third crank.',
    });
  });

  it('takes every field as optional and edits a party', async () => {
    const created = await postForm('startupParty.set', { i: 0, g: editor.token, o: 'Shirley Schroeder' });
    expect(created.status).toBe(200);
    const edited = await postForm('startupParty.set', { i: created.body.i, g: editor.token, o: 'Shirley Schroeder', y: '', s: '' });
    expect(edited.body).toEqual({ i: created.body.i });
    const list = await get('startupParties.get');
    expect(list.body.p).toContainEqual({
      id: created.body.i,
      name: '',
      owner: 'Shirley Schroeder',
      model: '',
      idleYears: null,
      dateStarted: null,
      extra: '',
    });
  });

  it('lists parties in the order they took place, undated ones last', async () => {
    await postForm('startupParty.set', { i: 0, g: editor.token, n: 'Later', s: '2021-06-01' });
    await postForm('startupParty.set', { i: 0, g: editor.token, n: 'Earlier', s: '2010-06-01' });
    const names = (await get('startupParties.get')).body.p.map((p: { name: string }) => p.name);
    expect(names.indexOf('Earlier')).toBeLessThan(names.indexOf('Later'));
    const dates = (await get('startupParties.get')).body.p.map((p: { dateStarted: string | null }) => p.dateStarted);
    expect(dates.indexOf(null)).toBeGreaterThan(dates.lastIndexOf('2021-06-01'));
  });

  it('rejects non-numeric years idle and a bad date with 400', async () => {
    const years = await postForm('startupParty.set', { i: 0, g: editor.token, n: 'Rusty', y: 'many' });
    expect(years.status).toBe(400);
    expect(years.body.e).toBe('The years idle must be a number.');
    const date = await postForm('startupParty.set', { i: 0, g: editor.token, n: 'Rusty', s: '13/04/2019' });
    expect(date.status).toBe(400);
    expect(date.body.e).toBe('The date started must be a date like 2024-05-31.');
  });

  it('rejects a wholly blank party with 400', async () => {
    const res = await postForm('startupParty.set', { i: 0, g: editor.token, n: ' ', y: '' });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/at least one/);
  });

  it('answers 404 for an unknown party', async () => {
    const res = await postForm('startupParty.set', { i: 999_999, g: editor.token, n: 'Ghost' });
    expect(res.status).toBe(404);
  });

  it('refuses a member without the history permission with 403', async () => {
    const res = await postForm('startupParty.set', { i: 0, g: plainMember.token, n: 'Sneaky' });
    expect(res.status).toBe(403);
  });
});

describe('POST /api/boardMembers.save.php', () => {
  type BoardRow = [number, string, string];
  const readYear = async (year: number) => {
    const res = await get('boardMembers.get');
    const row = (res.body.b as BoardRow[]).find(([y]) => y === year);
    return row && { imageUrl: row[1], pairs: boardPairsSchema.parse(JSON.parse(row[2])) };
  };
  const saveBoard = (year: number | string, seats: [string, string][], picture?: { buffer: Buffer; name: string }, token = editor.token) => {
    let req = request(t.app).post('/api/boardMembers.save.php').field('g', token).field('y', String(year));
    for (const [post, member] of seats) req = req.field('p[]', post).field('m[]', member);
    if (picture) req = req.attach('f', picture.buffer, picture.name);
    return req;
  };

  it('saves a year with a post held by several members and a background image', async () => {
    const res = await saveBoard(
      2040,
      [
        ['President', 'Theodore Tolliver'],
        ['Directors', 'Virginia Underwood'],
        ['Directors', 'Bernard Wexler'],
      ],
      { buffer: png, name: 'bg.png' },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const saved = await readYear(2040);
    expect(saved?.pairs).toEqual([
      ['President', 'Theodore Tolliver'],
      ['Directors', 'Virginia Underwood'],
      ['Directors', 'Bernard Wexler'],
    ]);
    expect(saved?.imageUrl).toMatch(/^\/uploads\/board\/[\w-]+\.jpg$/);
    expect((await sharp(fs.readFileSync(uploadedFile(saved?.imageUrl ?? ''))).metadata()).format).toBe('jpeg');
  });

  it('lists board years newest first', async () => {
    await saveBoard(2038, [['President', 'Agnes Yancey']]);
    const years = ((await get('boardMembers.get')).body.b as BoardRow[]).map(([y]) => y);
    expect(years).toEqual([...years].sort((a, b) => b - a));
  });

  it('replaces the seats of that year only, keeping the image unless a new one comes', async () => {
    await saveBoard(2041, [['President', 'Catherine Zimmerman']], { buffer: jpeg, name: 'a.jpg' });
    await saveBoard(2042, [['President', 'Donald Abernathy']]);
    const first = await readYear(2041);

    await saveBoard(2041, [
      ['President', 'Evelyn Baumann'],
      ['Secretary', 'Francis Castellano'],
    ]);
    const second = await readYear(2041);
    expect(second?.pairs).toEqual([
      ['President', 'Evelyn Baumann'],
      ['Secretary', 'Francis Castellano'],
    ]);
    expect(second?.imageUrl).toBe(first?.imageUrl);
    expect((await readYear(2042))?.pairs).toEqual([['President', 'Donald Abernathy']]);

    await saveBoard(2041, [['President', 'Evelyn Baumann']], { buffer: jpeg, name: 'b.jpg' });
    const third = await readYear(2041);
    expect(third?.imageUrl).not.toBe(first?.imageUrl);
    expect(fs.existsSync(uploadedFile(first?.imageUrl ?? ''))).toBe(false);
  });

  it('drops wholly blank rows', async () => {
    const res = await saveBoard(2043, [
      ['Treasurer', 'Gladys Dietrich'],
      ['', ''],
    ]);
    expect(res.status).toBe(200);
    expect((await readYear(2043))?.pairs).toEqual([['Treasurer', 'Gladys Dietrich']]);
  });

  it('accepts the lists as JSON too', async () => {
    const res = await post('boardMembers.save', { g: editor.token, y: 2044, p: ['Historian'], m: ['Howard Engel'] });
    expect(res.status).toBe(200);
    expect((await readYear(2044))?.pairs).toEqual([['Historian', 'Howard Engel']]);
  });

  it('rejects a post without a member, a member without a post, or no seats at all, changing nothing', async () => {
    await saveBoard(2045, [['President', 'Irene Fairbanks']]);
    const noMember = await saveBoard(2045, [
      ['President', 'Irene Fairbanks'],
      ['Treasurer', ''],
    ]);
    expect(noMember.status).toBe(400);
    expect(noMember.body.e).toBe('Please enter who holds the post "Treasurer", or remove that row.');
    const noPost = await saveBoard(2045, [['', 'Arthur Gustafson']]);
    expect(noPost.status).toBe(400);
    expect(noPost.body.e).toBe('Please enter the post that Arthur Gustafson holds, or remove that row.');
    const empty = await saveBoard(2045, []);
    expect(empty.status).toBe(400);
    expect(empty.body.e).toMatch(/at least one/);
    expect((await readYear(2045))?.pairs).toEqual([['President', 'Irene Fairbanks']]);
  });

  it('rejects mismatched lists and a non-numeric year with 400', async () => {
    const mismatched = await post('boardMembers.save', { g: editor.token, y: 2046, p: ['A', 'B'], m: ['Only one'] });
    expect(mismatched.status).toBe(400);
    expect(mismatched.body.e).toMatch(/post and a member/);
    const badYear = await saveBoard('this year', [['President', 'Someone']]);
    expect(badYear.status).toBe(400);
    expect(badYear.body.e).toBe('The year must be a number.');
  });

  it('refuses a file that is not an image with 415', async () => {
    const res = await saveBoard(2047, [['President', 'Someone']], { buffer: Buffer.from('%PDF-1.4 not an image'), name: 'bg.jpg' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/image/);
    expect(await readYear(2047)).toBeUndefined();
  });

  it('refuses a member without the history permission with 403', async () => {
    const res = await saveBoard(2048, [['President', 'Sneaky']], undefined, plainMember.token);
    expect(res.status).toBe(403);
    expect(await readYear(2048)).toBeUndefined();
  });
});

describe('POST /api/idea.set.php', () => {
  it('answers blanks before anything is saved', async () => {
    const fresh = createTestApp();
    try {
      const res = await request(fresh.app).get('/api/idea.get.php');
      expect(res.body).toEqual({ title: '', content: '', author: '' });
    } finally {
      fresh.close();
    }
  });

  it('saves the idea and reads it back, replacing the previous one', async () => {
    await post('idea.set', { g: editor.token, t: 'First', c: 'One', a: 'Somebody' });
    const res = await post('idea.set', { g: editor.token, t: 'Tour the dam', c: 'A summer drive to the dam.', a: 'Irving Jablonski' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await get('idea.get')).body).toEqual({ title: 'Tour the dam', content: 'A summer drive to the dam.', author: 'Irving Jablonski' });
  });

  it('rejects an empty title or content with 400', async () => {
    const noTitle = await post('idea.set', { g: editor.token, t: '', c: 'Something' });
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.e).toBe('Please enter the title.');
    const noContent = await post('idea.set', { g: editor.token, t: 'Something', c: ' ' });
    expect(noContent.status).toBe(400);
    expect(noContent.body.e).toBe('Please enter the content.');
  });

  it('refuses a member without the history permission with 403', async () => {
    const res = await post('idea.set', { g: plainMember.token, t: 'Sneaky', c: 'Sneaky' });
    expect(res.status).toBe(403);
    expect((await get('idea.get')).body.title).not.toBe('Sneaky');
  });
});
