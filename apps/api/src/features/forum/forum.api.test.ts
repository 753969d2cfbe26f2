import fs from 'node:fs';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ForumPageReply, ForumThread } from '@club/contracts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { imageSize, makeJpeg, makePng } from '../../../test/images.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
let plain: TestMember;
let author: TestMember;
let otherPoster: TestMember;
let moderator: TestMember;
let admin: TestMember;
let jpeg: Buffer;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'Club <noreply@club.example>', BASE_URL: 'https://club.example' });
  plain = createMember(t.db, { firstName: 'Plain' });
  author = createMember(t.db, { firstName: 'Author', permissions: ['forum'] });
  otherPoster = createMember(t.db, { firstName: 'Other', permissions: ['forum'] });
  moderator = createMember(t.db, { firstName: 'Mod', permissions: ['moderator'] });
  admin = createMember(t.db, { firstName: 'Admin', permissions: ['admin'] });
  jpeg = await makeJpeg(2400, 1200);
});
afterAll(async () => {
  await t.services.mail.stop();
  t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

async function readOk(name: string, member: TestMember, body: object = {}): Promise<unknown> {
  const res = await post(name, { g: member.token, ...body });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** The legacy forum.get: every thread the member may see, with its posts. */
const readAll = async (member: TestMember) => ((await readOk('forum.get', member)) as { f: ForumThread[] }).f;
/** forum.page: the list (one page holds every thread of this test), and for moderators what waits. */
const readList = async (member: TestMember) => (await readOk('forum.page', member)) as ForumPageReply;
/** forum.thread: one thread with its posts. */
const readThread = async (member: TestMember, id: number) => ((await readOk('forum.thread', member, { id })) as { thread: ForumThread }).thread;

const readers = () => ({ plain, author, otherPoster, moderator, admin });

/** Without a login every forum read answers 401 and sends no thread. */
async function expectAnonymousRefused(threadId: number): Promise<void> {
  const reads: [string, object][] = [
    ['forum.get', {}],
    ['forum.page', {}],
    ['forum.thread', { id: threadId }],
    ['forum.thread', { g: '', id: threadId }],
  ];
  for (const [name, body] of reads) {
    const res = await post(name, body);
    expect(res.status).toBe(401);
    expect(Object.keys(res.body)).toEqual(['e']);
  }
}

/** Which readers get the thread in the legacy answer, in the list, and by id; asserts the three agree. */
async function whoSeesThread(id: number): Promise<string[]> {
  await expectAnonymousRefused(id);
  const seen: string[] = [];
  for (const [role, member] of Object.entries(readers())) {
    const inLegacy = (await readAll(member)).some((thread) => thread.id === id);
    const inList = (await readList(member)).threads.some((thread) => thread.id === id);
    const byId = await post('forum.thread', { g: member.token, id });
    expect(byId.status).toBe(inLegacy ? 200 : 404);
    expect(inList).toBe(inLegacy);
    if (inLegacy) seen.push(role);
  }
  return seen;
}

/** Which readers get the post, in the legacy answer and in its thread, with the visible count in the list. */
async function whoSeesPost(threadId: number, postId: number): Promise<string[]> {
  await expectAnonymousRefused(threadId);
  const seen: string[] = [];
  for (const [role, member] of Object.entries(readers())) {
    const thread = (await readAll(member)).find((candidate) => candidate.id === threadId);
    const one = await post('forum.thread', { g: member.token, id: threadId });
    const line = (await readList(member)).threads.find((candidate) => candidate.id === threadId);
    const visible = thread?.posts.some((p) => p.id === postId) ?? false;
    expect((one.body as { thread?: ForumThread }).thread?.posts.some((p) => p.id === postId) ?? false).toBe(visible);
    expect(line?.postCount).toBe(thread?.posts.length);
    if (visible) seen.push(role);
  }
  return seen;
}

const createThread = (member: TestMember, title: string, images: Buffer[] = [], description = 'Where can I find one?') => {
  const req = request(t.app).post('/api/forum.createThread.php').field('g', member.token).field('t', title).field('d', description);
  for (const [index, image] of images.entries()) req.attach('f[]', image, `photo${index}.jpg`);
  return req;
};

const recipientsOf = (mail: { to?: unknown }) => {
  const to = mail.to as { value: { address?: string }[] } | undefined;
  return to?.value.map((v) => v.address) ?? [];
};

describe('POST /api/forum.get.php', () => {
  it('needs a login', async () => {
    const anonymous = await post('forum.get', {});
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.e).toMatch(/log in/i);
    expect((await post('forum.get', { g: 'not-a-session' })).status).toBe(401);
  });

  it("answers the spec's `f` and nothing else, even to a moderator sending the old list and thread fields", async () => {
    await createThread(moderator, 'Read by the spec test');
    const res = await post('forum.get', { g: moderator.token, l: 1, t: 1 });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['f']);
    expect((res.body as { f: ForumThread[] }).f.some((thread) => thread.title === 'Read by the spec test')).toBe(true);
  });
});

describe('POST /api/forum.thread.php', () => {
  it('answers 404 for a thread that does not exist', async () => {
    const res = await post('forum.thread', { g: plain.token, id: 999999 });
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/thread was not found/);
  });
});

