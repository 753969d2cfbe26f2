import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_BODY_STYLES, imageSources, type Car, type CarSummary, type Member } from '@club/contracts';
import { cars } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { hugeJpeg, makeJpeg, makePng, readHeicPhoto, readTruncatedHeic } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart, type FormFields } from '../../../test/post-multipart.ts';

let t: TestApp;
let owner: TestMember;
let other: TestMember;
let editor: TestMember;
let admin: TestMember;
let gpsJpeg: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  t = createTestApp({ BASE_URL: 'https://club.example.test' });
  owner = createMember(t.db, { firstName: 'Olive', lastName: 'Owner' });
  other = createMember(t.db, { firstName: 'Otto', lastName: 'Other', permissions: ['forum', 'blog', 'event'] });
  editor = createMember(t.db, { firstName: 'Edna', lastName: 'Editor', permissions: ['member'] });
  admin = createMember(t.db, { firstName: 'Ada', lastName: 'Admin', permissions: ['admin'] });
  gpsJpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#335577' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'Kodak', Model: 'Brownie 2000' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 48/1', GPSLongitudeRef: 'W', GPSLongitude: '90/1 24/1 26/1' },
    })
    .toBuffer();
  png = await makePng(800, 600);
  webp = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#224422' } })
    .webp()
    .toBuffer();
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

type Upload = { buffer: Buffer; name: string };

/** car.save as the browser sends it: multipart, photos as f[]. */
function saveCar(fields: FormFields, files: Upload[] = []) {
  return postMultipart(
    t.app,
    'car.save',
    fields,
    files.map((file) => ({ field: 'f[]', ...file })),
  );
}

const CAR = {
  id: 0,
  year: 1929,
  bodyStyle: 'Roadster',
  colour: 'Brewster Green',
  name: 'Betsy',
  story: 'Found in a barn in Cuba, Missouri in 1987 <script>alert(1)</script>.',
  engineNumber: 'A1234567',
  serial: 'AR-99',
  visibility: 'public',
  history: JSON.stringify([{ owner: 'Walter Grimm', from: 1929, to: 1962 }]),
};

async function addCar(member: TestMember, fields: Record<string, string | number | string[] | undefined> = {}, files: Upload[] = []): Promise<number> {
  const res = await saveCar({ ...CAR, g: member.token, ...fields }, files);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.i as number;
}

const readCar = (id: number, token?: string) => post('car.get', { id, ...(token ? { g: token } : {}) });
const carOf = async (id: number, token?: string) => (await readCar(id, token)).body.car as Car;
const listCars = async (body: object = {}) => {
  const res = await post('cars.list', body);
  expect(res.status).toBe(200);
  return res.body as { cars: CarSummary[]; total: number };
};
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
const storedRow = (id: number) => t.db.select().from(cars).where(eq(cars.id, id)).get();

