import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const HTML = Buffer.from('<html><script>alert(document.cookie)</script></html>');

describe('serving uploads', () => {
  beforeAll(async () => {
    const dir = path.join(t.config.uploadsDir, 'legacy');
    fs.mkdirSync(dir, { recursive: true });
    fs.writeFileSync(path.join(dir, 'page.html'), HTML);
    fs.writeFileSync(path.join(dir, 'drawing.svg'), '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>');
    fs.writeFileSync(path.join(dir, 'photo.jpg'), await makeJpeg(10, 10));
    fs.writeFileSync(path.join(dir, 'news.pdf'), PDF);
  });

  it.each(['page.html', 'drawing.svg'])('sends %s as a sandboxed download', async (name) => {
    const res = await request(t.app).get(`/uploads/legacy/${name}`);
    expect(res.status).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment/);
    expect(res.headers['content-security-policy']).toMatch(/sandbox/);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('shows photos and PDFs in place', async () => {
    const photo = await request(t.app).get('/uploads/legacy/photo.jpg');
    expect(photo.headers['content-type']).toBe('image/jpeg');
    expect(photo.headers['content-disposition']).toBeUndefined();
    const pdf = await request(t.app).get('/uploads/legacy/news.pdf');
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBeUndefined();
  });
});

// Members-only pictures (and those of forum threads not yet approved)
// are served to whoever has their URL, without a login. Accepted by design: the URL is a random
// version 4 UUID (122 random bits) given only to those who may see the picture, and the folders
// cannot be listed. This test holds the design to that.
describe('picture addresses', () => {
  it('are random version 4 UUIDs, different for the same picture, in folders that cannot be listed', async () => {
    const jpeg = await makeJpeg(20, 20);
    const urls = [
      await t.services.images.storeJpeg(jpeg, { folder: 'forum', maxSize: 100, renditions: false }),
      await t.services.images.storeJpeg(jpeg, { folder: 'forum', maxSize: 100, renditions: false }),
    ];
    for (const url of urls) expect(url).toMatch(/^\/uploads\/forum\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}\.jpg$/);
    expect(urls[0]).not.toBe(urls[1]);
    expect((await request(t.app).get(urls[0] ?? '')).status).toBe(200);
    for (const listing of ['/uploads/forum/', '/uploads/forum', '/uploads/']) {
      const reply = await request(t.app).get(listing);
      expect({ listing, named: reply.text.includes('.jpg') }).toEqual({ listing, named: false });
    }
  });
});