describe("forum.createThread, createPost and update: a poster's thread through approval and deletion", () => {
  let threadId: number;
  let imageUrls: string[];

  it('is stored with its images and waits for approval, seen only by its author and moderators', async () => {
    const res = await createThread(author, 'Distributor cap for a 1929 Tudor', [jpeg, jpeg], 'Mine is cracked.\r\nWho has a spare?');
    expect(res.status).toBe(200);
    threadId = res.body.i;
    expect(threadId).toBeGreaterThan(0);

    expect(await whoSeesThread(threadId)).toEqual(['author', 'moderator', 'admin']);

    const mine = await readThread(author, threadId);
    expect(mine).toMatchObject({
      title: 'Distributor cap for a 1929 Tudor',
      description: 'Mine is cracked.\nWho has a spare?',
      author: 'Author Tester',
      approved: false,
      isMine: true,
      posts: [],
    });
    const seenByModerator = await readThread(moderator, threadId);
    expect(seenByModerator).toMatchObject({ approved: false, isMine: false });

    imageUrls = mine?.imageUrls ?? [];
    expect(imageUrls).toHaveLength(2);
    for (const url of imageUrls) {
      const served = await request(t.app).get(url).buffer(true);
      expect(served.status).toBe(200);
      expect(await imageSize(served.body as Buffer)).toEqual({ width: 1600, height: 800, format: 'jpeg' });
    }
  });

  it('is listed as waiting for moderators and admins only', async () => {
    const waiting = (await readList(moderator)).waiting;
    expect(waiting).toContainEqual(expect.objectContaining({ thread: threadId, title: 'Distributor cap for a 1929 Tudor', author: 'Author Tester' }));
    expect(waiting?.find((item) => item.thread === threadId)?.post).toBeUndefined();
    expect((await readList(admin)).waiting?.some((item) => item.thread === threadId)).toBe(true);
    expect((await readList(author)).waiting).toBeUndefined();
    expect((await readList(plain)).waiting).toBeUndefined();
    // One thread's read stays small: the waiting list comes with the thread list only.
    expect(Object.keys((await post('forum.thread', { g: moderator.token, id: threadId })).body)).toEqual(['thread']);
  });

  it('e-mails the moderators once about it', async () => {
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(smtp.received).toHaveLength(1);
    expect(recipientsOf(mail ?? {})).toEqual([moderator.email]);
    expect(mail?.subject).toBe('Forum: new thread waiting for approval: Distributor cap for a 1929 Tudor');
    expect(mail?.text).toContain(`https://club.example/forum/${threadId}`);
    expect(mail?.text).toContain('Author Tester');
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 0 });
  });

  it('cannot be replied to by someone who cannot see it', async () => {
    const res = await post('forum.createPost', { g: otherPoster.token, t: threadId, c: 'I have one.' });
    expect(res.status).toBe(404);
  });

  it('can be approved by a moderator only, and then everyone sees it', async () => {
    for (const member of [plain, author, otherPoster]) {
      const refused = await post('forum.update', { g: member.token, t: threadId, a: 1 });
      expect(refused.status).toBe(403);
    }
    expect(await whoSeesThread(threadId)).toEqual(['author', 'moderator', 'admin']);

    const approved = await post('forum.update', { g: moderator.token, t: threadId, a: 1 });
    expect(approved.status).toBe(200);
    expect(approved.body).toEqual({});
    expect(await whoSeesThread(threadId)).toEqual(['plain', 'author', 'otherPoster', 'moderator', 'admin']);
    expect(await readThread(plain, threadId)).toMatchObject({ approved: true, isMine: false });
    expect((await readList(moderator)).waiting?.some((item) => item.thread === threadId && item.post === undefined)).toBe(false);
  });

  let waitingPostId: number;

  it("takes another poster's reply, which waits and is e-mailed once", async () => {
    const res = await post('forum.createPost', { g: otherPoster.token, t: threadId, c: 'Try the swap meet at Hershey.' });
    expect(res.status).toBe(200);
    waitingPostId = res.body.i;
    expect(await whoSeesPost(threadId, waitingPostId)).toEqual(['otherPoster', 'moderator', 'admin']);
    const own = (await readThread(otherPoster, threadId))?.posts[0];
    expect(own).toMatchObject({ id: waitingPostId, content: 'Try the swap meet at Hershey.', author: 'Other Tester', approved: false, isMine: true });
    expect((await readList(moderator)).waiting).toContainEqual(expect.objectContaining({ thread: threadId, post: waitingPostId, author: 'Other Tester' }));

    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1 });
    const [mail] = await smtp.waitFor(1);
    expect(recipientsOf(mail ?? {})).toEqual([moderator.email]);
    expect(mail?.subject).toBe('Forum: reply waiting for approval in Distributor cap for a 1929 Tudor');
    expect(mail?.text).toContain(`https://club.example/forum/${threadId}#post-${waitingPostId}`);
  });

  let moderatorPostId: number;

  it("shows a moderator's reply to everyone at once, without an e-mail", async () => {
    const res = await post('forum.createPost', { g: moderator.token, t: threadId, c: 'Check the parts list at https://example.org/parts.' });
    expect(res.status).toBe(200);
    moderatorPostId = res.body.i;
    expect(await whoSeesPost(threadId, moderatorPostId)).toEqual(['plain', 'author', 'otherPoster', 'moderator', 'admin']);
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 0 });

    const posts = (await readThread(moderator, threadId))?.posts.map((p) => p.id);
    expect(posts).toEqual([waitingPostId, moderatorPostId]);
  });

  it('lets the plain member reread the thread, but not reply or start one', async () => {
    const reply = await post('forum.createPost', { g: plain.token, t: threadId, c: 'Me too.' });
    expect(reply.status).toBe(403);
    const thread = await createThread(plain, 'My own thread', [jpeg]);
    expect(thread.status).toBe(403);
    expect(thread.body.e).toMatch(/permission/);
    expect((await readAll(moderator)).some((candidate) => candidate.title === 'My own thread')).toBe(false);
    // Two pictures, each stored as one full-size JPEG (`<stem>.jpg`) beside its smaller copies.
    const stored = fs.readdirSync(path.join(t.config.uploadsDir, 'forum'));
    expect(stored.filter((name) => /^[^.]+\.jpg$/.test(name))).toHaveLength(2);
  });

  it('approves the waiting reply for a moderator only', async () => {
    expect((await post('forum.update', { g: author.token, p: waitingPostId, a: 1 })).status).toBe(403);
    expect(await whoSeesPost(threadId, waitingPostId)).toEqual(['otherPoster', 'moderator', 'admin']);
    expect((await post('forum.update', { g: admin.token, p: waitingPostId, a: 1 })).status).toBe(200);
    expect(await whoSeesPost(threadId, waitingPostId)).toEqual(['plain', 'author', 'otherPoster', 'moderator', 'admin']);
    expect((await readList(moderator)).waiting?.some((item) => item.post === waitingPostId)).toBe(false);
  });

  it('deletes a post for a moderator only', async () => {
    expect((await post('forum.update', { g: otherPoster.token, p: waitingPostId, d: 1 })).status).toBe(403);
    expect((await post('forum.update', { g: moderator.token, p: waitingPostId, d: 1 })).status).toBe(200);
    expect(await whoSeesPost(threadId, waitingPostId)).toEqual([]);
    expect((await readList(plain)).threads.find((line) => line.id === threadId)?.postCount).toBe(1);
    const again = await post('forum.update', { g: moderator.token, p: waitingPostId, d: 1 });
    expect(again.status).toBe(404);
  });

  it('deletes the thread with its posts and image files', async () => {
    expect((await post('forum.update', { g: author.token, t: threadId, d: 1 })).status).toBe(403);
    expect(await whoSeesThread(threadId)).toHaveLength(5);
    expect((await post('forum.update', { g: moderator.token, t: threadId, d: 1 })).status).toBe(200);
    expect(await whoSeesThread(threadId)).toEqual([]);
    const leftPosts = t.db.$client.prepare('select count(*) as n from forum_posts where thread_id = ?').get(threadId) as { n: number };
    expect(leftPosts.n).toBe(0);
    for (const url of imageUrls) expect((await request(t.app).get(url)).status).toBe(404);
    expect(fs.readdirSync(path.join(t.config.uploadsDir, 'forum'))).toHaveLength(0);
  });
});

