import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { hugeJpeg, makeJpeg, makePng } from '../../../test/images.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';
import { makeNewsletterPdf } from '../../demo/newsletter-pdf.ts';
import { createNewslettersService, LINK_LIFETIME_MS, newsletterFilesDir } from './service.ts';

let t: TestApp;
let editor: TestMember;
let member: TestMember;
let march2025: Buffer;

beforeAll(async () => {
  t = createTestApp();
  editor = createMember(t.db, { permissions: ['history'] });
  member = createMember(t.db);
  march2025 = await makeNewsletterPdf({ year: 2025, month: 3, isSpecial: false });
});
afterAll(() => t.close());

type Edition = { id: number; fileName: string; title: string; label: string; isSpecial: boolean; kind: string; coverUrl: string };

const upload = (fields: Record<string, string | number>, file?: { buffer: Buffer; name: string }) =>
  postMultipart(t.app, 'newsletter.set', fields, file ? [{ field: 'f', ...file }] : []);
const list = async (): Promise<{ n: string[]; v: Edition[] }> => (await request(t.app).get('/api/newsletters.get.php')).body;
const linkFor = (name: string, token?: string) => request(t.app).post('/api/newsletter.link.php').send({ g: token, n: name });
const uploadedFile = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
/** Everything stored for newsletters: the members-only files and the public covers. */
const storedFiles = () =>
  [newsletterFilesDir(t.config.dataDir), path.join(t.config.uploadsDir, 'newsletter-covers')].flatMap((dir) =>
    fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : [],
  );