describe('POST /api/car.save.php', () => {
  it('adds a member’s car with two photos (a JPEG carrying GPS and a PNG), stored with renditions and no metadata', async () => {
    const res = await saveCar({ ...CAR, g: owner.token }, [
      { buffer: gpsJpeg, name: 'IMG_0001.jpg' },
      { buffer: png, name: 'screenshot.png' },
    ]);
    expect(res.status).toBe(200);
    expect(res.body.photos).toHaveLength(2);
    const car = await carOf(res.body.i as number, owner.token);
    expect(car).toMatchObject({
      year: 1929,
      bodyStyle: 'Roadster',
      colour: 'Brewster Green',
      name: 'Betsy',
      engineNumber: 'A1234567',
      serial: 'AR-99',
      visibility: 'public',
      owner: 'Olive Owner',
      ownerId: owner.id,
      isFormerMembers: false,
      photoCount: 2,
      canEdit: true,
      history: [{ owner: 'Walter Grimm', from: 1929, to: 1962 }],
    });
    expect(car.story).toContain('<script>');
    expect(imageSources(car.photos[0] ?? '')).toMatchObject({ width: 1600, height: 1200 });
    for (const url of car.photos) {
      const sources = imageSources(url);
      const copies = [
        sources.src,
        ...[sources.srcSet, sources.webpSrcSet]
          .filter(Boolean)
          .join(', ')
          .split(', ')
          .map((c) => c.split(' ')[0] ?? ''),
      ].filter(Boolean);
      expect(copies.length).toBeGreaterThan(1);
      for (const copy of new Set(copies)) {
        const meta = await sharp(fs.readFileSync(fileOf(copy))).metadata();
        expect(meta.exif, copy).toBeUndefined();
      }
    }
  });

  it('takes a WebP from a phone and stores it as JPEG', async () => {
    const id = await addCar(owner, { visibility: 'members' }, [{ buffer: webp, name: 'phone.webp' }]);
    const car = await carOf(id, owner.token);
    expect(car.photos[0]).toMatch(/\.jpg$/);
    expect((await sharp(fs.readFileSync(fileOf(car.photos[0] ?? ''))).metadata()).format).toBe('jpeg');
  });

  it('takes a HEIC photo from an iPhone and stores it as JPEG renditions without its location', async () => {
    const heic = readHeicPhoto();
    expect(heic.toString('latin1', 4, 12)).toBe('ftypheic');
    const id = await addCar(owner, { visibility: 'members' }, [{ buffer: heic, name: 'IMG_4321.HEIC' }]);
    const [url = ''] = (await carOf(id, owner.token)).photos;
    expect(url).toMatch(/^\/uploads\/cars\/.+\.jpg$/);
    const sources = imageSources(url);
    expect(sources).toMatchObject({ width: 640, height: 480 });
    const copies = new Set(
      [
        sources.src,
        ...[sources.srcSet, sources.webpSrcSet]
          .filter(Boolean)
          .join(', ')
          .split(', ')
          .map((c) => c.split(' ')[0] ?? ''),
      ].filter(Boolean),
    );
    expect(copies.size).toBeGreaterThan(1);
    for (const copy of copies) {
      const meta = await sharp(fs.readFileSync(fileOf(copy))).metadata();
      expect(meta.format, copy).toBe(copy.endsWith('.webp') ? 'webp' : 'jpeg');
      expect(meta.exif, copy).toBeUndefined();
    }
    // The picture itself came through: the sky at the top is light blue, the car's tyre below is dark.
    const { data } = await sharp(fs.readFileSync(fileOf(url)))
      .raw()
      .toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => Array.from(data.subarray((y * 640 + x) * 3, (y * 640 + x) * 3 + 3));
    const [r = 0, g = 0, b = 0] = at(20, 10);
    expect(b).toBeGreaterThan(r + 40);
    expect(g).toBeGreaterThan(150);
    expect(Math.max(...at(190, 320))).toBeLessThan(80);
  });

  it('refuses a file named .heic that is not a picture with 415, and stores nothing', async () => {
    const dir = path.join(t.config.uploadsDir, 'cars');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const res = await saveCar({ ...CAR, g: owner.token }, [{ buffer: Buffer.from('Not a photo at all, only words.'), name: 'IMG_0001.heic' }]);
    expect(res.status).toBe(415);
    expect(res.body.e).toBe(
      '“IMG_0001.heic” is named like a HEIC photo but is not one: it may be damaged, or another kind of file renamed. Please choose an image file (JPEG, PNG, WebP, GIF or HEIC).',
    );
    expect(fs.existsSync(dir) ? fs.readdirSync(dir).length : 0).toBe(before);
  });

  it('names the file that is not a picture among several with 415, so the member knows which to remove', async () => {
    const count = t.db.select().from(cars).all().length;
    const res = await saveCar({ ...CAR, g: owner.token }, [
      { buffer: gpsJpeg, name: 'front.jpg' },
      { buffer: Buffer.from('Not a photo at all, only words.'), name: 'notes.jpg' },
      { buffer: gpsJpeg, name: 'back.jpg' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.e).toBe(
      '“notes.jpg” is named like a JPEG photo but is not one: it may be damaged, or another kind of file renamed. Please choose an image file (JPEG, PNG, WebP, GIF or HEIC).',
    );
    expect(t.db.select().from(cars).all().length).toBe(count);
  });

  it('refuses a damaged HEIC with 415 and a message saying what to do, leaving no file of the others behind', async () => {
    const dir = path.join(t.config.uploadsDir, 'cars');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const count = t.db.select().from(cars).all().length;
    const res = await saveCar({ ...CAR, g: owner.token }, [
      { buffer: gpsJpeg, name: 'fine.jpg' },
      { buffer: readTruncatedHeic(), name: 'IMG_0002.HEIC' },
    ]);
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/HEIC photo could not be converted.*Most Compatible/);
    expect(fs.readdirSync(dir).length).toBe(before);
    expect(t.db.select().from(cars).all().length).toBe(count);
  });

  it('refuses a file that is not a picture by its content with 415, whatever its name, and stores nothing', async () => {
    const before = fs.existsSync(path.join(t.config.uploadsDir, 'cars')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'cars')).length : 0;
    const res = await saveCar({ ...CAR, g: owner.token }, [{ buffer: Buffer.from('%PDF-1.4 not a photo'), name: 'car.jpg' }]);
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/image file/);
    const after = fs.existsSync(path.join(t.config.uploadsDir, 'cars')) ? fs.readdirSync(path.join(t.config.uploadsDir, 'cars')).length : 0;
    expect(after).toBe(before);
  });

  it('refuses a picture with too many pixels with 413 and leaves no file of the others behind', async () => {
    const dir = path.join(t.config.uploadsDir, 'cars');
    const before = fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
    const count = t.db.select().from(cars).all().length;
    const res = await saveCar({ ...CAR, g: owner.token }, [
      { buffer: gpsJpeg, name: 'fine.jpg' },
      { buffer: await hugeJpeg(), name: 'huge.jpg' },
    ]);
    expect(res.status).toBe(413);
    expect(res.body.e).toMatch(/too many pixels/);
    expect(fs.readdirSync(dir).length).toBe(before);
    expect(t.db.select().from(cars).all().length).toBe(count);
  });

  it('refuses a 13th photo with 400 and keeps the car as it was', async () => {
    const small = await makeJpeg(40, 30);
    const twelve = Array.from({ length: 12 }, (_, n) => ({ buffer: small, name: `p${n}.jpg` }));
    const id = await addCar(owner, {}, twelve);
    const car = await carOf(id, owner.token);
    expect(car.photos).toHaveLength(12);
    const res = await saveCar({ ...CAR, g: owner.token, id, photos: car.photos }, [{ buffer: small, name: 'thirteen.jpg' }]);
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('A car can have at most 12 photos. Please remove some before adding more.');
    expect((await carOf(id, owner.token)).photos).toEqual(car.photos);
  });

  it('keeps the photos it is told to keep, in order, and deletes the files of the others', async () => {
    const small = await makeJpeg(40, 30);
    const id = await addCar(owner, {}, [
      { buffer: small, name: 'a.jpg' },
      { buffer: small, name: 'b.jpg' },
    ]);
    const [first = '', second = ''] = (await carOf(id, owner.token)).photos;
    const res = await saveCar({ ...CAR, g: owner.token, id, photos: [second] });
    expect(res.status).toBe(200);
    expect((await carOf(id, owner.token)).photos).toEqual([second]);
    expect(fs.existsSync(fileOf(first))).toBe(false);
    expect(fs.existsSync(fileOf(second))).toBe(true);
  });

  it('refuses a kept photo that is not on the car with 400', async () => {
    const id = await addCar(owner);
    const res = await saveCar({ ...CAR, g: owner.token, id, photos: ['/uploads/blog/someone-else.jpg'] });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/no longer on it/);
  });

  it.each([
    [{ year: 1902 }, 'The year must be at least 1903.'],
    [{ year: new Date().getFullYear() + 2 }, `The year must be at most ${new Date().getFullYear() + 1}.`],
    [{ year: 'nineteen' }, 'The year must be a number.'],
    [{ year: undefined }, 'Please enter the year.'],
    [{ bodyStyle: '' }, 'Please enter the body style.'],
    [
      { bodyStyle: 'Hovercraft' },
      '“Hovercraft” is not one of the registry’s body styles. Please choose one from the list; if yours is missing, choose Other or ask an administrator to add it.',
    ],
    [{ visibility: 'everyone' }, 'Please choose who may see the car: members only, public, or public with your name.'],
    [{ name: 'x'.repeat(101) }, 'The name is too long (at most 100 characters).'],
    [{ story: 'x'.repeat(10_001) }, 'The story is too long (at most 10000 characters).'],
    [{ history: '[{"owner":""}]' }, 'Please enter the owner’s name in the history.'],
    [{ history: '[{"owner":"Al","from":1950,"to":1940}]' }, 'In the history, an owner’s “from” year must not be after their “to” year.'],
    [{ history: 'not json' }, 'The ownership history could not be read. Please reload the page and try again.'],
  ])('refuses %j with 400 and a message naming the field', async (fields, message) => {
    const count = t.db.select().from(cars).all().length;
    const res = await saveCar({ ...CAR, g: owner.token, ...fields });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe(message);
    expect(t.db.select().from(cars).all().length).toBe(count);
  });

  it('matches a body style whatever its case and stores the list’s spelling', async () => {
    const id = await addCar(owner, { bodyStyle: 'sport coupe' });
    expect((await carOf(id, owner.token)).bodyStyle).toBe('Sport Coupe');
  });

  it('makes a new car members-only unless the owner chooses otherwise', async () => {
    const id = await addCar(owner, { visibility: undefined });
    expect(storedRow(id)?.visibility).toBe('members');
  });

  it('requires a login with 401', async () => {
    const res = await saveCar({ ...CAR });
    expect(res.status).toBe(401);
  });

  it('refuses another member’s edit with 403 and changes nothing', async () => {
    const id = await addCar(owner);
    const res = await saveCar({ ...CAR, g: other.token, id, name: 'Stolen' });
    expect(res.status).toBe(403);
    expect(res.body.e).toBe('Only the car’s owner or a member editor can change this car.');
    expect(storedRow(id)?.name).toBe('Betsy');
  });

  it('refuses a plain member putting a new car in another member’s name with 403', async () => {
    const count = t.db.select().from(cars).all().length;
    const res = await saveCar({ ...CAR, g: other.token, ownerId: owner.id });
    expect(res.status).toBe(403);
    expect(res.body.e).toBe('Only a member editor can put a car in another member’s name.');
    expect(t.db.select().from(cars).all().length).toBe(count);
  });

  it('lets a member editor and an admin edit anyone’s car', async () => {
    const id = await addCar(owner);
    expect((await saveCar({ ...CAR, g: editor.token, id, name: 'By the editor' })).status).toBe(200);
    expect(storedRow(id)).toMatchObject({ name: 'By the editor', ownerId: owner.id });
    expect((await saveCar({ ...CAR, g: admin.token, id, name: 'By the admin' })).status).toBe(200);
    expect(storedRow(id)).toMatchObject({ name: 'By the admin', ownerId: owner.id });
    expect((await carOf(id, editor.token)).canEdit).toBe(true);
    expect((await carOf(id, other.token)).canEdit).toBe(false);
  });

  it('lets a member editor add a car for a member, and move a car to another member with the old owner in its history', async () => {
    const id = await addCar(editor, { ownerId: owner.id, history: '[]' });
    expect(storedRow(id)?.ownerId).toBe(owner.id);
    const res = await saveCar({ ...CAR, g: editor.token, id, ownerId: other.id, history: '[]' });
    expect(res.status).toBe(200);
    const car = await carOf(id, other.token);
    expect(car).toMatchObject({ ownerId: other.id, owner: 'Otto Other', canEdit: true });
    expect(car.history).toEqual([{ owner: 'Olive Owner', from: null, to: new Date().getFullYear() }]);
  });

  it('refuses an owner who is not a member with 400', async () => {
    const res = await saveCar({ ...CAR, g: editor.token, ownerId: 999_999 });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('The owner you chose is not on the member list. Please choose the owner again.');
  });

  it('answers 404 for an unknown car', async () => {
    const res = await saveCar({ ...CAR, g: owner.token, id: 999_999 });
    expect(res.status).toBe(404);
  });
});