describe('POST /api/forum.createThread.php and forum.createPost.php by moderators and admins', () => {
  it('are approved at once and e-mail nobody', async () => {
    const byModerator = await createThread(moderator, 'Spring tour route');
    const byAdmin = await createThread(admin, 'Meeting minutes');
    expect(byModerator.status).toBe(200);
    expect(byAdmin.status).toBe(200);
    expect(await whoSeesThread(byModerator.body.i)).toHaveLength(5);
    expect(await whoSeesThread(byAdmin.body.i)).toHaveLength(5);
    const reply = await post('forum.createPost', { g: admin.token, t: byModerator.body.i, c: 'Count me in.' });
    expect(await whoSeesPost(byModerator.body.i, reply.body.i)).toHaveLength(5);
    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 0 });
  });
});

describe('POST /api/forum.page.php and forum.thread.php', () => {
  it('lists threads by newest activity, with visible counts, and gives one thread by id', async () => {
    const older = (await createThread(moderator, 'Older thread')).body.i as number;
    const newer = (await createThread(moderator, 'Newer thread')).body.i as number;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await post('forum.createPost', { g: moderator.token, t: older, c: 'Bumping this one.' });
    await post('forum.createPost', { g: author.token, t: newer, c: 'A waiting reply.' });

    const list = (await readList(plain)).threads;
    const ids = list.map((line) => line.id);
    expect(ids.indexOf(older)).toBeLessThan(ids.indexOf(newer));
    const olderLine = list.find((line) => line.id === older);
    expect(olderLine).toMatchObject({ title: 'Older thread', author: 'Mod Tester', approved: true, isMine: false, postCount: 1 });
    expect((olderLine?.lastActivity ?? '') > (olderLine?.created ?? '')).toBe(true);
    expect(list.find((line) => line.id === newer)).toMatchObject({ postCount: 0 });
    expect((await readList(author)).threads.find((line) => line.id === newer)?.postCount).toBe(1);

    const legacy = (await readAll(plain)).map((thread) => thread.id);
    expect(legacy).toEqual(ids);
    expect((await readThread(plain, older)).id).toBe(older);
  });
});