describe('POST /api/newsletter.set.php', () => {
  it('stores a PDF under its canonical name, lists it first, and renders its first page as the cover', async () => {
    const res = await upload({ i: 0, g: editor.token, m: 3, y: 2025, s: 0 }, { buffer: march2025, name: 'Valley News March 2025.pdf' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ n: 'Valley News March 2025.pdf' });

    const { n, v } = await list();
    expect(n[0]).toBe('Valley News March 2025.pdf');
    expect(v[0]).toMatchObject({ fileName: 'Valley News March 2025.pdf', title: 'Valley News March 2025', label: 'March 2025', isSpecial: false, kind: 'pdf' });

    const coverUrl = v[0]?.coverUrl ?? '';
    expect(coverUrl).toMatch(/^\/uploads\/newsletter-covers\/[\w-]+\.jpg$/);
    const served = await request(t.app).get(coverUrl).buffer(true);
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toMatch(/^image\/jpeg/);
    const cover = sharp(served.body as Buffer);
    const { format, width = 0, height = 0 } = await cover.metadata();
    expect(format).toBe('jpeg');
    // A letter page, upright: 8.5 x 11.
    expect(width).toBeGreaterThan(300);
    expect(height / width).toBeCloseTo(11 / 8.5, 1);
    // Not blank: the first page's coloured masthead fills the top, where page two is white.
    const top = await sharp(served.body as Buffer)
      .extract({ left: Math.round(width * 0.2), top: Math.round(height * 0.08), width: Math.round(width * 0.6), height: Math.round(height * 0.1) })
      .toBuffer();
    const masthead = await sharp(top).stats();
    expect(masthead.channels[0]?.mean).toBeLessThan(120);
    const whole = await cover.stats();
    expect(whole.channels[0]?.stdev).toBeGreaterThan(20);
  });

  it('asks before replacing the same month (409), and replaces it once confirmed', async () => {
    const before = await list();
    const oldCover = before.v.find((e) => e.fileName === 'Valley News March 2025.pdf')?.coverUrl ?? '';
    const again = await makeNewsletterPdf({ year: 2025, month: 3, isSpecial: false }, 'A Different Club Name');

    const asked = await upload({ g: editor.token, m: 3, y: 2025 }, { buffer: again, name: 'march-final.pdf' });
    expect(asked.status).toBe(409);
    expect(asked.body.e).toBe('Valley News March 2025 is already in the archive. Choose to replace it if this file should take its place.');
    expect((await list()).v).toEqual(before.v);

    const replaced = await upload({ g: editor.token, m: 3, y: 2025, r: 1 }, { buffer: again, name: 'march-final.pdf' });
    expect(replaced.status).toBe(200);
    const after = await list();
    expect(after.n.filter((name) => name === 'Valley News March 2025.pdf')).toHaveLength(1);
    const newCover = after.v.find((e) => e.fileName === 'Valley News March 2025.pdf')?.coverUrl ?? '';
    expect(newCover).not.toBe(oldCover);
    expect(fs.existsSync(uploadedFile(oldCover))).toBe(false);
    expect(fs.readFileSync(path.join(newsletterFilesDir(t.config.dataDir), 'Valley News March 2025.pdf')).equals(again)).toBe(true);
  });

  it('keeps a special edition beside the regular one, and a picture edition is its own cover', async () => {
    const picture = await makeJpeg(850, 1100);
    const res = await upload({ g: editor.token, m: 3, y: 2025, s: 1 }, { buffer: picture, name: 'special.jpg' });
    expect(res.status).toBe(200);
    expect(res.body.n).toBe('Valley News Special March 2025.jpg');
    const { n, v } = await list();
    expect(n.slice(0, 2)).toEqual(['Valley News Special March 2025.jpg', 'Valley News March 2025.pdf']);
    expect(v[0]).toMatchObject({ label: 'Special, March 2025', isSpecial: true, kind: 'image' });
    const cover = await sharp(fs.readFileSync(uploadedFile(v[0]?.coverUrl ?? ''))).metadata();
    expect(cover.format).toBe('jpeg');
    expect(cover.height).toBe(800);
  });

  it('lists editions newest first across years', async () => {
    for (const [y, m] of [
      [2023, 11],
      [2024, 2],
    ] as const) {
      const res = await upload({ g: editor.token, m, y }, { buffer: await makeNewsletterPdf({ year: y, month: m, isSpecial: false }), name: 'x.pdf' });
      expect(res.status).toBe(200);
    }
    const { n } = await list();
    expect(n.indexOf('Valley News March 2025.pdf')).toBeLessThan(n.indexOf('Valley News February 2024.pdf'));
    expect(n.indexOf('Valley News February 2024.pdf')).toBeLessThan(n.indexOf('Valley News November 2023.pdf'));
  });

  it('refuses a text file and a PNG renamed .pdf with 415, storing nothing', async () => {
    const files = storedFiles();
    const before = await list();
    const text = await upload({ g: editor.token, m: 5, y: 2025 }, { buffer: Buffer.from('Minutes of the May meeting'), name: 'Valley News May 2025.pdf' });
    expect(text.status).toBe(415);
    expect(text.body.e).toBe(
      '“Valley News May 2025.pdf” is named like a PDF but is not one: it may be damaged, or another kind of file renamed. Please choose a PDF or an image file (JPEG, PNG, WebP or GIF).',
    );
    const png = await upload({ g: editor.token, m: 5, y: 2025 }, { buffer: await makePng(60, 80), name: 'Valley News May 2025.pdf' });
    expect(png.status).toBe(415);
    expect(png.body.e).toBe('“Valley News May 2025.pdf” is named .pdf but is not a PDF. Please choose the newsletter’s real PDF file.');
    expect(await list()).toEqual(before);
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a PDF that cannot be read with a clear message, storing nothing', async () => {
    const files = storedFiles();
    const broken = Buffer.concat([march2025.subarray(0, 400), Buffer.from('\n%%EOF\n')]);
    const res = await upload({ g: editor.token, m: 6, y: 2025 }, { buffer: broken, name: 'Valley News June 2025.pdf' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/could not be (read|drawn)/);
    expect((await list()).n).not.toContain('Valley News June 2025.pdf');
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a picture edition with too many pixels without decoding it (413), storing nothing', async () => {
    const files = storedFiles();
    const res = await upload({ g: editor.token, m: 9, y: 2025 }, { buffer: await hugeJpeg(), name: 'Valley News September 2025.jpg' });
    expect(res.status).toBe(413);
    expect(res.body.e).toMatch(/megapixels/);
    expect((await list()).n).not.toContain('Valley News September 2025.jpg');
    expect(storedFiles()).toEqual(files);
  });

  it('refuses a corrupt JPEG with 415, as the other uploads do, storing nothing', async () => {
    const files = storedFiles();
    const photo = await makeJpeg(400, 300);
    // The header stays whole (so it is still sniffed as a JPEG); the picture data is cut short and scrambled.
    const corrupt = Buffer.concat([photo.subarray(0, photo.indexOf(Buffer.from([0xff, 0xda])) + 20), Buffer.alloc(64, 0xff)]);
    const res = await upload({ g: editor.token, m: 10, y: 2025 }, { buffer: corrupt, name: 'Valley News October 2025.jpg' });
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/could not be read/);
    expect((await list()).n).not.toContain('Valley News October 2025.jpg');
    expect(storedFiles()).toEqual(files);
  });

  it('requires the file and a numeric year (400)', async () => {
    const noFile = await upload({ g: editor.token, m: 7, y: 2025 });
    expect(noFile.status).toBe(400);
    expect(noFile.body.e).toBe('Please choose the newsletter file: a PDF, or a picture of it.');
    const noYear = await upload({ g: editor.token, m: 7 }, { buffer: march2025, name: 'a.pdf' });
    expect(noYear.status).toBe(400);
    expect(noYear.body.e).toBe('Please enter the year.');
    const wordYear = await upload({ g: editor.token, m: 7, y: 'last year' }, { buffer: march2025, name: 'a.pdf' });
    expect(wordYear.status).toBe(400);
    expect(wordYear.body.e).toBe('The year must be a number.');
  });

  it('refuses a member without the history permission (403) and a visitor (401)', async () => {
    const plain = await upload({ g: member.token, m: 8, y: 2025 }, { buffer: march2025, name: 'a.pdf' });
    expect(plain.status).toBe(403);
    const visitor = await upload({ m: 8, y: 2025 }, { buffer: march2025, name: 'a.pdf' });
    expect(visitor.status).toBe(401);
    expect((await list()).n).not.toContain('Valley News August 2025.pdf');
  });

  it('lets an administrator upload too', async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    const res = await upload(
      { g: admin.token, m: 1, y: 2022 },
      { buffer: await makeNewsletterPdf({ year: 2022, month: 1, isSpecial: false }), name: 'jan.pdf' },
    );
    expect(res.status).toBe(200);
  });
});