describe('privacy: a visitor’s and a member’s view of the same car', () => {
  let membersOnly: number;
  let anonymous: number;
  let named: number;

  beforeAll(async () => {
    membersOnly = await addCar(owner, { visibility: 'members', name: 'Secret Sedan', bodyStyle: 'Fordor' });
    anonymous = await addCar(owner, { visibility: 'public', name: 'Quiet Coupe', bodyStyle: 'Coupe' });
    named = await addCar(owner, { visibility: 'public-named', name: 'Proud Pickup', bodyStyle: 'Pickup' });
  });

  it('never shows a visitor a members-only car: 404 on its page, absent from the list and the counts', async () => {
    const page = await readCar(membersOnly);
    expect(page.status).toBe(404);
    expect(JSON.stringify(page.body)).not.toContain('Secret Sedan');
    const visitorList = await listCars({ bodyStyle: 'Fordor' });
    expect(visitorList.cars.map((c) => c.id)).not.toContain(membersOnly);
    const memberList = await listCars({ g: other.token, bodyStyle: 'Fordor' });
    expect(memberList.cars.map((c) => c.id)).toContain(membersOnly);
    const visitorStats = (await post('cars.stats', {})).body as { total: number };
    const memberStats = (await post('cars.stats', { g: other.token })).body as { total: number };
    expect(memberStats.total).toBeGreaterThan(visitorStats.total);
  });

  it('shows a visitor a public car without the owner’s name, its history, engine number or serial', async () => {
    const visitor = await readCar(anonymous);
    expect(visitor.status).toBe(200);
    expect(visitor.body.car).toMatchObject({ name: 'Quiet Coupe', owner: null, ownerId: null, engineNumber: null, serial: null, history: [], canEdit: false });
    expect(JSON.stringify(visitor.body)).not.toMatch(/Olive|A1234567|AR-99|Walter/);
    const listed = (await listCars({ bodyStyle: 'Coupe' })).cars.find((c) => c.id === anonymous);
    expect(listed).toMatchObject({ owner: null });

    const member = await carOf(anonymous, other.token);
    expect(member).toMatchObject({
      owner: 'Olive Owner',
      ownerId: owner.id,
      engineNumber: 'A1234567',
      serial: 'AR-99',
      history: [{ owner: 'Walter Grimm', from: 1929, to: 1962 }],
    });
  });

  it('shows a visitor a public car with the owner’s name where the owner chose it, still without engine number or serial', async () => {
    const visitor = await carOf(named);
    expect(visitor).toMatchObject({ owner: 'Olive Owner', engineNumber: null, serial: null, history: [{ owner: 'Walter Grimm', from: 1929, to: 1962 }] });
    expect((await listCars({ bodyStyle: 'Pickup' })).cars.find((c) => c.id === named)).toMatchObject({ owner: 'Olive Owner' });
  });

  it('does not let a changed privacy linger in a cached answer', async () => {
    expect((await readCar(named)).status).toBe(200);
    expect((await saveCar({ ...CAR, g: owner.token, id: named, name: 'Proud Pickup', bodyStyle: 'Pickup', visibility: 'members' })).status).toBe(200);
    expect((await readCar(named)).status).toBe(404);
  });
});

