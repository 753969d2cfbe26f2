import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { members, outbox, passwordResets } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createBackup } from '../../services/backup.ts';
import { createMember } from '../../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

// Sign-in by e-mailed link: signIn.request e-mails it, signIn.check says whom it is for
// without using it, signIn.use opens a session once.

let t: TestApp;
let smtp: TestSmtp;
let sequence = 0;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, BASE_URL: 'https://club.example.test', CLUB_NAME: 'Test Valley Club' });
});
afterAll(async () => {
  t.close();
  await smtp.close();
});

/** Each test asks from its own address, so the per-connection limit is the throttling test's alone. */
const post = (name: string, body: object, ip = `198.51.100.${(sequence += 1) % 250}`) =>
  request(t.app).post(`/api/${name}.php`).set('X-Forwarded-For', ip).send(body);

const mailsTo = (to: string) =>
  t.db
    .select()
    .from(outbox)
    .all()
    .filter((mail) => mail.to === to);
const linkIn = (text: string | undefined) => /https:\/\/club\.example\.test\/sign-in\/([\w-]+)/.exec(text ?? '')?.[1] ?? '';

/** Asks for a link for `email` and returns its token, read from the queued e-mail. */
async function requestLink(email: string): Promise<string> {
  expect((await post('signIn.request', { e: email })).status).toBe(200);
  return linkIn(mailsTo(email).at(-1)?.text);
}

describe('POST /api/signIn.request.php', () => {
  it('e-mails a link that works 15 minutes, as personal (not bulk) mail, storing only its hash', async () => {
    const member = createMember(t.db, { firstName: 'Ada' });
    const before = Date.now();
    const token = await requestLink(member.email);
    expect(token).toMatch(/^[\w-]{40,}$/);
    const [mail] = mailsTo(member.email);
    expect(mail?.priority).toBe(0);
    expect(mail?.subject).toMatch(/sign-in link/i);
    expect(mail?.text).toMatch(/^Hello Ada,/);
    expect(mail?.text).toMatch(/15 minutes/);
    const rows = t.db.select().from(passwordResets).where(eq(passwordResets.memberId, member.id)).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ tokenHash: hashToken(token), purpose: 'signin' });
    expect(JSON.stringify(rows)).not.toContain(token);
    const lifetime = Date.parse(rows[0]?.expires ?? '') - before;
    expect(lifetime).toBeGreaterThan(14 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(15 * 60_000 + 5_000);
  });

  it('answers an unknown or disabled address exactly as a known one, and sends nothing', async () => {
    const known = createMember(t.db);
    const disabled = createMember(t.db, { enabled: false });
    const replies = await Promise.all([known.email, 'nobody@example.test', disabled.email].map((e) => post('signIn.request', { e })));
    expect(replies.map((r) => [r.status, r.body])).toEqual([
      [200, {}],
      [200, {}],
      [200, {}],
    ]);
    expect(mailsTo('nobody@example.test')).toEqual([]);
    expect(mailsTo(disabled.email)).toEqual([]);
  });

  it('sends at most three links an hour to one address, answering the same; 30 requests an hour from one connection', async () => {
    const member = createMember(t.db);
    for (let i = 0; i < 5; i += 1) expect((await post('signIn.request', { e: member.email })).body).toEqual({});
    expect(mailsTo(member.email)).toHaveLength(3);
    // Password links to the same address are counted apart: a reset still goes out.
    expect((await post('password.request', { e: member.email })).status).toBe(200);
    expect(mailsTo(member.email)).toHaveLength(4);

    const ip = '203.0.113.9';
    for (let i = 0; i < 30; i += 1) expect((await post('signIn.request', { e: `stranger${i}@example.test` }, ip)).status).toBe(200);
    const refused = await post('signIn.request', { e: 'one-more@example.test' }, ip);
    expect(refused.status).toBe(429);
    expect(refused.body.e).toMatch(/Too many sign-in link requests/);
  });
});

