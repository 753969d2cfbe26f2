import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { hugeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { postMultipart } from '../../test/post-multipart.ts';
import { createJobLimiter } from '../services/images.ts';

let t: TestApp;
let admin: TestMember;
beforeAll(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
});
afterAll(() => t.close());

const saveMemberWithPhoto = (photo: Buffer, extra: Record<string, string> = {}) =>
  postMultipart(
    t.app,
    'member.save',
    { g: admin.token, i: 0, o: 1, fn: 'Photo', l: 'Owner', e: `photo.owner.${Math.random().toString(36).slice(2)}@example.test`, ...extra },
    [{ field: 'f', buffer: photo, name: 'face.jpg' }],
  );

describe('image processing', () => {
  it('refuses a photo with too many pixels without decoding it', async () => {
    const res = await saveMemberWithPhoto(await hugeJpeg());
    expect(res.status).toBe(413);
    expect(res.body.e).toMatch(/megapixels/);
  });

  // Guards the one-pipeline crop: it must still crop in the upright picture's pixels.
  it('crops an EXIF-rotated photo in the right place', async () => {
    // 200 x 100, left half red and right half blue, stored turned: orientation 6 shows it upright
    // as 100 x 200 with the red half on top.
    const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await saveMemberWithPhoto(photo, { ic: JSON.stringify({ x: 0, y: 100, size: 100 }) });
    expect(res.status).toBe(200);
    const stored = await sharp(`${t.config.uploadsDir}/${String(res.body.img).replace('/uploads/', '')}`)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect(stored.info.width).toBe(100);
    expect(stored.info.height).toBe(100);
    const centre = (50 * 100 + 50) * stored.info.channels;
    const [r = 0, , b = 0] = stored.data.subarray(centre, centre + 3);
    // orientation 6 turns the image clockwise: the red left half ends up on top, blue below.
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  });
});

describe('image crop after extra quarter turns', () => {
  it('crops in the turned picture and clamps to its edges', async () => {
    const left = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#ff0000' } })
      .png()
      .toBuffer();
    const photo = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#0000ff' } })
      .composite([{ input: left, left: 0, top: 0 }])
      .jpeg()
      .toBuffer();
    // One quarter turn clockwise: 100 x 200, red on top; a crop from y 150 is clamped to 50 x 50 of blue.
    const url = await t.services.images.storeJpeg(photo, { folder: 'test', maxSize: 600, quarterTurns: 1, crop: { x: 0, y: 150, size: 100 } });
    const stored = await sharp(`${t.config.uploadsDir}/${url.replace('/uploads/', '')}`)
      .raw()
      .toBuffer({ resolveWithObject: true });
    expect([stored.info.width, stored.info.height]).toEqual([50, 50]);
    const centre = (25 * 50 + 25) * stored.info.channels;
    const [r = 0, , b = 0] = stored.data.subarray(centre, centre + 3);
    expect(b).toBeGreaterThan(200);
    expect(r).toBeLessThan(60);
  });
});

describe('image jobs', () => {
  it('run at most two at a time, in order', async () => {
    const limit = createJobLimiter(2);
    let running = 0;
    let most = 0;
    const order: number[] = [];
    const job = (n: number) =>
      limit(async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 10));
        running -= 1;
        order.push(n);
        return n;
      });
    expect(await Promise.all([1, 2, 3, 4, 5].map(job))).toEqual([1, 2, 3, 4, 5]);
    expect(most).toBe(2);
    expect(order.slice(0, 2).sort()).toEqual([1, 2]);
  });
});
