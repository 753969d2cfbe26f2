import fs from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Member } from '@club/contracts';
import { members, outbox, passwordResets } from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';

let t: TestApp;
let smtp: TestSmtp;
let admin: TestMember;
let secretary: TestMember;
let jpeg: Buffer;
let png: Buffer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, BASE_URL: 'https://club.example.test', CLUB_NAME: 'Test Valley Club' });
  admin = createMember(t.db, { permissions: ['admin'], firstName: 'Ada' });
  secretary = createMember(t.db, { permissions: ['member'], firstName: 'Sam' });
  // 200×100 with EXIF orientation 6 (turn 90° clockwise) and a camera note that must not survive.
  jpeg = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#b04020' } })
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExif({ IFD0: { Make: 'SecretCam', Artist: 'Private Person' } })
    .toBuffer();
  png = await sharp({ create: { width: 50, height: 50, channels: 3, background: '#ffffff' } })
    .png()
    .toBuffer();
});
afterAll(async () => {
  t.close();
  await smtp.close();
});

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

let emailSequence = 0;
const freshEmail = () => {
  emailSequence += 1;
  return `new.member${emailSequence}@example.test`;
};

/** A complete new-member form as the dialog sends it. */
const newMemberForm = (g: string, extra: Record<string, unknown> = {}) => ({
  g,
  i: 0,
  o: 1,
  fn: 'Hattie',
  l: 'Calloway',
  e: freshEmail(),
  p: '(314) 555-0199',
  a: '12 Argonne Dr',
  c: 'Kirkwood',
  s: 'MO',
  z: '63122',
  displayName: 'Hat Calloway',
  cars: ['1930 Model A Coupe', '1929 Model A Pickup'],
  ...extra,
});

async function listMembers(token = admin.token): Promise<Member[]> {
  const res = await post('members.get', { g: token });
  expect(res.status).toBe(200);
  return res.body.m as Member[];
}

const findListed = async (id: number) => (await listMembers()).find((m) => m.id === id);

const uploadedFile = (url: string) => path.join(t.config.uploadsDir, url.replace(/^\/uploads\//, ''));

/** Saves through multipart, as the dialog does when a photo is chosen. */
function saveWithPhoto(fields: Record<string, string | number>, file: Buffer, fileName = 'photo.jpg') {
  return postMultipart(t.app, 'member.save', fields, [{ field: 'f', buffer: file, name: fileName }]);
}

const linkIn = (text: string | undefined) => /https:\/\/club\.example\.test\/reset\/([\w-]+)/.exec(text ?? '')?.[1];

async function mailsTo(to: string) {
  await t.services.mail.deliverDue();
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to));
}

describe('POST /api/members.get.php', () => {
  it('lists every member with their details and the permission labels in order', async () => {
    const saved = await post('member.save', newMemberForm(admin.token, { perm: ['history', 'admin'] }));
    const member = createMember(t.db);
    const res = await post('members.get', { g: member.token });
    expect(res.status).toBe(200);
    expect(res.body.p).toEqual([
      ['admin', 'Administrator'],
      ['blog', 'Add/Edit Photos'],
      ['event', 'Add/Edit Events'],
      ['member', 'Add/Edit/Delete Members'],
      ['history', 'Edit History'],
      ['moderator', 'Forum Moderator'],
      ['forum', 'Post on Forum'],
    ]);
    const listed = (res.body.m as Member[]).find((m) => m.id === saved.body.i);
    expect(listed).toMatchObject({
      enabled: true,
      first_name: 'Hattie',
      last_name: 'Calloway',
      display_name: 'Hat Calloway',
      address: '12 Argonne Dr',
      city: 'Kirkwood',
      state: 'MO',
      zip: '63122',
      phone: '(314) 555-0199',
      // Read back from the registry rows the strings became: year, body style, then the name.
      cars: ['1930 Coupe', '1929 Pickup'],
      imageUrl: '',
      permissions: ['admin', 'history'],
      email_notifications: true,
    });
  });

  it('sorts members by last name, then first name', async () => {
    const names = (await listMembers()).map((m) => `${m.last_name.toLowerCase()} ${m.first_name.toLowerCase()}`);
    expect(names).toEqual([...names].sort());
  });

  it('requires a login with 401', async () => {
    const res = await post('members.get', {});
    expect(res.status).toBe(401);
    expect(res.body.e).toBe('Please log in to continue.');
  });
});