describe('forum calls with bad input', () => {
  it('explains a missing title or description', async () => {
    const noTitle = await createThread(author, '   ');
    expect(noTitle.status).toBe(400);
    expect(noTitle.body.e).toBe('Please enter the title.');
    const noText = await post('forum.createPost', { g: author.token, t: 1, c: '' });
    expect(noText.status).toBe(400);
    expect(noText.body.e).toBe('Please enter the message.');
  });

  it('refuses a file that is not a JPEG, and more than ten images, saving nothing', async () => {
    const before = (await readAll(moderator)).length;
    const png = await createThread(author, 'With a PNG', [await makePng(20, 20)]);
    expect(png.status).toBe(415);
    expect(png.body.e).toMatch(/JPEG/);
    const small = await makeJpeg(20, 20);
    const tooMany = await createThread(
      author,
      'Eleven photos',
      Array.from({ length: 11 }, () => small),
    );
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.e).toBe('Please send at most 10 files at once.');
    expect((await readAll(moderator)).length).toBe(before);
    expect(fs.readdirSync(path.join(t.config.uploadsDir, 'forum'))).toHaveLength(0);
  });

  it('asks for either a post or a thread, and either approve or delete', async () => {
    const both = await post('forum.update', { g: moderator.token, p: 1, t: 1, a: 1 });
    expect(both.status).toBe(400);
    expect(both.body.e).toBe('Choose either a post or a thread.');
    const neither = await post('forum.update', { g: moderator.token, t: 1 });
    expect(neither.status).toBe(400);
    expect(neither.body.e).toBe('Choose either approve or delete.');
  });
});

describe('POST /api/forum.createPost.php on a thread still waiting for approval', () => {
  it('takes a reply from its author and a moderator, and from nobody else', async () => {
    const created = await createThread(otherPoster, 'Waiting thread for replies');
    expect(created.status).toBe(200);
    const threadId = created.body.i as number;

    const byAuthor = await post('forum.createPost', { g: otherPoster.token, t: threadId, c: 'Adding a detail.' });
    expect(byAuthor.status).toBe(200);
    const byModerator = await post('forum.createPost', { g: moderator.token, t: threadId, c: 'Looking at it.' });
    expect(byModerator.status).toBe(200);
    const byOther = await post('forum.createPost', { g: author.token, t: threadId, c: 'I cannot see this.' });
    expect(byOther.status).toBe(404);
    expect(byOther.body.e).toMatch(/^That forum thread was not found/);
  });
});
