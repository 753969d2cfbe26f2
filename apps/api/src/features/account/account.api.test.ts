import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports, outbox, passwordResets, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createMember } from '../../../test/factories.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, BASE_URL: 'https://club.example.test', CLUB_NAME: 'Test Valley Club' });
});
afterAll(async () => {
  t.close();
  await smtp.close();
});

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** Delivers the outbox through the real SMTP server and returns what reached `to`. */
async function mailsTo(to: string) {
  await t.services.mail.deliverDue();
  return smtp.received.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.value.some((a) => a.address === to));
}

const linkIn = (text: string | undefined) => /https:\/\/club\.example\.test\/reset\/([\w-]+)/.exec(text ?? '')?.[1];

const outboxSize = () => t.db.select().from(outbox).all().length;

describe('POST /api/session.create.php', () => {
  it('logs a member in by e-mail, case-insensitively, and returns a token and the user', async () => {
    const member = createMember(t.db, { permissions: ['history'], firstName: 'Ada' });
    const res = await post('session.create', { u: member.email.toUpperCase(), p: member.password });
    expect(res.status).toBe(200);
    expect(res.body.g).toMatch(/^[\w-]{40,}$/);
    expect(res.body.u).toMatchObject({ id: member.id, name: 'Ada Tester', permissions: ['history'], emailNotifications: true });
    const me = await post('session.get', { g: res.body.g });
    expect(me.body.u.id).toBe(member.id);
  });

  it('stores only a hash of the token', async () => {
    const member = createMember(t.db);
    const res = await post('session.create', { u: member.email, p: member.password });
    const stored = t.db.select().from(sessions).where(eq(sessions.memberId, member.id)).all();
    expect(stored.some((s) => s.tokenHash === res.body.g)).toBe(false);
    expect(stored.some((s) => s.tokenHash === hashToken(res.body.g))).toBe(true);
  });

  it('refuses a wrong password with 401 and a message', async () => {
    const member = createMember(t.db);
    const res = await post('session.create', { u: member.email, p: 'wrong-password' });
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/not right/);
    expect(res.body.g).toBeUndefined();
  });

  it('refuses an unknown address the same way', async () => {
    const res = await post('session.create', { u: 'nobody@example.test', p: 'whatever-1' });
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/not right/);
  });

  it('refuses a disabled member', async () => {
    const member = createMember(t.db, { enabled: false });
    const res = await post('session.create', { u: member.email, p: member.password });
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/not active/);
  });

  it('requires both username and password with 400', async () => {
    const res = await post('session.create', { p: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the username.');
  });

  it('slows guessing with 429 after repeated failures', async () => {
    const member = createMember(t.db);
    let last = 0;
    for (let i = 0; i < 9; i += 1) last = (await post('session.create', { u: member.email, p: `guess-${i}` })).status;
    expect(last).toBe(429);
    const res = await post('session.create', { u: member.email, p: member.password });
    expect(res.status).toBe(429);
    expect(res.body.e).toMatch(/wait 15 minutes/);
  });
});