describe('the sitemap', () => {
  it('lists the pages of public cars and never a members-only one', async () => {
    const open = await addCar(owner, { visibility: 'public' });
    const named = await addCar(owner, { visibility: 'public-named' });
    const closed = await addCar(owner, { visibility: 'members' });
    const res = await request(t.app).get('/sitemap.xml');
    expect(res.status).toBe(200);
    expect(res.text).toContain('<loc>https://club.example.test/registry</loc>');
    expect(res.text).toContain(`<loc>https://club.example.test/registry/${open}</loc>`);
    expect(res.text).toContain(`<loc>https://club.example.test/registry/${named}</loc>`);
    expect(res.text).not.toContain(`<loc>https://club.example.test/registry/${closed}</loc>`);
  });
});

describe('POST /api/cars.list.php and cars.stats', () => {
  it('filters by year, body style, colour and photos, newest first, a page at a time', async () => {
    const small = await makeJpeg(40, 30);
    const withPhoto = await addCar(other, { year: 1931, bodyStyle: 'Victoria', colour: 'Rose Beige', visibility: 'public' }, [
      { buffer: small, name: 'v.jpg' },
    ]);
    const without = await addCar(other, { year: 1931, bodyStyle: 'Victoria', colour: 'Black', visibility: 'public' });
    const byStyle = await listCars({ bodyStyle: 'victoria' });
    expect(byStyle.cars.map((c) => c.id)).toEqual([without, withPhoto]);
    expect((await listCars({ bodyStyle: 'Victoria', colour: 'beige' })).cars.map((c) => c.id)).toEqual([withPhoto]);
    expect((await listCars({ bodyStyle: 'Victoria', hasPhotos: 1 })).cars.map((c) => c.id)).toEqual([withPhoto]);
    expect((await listCars({ year: 1931, bodyStyle: 'Victoria' })).total).toBe(2);
    expect((await listCars({ year: 1930, bodyStyle: 'Victoria' })).total).toBe(0);
    const page = await listCars({ bodyStyle: 'Victoria', page: 2 });
    expect(page).toEqual({ cars: [], total: 2 });
    expect(byStyle.cars[1]).toMatchObject({ photoCount: 1, photo: expect.stringMatching(/^\/uploads\/cars\//) });
  });

  it('refuses a page that is not a number with 400', async () => {
    const res = await post('cars.list', { page: 'two' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('The page must be a number.');
  });

  it('counts the cars by year and by body style', async () => {
    await addCar(other, { year: 1930, bodyStyle: 'Town Car', visibility: 'public' });
    const stats = (await post('cars.stats', { g: other.token })).body as {
      total: number;
      byYear: { label: string; count: number }[];
      byBodyStyle: { label: string; count: number }[];
    };
    const all = t.db.select().from(cars).all();
    expect(stats.total).toBe(all.length);
    expect(stats.byYear.find((row) => row.label === '1930')?.count).toBe(all.filter((c) => c.year === 1930).length);
    expect(stats.byBodyStyle.find((row) => row.label === 'Town Car')?.count).toBe(all.filter((c) => c.bodyStyle === 'Town Car').length);
  });
});

describe('POST /api/cars.mine.php', () => {
  it('lists the member’s own cars, members-only ones too', async () => {
    const fresh = createMember(t.db);
    const id = await addCar(fresh, { visibility: 'members' });
    const res = await post('cars.mine', { g: fresh.token });
    expect(res.status).toBe(200);
    expect((res.body.cars as CarSummary[]).map((c) => c.id)).toEqual([id]);
  });

  it('answers again from the reply cache (304) until the member’s cars change', async () => {
    const fresh = createMember(t.db);
    await addCar(fresh, { visibility: 'members' });
    const first = await post('cars.mine', { g: fresh.token });
    const tag = first.headers.etag as string;
    expect((await post('cars.mine', { g: fresh.token }).set('If-None-Match', tag)).status).toBe(304);
    const added = await addCar(fresh, { visibility: 'public' });
    const after = await post('cars.mine', { g: fresh.token }).set('If-None-Match', tag);
    expect(after.status).toBe(200);
    expect((after.body.cars as CarSummary[]).map((c) => c.id)).toContain(added);
  });

  it('requires a login with 401', async () => {
    expect((await post('cars.mine', {})).status).toBe(401);
  });
});

describe('POST /api/car.delete.php', () => {
  it('lets the owner remove their car and its photo files', async () => {
    const id = await addCar(owner, {}, [{ buffer: await makeJpeg(40, 30), name: 'a.jpg' }]);
    const [photo = ''] = (await carOf(id, owner.token)).photos;
    const res = await post('car.delete', { g: owner.token, id });
    expect(res.status).toBe(200);
    expect(storedRow(id)).toBeUndefined();
    expect(fs.existsSync(fileOf(photo))).toBe(false);
    expect((await readCar(id, owner.token)).status).toBe(404);
  });

  it('refuses another member with 403 and keeps the car', async () => {
    const id = await addCar(owner);
    const res = await post('car.delete', { g: other.token, id });
    expect(res.status).toBe(403);
    expect(storedRow(id)).toBeDefined();
  });

  it('lets a member editor remove anyone’s car', async () => {
    const id = await addCar(owner);
    expect((await post('car.delete', { g: editor.token, id })).status).toBe(200);
    expect(storedRow(id)).toBeUndefined();
  });

  it('answers 401 without a login and 404 for an unknown car', async () => {
    expect((await post('car.delete', { id: 1 })).status).toBe(401);
    expect((await post('car.delete', { g: owner.token, id: 999_999 })).status).toBe(404);
  });
});

describe('a deleted member’s cars', () => {
  it('stay in the registry as a former member’s car, the name kept in the history; only an editor or admin may then remove them', async () => {
    const leaving = createMember(t.db, { firstName: 'Lena', lastName: 'Leaving' });
    const id = await addCar(leaving, { visibility: 'public-named', history: '[]' });
    expect((await post('member.delete', { g: admin.token, id: leaving.id })).status).toBe(200);
    const car = await carOf(id, other.token);
    expect(car).toMatchObject({ owner: null, ownerId: null, isFormerMembers: true, canEdit: false });
    expect(car.history).toEqual([{ owner: 'Lena Leaving', from: null, to: new Date().getFullYear() }]);
    expect((await carOf(id)).owner).toBeNull();
    expect((await post('car.delete', { g: other.token, id })).status).toBe(403);
    expect((await carOf(id, admin.token)).canEdit).toBe(true);
    expect((await post('car.delete', { g: admin.token, id })).status).toBe(200);
  });
});

describe('a member’s data export and erasure', () => {
  it('exports the member’s cars with everything about them, and erasure removes the cars and their photo files', async () => {
    const leaving = createMember(t.db, { firstName: 'Erin', lastName: 'Erased' });
    const id = await addCar(leaving, { visibility: 'public-named' }, [{ buffer: await makeJpeg(40, 30), name: 'e.jpg' }]);
    const exported = await post('member.export', { g: admin.token, id: leaving.id });
    expect(exported.status).toBe(200);
    expect(exported.body.d.registryCars).toMatchObject([{ id, engineNumber: 'A1234567', serial: 'AR-99', history: [{ owner: 'Walter Grimm' }] }]);
    expect(exported.body.d.member.cars).toEqual(['1929 Roadster Betsy']);
    const [photo = ''] = (exported.body.d.registryCars as Car[])[0]?.photos ?? [];
    expect((await post('member.erase', { g: admin.token, id: leaving.id })).status).toBe(200);
    expect(storedRow(id)).toBeUndefined();
    expect(fs.existsSync(fileOf(photo))).toBe(false);
  });
});

describe('erasing a member who sold a car', () => {
  it('takes their name out of the car’s history everywhere: car.get, search, the CSV and the database file', async () => {
    const seller = createMember(t.db, { firstName: 'Sigmund', lastName: 'Sellerby' });
    const buyer = createMember(t.db, { firstName: 'Bea', lastName: 'Buyer' });
    const id = await addCar(seller, { visibility: 'public-named' });
    // The editor puts the car in the buyer's name: the seller joins its history.
    const sold = await saveCar({ ...CAR, g: editor.token, id, ownerId: buyer.id, visibility: 'public-named' });
    expect(sold.status, JSON.stringify(sold.body)).toBe(200);
    expect((await carOf(id)).history.map((row) => row.owner)).toEqual(['Walter Grimm', 'Sigmund Sellerby']);
    const found = async () => JSON.stringify((await post('site.search', { g: other.token, q: 'Sellerby' })).body);
    expect(await found()).toContain(`"id":${id}`);

    expect((await post('member.erase', { g: admin.token, id: seller.id })).status).toBe(200);

    for (const token of [undefined, other.token]) {
      expect((await carOf(id, token)).history).toEqual([
        { owner: 'Walter Grimm', from: 1929, to: 1962 },
        { owner: 'A former member', from: null, to: new Date().getFullYear() },
      ]);
    }
    expect(await found()).not.toContain('Sellerby');
    expect(await found()).not.toContain(`"id":${id}`);
    const csv = (await post('cars.export', { g: admin.token })).body.csv as string;
    expect(csv).toContain('A former member');
    expect(csv).not.toContain('Sellerby');
    // Nothing of the name is left in the database file or its write-ahead log.
    for (const file of [t.config.databaseFile, `${t.config.databaseFile}-wal`]) {
      if (fs.existsSync(file)) expect(fs.readFileSync(file).includes(Buffer.from('Sellerby')), file).toBe(false);
    }
  });
});

describe('the legacy cars strings of member.save and members.get', () => {
  const memberForm = (g: string, id: number, carsList: string[]) => ({
    g,
    i: id,
    o: 1,
    fn: 'Lew',
    l: 'Legacy',
    e: `lew.legacy.${id}@example.test`,
    cars: carsList,
  });

  it('turns new strings into registry rows, keeps a car whose line is unchanged, updates an edited one in place and removes one left out', async () => {
    const saved = await post('member.save', memberForm(editor.token, 0, ['1930 Model A Coupe', '1931 Town Sedan "Lucy"']));
    expect(saved.status).toBe(200);
    const memberId = saved.body.i as number;
    const rows = () => t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all();
    expect(rows().map((r) => [r.year, r.bodyStyle, r.name, r.visibility])).toEqual([
      [1930, 'Coupe', '', 'members'],
      [1931, 'Town Sedan', '"Lucy"', 'members'],
    ]);
    const [coupe, sedan] = rows();
    const listed = (await post('members.get', { g: other.token })).body.m as Member[];
    expect(listed.find((m) => m.id === memberId)).toMatchObject({
      cars: ['1930 Coupe', '1931 Town Sedan "Lucy"'],
      carLinks: [
        { id: coupe?.id, label: '1930 Coupe' },
        { id: sedan?.id, label: '1931 Town Sedan "Lucy"' },
      ],
    });

    // The owner adds photos and a story to the sedan through the registry.
    const fresh = createMember(t.db, { permissions: ['member'] });
    expect(
      (
        await saveCar({ ...CAR, g: fresh.token, id: sedan?.id ?? 0, year: 1931, bodyStyle: 'Town Sedan', name: '"Lucy"', story: 'Kept.', history: '[]' }, [
          { buffer: await makeJpeg(40, 30), name: 'l.jpg' },
        ])
      ).status,
    ).toBe(200);

    // The member editor's form renames the sedan's line and leaves the coupe out.
    const resaved = await post('member.save', memberForm(editor.token, memberId, ['1931 Town Sedan Lucy']));
    expect(resaved.status).toBe(200);
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toMatchObject({ id: sedan?.id, name: 'Lucy', story: 'Kept.' });
    expect(rows()[0]?.photos).toHaveLength(1);
  });

  it('says each line back as the member wrote it, and leaves the cars alone when the same lines come back', async () => {
    const saved = await post('member.save', memberForm(editor.token, 0, ['1929 AA truck', '1931 Model A Deluxe Phaeton']));
    const memberId = saved.body.i as number;
    const before = t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all();
    const linesOf = async () => ((await post('members.get', { g: other.token })).body.m as Member[]).find((m) => m.id === memberId)?.cars;
    const listed = await linesOf();
    expect(listed).toEqual(['1929 AA truck', '1931 Deluxe Phaeton']);
    await post('member.save', memberForm(editor.token, memberId, listed ?? []));
    expect(t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all()).toEqual(before);
    // Once the registry's editor changes the truck's name, its line is said from year, style and name.
    const truck = before[0]?.id ?? 0;
    expect((await saveCar({ ...CAR, g: editor.token, id: truck, year: 1929, bodyStyle: 'Truck', name: 'AA Ada', history: '[]' })).status).toBe(200);
    expect(await linesOf()).toEqual(['1929 Truck AA Ada', '1931 Deluxe Phaeton']);
  });

  it('leaves the cars alone when the member dialog sends keepCars and no lines (it links to the registry instead)', async () => {
    const saved = await post('member.save', memberForm(editor.token, 0, ['1928 Phaeton']));
    const memberId = saved.body.i as number;
    const carId = t.db.select().from(cars).where(eq(cars.ownerId, memberId)).get()?.id ?? 0;
    expect((await saveCar({ ...CAR, g: editor.token, id: carId, year: 1928, bodyStyle: 'Phaeton', name: 'Polly', history: '[]' })).status).toBe(200);
    const before = t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all();
    const { cars: _lines, ...withoutCars } = memberForm(editor.token, memberId, []);
    const res = await post('member.save', { ...withoutCars, l: 'Kept', keepCars: 1 });
    expect(res.status).toBe(200);
    expect(t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all()).toEqual(before);
    // Without the flag, a save without lines still means "no cars", as it did for legacy clients.
    expect((await post('member.save', { ...withoutCars })).status).toBe(200);
    expect(t.db.select().from(cars).where(eq(cars.ownerId, memberId)).all()).toEqual([]);
  });
});

describe('body styles', () => {
  it('starts with the Model A styles, in order, for anyone', async () => {
    const res = await post('bodyStyles.get', {});
    expect(res.status).toBe(200);
    expect(res.body.styles).toEqual([...DEFAULT_BODY_STYLES]);
  });

  it('lets the admin add one that cars may then use', async () => {
    const res = await post('bodyStyle.add', { g: admin.token, name: 'Deluxe Delivery' });
    expect(res.status).toBe(200);
    expect(res.body.styles.at(-1)).toBe('Deluxe Delivery');
    expect((await post('bodyStyles.get', {})).body.styles).toContain('Deluxe Delivery');
    const id = await addCar(owner, { bodyStyle: 'deluxe delivery' });
    expect(storedRow(id)?.bodyStyle).toBe('Deluxe Delivery');
  });

  it('refuses a style already on the list (any case) with 400, and a blank one', async () => {
    expect((await post('bodyStyle.add', { g: admin.token, name: 'roadster' })).body.e).toBe('“roadster” is already on the list of body styles.');
    expect((await post('bodyStyle.add', { g: admin.token, name: ' ' })).body.e).toBe('Please enter the body style.');
  });

  it('refuses a member editor and a member with 403, and a visitor with 401', async () => {
    expect((await post('bodyStyle.add', { g: editor.token, name: 'Speedster' })).status).toBe(403);
    expect((await post('bodyStyle.add', { g: owner.token, name: 'Speedster' })).status).toBe(403);
    expect((await post('bodyStyle.add', { name: 'Speedster' })).status).toBe(401);
    expect((await post('bodyStyles.get', {})).body.styles).not.toContain('Speedster');
  });
});

describe('POST /api/cars.export.php', () => {
  it('gives the admin every car as CSV, with engine numbers, owners and history, formulas defused', async () => {
    const id = await addCar(owner, { name: '=HYPERLINK("http://evil")', visibility: 'members' });
    const res = await post('cars.export', { g: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.fileName).toMatch(/^registry-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = res.body.csv as string;
    const [header, ...lines] = csv.trim().split('\r\n');
    expect(header).toBe('"Id","Year","Body style","Colour","Name","Engine number","Serial","Owner","Who may see it","Photos","Earlier owners","Page"');
    expect(lines).toHaveLength(t.db.select().from(cars).all().length);
    const line = lines.find((l) => l.startsWith(`"${id}",`));
    expect(line).toContain('"\'=HYPERLINK(""http://evil"")"');
    expect(line).toContain('"A1234567","AR-99","Olive Owner","Members only"');
    expect(line).toContain('"Walter Grimm (1929-1962)"');
    expect(line).toContain(`"https://club.example.test/registry/${id}"`);
  });

  it('refuses a member editor with 403 and a visitor with 401', async () => {
    expect((await post('cars.export', { g: editor.token })).status).toBe(403);
    expect((await post('cars.export', {})).status).toBe(401);
  });
});

describe('the migration of the old cars strings', () => {
  it('reads a leading year and a known body style, and puts the rest in the name', () => {
    const sql = fs.readFileSync(path.join(import.meta.dirname, '../../../migrations/0008_garage.sql'), 'utf8');
    const step = sql.split('--> statement-breakpoint').find((part) => part.includes('INSERT INTO `cars`'));
    expect(step).toBeDefined();
    const sqlite = t.db.$client;
    const lines = ['1930 Model A Tudor Sedan', '1929 AA truck', 'Betsy', '2099 roadster', '1931 Ford Model A Sport Coupe, green'];
    const memberId = createMember(t.db, { firstName: 'Mig' }).id;
    sqlite.prepare('UPDATE members SET cars = ? WHERE id = ?').run(JSON.stringify(lines), memberId);
    sqlite.exec('SAVEPOINT migration_check');
    try {
      // Only this member's strings: the step reads every member, so the others' would repeat.
      sqlite.prepare("UPDATE members SET cars = '[]' WHERE id <> ?").run(memberId);
      sqlite.exec(step ?? '');
      const rows = sqlite.prepare('SELECT year, body_style AS bodyStyle, name, visibility FROM cars WHERE owner_id = ? ORDER BY id').all(memberId);
      expect(rows).toEqual([
        { year: 1930, bodyStyle: 'Tudor', name: 'Sedan', visibility: 'members' },
        { year: 1929, bodyStyle: 'Truck', name: 'AA', visibility: 'members' },
        { year: null, bodyStyle: '', name: 'Betsy', visibility: 'members' },
        { year: null, bodyStyle: 'Roadster', name: '2099', visibility: 'members' },
        { year: 1931, bodyStyle: 'Sport Coupe', name: 'green', visibility: 'members' },
      ]);
    } finally {
      sqlite.exec('ROLLBACK TO migration_check');
      sqlite.exec('RELEASE migration_check');
    }
  });
});
