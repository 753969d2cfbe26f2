import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LISTING_DAYS, type Listing, type ListingSummary, type MemberData } from '@club/contracts';
import { listings, listingMessages, outbox } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { makeJpeg, makePng, readHeicPhoto } from '../../../test/images.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart, type FormFields } from '../../../test/post-multipart.ts';
import { renewalToken } from './renewal-links.ts';
import { listingsPublishedSince } from './service.ts';

let t: TestApp;
let smtp: TestSmtp;
let seller: TestMember;
let buyer: TestMember;
let plain: TestMember;
let moderator: TestMember;
let admin: TestMember;
let gpsJpeg: Buffer;
let png: Buffer;
let webp: Buffer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, BASE_URL: 'https://club.example.test', MAIL_FROM: 'Club <noreply@club.example.test>' });
  seller = createMember(t.db, { firstName: 'Sally', lastName: 'Seller', permissions: ['forum'] });
  buyer = createMember(t.db, { firstName: 'Bert', lastName: 'Buyer', permissions: ['forum'] });
  plain = createMember(t.db, { firstName: 'Pat', lastName: 'Plain' });
  moderator = createMember(t.db, { firstName: 'Mo', lastName: 'Moderator', permissions: ['moderator'] });
  admin = createMember(t.db, { firstName: 'Ada', lastName: 'Admin', permissions: ['admin'] });
  gpsJpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#553322' } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '38/1 34/1 48/1', GPSLongitudeRef: 'W', GPSLongitude: '90/1 24/1 26/1' } })
    .toBuffer();
  png = await makePng(800, 600);
  webp = await sharp({ create: { width: 640, height: 480, channels: 3, background: '#224422' } })
    .webp()
    .toBuffer();
});
afterAll(async () => {
  await t.services.mail.stop();
  t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `198.51.100.${addressCount}`;
};

const post = (name: string, body: object, ip = newAddress()) => request(t.app).post(`/api/${name}.php`).set('X-Forwarded-For', ip).send(body);

type Upload = { buffer: Buffer; name: string };
type Fields = FormFields;

/** listing.save as the browser sends it: multipart, photos as f[]. */
function saveListing(fields: Fields, files: Upload[] = []) {
  return postMultipart(
    t.app,
    'listing.save',
    fields,
    files.map((file) => ({ field: 'f[]', ...file })),
  );
}

const PART = {
  id: 0,
  kind: 'sale',
  category: 'part',
  title: 'Zenith carburetor, rebuilt',
  text: 'Rebuilt last winter <b>with new floats</b>. Fits every 1928-31 Model A.',
  price: '125.50',
  condition: 'good',
  city: 'Kirkwood',
  state: 'MO',
  visibility: 'public',
};

async function place(member: TestMember, fields: Fields = {}, files: Upload[] = []): Promise<number> {
  const res = await saveListing({ ...PART, g: member.token, ...fields }, files);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.i as number;
}

const readListing = (id: number, token?: string) => post('listing.get', { id, ...(token ? { g: token } : {}) });
const listingOf = async (id: number, token?: string) => (await readListing(id, token)).body.listing as Listing;
const list = async (body: object = {}) => {
  const res = await post('listings.list', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { listings: ListingSummary[]; total: number };
};
const row = (id: number) => t.db.select().from(listings).where(eq(listings.id, id)).get();
const setRow = (id: number, change: Partial<typeof listings.$inferInsert>) => t.db.update(listings).set(change).where(eq(listings.id, id)).run();
const fileOf = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));
const daysFromNow = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('POST /api/listing.save.php', () => {
  it('places a part for sale with phone photos, stored as JPEG without their location, running 60 days', async () => {
    const res = await saveListing({ ...PART, g: seller.token }, [
      { buffer: gpsJpeg, name: 'IMG_2001.jpg' },
      { buffer: png, name: 'screen.png' },
      { buffer: webp, name: 'phone.webp' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const id = res.body.i as number;
    expect(res.body.photos).toHaveLength(3);
    for (const url of res.body.photos as string[]) {
      expect(url).toMatch(/^\/uploads\/classifieds\/.+\.jpg$/);
      const meta = await sharp(fs.readFileSync(fileOf(url))).metadata();
      expect(meta.format).toBe('jpeg');
      expect(meta.exif).toBeUndefined();
    }
    const stored = row(id);
    expect(stored).toMatchObject({ sellerId: seller.id, priceCents: 12550, isOffers: false, condition: 'good', visibility: 'public' });
    const runs = Date.parse(stored?.expiresAt ?? '') - Date.now();
    expect(Math.round(runs / 86_400_000)).toBe(LISTING_DAYS);
    const shown = await listingOf(id, buyer.token);
    expect(shown).toMatchObject({
      title: PART.title,
      price: 125.5,
      status: 'active',
      seller: 'Sally Seller',
      isMine: false,
      canModerate: false,
      photoCount: 3,
    });
    // Rendered as text by the page: the API keeps it as written.
    expect(shown.text).toContain('<b>with new floats</b>');
  });

  it('takes a HEIC photo from a phone and stores it as JPEG without its location', async () => {
    const res = await saveListing({ ...PART, g: seller.token }, [{ buffer: readHeicPhoto(), name: 'IMG_3001.HEIC' }]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const [url = ''] = res.body.photos as string[];
    expect(url).toMatch(/^\/uploads\/classifieds\/.+\.jpg$/);
    const meta = await sharp(fs.readFileSync(fileOf(url))).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    expect(meta.exif).toBeUndefined();
  });

  it('reads "$1,250" as a price and keeps "offers" beside it; a wanted listing keeps no price', async () => {
    const forSale = await place(seller, { price: '$1,250', offers: 1, category: 'car', title: '1930 Tudor project' });
    expect(row(forSale)).toMatchObject({ priceCents: 125000, isOffers: true });
    const wanted = await place(seller, { kind: 'wanted', price: '40', offers: 1, title: 'Wanted: 1929 radiator shell' });
    expect(row(wanted)).toMatchObject({ priceCents: null, isOffers: false, kind: 'wanted' });
    const offersOnly = await place(seller, { price: '', offers: 1, title: 'Offers: tool box' });
    expect(row(offersOnly)).toMatchObject({ priceCents: null, isOffers: true });
  });

  it.each([
    ['a negative price', { price: '-5' }, 'price'],
    ['three decimals', { price: '12.505' }, 'price'],
    ['a price that is words', { price: 'cheap' }, 'price'],
    ['no price and no offers for sale', { price: '' }, 'Offers'],
    ['no title', { title: '' }, 'title'],
    ['an unknown kind of item', { category: 'boat' }, 'car, a part'],
    ['an unknown condition', { condition: 'mint' }, 'condition'],
    ['an overlong text', { text: 'x'.repeat(5001) }, 'description'],
  ])('refuses %s with 400 naming it, storing nothing', async (_what, fields, named) => {
    const before = t.db.select().from(listings).all().length;
    const res = await saveListing({ ...PART, g: seller.token, ...fields }, [{ buffer: await makeJpeg(40, 30), name: 'a.jpg' }]);
    expect(res.status).toBe(400);
    expect(res.body.e).toContain(named);
    expect(t.db.select().from(listings).all()).toHaveLength(before);
  });

  it('refuses a file that is not a picture by its content (415) and more than 8 photos (400)', async () => {
    const fake = await saveListing({ ...PART, g: seller.token }, [{ buffer: Buffer.from('%PDF-1.4 not a photo'), name: 'photo.jpg' }]);
    expect(fake.status).toBe(415);
    const id = await place(
      seller,
      {},
      Array.from({ length: 8 }, (_, n) => ({ buffer: png, name: `p${n}.png` })),
    );
    const kept = row(id)?.photos ?? [];
    const more = await saveListing({ ...PART, g: seller.token, id, photos: kept }, [{ buffer: png, name: 'ninth.png' }]);
    expect(more.status).toBe(400);
    expect(more.body.e).toContain('at most 8 photos');
    expect(row(id)?.photos).toEqual(kept);
  });

  it('lets only the seller edit, dropping removed photos from disk; others get 403 and change nothing', async () => {
    const id = await place(seller, {}, [
      { buffer: await makeJpeg(60, 40), name: 'a.jpg' },
      { buffer: await makeJpeg(60, 40), name: 'b.jpg' },
    ]);
    const [first, second] = row(id)?.photos ?? [];
    for (const other of [buyer, moderator, admin]) {
      const refused = await saveListing({ ...PART, g: other.token, id, title: 'Taken over', photos: [first ?? ''] });
      expect(refused.status).toBe(403);
    }
    expect(row(id)?.title).toBe(PART.title);
    const edited = await saveListing({ ...PART, g: seller.token, id, title: 'Zenith carburetor, rebuilt, with gaskets', photos: [second ?? ''] });
    expect(edited.status).toBe(200);
    expect(row(id)).toMatchObject({ title: 'Zenith carburetor, rebuilt, with gaskets', photos: [second] });
    expect(fs.existsSync(fileOf(first ?? ''))).toBe(false);
    expect(fs.existsSync(fileOf(second ?? ''))).toBe(true);
  });

  it('lets a plain member (no forum right) place a listing and write to a seller; a visitor may not place one', async () => {
    const id = await place(plain, { title: 'Hubcap set of four' });
    expect(await listingOf(id, plain.token)).toMatchObject({ title: 'Hubcap set of four', isMine: true });
    expect((await saveListing({ ...PART })).status).toBe(401);
    const written = await post('listing.contact', {
      g: plain.token,
      id: await place(seller),
      name: 'Pat Plain',
      email: 'pat@example.test',
      message: 'Is it still for sale?',
    });
    expect(written.status, JSON.stringify(written.body)).toBe(200);
  });

  it('links a car of the seller’s own from the registry, and refuses another member’s car', async () => {
    const car = (owner: TestMember) =>
      request(t.app)
        .post('/api/car.save.php')
        .field('g', owner.token)
        .field('id', '0')
        .field('year', '1930')
        .field('bodyStyle', 'Coupe')
        .field('name', `Car of ${owner.name}`)
        .field('visibility', 'members');
    const own = (await car(seller)).body.i as number;
    const theirs = (await car(buyer)).body.i as number;
    const id = await place(seller, { category: 'car', title: 'My 1930 Coupe', carId: own });
    expect((await listingOf(id, buyer.token)).car).toEqual({ id: own, label: '1930 Coupe Car of Sally Seller' });
    // A visitor is not shown a link to a members-only car.
    expect((await listingOf(id)).car).toBeNull();
    const refused = await saveListing({ ...PART, g: seller.token, category: 'car', title: 'Not mine', carId: theirs });
    expect(refused.status).toBe(400);
    expect(refused.body.e).toContain('car of your own');
  });
});

describe('privacy: a visitor’s and a member’s view of the same listing', () => {
  it('shows a visitor a public listing without the seller’s name, and never the seller’s e-mail address to anyone', async () => {
    const id = await place(seller, { title: 'Public headlamp pair' });
    const visitor = await readListing(id);
    const member = await readListing(id, buyer.token);
    expect(visitor.status).toBe(200);
    expect(visitor.body.listing).toMatchObject({ seller: null, isMine: false, canModerate: false });
    expect(member.body.listing).toMatchObject({ seller: 'Sally Seller' });
    for (const body of [visitor.text, member.text, (await post('listings.list', {})).text, (await post('listings.list', { g: buyer.token })).text]) {
      expect(body).not.toContain(seller.email);
    }
    // Everything else is the same.
    const { seller: _a, ...seen } = visitor.body.listing as Listing;
    const { seller: _b, ...memberSeen } = member.body.listing as Listing;
    expect(seen).toEqual(memberSeen);
  });

  it('keeps a members-only listing from visitors: 404 and not on their list', async () => {
    const id = await place(seller, { visibility: 'members', title: 'Members-only running boards' });
    expect((await readListing(id)).status).toBe(404);
    expect((await list()).listings.map((l) => l.id)).not.toContain(id);
    expect((await listingOf(id, plain.token)).visibility).toBe('members');
    expect((await list({ g: plain.token })).listings.map((l) => l.id)).toContain(id);
  });
});

describe('the sitemap and robots.txt', () => {
  it('lists running public listings, never a members-only, sold or ended one, and keeps crawlers off renewal links', async () => {
    const open = await place(seller, { title: 'Sitemap: public' });
    const closed = await place(seller, { title: 'Sitemap: members', visibility: 'members' });
    const sold = await place(seller, { title: 'Sitemap: sold' });
    await post('listing.sold', { g: seller.token, id: sold });
    const ended = await place(seller, { title: 'Sitemap: ended' });
    setRow(ended, { expiresAt: daysFromNow(-1) });
    const res = await request(t.app).get('/sitemap.xml');
    expect(res.text).toContain('<loc>https://club.example.test/classifieds</loc>');
    expect(res.text).toContain(`<loc>https://club.example.test/classifieds/${open}</loc>`);
    for (const id of [closed, sold, ended]) expect(res.text).not.toContain(`<loc>https://club.example.test/classifieds/${id}</loc>`);
    expect((await request(t.app).get('/robots.txt')).text).toContain('Disallow: /classifieds/renew/');
  });
});

describe('POST /api/listings.list.php', () => {
  it('lists newest first with filters for sale / wanted, kind of item and words, paged with a total', async () => {
    const tag = `filt${Date.now()}`;
    const a = await place(seller, { title: `${tag} hubcaps`, category: 'part' });
    const b = await place(buyer, { title: `${tag} Wanted: owner's manual`, kind: 'wanted', category: 'literature' });
    const c = await place(seller, { title: `${tag} valve grinder`, category: 'tools', text: 'Black and Decker, works' });
    expect((await list({ q: tag })).listings.map((l) => l.id)).toEqual([c, b, a]);
    expect((await list({ q: tag, kind: 'wanted' })).listings.map((l) => l.id)).toEqual([b]);
    expect((await list({ q: tag, category: 'tools' })).listings.map((l) => l.id)).toEqual([c]);
    expect((await list({ q: `${tag} decker` })).listings.map((l) => l.id)).toEqual([c]);
    const all = await list({ page: 1 });
    expect(all.total).toBeGreaterThanOrEqual(3);
    expect((await post('listings.list', { kind: 'swap' })).status).toBe(400);
  });
});

describe('expiry and renewal', () => {
  it('takes an expired listing off the list; only its seller sees it, renews it, and it is back for 60 days', async () => {
    const id = await place(seller, { title: 'Expiring fan belt' });
    setRow(id, { expiresAt: daysFromNow(-1) });
    expect((await list({ g: buyer.token })).listings.map((l) => l.id)).not.toContain(id);
    expect((await readListing(id, buyer.token)).status).toBe(404);
    const mine = (await post('listings.mine', { g: seller.token })).body.listings as ListingSummary[];
    expect(mine.find((l) => l.id === id)?.status).toBe('expired');
    expect((await post('listing.renew', { g: buyer.token, id })).status).toBe(404);
    const renewed = await post('listing.renew', { g: seller.token, id });
    expect(renewed.status).toBe(200);
    expect(Math.round((Date.parse(renewed.body.expires as string) - Date.now()) / 86_400_000)).toBe(LISTING_DAYS);
    expect((await listingOf(id, buyer.token)).status).toBe('active');
  });

  it('renews a listing only in its last week, saying from which day it can be renewed', async () => {
    const id = await place(seller, { title: 'Fresh fan belt' });
    const early = await post('listing.renew', { g: seller.token, id });
    expect(early.status).toBe(400);
    expect(early.body.e).toMatch(/^This listing runs until .+ You can renew it from .+, in its last week\.$/);
    setRow(id, { expiresAt: daysFromNow(6) });
    expect((await post('listing.renew', { g: seller.token, id })).status).toBe(200);
  });

  it('e-mails "still for sale?" once, a week before the end, with a link that renews once without a login', async () => {
    const id = await place(seller, { title: 'Renewable spare tire' });
    setRow(id, { expiresAt: daysFromNow(3) });
    const first = t.services.listingNotices.sendRenewalNotices();
    expect(first.notices).toBeGreaterThanOrEqual(1);
    expect(t.services.listingNotices.sendRenewalNotices().notices).toBe(0);
    await t.services.mail.deliverDue();
    const mails = await smtp.waitFor(first.notices);
    const mail = mails.find((m) => m.subject?.includes('Renewable spare tire'));
    expect(mail?.subject).toMatch(/^Still for sale\? Your listing "Renewable spare tire" ends on /);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe(seller.email);
    const link = /https:\/\/club\.example\.test\/classifieds\/renew\/(\S+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(link).not.toBe('');
    const token = decodeURIComponent(link);

    // Past its end, the link still brings it back.
    const expiredAt = daysFromNow(-0.5);
    setRow(id, { expiresAt: expiredAt });
    const stale = await post('listing.renewByLink', { t: token });
    expect(stale.status).toBe(400);
    const fresh = renewalToken(t.services.keys.linkSecret, id, expiredAt);
    const used = await post('listing.renewByLink', { t: fresh });
    expect(used.status).toBe(200);
    expect(used.body).toMatchObject({ id, title: 'Renewable spare tire' });
    expect((await listingOf(id)).status).toBe('active');
    const again = await post('listing.renewByLink', { t: fresh });
    expect(again.status).toBe(400);
    expect(again.body.e).toContain('already used');
    expect((await post('listing.renewByLink', { t: `${id}.abc.${'x'.repeat(43)}` })).status).toBe(400);
    // A link for one listing never renews another.
    const other = await place(seller, { title: 'Another' });
    const forged = fresh.replace(/^\d+/, String(other));
    expect((await post('listing.renewByLink', { t: forged })).status).toBe(400);
  });
});

describe('sold, archived, hidden and deleted', () => {
  it('lets the member who placed a wanted ad mark it found; it then takes no more messages', async () => {
    const id = await place(plain, { kind: 'wanted', title: 'Wanted: Model A radiator cap', price: '' });
    expect((await post('listing.sold', { g: buyer.token, id })).status).toBe(403);
    const found = await post('listing.sold', { g: plain.token, id });
    expect(found.status, JSON.stringify(found.body)).toBe(200);
    expect((await listingOf(id, buyer.token)).status).toBe('sold');
    expect((await post('listing.contact', { g: buyer.token, id, message: 'I have one.' })).status).toBe(400);
  });

  it('lets only the seller mark a listing sold; it shows as sold for 30 days, then is archived', async () => {
    const id = await place(seller, { title: 'Sold distributor' });
    expect((await post('listing.sold', { g: buyer.token, id })).status).toBe(403);
    expect(row(id)?.soldAt).toBeNull();
    expect((await post('listing.sold', { g: seller.token, id })).status).toBe(200);
    expect((await listingOf(id)).status).toBe('sold');
    expect((await list()).listings.find((l) => l.id === id)?.status).toBe('sold');
    // No more messages about it.
    const asked = await post('listing.contact', { id, name: 'Vic Visitor', email: 'vic@example.test', message: 'Still there?' });
    expect(asked.status).toBe(400);
    setRow(id, { soldAt: daysFromNow(-31) });
    expect((await list({ g: buyer.token })).listings.map((l) => l.id)).not.toContain(id);
    expect((await readListing(id, buyer.token)).status).toBe(404);
    const mine = (await post('listings.mine', { g: seller.token })).body.listings as ListingSummary[];
    expect(mine.find((l) => l.id === id)?.status).toBe('archived');
  });

  it('lets a moderator hide and show a listing; hidden, only the seller and moderators see it', async () => {
    const id = await place(seller, { title: 'Dubious listing' });
    expect((await post('listing.moderate', { g: buyer.token, id, hidden: 1 })).status).toBe(403);
    expect((await post('listing.moderate', { g: moderator.token, id, hidden: 1 })).status).toBe(200);
    expect((await readListing(id, buyer.token)).status).toBe(404);
    expect((await readListing(id)).status).toBe(404);
    expect((await list({ g: buyer.token })).listings.map((l) => l.id)).not.toContain(id);
    expect((await listingOf(id, seller.token)).status).toBe('hidden');
    expect(await listingOf(id, moderator.token)).toMatchObject({ status: 'hidden', canModerate: true });
    expect((await list({ g: moderator.token })).listings.map((l) => l.id)).toContain(id);
    // The seller cannot edit their way around it.
    expect((await saveListing({ ...PART, g: seller.token, id })).status).toBe(403);
    expect((await post('listing.moderate', { g: admin.token, id, hidden: 0 })).status).toBe(200);
    expect((await listingOf(id, buyer.token)).status).toBe('active');
  });

  it('lets the seller or a moderator delete a listing with its photos; anyone else gets 403 and changes nothing', async () => {
    const id = await place(seller, { title: 'Deleted bumper' }, [{ buffer: await makeJpeg(50, 40), name: 'a.jpg' }]);
    const [photo] = row(id)?.photos ?? [];
    expect((await post('listing.delete', { g: buyer.token, id })).status).toBe(403);
    expect((await post('listing.delete', { id })).status).toBe(401);
    expect(row(id)).toBeDefined();
    expect((await post('listing.delete', { g: moderator.token, id })).status).toBe(200);
    expect(row(id)).toBeUndefined();
    expect(fs.existsSync(fileOf(photo ?? ''))).toBe(false);
    const own = await place(seller, { title: 'Own delete' });
    expect((await post('listing.delete', { g: seller.token, id: own })).status).toBe(200);
    expect((await post('listing.delete', { g: seller.token, id: own })).status).toBe(404);
  });
});

describe('POST /api/listing.contact.php', () => {
  it('e-mails a visitor’s message on a public listing to the seller with the visitor as Reply-To', async () => {
    const id = await place(seller, { title: 'Contactable horn' });
    const res = await post('listing.contact', {
      id,
      name: 'Vic Visitor',
      email: 'Vic@Example.test',
      message: 'Does it still honk?\nI can pick it up Saturday.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(JSON.stringify(res.body)).not.toContain(seller.email);
    await t.services.mail.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe(seller.email);
    expect(mail?.replyTo?.value[0]).toMatchObject({ name: 'Vic Visitor', address: 'vic@example.test' });
    expect(mail?.subject).toBe('Classifieds: Contactable horn: a message from Vic Visitor');
    expect(mail?.text).toContain('Does it still honk?\nI can pick it up Saturday.');
    expect(mail?.text).toContain(`https://club.example.test/classifieds/${id}`);
  });

  it('takes a member’s name and address from their record', async () => {
    const id = await place(seller, { title: 'Member-contacted wheel', visibility: 'members' });
    const res = await post('listing.contact', { g: buyer.token, id, name: 'Someone Else', email: 'else@example.test', message: 'Is the wheel true?' });
    expect(res.status).toBe(200);
    await t.services.mail.deliverDue();
    const [mail] = await smtp.waitFor(1);
    expect(mail?.replyTo?.value[0]).toMatchObject({ name: 'Bert Buyer', address: buyer.email });
    expect(t.db.select().from(listingMessages).where(eq(listingMessages.listingId, id)).get()).toMatchObject({ senderId: buyer.id });
  });

  it('refuses a visitor on a members-only listing (404), one without a name or address (400), and the seller on their own (400)', async () => {
    const hidden = await place(seller, { visibility: 'members', title: 'Members-only crank' });
    const before = t.db.select().from(outbox).all().length;
    expect((await post('listing.contact', { id: hidden, name: 'Vic', email: 'vic@example.test', message: 'Hi' })).status).toBe(404);
    const open = await place(seller, { title: 'Open crank' });
    expect((await post('listing.contact', { id: open, name: '', email: 'vic@example.test', message: 'Hi' })).body.e).toContain('name');
    expect((await post('listing.contact', { id: open, name: 'Vic', message: 'Hi' })).body.e).toContain('e-mail');
    expect((await post('listing.contact', { g: seller.token, id: open, message: 'Hi' })).status).toBe(400);
    expect(t.db.select().from(outbox).all()).toHaveLength(before);
  });

  it('drops a robot’s message quietly and stops a sender after 5 messages in an hour (429)', async () => {
    const id = await place(seller, { title: 'Spammed hood ornament' });
    const before = t.db.select().from(outbox).all().length;
    const robot = await post('listing.contact', { id, name: 'Bot', email: 'bot@example.test', message: 'Buy now', website: 'http://spam.example' });
    expect(robot.status).toBe(200);
    expect(t.db.select().from(outbox).all()).toHaveLength(before);
    const ip = newAddress();
    for (let n = 0; n < 5; n += 1) {
      expect((await post('listing.contact', { id, name: 'Keen', email: 'keen@example.test', message: `Message ${n}` }, ip)).status).toBe(200);
    }
    const sixth = await post('listing.contact', { id, name: 'Keen', email: 'keen@example.test', message: 'Message 6' }, ip);
    expect(sixth.status).toBe(429);
    expect(t.db.select().from(outbox).all()).toHaveLength(before + 5);
    await t.services.mail.deliverDue();
    await smtp.waitFor(5);
  });
});

describe('the reply cache', () => {
  it('answers the list, a listing and "my listings" from the cache (304) until a listing ends, with no write in between', async () => {
    const id = await place(seller, { title: 'Cached hub cap' });
    const endsAt = Date.now() + 60_000;
    setRow(id, { expiresAt: new Date(endsAt).toISOString() });
    const reads: [string, object, string][] = [
      ['listings.list', { page: 1 }, buyer.token],
      ['listing.get', { id }, buyer.token],
      ['listings.mine', {}, seller.token],
    ];
    const tags: string[] = [];
    for (const [name, body, token] of reads) {
      const first = await post(name, { g: token, ...body });
      expect(first.status).toBe(200);
      expect(first.headers.etag, name).toBeDefined();
      tags.push(first.headers.etag as string);
      expect((await post(name, { g: token, ...body }).set('If-None-Match', first.headers.etag as string)).status, name).toBe(304);
    }
    vi.useFakeTimers({ toFake: ['Date'], now: endsAt + 1000 });
    try {
      const [listTag, getTag, mineTag] = tags;
      const later = await post('listings.list', { g: buyer.token, page: 1 }).set('If-None-Match', listTag ?? '');
      expect(later.status).toBe(200);
      expect((later.body as { listings: ListingSummary[] }).listings.map((l) => l.id)).not.toContain(id);
      expect((await post('listing.get', { g: buyer.token, id }).set('If-None-Match', getTag ?? '')).status).toBe(404);
      const mine = await post('listings.mine', { g: seller.token }).set('If-None-Match', mineTag ?? '');
      expect(mine.status).toBe(200);
      expect((mine.body as { listings: ListingSummary[] }).listings.find((l) => l.id === id)?.status).toBe('expired');
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the weekly digest’s new classifieds', () => {
  it('lists the listings published since a date that members see now: not expired, sold or hidden', async () => {
    const since = new Date();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const shown = await place(seller, { title: 'Digest: members see it', visibility: 'members' });
    const sold = await place(seller, { title: 'Digest: sold' });
    await post('listing.sold', { g: seller.token, id: sold });
    const hidden = await place(seller, { title: 'Digest: hidden' });
    await post('listing.moderate', { g: moderator.token, id: hidden, hidden: 1 });
    const expired = await place(seller, { title: 'Digest: expired' });
    setRow(expired, { expiresAt: daysFromNow(-1) });
    const found = listingsPublishedSince(t.db, since);
    expect(found.map((l) => l.id)).toEqual([shown]);
    expect(found[0]).toMatchObject({ title: 'Digest: members see it', seller: 'Sally Seller', status: 'active' });
    expect(listingsPublishedSince(t.db, new Date(Date.now() + 60_000))).toEqual([]);
  });
});

describe('a member’s listings when they leave', () => {
  it('are in their data export, and go (with their photos) when the member is deleted', async () => {
    const leaving = createMember(t.db, { firstName: 'Lee', lastName: 'Leaving', permissions: ['forum'] });
    const id = await place(leaving, { title: 'Leaving: spare parts lot' }, [{ buffer: await makeJpeg(40, 30), name: 'a.jpg' }]);
    const [photo] = row(id)?.photos ?? [];
    const exported = await post('member.export', { g: admin.token, id: leaving.id });
    expect(exported.status).toBe(200);
    expect((exported.body.d as MemberData).listings).toEqual([expect.objectContaining({ id, title: 'Leaving: spare parts lot', text: PART.text })]);
    expect((await post('member.delete', { g: admin.token, id: leaving.id })).status).toBe(200);
    expect(row(id)).toBeUndefined();
    expect(fs.existsSync(fileOf(photo ?? ''))).toBe(false);
  });
});
