import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorReports, sessions } from '../../db/schema/index.ts';
import { hashToken } from '../../http/tokens.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

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