describe('POST /api/member.save.php', () => {
  it('refuses a member without the member permission with 403, saving nothing', async () => {
    const plain = createMember(t.db, { permissions: ['history'] });
    const form = newMemberForm(plain.token);
    const res = await post('member.save', form);
    expect(res.status).toBe(403);
    expect(res.body.e).toMatch(/permission/);
    expect(t.db.select().from(members).where(eq(members.email, form.e)).get()).toBeUndefined();
  });

  it('lets a member editor add a member, without granting any permission', async () => {
    const res = await post('member.save', newMemberForm(secretary.token, { perm: ['admin'] }));
    expect(res.status).toBe(200);
    expect(res.body.i).toBeGreaterThan(0);
    expect(res.body.img).toBe('');
    expect(await findListed(res.body.i)).toMatchObject({ first_name: 'Hattie', permissions: [] });
  });

  it('accepts a form post with cars as JSON text, dropping blank rows', async () => {
    const form = newMemberForm(secretary.token);
    const res = await request(t.app)
      .post('/api/member.save.php')
      .type('form')
      .send({ ...form, cars: JSON.stringify(['1931 Model A Victoria', '  ']), o: '1' });
    expect(res.status).toBe(200);
    expect((await findListed(res.body.i))?.cars).toEqual(['1931 Victoria']);
  });

  it('requires first name, last name and e-mail with 400', async () => {
    const missingFirst = await post('member.save', newMemberForm(secretary.token, { fn: ' ' }));
    expect(missingFirst.status).toBe(400);
    expect(missingFirst.body.e).toBe('Please enter the first name.');
    expect((await post('member.save', newMemberForm(secretary.token, { l: '' }))).body.e).toBe('Please enter the last name.');
    expect((await post('member.save', newMemberForm(secretary.token, { e: '' }))).body.e).toBe('Please enter the e-mail address.');
    expect((await post('member.save', newMemberForm(secretary.token, { e: 'hattie' }))).body.e).toMatch(/valid e-mail address/);
  });

  it('lets a member share an e-mail address with another (a household), stored lower-case', async () => {
    const other = createMember(t.db);
    const res = await post('member.save', newMemberForm(secretary.token, { e: other.email.toUpperCase() }));
    expect(res.status).toBe(200);
    expect((await findListed(res.body.i))?.email).toBe(other.email);
    expect((await findListed(other.id))?.email).toBe(other.email);
  });

  it('answers an unknown member with 404', async () => {
    const res = await post('member.save', newMemberForm(secretary.token, { i: 999_999 }));
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/That member was not found/);
  });

  it('edits a member, reading the change back', async () => {
    const created = await post('member.save', newMemberForm(secretary.token));
    const res = await post('member.save', newMemberForm(secretary.token, { i: created.body.i, c: 'Webster Groves', cars: [] }));
    expect(res.status).toBe(200);
    expect(res.body.i).toBe(created.body.i);
    expect(await findListed(created.body.i)).toMatchObject({ city: 'Webster Groves', cars: [] });
  });

  it("keeps a member's permissions when a non-admin editor saves them", async () => {
    const editor = createMember(t.db, { permissions: ['blog', 'forum'] });
    const res = await post('member.save', {
      ...newMemberForm(secretary.token, { i: editor.id, e: editor.email }),
      perm: ['admin', 'member'],
    });
    expect(res.status).toBe(200);
    expect((await findListed(editor.id))?.permissions).toEqual(['blog', 'forum']);
    const without = await post('member.save', newMemberForm(secretary.token, { i: editor.id, e: editor.email }));
    expect(without.status).toBe(200);
    expect((await findListed(editor.id))?.permissions).toEqual(['blog', 'forum']);
  });

  it("refuses a non-admin editor changing an administrator's record with 403", async () => {
    const otherAdmin = createMember(t.db, { permissions: ['admin'] });
    const res = await post('member.save', newMemberForm(secretary.token, { i: otherAdmin.id, e: otherAdmin.email }));
    expect(res.status).toBe(403);
    expect(res.body.e).toMatch(/Only an administrator/);
  });

  it('refuses a non-admin editor changing the login e-mail of a member with rights with 403', async () => {
    const historian = createMember(t.db, { permissions: ['history'] });
    const res = await post('member.save', newMemberForm(secretary.token, { i: historian.id }));
    expect(res.status).toBe(403);
    expect(res.body.e).toMatch(/e-mail address of a member with editing rights/);
    expect(t.db.select().from(members).where(eq(members.id, historian.id)).get()?.email).toBe(historian.email);
  });

  it('lets an admin set permissions, which the member then has at login', async () => {
    const form = newMemberForm(admin.token, { perm: ['event', 'blog'], invite: 1 });
    const res = await post('member.save', form);
    expect(res.status).toBe(200);
    expect((await findListed(res.body.i))?.permissions).toEqual(['blog', 'event']);
    const [mail] = await mailsTo(form.e);
    const guid = linkIn(mail?.text);
    expect((await post('password.reset', { g: guid, n: 'hattie-secret-1' })).status).toBe(200);
    const login = await post('session.create', { u: form.e, p: 'hattie-secret-1' });
    expect(login.status).toBe(200);
    expect(login.body.u.permissions).toEqual(['blog', 'event']);
    expect((await post('event.delete', { g: login.body.g, id: 1 })).status).not.toBe(403);
    expect((await post('member.delete', { g: login.body.g, id: admin.id })).status).toBe(403);
  });

  it('e-mails an invited member a welcome with a week-long set-your-password link', async () => {
    const form = newMemberForm(secretary.token, { invite: '1' });
    const res = await post('member.save', form);
    expect(res.status).toBe(200);
    const mails = await mailsTo(form.e);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Welcome to the Test Valley Club: set your password');
    expect(mails[0]?.text).toContain('Hello Hattie,');
    expect(mails[0]?.text).toContain('Welcome to the Test Valley Club! You have been added to the member list');
    // It promises no feature by name (some arrive later, some a member may not have).
    expect(mails[0]?.text).not.toMatch(/calendar|newsletter|forum/i);
    const guid = linkIn(mails[0]?.text);
    expect((await post('password.reset', { g: guid })).body).toEqual({ u: 'Hattie Calloway' });
    const [reset] = t.db.select().from(passwordResets).where(eq(passwordResets.memberId, res.body.i)).all();
    const daysLeft = (Date.parse(reset?.expires ?? '') - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(6.9);
  });

  it('sends no e-mail unless asked to invite', async () => {
    const before = t.db.select().from(outbox).all().length;
    const res = await post('member.save', newMemberForm(secretary.token));
    expect(res.status).toBe(200);
    expect(t.db.select().from(outbox).all().length).toBe(before);
  });

  it('refuses to invite a disabled member with 400, saving nothing', async () => {
    const form = newMemberForm(secretary.token, { invite: 1, o: 0 });
    const res = await post('member.save', form);
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/enabled member/);
    expect(t.db.select().from(members).where(eq(members.email, form.e)).get()).toBeUndefined();
  });

  it('disables a member: their sessions end and they can no longer log in', async () => {
    const target = createMember(t.db);
    const res = await post('member.save', newMemberForm(secretary.token, { i: target.id, e: target.email, o: 0 }));
    expect(res.status).toBe(200);
    expect((await findListed(target.id))?.enabled).toBe(false);
    expect((await post('session.get', { g: target.token })).status).toBe(401);
    const login = await post('session.create', { u: target.email, p: target.password });
    expect(login.status).toBe(401);
    expect(login.body.e).toMatch(/not active/);
  });

  it("keeps an admin's own record enabled", async () => {
    const self = createMember(t.db, { permissions: ['admin'] });
    const res = await post('member.save', newMemberForm(self.token, { i: self.id, e: self.email, o: 0, perm: ['admin'] }));
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/cannot disable your own record/);
    expect((await post('session.get', { g: self.token })).status).toBe(200);
  });

  it("applies an admin's change to their own permissions to their session at once", async () => {
    const self = createMember(t.db, { permissions: ['admin'] });
    const res = await post('member.save', newMemberForm(self.token, { i: self.id, e: self.email, perm: ['admin', 'history'] }));
    expect(res.status).toBe(200);
    expect((await post('session.get', { g: self.token })).body.u.permissions).toEqual(['admin', 'history']);
    const dropped = await post('member.save', newMemberForm(self.token, { i: self.id, e: self.email, perm: ['blog'] }));
    expect(dropped.status).toBe(200);
    const me = await post('session.get', { g: self.token });
    expect(me.body.u.permissions).toEqual(['blog']);
    expect((await post('member.save', newMemberForm(self.token))).status).toBe(403);
  });

  it('refuses the only administrator removing their own admin permission', async () => {
    const solo = createTestApp();
    try {
      const only = createMember(solo.db, { permissions: ['admin'] });
      const res = await request(solo.app)
        .post('/api/member.save.php')
        .send(newMemberForm(only.token, { i: only.id, e: only.email, perm: ['member'] }));
      expect(res.status).toBe(400);
      expect(res.body.e).toMatch(/only administrator/);
      const me = await request(solo.app).post('/api/session.get.php').send({ g: only.token });
      expect(me.body.u.permissions).toEqual(['admin']);
    } finally {
      solo.close();
    }
  });

  it('stores a JPEG photo cropped square, turned upright, resized and without metadata', async () => {
    const res = await saveWithPhoto({ ...newMemberForm(secretary.token), cars: '[]', ic: JSON.stringify({ x: 0, y: 50, size: 100 }) }, jpeg);
    expect(res.status).toBe(200);
    expect(res.body.img).toMatch(/^\/uploads\/members\/[\w-]+\.jpg$/);
    expect((await findListed(res.body.i))?.imageUrl).toBe(res.body.img);
    const served = await request(t.app).get(res.body.img).buffer(true);
    expect(served.status).toBe(200);
    const meta = await sharp(served.body as Buffer).metadata();
    expect(meta.format).toBe('jpeg');
    expect([meta.width, meta.height]).toEqual([100, 100]);
    expect(meta.exif).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
  });

  it('turns an uncropped photo upright and keeps it within 600 pixels', async () => {
    const big = await sharp({ create: { width: 1600, height: 800, channels: 3, background: '#204080' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const res = await saveWithPhoto({ ...newMemberForm(secretary.token), cars: '[]' }, big);
    expect(res.status).toBe(200);
    const meta = await sharp(uploadedFile(res.body.img)).metadata();
    expect([meta.width, meta.height]).toEqual([300, 600]);
  });

  it('refuses a PNG photo with 415, saving nothing', async () => {
    const form = newMemberForm(secretary.token);
    const res = await saveWithPhoto({ ...form, cars: '[]' }, png, 'photo.jpg');
    expect(res.status).toBe(415);
    expect(res.body.e).toMatch(/JPEG/);
    expect(t.db.select().from(members).where(eq(members.email, form.e)).get()).toBeUndefined();
  });

  it('refuses a crop that is not JSON with 400', async () => {
    const res = await saveWithPhoto({ ...newMemberForm(secretary.token), cars: '[]', ic: 'middle' }, jpeg);
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/photo crop/);
  });

  it('replaces a photo, deleting the old file, and removes it when img is blank', async () => {
    const created = await saveWithPhoto({ ...newMemberForm(secretary.token), cars: '[]' }, jpeg);
    const first = created.body.img as string;
    const email = (await findListed(created.body.i))?.email ?? '';
    const form = { ...newMemberForm(secretary.token, { i: created.body.i }), e: email, cars: '[]' };
    const kept = await post('member.save', form);
    expect(kept.body.img).toBe(first);
    expect(fs.existsSync(uploadedFile(first))).toBe(true);
    const replaced = await saveWithPhoto({ ...form, img: first }, jpeg);
    expect(replaced.status).toBe(200);
    expect(replaced.body.img).not.toBe(first);
    expect(fs.existsSync(uploadedFile(first))).toBe(false);
    expect(fs.existsSync(uploadedFile(replaced.body.img))).toBe(true);
    const removed = await post('member.save', { ...form, img: '' });
    expect(removed.body.img).toBe('');
    expect(fs.existsSync(uploadedFile(replaced.body.img))).toBe(false);
    expect((await findListed(created.body.i))?.imageUrl).toBe('');
  });

  it('deletes a stored photo again when the write fails after it was stored', async () => {
    const folder = path.join(t.config.uploadsDir, 'members');
    const before = fs.existsSync(folder) ? fs.readdirSync(folder).length : 0;
    // The database refuses this one member's row, after the photo is on disk.
    t.db.$client.exec("CREATE TEMP TRIGGER refuse_member BEFORE INSERT ON members WHEN NEW.first_name = 'Refused' BEGIN SELECT RAISE(ABORT, 'refused'); END");
    try {
      const res = await saveWithPhoto({ ...newMemberForm(secretary.token), fn: 'Refused', cars: '[]' }, jpeg);
      expect(res.status).toBe(500);
    } finally {
      t.db.$client.exec('DROP TRIGGER refuse_member');
    }
    expect(fs.existsSync(folder) ? fs.readdirSync(folder).length : 0).toBe(before);
  });
});