describe('newsletter files', () => {
  it('answers newsletters.get to a visitor, without any file link', async () => {
    const res = await request(t.app).post('/api/newsletters.get.php').send({});
    expect(res.status).toBe(200);
    expect(JSON.stringify(res.body)).not.toMatch(/signature|newsletter-file/);
  });

  it('gives no link to a logged-out visitor (401)', async () => {
    const res = await linkFor('Valley News March 2025.pdf');
    expect(res.status).toBe(401);
  });

  it('serves the PDF to a member through the signed link, as a sandboxed download-safe response', async () => {
    const link = await linkFor('Valley News March 2025.pdf', member.token);
    expect(link.status).toBe(200);
    expect(link.body.v).toMatchObject({ title: 'Valley News March 2025', kind: 'pdf' });

    const file = await request(t.app).get(link.body.u).buffer(true);
    expect(file.status).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/sandbox/);
    expect(file.headers['content-security-policy']).toMatch(/default-src 'none'/);
    expect(file.headers['content-disposition']).toMatch(/^inline; filename="Valley News March 2025.pdf"/);
    expect((file.body as Buffer).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const download = await request(t.app).get(link.body.d).buffer(true);
    expect(download.status).toBe(200);
    expect(download.headers['content-disposition']).toMatch(/^attachment;/);
  });

  it('refuses the file without a signature (401), with a wrong one (403) or an expired one (403)', async () => {
    const bare = await request(t.app).get('/api/newsletter-file/Valley%20News%20March%202025.pdf');
    expect(bare.status).toBe(401);
    expect(bare.headers['content-type']).toMatch(/json/);
    expect(bare.body.e).toMatch(/log in/);

    const { u } = (await linkFor('Valley News March 2025.pdf', member.token)).body as { u: string };
    const forged = await request(t.app).get(u.replace(/expires=\d+/, `expires=${Date.now() + 10 * LINK_LIFETIME_MS}`));
    expect(forged.status).toBe(403);
    const otherFile = await request(t.app).get(u.replace('March', 'February').replace('2025', '2024'));
    expect(otherFile.status).toBe(403);

    const service = createNewslettersService(t);
    const old = service.link('Valley News March 2025.pdf', Date.now() - 2 * LINK_LIFETIME_MS);
    const [, name = '', query = ''] = /\/api\/newsletter-file\/([^?]+)\?(.*)$/.exec(old.url) ?? [];
    const params = new URLSearchParams(query);
    expect(() => service.openFile(decodeURIComponent(name), params.get('expires'), params.get('signature'))).toThrow(/expired/);
    expect(service.openFile(decodeURIComponent(name), params.get('expires'), params.get('signature'), Date.now() - LINK_LIFETIME_MS * 2).fileName).toBe(
      'Valley News March 2025.pdf',
    );
  });

  it('refuses ../ and absolute names, both for a link and for the file', async () => {
    for (const name of ['../club.db', '..', '/etc/passwd', 'C:\\club.db', '..\\club.db', 'newsletters/../club.db']) {
      const res = await linkFor(name, member.token);
      expect(res.status, name).toBe(400);
      expect(res.body.e).toBe('That is not the name of a newsletter.');
    }
    for (const encoded of ['..%2Fclub.db', '%2Fetc%2Fpasswd', '..%5Cclub.db', '%2E%2E']) {
      const res = await request(t.app).get(`/api/newsletter-file/${encoded}?expires=${Date.now() + 1000}&signature=x`);
      expect(res.status, encoded).toBe(400);
      expect(res.body.e).toBe('That is not the name of a newsletter.');
    }
  });

  it('answers 404 for an edition that does not exist', async () => {
    const res = await linkFor('Valley News March 1999.pdf', member.token);
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/not found/);
  });
});

describe('remakeCovers (the newsletters:covers command)', () => {
  it('renders a new cover for every stored edition and drops the old ones', async () => {
    const service = createNewslettersService(t);
    const before = await list();
    const report = await service.remakeCovers();
    expect(report.failed).toEqual([]);
    expect(report.made).toHaveLength(before.n.length);
    const after = await list();
    for (const [index, edition] of after.v.entries()) {
      expect(edition.coverUrl).not.toBe(before.v[index]?.coverUrl);
      expect(fs.existsSync(uploadedFile(edition.coverUrl))).toBe(true);
      expect(fs.existsSync(uploadedFile(before.v[index]?.coverUrl ?? ''))).toBe(false);
    }
  });
});
