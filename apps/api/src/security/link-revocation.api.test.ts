import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let admin: TestMember;
beforeEach(() => {
  t = createTestApp();
  admin = createMember(t.db, { permissions: ['admin'] });
});
afterEach(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** The token of the newest link e-mailed to `to`, read from the (not yet sent) outbox. */
const lastLinkTo = (to: string): string => {
  const row = t.db.$client.prepare('SELECT text FROM outbox WHERE "to" = ? ORDER BY id DESC LIMIT 1').get(to) as { text: string };
  const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(row.text)?.[1];
  if (!token) throw new Error(`no link e-mailed to ${to}`);
  return token;
};

const linkWorks = async (token: string) => (await post('password.reset', { g: token })).status === 200;

const memberForm = (g: string, member: TestMember, extra: Record<string, unknown> = {}) => ({
  g,
  i: member.id,
  o: 1,
  fn: 'Link',
  l: 'Holder',
  e: member.email,
  ...extra,
});

describe('open password links are revoked', () => {
  it('when another link of the member is used', async () => {
    const member = createMember(t.db);
    await post('password.request', { e: member.email });
    const first = lastLinkTo(member.email);
    await post('password.request', { e: member.email });
    const second = lastLinkTo(member.email);
    expect(await linkWorks(first)).toBe(true);
    expect((await post('password.reset', { g: second, n: 'a brand new password 1' })).status).toBe(200);
    expect(await linkWorks(first)).toBe(false);
  });

  it('when the password is changed', async () => {
    const member = createMember(t.db);
    await post('password.request', { e: member.email });
    const link = lastLinkTo(member.email);
    const changed = await post('password.change', { g: member.token, o: member.password, n: 'another new password 2' });
    expect(changed.status).toBe(200);
    expect(await linkWorks(link)).toBe(false);
  });

  it('when the e-mail address is changed', async () => {
    const member = createMember(t.db);
    expect((await post('member.save', memberForm(admin.token, member, { invite: 1 }))).status).toBe(200);
    const invitation = lastLinkTo(member.email);
    expect(await linkWorks(invitation)).toBe(true);
    const corrected = await post('member.save', memberForm(admin.token, member, { e: 'corrected.address@example.test' }));
    expect(corrected.status).toBe(200);
    expect(await linkWorks(invitation)).toBe(false);
  });

  it('when the member is disabled (and stays dead after re-enabling)', async () => {
    const member = createMember(t.db);
    await post('password.request', { e: member.email });
    const link = lastLinkTo(member.email);
    expect((await post('member.save', memberForm(admin.token, member, { o: 0 }))).status).toBe(200);
    expect((await post('member.save', memberForm(admin.token, member, { o: 1 }))).status).toBe(200);
    expect(await linkWorks(link)).toBe(false);
  });
});

// The feed only checked that its member was enabled, so re-enabling a
// member brought their old feed address (perhaps passed around meanwhile) back to life.
describe("a disabled member's calendar feed", () => {
  it('is revoked by disabling: it stays dead after the member is enabled again, and they can make a new one', async () => {
    const member = createMember(t.db);
    const old = new URL(((await post('calendarFeed.reset', { g: member.token })).body as { url: string }).url).pathname;
    expect((await request(t.app).get(old)).status).toBe(200);

    expect((await post('member.save', memberForm(admin.token, member, { o: 0 }))).status).toBe(200);
    expect((await request(t.app).get(old)).status).toBe(404);
    expect((await post('member.save', memberForm(admin.token, member, { o: 1 }))).status).toBe(200);
    expect((await request(t.app).get(old)).status).toBe(404);

    const login = await post('session.create', { u: member.email, p: member.password });
    expect(login.status).toBe(200);
    const g = (login.body as { g: string }).g;
    expect((await post('calendarFeed.get', { g })).body).toEqual({ created: '' });
    const renewed = new URL(((await post('calendarFeed.reset', { g })).body as { url: string }).url).pathname;
    expect(renewed).not.toBe(old);
    expect((await request(t.app).get(renewed)).status).toBe(200);
    expect((await request(t.app).get(old)).status).toBe(404);
  });

  it('is left alone by a save that keeps the member enabled', async () => {
    const member = createMember(t.db);
    const feed = new URL(((await post('calendarFeed.reset', { g: member.token })).body as { url: string }).url).pathname;
    expect((await post('member.save', memberForm(admin.token, member, { p: '555-0100' }))).status).toBe(200);
    expect((await request(t.app).get(feed)).status).toBe(200);
  });
});