describe('POST /api/member.delete.php', () => {
  it('removes the member, their sessions and their photo', async () => {
    const target = createMember(t.db);
    const withPhoto = await saveWithPhoto({ ...newMemberForm(secretary.token, { i: target.id, e: target.email }), cars: '[]' }, jpeg);
    const res = await post('member.delete', { g: secretary.token, id: target.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(await findListed(target.id)).toBeUndefined();
    expect((await post('session.get', { g: target.token })).status).toBe(401);
    expect(fs.existsSync(uploadedFile(withPhoto.body.img))).toBe(false);
  });

  it('refuses deleting yourself with 400', async () => {
    const res = await post('member.delete', { g: secretary.token, id: secretary.id });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/cannot delete your own record/);
    expect(await findListed(secretary.id)).toBeDefined();
  });

  it('answers an unknown member with 404', async () => {
    const res = await post('member.delete', { g: secretary.token, id: 999_999 });
    expect(res.status).toBe(404);
  });

  it('requires the member id with 400', async () => {
    const res = await post('member.delete', { g: secretary.token });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the member id.');
  });

  it('refuses a member without the member permission with 403', async () => {
    const plain = createMember(t.db);
    const target = createMember(t.db);
    const res = await post('member.delete', { g: plain.token, id: target.id });
    expect(res.status).toBe(403);
    expect(await findListed(target.id)).toBeDefined();
  });

  it('refuses a non-admin editor deleting an administrator with 403', async () => {
    const otherAdmin = createMember(t.db, { permissions: ['admin'] });
    const res = await post('member.delete', { g: secretary.token, id: otherAdmin.id });
    expect(res.status).toBe(403);
    expect(await findListed(otherAdmin.id)).toBeDefined();
  });

  it('lets an admin delete another administrator', async () => {
    const otherAdmin = createMember(t.db, { permissions: ['admin'] });
    const res = await post('member.delete', { g: admin.token, id: otherAdmin.id });
    expect(res.status).toBe(200);
    expect(await findListed(otherAdmin.id)).toBeUndefined();
  });
});