describe('POST /api/signIn.check.php and signIn.use.php', () => {
  it('names the member without using the link (a mail scanner opening it changes nothing), then signs in once', async () => {
    const member = createMember(t.db, { firstName: 'Bea', lastName: 'Ford' });
    const token = await requestLink(member.email);
    expect((await post('signIn.check', { t: token })).body).toEqual({ u: 'Bea Ford' });
    expect((await post('signIn.check', { t: token })).body).toEqual({ u: 'Bea Ford' });

    const used = await post('signIn.use', { t: token });
    expect(used.status).toBe(200);
    expect(used.body.u).toMatchObject({ id: member.id, name: 'Bea Ford' });
    expect((await post('session.get', { g: used.body.g })).body.u.id).toBe(member.id);

    const again = await post('signIn.use', { t: token });
    expect(again.status).toBe(400);
    expect(again.body.e).toMatch(/already been used/);
    expect(again.body.g).toBeUndefined();
    expect((await post('signIn.check', { t: token })).status).toBe(400);
  });

  it('signs in a member who never set a password', async () => {
    const member = createMember(t.db);
    t.db.update(members).set({ passwordHash: null }).where(eq(members.id, member.id)).run();
    const token = await requestLink(member.email);
    const used = await post('signIn.use', { t: token });
    expect(used.status).toBe(200);
    expect(used.body.u.id).toBe(member.id);
  });

  it('refuses a forged link with 404 and an expired one with 400, opening no session', async () => {
    const forged = await post('signIn.use', { t: 'A'.repeat(43) });
    expect(forged.status).toBe(404);
    expect(forged.body.e).toMatch(/not valid/);
    expect((await post('signIn.check', { t: 'not-a-real-link' })).status).toBe(404);

    const member = createMember(t.db);
    const token = await requestLink(member.email);
    t.db
      .update(passwordResets)
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordResets.tokenHash, hashToken(token)))
      .run();
    const expired = await post('signIn.use', { t: token });
    expect(expired.status).toBe(400);
    expect(expired.body.e).toMatch(/expired/);
    expect(expired.body.g).toBeUndefined();
  });

  it('keeps sign-in and password links apart: neither works as the other', async () => {
    const member = createMember(t.db);
    const signIn = await requestLink(member.email);
    expect((await post('password.reset', { g: signIn })).status).toBe(404);
    expect((await post('password.request', { e: member.email })).status).toBe(200);
    const reset = /https:\/\/club\.example\.test\/reset\/([\w-]+)/.exec(mailsTo(member.email).at(-1)?.text ?? '')?.[1] ?? '';
    expect((await post('signIn.use', { t: reset })).status).toBe(404);
  });

  it('dies when the password changes or the member is disabled', async () => {
    const member = createMember(t.db);
    const token = await requestLink(member.email);
    expect((await post('password.change', { g: member.token, o: member.password, n: 'a whole new password' })).status).toBe(200);
    expect((await post('signIn.use', { t: token })).status).toBe(400);

    const other = createMember(t.db);
    const otherToken = await requestLink(other.email);
    t.db.update(members).set({ enabled: false }).where(eq(members.id, other.id)).run();
    expect((await post('signIn.use', { t: otherToken })).status).toBe(404);
  });

  it('for an address a household shares, asks who on the page and signs in the one chosen', async () => {
    const email = `household${Date.now()}@example.test`;
    const john = createMember(t.db, { firstName: 'John', lastName: 'Smith', email });
    const mary = createMember(t.db, { firstName: 'Mary', lastName: 'Smith', email, password: 'marys-own-password' });
    const token = await requestLink(email);
    expect(mailsTo(email)).toHaveLength(1);
    expect(mailsTo(email)[0]?.text).toMatch(/^Hello John and Mary,/);
    expect((await post('signIn.check', { t: token })).body).toEqual({
      h: [
        { i: john.id, n: 'John Smith' },
        { i: mary.id, n: 'Mary Smith' },
      ],
    });

    const unchosen = await post('signIn.use', { t: token });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.e).toMatch(/choose who you are/);
    const stranger = createMember(t.db);
    expect((await post('signIn.use', { t: token, i: stranger.id })).status).toBe(400);

    const asMary = await post('signIn.use', { t: token, i: mary.id });
    expect(asMary.status).toBe(200);
    expect(asMary.body.u.id).toBe(mary.id);
    expect((await post('signIn.use', { t: token, i: john.id })).status).toBe(400);
  });
});

describe('a sent sign-in link at rest, as SECURITY.md describes', () => {
  it("leaves the link's secret in neither the database file, its WAL, nor a backup; a waiting one is left out of the backup", async () => {
    const member = createMember(t.db);
    const waiting = await requestLink(member.email);
    const backup = await createBackup(t.db, t.config);
    const copy = new Database(path.join(backup.path, 'club.db'), { readonly: true });
    const copied = copy.prepare('SELECT text, status FROM outbox WHERE "to" = ?').all(member.email) as { text: string; status: string }[];
    copy.close();
    expect(copied.map((row) => row.text.includes(waiting))).toEqual([false]);
    expect(copied[0]?.status).toBe('failed');

    await t.services.mail.deliverDue();
    const secret = waiting;
    for (const file of [t.config.databaseFile, `${t.config.databaseFile}-wal`].filter((name) => fs.existsSync(name))) {
      expect({ file: path.basename(file), holds: fs.readFileSync(file).includes(Buffer.from(secret)) }).toEqual({ file: path.basename(file), holds: false });
    }
    const later = await createBackup(t.db, t.config);
    for (const name of fs.readdirSync(later.path, { recursive: true }) as string[]) {
      const file = path.join(later.path, name);
      if (fs.statSync(file).isFile()) expect({ name, holds: fs.readFileSync(file).includes(Buffer.from(secret)) }).toEqual({ name, holds: false });
    }
    // Still a working link after all that.
    expect((await post('signIn.use', { t: secret })).status).toBe(200);
  });
});
