import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberDataSchema } from '@club/contracts';
import {
  attendance,
  blogPosts,
  calendarFeeds,
  contactMessages,
  errorReports,
  events,
  forumPosts,
  forumThreads,
  members,
  outbox,
  pushSubscriptions,
  sessions,
} from '../../db/schema/index.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { queueWeeklyDigest } from '../digest/weekly.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let admin: TestMember;
let editor: TestMember;
let plain: TestMember;

beforeAll(() => {
  // No SMTP_URL: delivered e-mails are written as files into the outbox folder, which erasing must empty too.
  t = createTestApp({ CONTACT_EMAIL: 'webmaster@club.example' });
  admin = createMember(t.db, { permissions: ['admin'], firstName: 'Ada' });
  editor = createMember(t.db, { permissions: ['member'], firstName: 'Sam' });
  plain = createMember(t.db, { firstName: 'Pat' });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).set('X-Forwarded-For', '198.51.100.7').send(body);

let subjectSequence = 0;
/** A member who did a bit of everything on the site, through its calls; and someone else who replied to them. */
async function memberWithHistory() {
  subjectSequence += 1;
  const subject = createMember(t.db, { permissions: ['forum'], firstName: `Henrietta${subjectSequence}`, lastName: 'Ford' });
  const other = createMember(t.db, { permissions: ['forum', 'moderator'], firstName: `Olive${subjectSequence}` });
  const eventId = t.db
    .insert(events)
    .values({ title: `Spring Tour ${subjectSequence}`, start: '2099-04-12T09:00', end: '2099-04-12T15:00', createdBy: subject.id })
    .returning({ id: events.id })
    .get().id;
  t.db
    .insert(blogPosts)
    .values({ title: `Swap meet ${subjectSequence}`, date: '2026-05-02', modifiedKey: 1, createdBy: subject.id })
    .run();
  const thumbDir = path.join(t.config.uploadsDir, 'forum');
  fs.mkdirSync(thumbDir, { recursive: true });
  const picture = path.join(thumbDir, `henrietta-${subjectSequence}.jpg`);
  fs.writeFileSync(picture, 'jpeg');

  const message = `Please update my address (${subjectSequence}).`;
  expect((await post('attendance.set', { g: subject.token, i: eventId, s: 1, t: 2, c: 'Bringing the Tudor' })).status).toBe(200);
  const thread = await post('forum.createThread', { g: subject.token, t: 'Carburetor float sticks', d: 'Zenith float keeps sticking on my 1930 coupe.' });
  expect(thread.status).toBe(200);
  t.db
    .update(forumThreads)
    .set({ imagePaths: [`/uploads/forum/henrietta-${subjectSequence}.jpg`] })
    .where(eq(forumThreads.id, thread.body.i))
    .run();
  expect((await post('forum.createPost', { g: other.token, t: thread.body.i, c: 'Check the needle seat.' })).status).toBe(200);
  const othersThread = await post('forum.createThread', { g: other.token, t: 'Headlight lenses', d: 'Who sells good ones?' });
  expect((await post('forum.createPost', { g: subject.token, t: othersThread.body.i, c: 'Snyder’s has them.' })).status).toBe(200);
  expect((await post('calendarFeed.reset', { g: subject.token })).status).toBe(200);
  expect((await post('error.report', { g: subject.token, e: 'TypeError: x is undefined', u: '/events', s: 'at x' })).status).toBe(200);
  expect((await post('contact.submit', { f: 'Henrietta', l: 'Ford', e: subject.email.toUpperCase(), m: message })).status).toBe(200);
  expect((await post('password.request', { e: subject.email })).status).toBe(200);
  t.db
    .insert(pushSubscriptions)
    .values({ memberId: subject.id, endpoint: `https://fcm.googleapis.com/fcm/send/h${subjectSequence}`, subscription: '{"keys":{"auth":"secret"}}' })
    .run();
  // The e-mails go out (as files here) before the request; a waiting one stays in the table.
  await t.services.mail.deliverDue();
  expect((await post('password.request', { e: subject.email })).status).toBe(200);
  return { subject, other, message, eventId, threadId: thread.body.i as number, othersThreadId: othersThread.body.i as number, picture };
}

describe('POST /api/member.export.php', () => {
  it('gives an administrator everything the site keeps about the member, without secrets', async () => {
    const { subject, message, eventId, threadId, othersThreadId } = await memberWithHistory();
    const res = await post('member.export', { g: admin.token, id: subject.id });
    expect(res.status).toBe(200);
    const data = memberDataSchema.parse(res.body.d);
    expect(data.member).toMatchObject({
      id: subject.id,
      email: subject.email,
      first_name: subject.name.split(' ')[0],
      hasPassword: true,
      permissions: ['forum'],
    });
    expect(data.attendance).toEqual([
      expect.objectContaining({ eventId, isAttending: true, total: 2, comments: 'Bringing the Tudor', cars: [], isCheckedIn: false }),
    ]);
    expect(data.forumThreads).toEqual([
      expect.objectContaining({ id: threadId, title: 'Carburetor float sticks', imageUrls: [expect.stringMatching(/henrietta/)] }),
    ]);
    expect(data.forumPosts).toEqual([expect.objectContaining({ threadId: othersThreadId, threadTitle: 'Headlight lenses', content: 'Snyder’s has them.' })]);
    expect(data.calendarFeed).toEqual({ created: expect.any(String) });
    expect(data.sessions).toHaveLength(1);
    expect(data.pushSubscriptions).toEqual([expect.objectContaining({ endpoint: expect.stringMatching(/^https:\/\/fcm/) })]);
    expect(data.errorReports).toEqual([expect.objectContaining({ message: 'TypeError: x is undefined', url: '/events' })]);
    expect(data.contactMessages).toEqual([expect.objectContaining({ email: subject.email, message })]);
    // The contact message to the club (Reply-To them) and both password e-mails, one still waiting.
    expect(data.emails.map((e) => e.status).sort()).toEqual(['pending', 'saved', 'saved']);
    expect(data.emails.some((e) => e.replyTo?.toLowerCase().endsWith(`<${subject.email}>`))).toBe(true);
    expect(data.eventsCreated).toEqual([{ id: eventId, title: expect.stringMatching(/^Spring Tour/) }]);
    expect(data.photoPostsCreated).toHaveLength(1);
    const text = JSON.stringify(res.body);
    expect(text).not.toMatch(/password_?hash|token_?hash|"secret"|\$2[aby]\$/i);
  });

  it('includes the digest setting, the weeks a digest went to the member and the "I\'m coming" links they used', async () => {
    const subject = createMember(t.db, { firstName: 'Dora' });
    const at = new Date();
    const start = new Date(at.getTime() + 5 * 86_400_000).toISOString().slice(0, 16);
    const eventId = t.db.insert(events).values({ title: 'Digest Drive', start, end: start }).returning({ id: events.id }).get().id;
    const run = queueWeeklyDigest(t.db, t.config, t.services.keys, at);
    expect(run.emails).toBeGreaterThan(0);
    const digest = t.db.select().from(outbox).where(eq(outbox.to, subject.email)).all().at(-1);
    const link = new RegExp(`/coming/(${subject.id}\\.e${eventId}w[\\w.-]+)`).exec(digest?.text ?? '');
    expect(link).not.toBeNull();
    expect((await post('rsvp.confirm', { t: link?.[1] })).status).toBe(200);
    expect((await post('digest.set', { g: subject.token, d: 0 })).body).toEqual({ weeklyDigest: false });

    const res = await post('member.export', { g: admin.token, id: subject.id });
    expect(res.status).toBe(200);
    const data = memberDataSchema.parse(res.body.d);
    expect(data.member).toMatchObject({ id: subject.id, email_notifications: true, weeklyDigest: false });
    expect(data.digests).toEqual([{ week: run.week, created: expect.any(String) }]);
    expect(data.rsvpLinksUsed).toEqual([{ eventId, eventTitle: 'Digest Drive', week: run.week, used: expect.any(String) }]);
    // Another member's export holds neither.
    const others = memberDataSchema.parse((await post('member.export', { g: admin.token, id: plain.id })).body.d);
    expect(others.member.weeklyDigest).toBe(true);
    expect(others.rsvpLinksUsed).toEqual([]);
  });

  it('answers 404 for a member who does not exist', async () => {
    const res = await post('member.export', { g: admin.token, id: 999_999 });
    expect(res.status).toBe(404);
  });

  it('refuses a member editor (403), a plain member (403) and a visitor (401)', async () => {
    expect((await post('member.export', { g: editor.token, id: plain.id })).status).toBe(403);
    expect((await post('member.export', { g: plain.token, id: plain.id })).status).toBe(403);
    expect((await post('member.export', { id: plain.id })).status).toBe(401);
  });
});

describe('POST /api/member.erase.php', () => {
  it("deletes the member and every row and file that held their data, leaving others' data alone", async () => {
    const { subject, other, message, eventId, threadId, othersThreadId, picture } = await memberWithHistory();
    const address = subject.email.toLowerCase();
    const outboxFilesBefore = fs.readdirSync(t.config.outboxDir);
    expect(outboxFilesBefore.length).toBeGreaterThanOrEqual(2);

    const res = await post('member.erase', { g: admin.token, id: subject.id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});

    const count = (rows: unknown[]) => rows.length;
    expect(count(t.db.select().from(members).where(eq(members.id, subject.id)).all())).toBe(0);
    expect(count(t.db.select().from(sessions).where(eq(sessions.memberId, subject.id)).all())).toBe(0);
    expect(count(t.db.select().from(attendance).where(eq(attendance.memberId, subject.id)).all())).toBe(0);
    expect(count(t.db.select().from(calendarFeeds).where(eq(calendarFeeds.memberId, subject.id)).all())).toBe(0);
    expect(count(t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.memberId, subject.id)).all())).toBe(0);
    expect(count(t.db.select().from(errorReports).where(eq(errorReports.memberId, subject.id)).all())).toBe(0);
    expect(
      count(
        t.db
          .select()
          .from(contactMessages)
          .where(sql`lower(${contactMessages.email}) = ${address}`)
          .all(),
      ),
    ).toBe(0);
    expect(
      count(
        t.db
          .select()
          .from(outbox)
          .where(sql`lower(${outbox.to}) = ${address} OR lower(${outbox.replyTo}) = ${address}`)
          .all(),
      ),
    ).toBe(0);
    // Their thread (with the reply in it) and their reply in another's thread are gone; that thread stays.
    expect(count(t.db.select().from(forumThreads).where(eq(forumThreads.id, threadId)).all())).toBe(0);
    expect(t.db.select({ content: forumPosts.content }).from(forumPosts).where(eq(forumPosts.threadId, othersThreadId)).all()).toEqual([]);
    expect(count(t.db.select().from(forumThreads).where(eq(forumThreads.id, othersThreadId)).all())).toBe(1);
    expect(fs.existsSync(picture)).toBe(false);
    // The e-mails written as files for them are gone; the club's event stays, without their name.
    const outboxFilesAfter = fs.readdirSync(t.config.outboxDir);
    expect(outboxFilesAfter.length).toBeLessThanOrEqual(outboxFilesBefore.length - 2);
    expect(outboxFilesAfter.map((name) => fs.readFileSync(path.join(t.config.outboxDir, name), 'utf8')).join('\n')).not.toContain(address);
    expect(t.db.select({ createdBy: events.createdBy }).from(events).where(eq(events.id, eventId)).get()).toEqual({ createdBy: null });
    // Nothing of theirs is left in the database file (secure_delete, and the WAL emptied).
    t.db.$client.pragma('wal_checkpoint(TRUNCATE)');
    expect(fs.readFileSync(t.config.databaseFile).includes(Buffer.from(message))).toBe(false);
    expect(fs.readFileSync(t.config.databaseFile).includes(Buffer.from(address))).toBe(false);

    // The other member can still log in and see the forum.
    expect((await post('forum.page', { g: other.token })).status).toBe(200);
    // And the export now says the member is gone.
    expect((await post('member.export', { g: admin.token, id: subject.id })).status).toBe(404);
  });

  it("erases one of a household sharing an address: their contact message goes, the partner's and the household's mail stay", async () => {
    const email = `fords${Date.now()}@example.test`;
    const henry = createMember(t.db, { firstName: 'Henry', lastName: 'Ford', email });
    const clara = createMember(t.db, { firstName: 'Clara', lastName: 'Ford', email });
    expect((await post('contact.submit', { f: 'Henry', l: 'Ford', e: email, m: 'From Henry.' })).status).toBe(200);
    expect((await post('contact.submit', { f: 'Clara', l: 'Ford', e: email, m: 'From Clara.' })).status).toBe(200);
    expect((await post('password.request', { e: email })).status).toBe(200);

    const claraData = memberDataSchema.parse((await post('member.export', { g: admin.token, id: clara.id })).body.d);
    expect(claraData.contactMessages.map((m) => m.message)).toEqual(['From Clara.']);
    // The reset e-mail went to the mailbox she shares (hers too); Henry's contact message is not hers.
    expect(claraData.emails.map((e) => e.subject)).toEqual([expect.stringMatching(/^Website contact from Clara Ford/), expect.stringMatching(/Reset your/)]);

    expect((await post('member.erase', { g: admin.token, id: henry.id })).status).toBe(200);
    const left = t.db
      .select({ message: contactMessages.message })
      .from(contactMessages)
      .where(sql`lower(${contactMessages.email}) = ${email}`)
      .all();
    expect(left).toEqual([{ message: 'From Clara.' }]);
    expect(t.db.select({ subject: outbox.subject }).from(outbox).where(eq(outbox.to, email)).all()).toHaveLength(1);
    expect(t.db.select().from(members).where(eq(members.id, clara.id)).get()).toBeDefined();
  });

  it('refuses to erase the administrator doing it with 400', async () => {
    const res = await post('member.erase', { g: admin.token, id: admin.id });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/your own data/);
  });

  it('answers 404 for a member who does not exist', async () => {
    expect((await post('member.erase', { g: admin.token, id: 999_999 })).status).toBe(404);
  });

  it('refuses a member editor (403), a plain member (403) and a visitor (401), and erases nothing', async () => {
    expect((await post('member.erase', { g: editor.token, id: plain.id })).status).toBe(403);
    expect((await post('member.erase', { g: plain.token, id: plain.id })).status).toBe(403);
    expect((await post('member.erase', { id: plain.id })).status).toBe(401);
    expect(t.db.select().from(members).where(eq(members.id, plain.id)).get()).toBeDefined();
  });
});