describe('POST /api/session.get.php', () => {
  it('refuses a session of a member who has since been disabled', async () => {
    const member = createMember(t.db, { enabled: false });
    const res = await post('session.get', { g: member.token });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/session.destroy.php', () => {
  it('ends the session for good', async () => {
    const member = createMember(t.db);
    expect((await post('session.destroy', { g: member.token })).status).toBe(200);
    const res = await post('session.get', { g: member.token });
    expect(res.status).toBe(401);
  });

  it('answers quietly for a session that is already gone', async () => {
    const res = await post('session.destroy', { g: 'already-gone' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
  });
});

describe('POST /api/user.settings.set.php', () => {
  it('turns e-mail notifications off and on, as session.get then shows', async () => {
    const member = createMember(t.db);
    const off = await request(t.app).post('/api/user.settings.set.php').type('form').send({ g: member.token, e: '0' });
    expect(off.status).toBe(200);
    expect((await post('session.get', { g: member.token })).body.u.emailNotifications).toBe(false);
    await post('user.settings.set', { g: member.token, e: 1 });
    expect((await post('session.get', { g: member.token })).body.u.emailNotifications).toBe(true);
  });
});

describe('POST /api/error.report.php', () => {
  it('stores a report from a visitor or a member', async () => {
    const member = createMember(t.db);
    const res = await post('error.report', { e: 'TypeError: x is undefined', u: '/events', s: 'at foo', g: member.token });
    expect(res.status).toBe(200);
    const stored = t.db.select().from(errorReports).where(eq(errorReports.memberId, member.id)).all();
    expect(stored).toEqual([expect.objectContaining({ message: 'TypeError: x is undefined', url: '/events', stack: 'at foo' })]);
  });

  it('requires the message', async () => {
    const res = await post('error.report', { u: '/x' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the error message.');
  });
});

describe('POST /api/password.request.php', () => {
  it('e-mails an enabled member a one-hour link to /reset/{guid}, storing only its hash', async () => {
    const member = createMember(t.db, { firstName: 'Opal' });
    const res = await post('password.request', { e: member.email.toUpperCase() });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    const [mail] = await mailsTo(member.email);
    expect(mail?.subject).toBe('Reset your Test Valley Club password');
    expect(mail?.text).toContain('Hello Opal,');
    const guid = linkIn(mail?.text);
    expect(guid).toBeDefined();
    expect(mail?.html).toContain(`href="https://club.example.test/reset/${guid}"`);
    const [stored] = t.db.select().from(passwordResets).where(eq(passwordResets.memberId, member.id)).all();
    expect(stored?.tokenHash).toBe(hashToken(guid ?? ''));
    const minutesLeft = (Date.parse(stored?.expires ?? '') - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(60);
  });

  it('answers an unknown address exactly the same, and sends nothing', async () => {
    const member = createMember(t.db);
    const known = await post('password.request', { e: member.email });
    const before = outboxSize();
    const unknown = await post('password.request', { e: 'nobody-here@example.test' });
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    expect(outboxSize()).toBe(before);
  });

  it('sends nothing to a disabled member', async () => {
    const member = createMember(t.db, { enabled: false });
    const res = await post('password.request', { e: member.email });
    expect(res.status).toBe(200);
    expect(await mailsTo(member.email)).toEqual([]);
  });

  it('requires an e-mail address with 400', async () => {
    expect((await post('password.request', {})).body.e).toBe('Please enter the e-mail address.');
    const res = await post('password.request', { e: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter a valid e-mail address, like name@example.com.');
  });

  it('sends at most three links an hour to one address, answering the same', async () => {
    const member = createMember(t.db);
    for (let i = 0; i < 4; i += 1) {
      const res = await post('password.request', { e: member.email });
      expect(res.status).toBe(200);
      expect(res.body).toEqual({});
    }
    expect(t.db.select().from(passwordResets).where(eq(passwordResets.memberId, member.id)).all()).toHaveLength(3);
    expect(await mailsTo(member.email)).toHaveLength(3);
  });

  it('refuses a flood of requests from one connection with 429', async () => {
    const flood = createTestApp();
    try {
      let last = 0;
      for (let i = 0; i < 31; i += 1) {
        last = (
          await request(flood.app)
            .post('/api/password.request.php')
            .send({ e: `someone${i}@example.test` })
        ).status;
      }
      expect(last).toBe(429);
    } finally {
      flood.close();
    }
  });
});

/** A reset link for a fresh member, as the e-mail carries it. */
async function requestResetLink(member: { email: string }): Promise<string> {
  await post('password.request', { e: member.email });
  const mails = await mailsTo(member.email);
  const guid = linkIn(mails.at(-1)?.text);
  if (!guid) throw new Error('no reset link was e-mailed');
  return guid;
}

describe('POST /api/password.reset.php', () => {
  it('names the member for a valid link, without spending it', async () => {
    const member = createMember(t.db, { firstName: 'Quincy', lastName: 'Ames' });
    const guid = await requestResetLink(member);
    const first = await post('password.reset', { g: guid });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ u: 'Quincy Ames' });
    expect((await post('password.reset', { g: guid })).body).toEqual({ u: 'Quincy Ames' });
  });

  it('sets the new password, ends every session and works only once', async () => {
    const member = createMember(t.db);
    const guid = await requestResetLink(member);
    const res = await post('password.reset', { g: guid, n: 'brand-new-secret' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await post('session.get', { g: member.token })).status).toBe(401);
    expect((await post('session.create', { u: member.email, p: member.password })).status).toBe(401);
    const login = await post('session.create', { u: member.email, p: 'brand-new-secret' });
    expect(login.status).toBe(200);

    const again = await post('password.reset', { g: guid, n: 'another-secret-1' });
    expect(again.status).toBe(400);
    expect(again.body.e).toMatch(/already been used/);
    expect((await post('password.reset', { g: guid })).body.e).toMatch(/already been used/);
    expect((await post('session.create', { u: member.email, p: 'brand-new-secret' })).status).toBe(200);
  });

  it('refuses an expired link with 400 and leaves the password alone', async () => {
    const member = createMember(t.db);
    const guid = await requestResetLink(member);
    t.db
      .update(passwordResets)
      .set({ expires: new Date(Date.now() - 1000).toISOString() })
      .where(eq(passwordResets.tokenHash, hashToken(guid)))
      .run();
    const check = await post('password.reset', { g: guid });
    expect(check.status).toBe(400);
    expect(check.body.e).toMatch(/expired/);
    const res = await post('password.reset', { g: guid, n: 'too-late-secret' });
    expect(res.status).toBe(400);
    expect((await post('session.create', { u: member.email, p: member.password })).status).toBe(200);
  });

  it('answers an unknown link with 404', async () => {
    const res = await post('password.reset', { g: 'no-such-link-anywhere' });
    expect(res.status).toBe(404);
    expect(res.body.e).toMatch(/not valid/);
  });

  it("answers a disabled member's link with 404", async () => {
    const member = createMember(t.db);
    const guid = await requestResetLink(member);
    t.db.$client.prepare('UPDATE members SET enabled = 0 WHERE id = ?').run(member.id);
    expect((await post('password.reset', { g: guid })).status).toBe(404);
  });

  it('refuses a short new password with 400 and keeps the link usable', async () => {
    const member = createMember(t.db);
    const guid = await requestResetLink(member);
    const res = await post('password.reset', { g: guid, n: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('The new password must be at least 8 characters long.');
    expect((await post('password.reset', { g: guid })).status).toBe(200);
  });

  it('requires the link with 400', async () => {
    const res = await post('password.reset', { n: 'whatever-123' });
    expect(res.status).toBe(400);
  });
});

describe('POST /api/password.change.php', () => {
  it('changes the password and ends every other session of the member', async () => {
    const member = createMember(t.db);
    const other = await post('session.create', { u: member.email, p: member.password });
    const res = await post('password.change', { g: member.token, o: member.password, n: 'changed-secret-1' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect((await post('session.get', { g: member.token })).status).toBe(200);
    expect((await post('session.get', { g: other.body.g })).status).toBe(401);
    expect((await post('session.create', { u: member.email, p: 'changed-secret-1' })).status).toBe(200);
    expect((await post('session.create', { u: member.email, p: member.password })).status).toBe(401);
    const stored = t.db.select().from(sessions).where(eq(sessions.memberId, member.id)).all();
    expect(stored).toHaveLength(2);
  });

  it('refuses a wrong old password with 400, changing nothing', async () => {
    const member = createMember(t.db);
    const res = await post('password.change', { g: member.token, o: 'not-my-password', n: 'changed-secret-2' });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/old password is not right/);
    expect((await post('session.get', { g: member.token })).status).toBe(200);
    expect((await post('session.create', { u: member.email, p: member.password })).status).toBe(200);
  });

  it('refuses a short new password with 400', async () => {
    const member = createMember(t.db);
    const res = await post('password.change', { g: member.token, o: member.password, n: 'short' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('The new password must be at least 8 characters long.');
  });

  it('requires the old password with 400', async () => {
    const member = createMember(t.db);
    const res = await post('password.change', { g: member.token, n: 'changed-secret-3' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter the old password.');
  });

  it('requires a session with 401', async () => {
    const res = await post('password.change', { o: 'x', n: 'changed-secret-4' });
    expect(res.status).toBe(401);
  });

  it('slows guessing of the old password with 429', async () => {
    const member = createMember(t.db);
    let last = 0;
    for (let i = 0; i < 9; i += 1) {
      last = (await post('password.change', { g: member.token, o: `guess-${i}`, n: 'changed-secret-5' })).status;
    }
    expect(last).toBe(429);
  });
});

describe('POST /api/password.change.php, again and again', () => {
  it('slows a run of changes, even with the right old password, with 429 and what to do', async () => {
    const member = createMember(t.db);
    let password = member.password;
    const statuses: number[] = [];
    let last = { status: 0, body: { e: '' } };
    for (let i = 0; i < 10; i += 1) {
      const next = `changed-in-a-row-${i}`;
      last = await post('password.change', { g: member.token, o: password, n: next });
      statuses.push(last.status);
      if (last.status === 200) password = next;
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses.at(-1)).toBe(429);
    expect(last.body.e).toMatch(/wait 15 minutes/);
    expect((await post('session.create', { u: member.email, p: password })).status).toBe(200);
  }, 60_000);
});
