import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { events, members, outbox, passwordResets } from '../../db/schema/index.ts';
import { hashToken } from '../../lib/tokens.ts';
import { createMember, type TestMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { queueDueReminders } from '../events/reminders.ts';
import { unsubscribeToken } from '../../services/unsubscribe-links.ts';

// Households: two or more members who share one e-mail address, each a member of their own.

let t: TestApp;
let household = 0;
beforeAll(() => {
  t = createTestApp({ BASE_URL: 'https://club.example.test', CLUB_NAME: 'Test Valley Club', CLUB_TIMEZONE: 'America/Chicago' });
});
afterAll(() => t.close());

const post = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

/** John and Mary Smith at one address, each with their own password. */
function createHousehold(): { email: string; john: TestMember; mary: TestMember } {
  household += 1;
  const email = `smiths${household}@example.test`;
  const john = createMember(t.db, { firstName: 'John', lastName: 'Smith', email, password: `johns-secret-${household}` });
  const mary = createMember(t.db, { firstName: 'Mary', lastName: 'Smith', email, password: `marys-secret-${household}` });
  return { email, john, mary };
}

const mailsTo = (to: string) =>
  t.db
    .select()
    .from(outbox)
    .all()
    .filter((mail) => mail.to === to);
const linkIn = (text: string) => /https:\/\/club\.example\.test\/reset\/([\w-]+)/.exec(text)?.[1] ?? '';

describe('POST /api/session.create.php with an address several members share', () => {
  it('logs in the member whose password it is (the legacy call, u = the shared address)', async () => {
    const { email, john, mary } = createHousehold();
    const asMary = await post('session.create', { u: email.toUpperCase(), p: mary.password });
    expect(asMary.status).toBe(200);
    expect(asMary.body.u).toMatchObject({ id: mary.id, name: 'Mary Smith' });
    const asJohn = await post('session.create', { u: email, p: john.password });
    expect(asJohn.status).toBe(200);
    expect(asJohn.body.u).toMatchObject({ id: john.id, name: 'John Smith' });
  });

  it('refuses a password neither of them has, as for anyone', async () => {
    const { email } = createHousehold();
    const res = await post('session.create', { u: email, p: 'nobodys-password' });
    expect(res.status).toBe(401);
    expect(res.body.e).toMatch(/not right/);
  });

  it('finds an enabled partner even when a disabled one is at the same address', async () => {
    const { email, john, mary } = createHousehold();
    t.db.update(members).set({ enabled: false }).where(eq(members.id, john.id)).run();
    expect((await post('session.create', { u: email, p: john.password })).body.e).toMatch(/not active/);
    expect((await post('session.create', { u: email, p: mary.password })).body.u.id).toBe(mary.id);
  });
});

describe('POST /api/password.request.php and password.reset.php for a shared address', () => {
  it('sends one e-mail greeting both, naming no choice, and the page asks who is setting the password', async () => {
    const { email, john, mary } = createHousehold();
    expect((await post('password.request', { e: email })).status).toBe(200);
    const sent = mailsTo(email);
    expect(sent).toHaveLength(1);
    const [mail] = sent;
    expect(mail?.text).toMatch(/^Hello John and Mary,/);
    const token = linkIn(mail?.text ?? '');
    expect(token).not.toBe('');

    const opened = await post('password.reset', { g: token });
    expect(opened.status).toBe(200);
    expect(opened.body).toEqual({
      h: [
        { i: john.id, n: 'John Smith' },
        { i: mary.id, n: 'Mary Smith' },
      ],
    });

    const unchosen = await post('password.reset', { g: token, n: 'a brand new password' });
    expect(unchosen.status).toBe(400);
    expect(unchosen.body.e).toMatch(/choose who you are/);
    const stranger = createMember(t.db);
    expect((await post('password.reset', { g: token, n: 'a brand new password', i: stranger.id })).status).toBe(400);

    const chosen = await post('password.reset', { g: token, n: 'marys new password', i: mary.id });
    expect(chosen.status).toBe(200);
    expect((await post('session.create', { u: email, p: 'marys new password' })).body.u.id).toBe(mary.id);
    expect((await post('session.create', { u: email, p: john.password })).body.u.id).toBe(john.id);

    // One link, used once, whoever it was for.
    const again = await post('password.reset', { g: token, n: 'johns new password', i: john.id });
    expect(again.status).toBe(400);
    expect(again.body.e).toMatch(/already been used/);
    expect(
      t.db
        .select()
        .from(passwordResets)
        .where(eq(passwordResets.tokenHash, hashToken(token)))
        .all()
        .every((row) => row.used),
    ).toBe(true);
  });

  it('lets partners choose the same password without telling either, and logging in with it asks who', async () => {
    const { email, john, mary } = createHousehold();
    await post('password.request', { e: email });
    const token = linkIn(mailsTo(email).at(-1)?.text ?? '');
    // A reset or a change to the partner's password is taken like any other: nothing is compared with theirs.
    const reset = await post('password.reset', { g: token, n: john.password, i: mary.id });
    expect(reset.status).toBe(200);
    expect((await post('session.create', { u: email, p: mary.password })).status).toBe(401);

    const asked = await post('session.create', { u: email, p: john.password });
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({
      h: [
        { i: john.id, n: 'John Smith' },
        { i: mary.id, n: 'Mary Smith' },
      ],
    });
    const asMary = await post('session.create', { u: email, p: john.password, i: mary.id });
    expect(asMary.status).toBe(200);
    expect(asMary.body.u).toMatchObject({ id: mary.id, name: 'Mary Smith' });
    const asJohn = await post('session.create', { u: email, p: john.password, i: john.id });
    expect(asJohn.body.u).toMatchObject({ id: john.id });
    // Choosing someone the password is not theirs logs nobody in.
    const stranger = createMember(t.db, { email });
    const wrongChoice = await post('session.create', { u: email, p: john.password, i: stranger.id });
    expect(wrongChoice.status).toBe(401);
    expect(wrongChoice.body.e).toMatch(/not right/);

    const change = await post('password.change', { g: john.token, o: john.password, n: stranger.password });
    expect(change.status).toBe(200);
    expect((await post('session.create', { u: email, p: stranger.password })).body.h).toHaveLength(2);
  });

  it('answers a change of password the same whatever a partner’s password is', async () => {
    const { john, mary } = createHousehold();
    const toPartners = await post('password.change', { g: mary.token, o: mary.password, n: john.password });
    const toAnother = await post('password.change', { g: john.token, o: john.password, n: 'a-password-nobody-has' });
    expect([toPartners.status, toPartners.body, toAnother.status, toAnother.body]).toEqual([200, {}, 200, {}]);
  });

  it('names the one member as before when only one of the household is enabled', async () => {
    const { email, john } = createHousehold();
    t.db.update(members).set({ enabled: false }).where(eq(members.id, john.id)).run();
    await post('password.request', { e: email });
    const token = linkIn(mailsTo(email).at(-1)?.text ?? '');
    expect((await post('password.reset', { g: token })).body).toEqual({ u: 'Mary Smith' });
    expect((await post('password.reset', { g: token, n: 'marys other password' })).status).toBe(200);
  });

  it('caps links per address, however many members share it', async () => {
    const { email } = createHousehold();
    for (let i = 0; i < 5; i += 1) expect((await post('password.request', { e: email })).status).toBe(200);
    expect(mailsTo(email)).toHaveLength(3);
  });
});

describe('member.save with a shared address', () => {
  it('keeps two members at one address apart, each with their own record', async () => {
    const editor = createMember(t.db, { permissions: ['member'] });
    const { email } = createHousehold();
    const res = await post('member.save', { g: editor.token, i: 0, o: 1, fn: 'Ann', l: 'Smith', e: email.toUpperCase(), cars: [] });
    expect(res.status).toBe(200);
    const atAddress = t.db.select().from(members).where(eq(members.email, email)).all();
    expect(atAddress.map((m) => m.firstName)).toEqual(['John', 'Mary', 'Ann']);
  });
});

describe('mail to every member goes once per address', () => {
  it('sends one reminder to a shared address greeting both, and its opt-out turns off the address', async () => {
    // Only this household has notifications on, so the run's count is theirs.
    t.db.update(members).set({ emailNotifications: false }).run();
    const { email, john, mary } = createHousehold();
    const eventId = t.db
      .insert(events)
      .values({ title: 'Fall Tour', start: '2031-06-20T10:00', end: '2031-06-20T12:00', notifyDaysOut: [0] })
      .returning({ id: events.id })
      .get().id;
    const run = queueDueReminders(t.db, t.config, t.services.keys, new Date(Date.UTC(2031, 5, 10, 14)), { eventId });
    expect(run.emails).toBe(1);
    const [mail, ...more] = mailsTo(email);
    expect(more).toEqual([]);
    expect(mail?.text).toMatch(/^Hello John and Mary,/);

    const off = await post('email.unsubscribe', { t: unsubscribeToken(t.services.keys.linkSecret, john.id) });
    expect(off.status).toBe(200);
    const after = t.db.select({ id: members.id, on: members.emailNotifications }).from(members).where(eq(members.email, email)).all();
    expect(after).toEqual([
      { id: john.id, on: false },
      { id: mary.id, on: false },
    ]);
  });
});
