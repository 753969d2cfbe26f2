import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { members, outbox, pushQueue, pushSubscriptions } from '../../db/schema/index.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { postMultipart } from '../../../test/post-multipart.ts';
import { loadSiteKeys, siteKeysFile } from '../../services/site-keys.ts';
import { maskedEmail, unsubscribeToken } from '../../services/unsubscribe-links.ts';
import { queueMail } from '../../services/mail.ts';
import { MAX_DEVICES_PER_MEMBER } from './service.ts';

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

const call = (name: string, body: object) => request(t.app).post(`/api/${name}.php`).send(body);

const subscription = (name: string, host = 'fcm.googleapis.com') =>
  JSON.stringify({ endpoint: `https://${host}/fcm/send/${name}`, expirationTime: null, keys: { p256dh: `key-${name}`, auth: `auth-${name}` } });

describe('token.get and token.save', () => {
  it('registers this browser, tells whether it is registered, and forgets it', async () => {
    const member = createMember(t.db);
    const phone = subscription('phone');
    expect((await call('token.get', { g: member.token, t: phone })).body).toEqual({ r: false });

    expect((await call('token.save', { g: member.token, t: phone, e: 1 })).body).toEqual({});
    expect((await call('token.get', { g: member.token, t: phone })).body).toEqual({ r: true });
    // The endpoint alone is enough to ask.
    expect((await call('token.get', { g: member.token, t: 'https://fcm.googleapis.com/fcm/send/phone' })).body).toEqual({ r: true });
    const [row] = t.db.select().from(pushSubscriptions).all();
    expect(JSON.parse(row?.subscription ?? '')).toEqual({
      endpoint: 'https://fcm.googleapis.com/fcm/send/phone',
      keys: { p256dh: 'key-phone', auth: 'auth-phone' },
    });

    expect((await call('token.save', { g: member.token, t: phone, e: 0 })).body).toEqual({});
    expect((await call('token.get', { g: member.token, t: phone })).body).toEqual({ r: false });
    expect(t.db.select().from(pushSubscriptions).all()).toEqual([]);
  });

  it('keeps several devices per member, refreshes one saved again, and drops the stalest beyond the limit', async () => {
    const member = createMember(t.db);
    for (let i = 0; i <= MAX_DEVICES_PER_MEMBER; i += 1) {
      expect((await call('token.save', { g: member.token, t: subscription(`device-${i}`), e: '1' })).status).toBe(200);
    }
    const endpoints = t.db
      .select({ endpoint: pushSubscriptions.endpoint })
      .from(pushSubscriptions)
      .all()
      .map((r) => r.endpoint);
    expect(endpoints).toHaveLength(MAX_DEVICES_PER_MEMBER);
    expect(endpoints).not.toContain('https://fcm.googleapis.com/fcm/send/device-0');
    expect((await call('token.get', { g: member.token, t: subscription(`device-${MAX_DEVICES_PER_MEMBER}`) })).body).toEqual({ r: true });
  });

  it('moves a browser to the member now logged in on it; another member cannot unsubscribe it', async () => {
    const first = createMember(t.db);
    const second = createMember(t.db);
    const shared = subscription('family-pc');
    await call('token.save', { g: first.token, t: shared, e: 1 });
    expect((await call('token.get', { g: second.token, t: shared })).body).toEqual({ r: false });
    await call('token.save', { g: second.token, t: shared, e: 1 });
    expect((await call('token.get', { g: first.token, t: shared })).body).toEqual({ r: false });
    await call('token.save', { g: first.token, t: shared, e: 0 });
    expect((await call('token.get', { g: second.token, t: shared })).body).toEqual({ r: true });
  });

  // Knowing another member's endpoint was enough to take their pushes.
  it('moves a browser to another member only with its keys: the endpoint alone is refused and the owner keeps it', async () => {
    const owner = createMember(t.db);
    const other = createMember(t.db);
    const phone = subscription('owner-phone');
    await call('token.save', { g: owner.token, t: phone, e: 1 });
    const guessedKeys = JSON.stringify({
      endpoint: 'https://fcm.googleapis.com/fcm/send/owner-phone',
      keys: { p256dh: 'key-attacker', auth: 'auth-attacker' },
    });
    const taken = await call('token.save', { g: other.token, t: guessedKeys, e: 1 });
    expect(taken.status).toBe(400);
    expect(taken.body.e).toBe(
      'This browser is registered for push notifications by another member. Please ask them to switch push notifications off in it first, or use your own browser.',
    );
    expect((await call('token.get', { g: owner.token, t: phone })).body).toEqual({ r: true });
    const [row] = t.db.select().from(pushSubscriptions).all();
    expect(row?.memberId).toBe(owner.id);
    expect(JSON.parse(row?.subscription ?? '').keys).toEqual({ p256dh: 'key-owner-phone', auth: 'auth-owner-phone' });
  });

  // The server posts to the endpoint, so only the push service's own port.
  it('refuses an endpoint on a push service host with a port other than 443', async () => {
    const member = createMember(t.db);
    for (const port of [':8080', ':22', ':444']) {
      const reply = await call('token.save', { g: member.token, t: subscription('p', `fcm.googleapis.com${port}`), e: 1 });
      expect({ port, status: reply.status }).toEqual({ port, status: 400 });
      expect(reply.body.e).toMatch(/not supported/);
    }
    expect((await call('token.save', { g: member.token, t: subscription('p', 'fcm.googleapis.com:443'), e: 1 })).status).toBe(200);
    expect(t.db.select().from(pushSubscriptions).all()).toHaveLength(1);
  });

  it('refuses what is not a subscription, and push services it does not know, with a message to act on', async () => {
    const member = createMember(t.db);
    const bad = await call('token.save', { g: member.token, t: '{"endpoint":"https://fcm.googleapis.com/x"}', e: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.e).toMatch(/cannot read.*switch push notifications off and on again/);
    const internal = await call('token.save', { g: member.token, t: subscription('x', '127.0.0.1'), e: 1 });
    expect(internal.status).toBe(400);
    expect(internal.body.e).toBe(
      'Push notifications through 127.0.0.1 are not supported. Please use Chrome, Edge, Firefox or Safari, or keep e-mail notifications on.',
    );
    const plain = await call('token.save', { g: member.token, t: subscription('x').replace('https:', 'http:'), e: 1 });
    expect(plain.status).toBe(400);
    for (const ok of ['updates.push.services.mozilla.com', 'wns2-par02p.notify.windows.com', 'web.push.apple.com']) {
      expect((await call('token.save', { g: member.token, t: subscription('ok', ok), e: 1 })).status).toBe(200);
    }
    expect((await call('token.get', { g: member.token, t: 'not a subscription' })).status).toBe(400);
  });

  it('needs a login', async () => {
    const reply = await call('token.get', { t: subscription('phone') });
    expect(reply.status).toBe(401);
  });
});

describe('outbox.get', () => {
  it('shows the admin what the outbox holds: sent, waiting, and failed with the last error', async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    t.db.insert(outbox).values({ to: 'a@example.test', subject: 'Went out', text: '.', status: 'sent', attempts: 1 }).run();
    t.db.insert(outbox).values({ to: 'b@example.test', subject: 'Waiting', text: '.', attempts: 2, lastError: 'Connection timeout' }).run();
    t.db.insert(outbox).values({ to: 'c@example.test', subject: 'Gave up', text: '.', status: 'failed', attempts: 8, lastError: '550 No such user' }).run();
    const reply = await call('outbox.get', { g: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body.mail).toEqual({ sent: 1, saved: 0, waiting: 1, failed: 1 });
    expect(reply.body.push).toEqual({ sent: 0, saved: 0, waiting: 0, failed: 0 });
    expect(reply.body.q.map((e: { subject: string; status: string; lastError: string }) => [e.subject, e.status, e.lastError])).toEqual([
      ['Gave up', 'failed', '550 No such user'],
      ['Waiting', 'pending', 'Connection timeout'],
    ]);
  });

  it('says plainly when no SMTP_URL is set: mail saved to files is counted saved, not sent', async () => {
    // t has no SMTP_URL.
    const fileOnly = t;
    {
      const admin = createMember(fileOnly.db, { permissions: ['admin'] });
      queueMail(fileOnly.db, { to: 'a@example.test', subject: 'Only a file', text: '.' });
      await fileOnly.services.mail.deliverDue();
      const reply = await request(fileOnly.app).post('/api/outbox.get.php').send({ g: admin.token });
      expect(reply.status).toBe(200);
      expect(reply.body.mail).toEqual({ sent: 0, saved: 1, waiting: 0, failed: 0 });
      expect(reply.body.smtp).toBe(false);
      expect(reply.body.noSmtp).toMatch(/^E-mail is not being delivered: no mail server is set \(SMTP_URL\)/);
      expect(reply.body.q).toEqual([]);
      // /healthz tells the webmaster too, without failing the container's check.
      const health = await request(fileOnly.app).get('/healthz');
      expect(health.status).toBe(200);
      expect(health.body).toEqual({
        ok: true,
        checks: { database: 'ok', uploads: 'ok' },
        mail: { isDelivering: false, reason: reply.body.noSmtp, savedNotSent: 1 },
      });
      await fileOnly.services.mail.stop();
    }
  });

  it('reports delivery when an SMTP server is set', async () => {
    const withSmtp = createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const admin = createMember(withSmtp.db, { permissions: ['admin'] });
      const reply = await request(withSmtp.app).post('/api/outbox.get.php').send({ g: admin.token });
      expect(reply.body).toMatchObject({ smtp: true, noSmtp: null });
      expect((await request(withSmtp.app).get('/healthz')).body.mail).toEqual({ isDelivering: true, reason: null, savedNotSent: 0 });
    } finally {
      withSmtp.close();
    }
  });

  it('is for admins only', async () => {
    const member = createMember(t.db, { permissions: ['event'] });
    expect((await call('outbox.get', { g: member.token })).status).toBe(403);
  });

  it('answers a repeated look with 304, and shows a new or delivered message at the next look', async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    queueMail(t.db, { to: 'a@example.test', subject: 'First', text: '.' });
    const first = await call('outbox.get', { g: admin.token });
    expect(first.body.mail).toEqual({ sent: 0, saved: 0, waiting: 1, failed: 0 });
    const etag = first.headers.etag as string;
    expect(etag).toBeTruthy();
    expect((await call('outbox.get', { g: admin.token }).set('If-None-Match', etag)).status).toBe(304);
    // Kept for the admin, never handed to a member who may not see it.
    expect((await call('outbox.get', { g: createMember(t.db).token })).status).toBe(403);

    queueMail(t.db, { to: 'b@example.test', subject: 'Second', text: '.' });
    const added = await call('outbox.get', { g: admin.token }).set('If-None-Match', etag);
    expect(added.status).toBe(200);
    expect(added.body.mail).toEqual({ sent: 0, saved: 0, waiting: 2, failed: 0 });
    expect(added.body.q.map((e: { subject: string }) => e.subject)).toEqual(['Second', 'First']);

    await t.services.mail.deliverDue();
    const delivered = await call('outbox.get', { g: admin.token });
    expect(delivered.body.mail).toEqual({ sent: 0, saved: 2, waiting: 0, failed: 0 });
    expect(delivered.body.q).toEqual([]);
    await t.services.mail.stop();
  });
});

describe('outbox.retry', () => {
  it('makes every waiting e-mail and push due now, and a push that failed for good waiting again', async () => {
    const admin = createMember(t.db, { permissions: ['admin'] });
    const later = new Date(Date.now() + 6 * 3600_000).toISOString();
    t.db
      .insert(outbox)
      .values({ to: 'b@example.test', subject: 'Waiting', text: 'kept', attempts: 3, nextAttempt: later, lastError: 'Connection timeout' })
      .run();
    t.db.insert(outbox).values({ to: 'c@example.test', subject: 'Gave up', text: '(not kept after sending)', status: 'failed', attempts: 8 }).run();
    const subscriptionId = t.db
      .insert(pushSubscriptions)
      .values({ memberId: admin.id, endpoint: 'https://fcm.googleapis.com/fcm/send/retry', subscription: subscription('retry') })
      .returning({ id: pushSubscriptions.id })
      .get().id;
    const payload = { title: 'Tour', body: 'Tomorrow', url: '/events', icon: '/icon.png' };
    t.db.insert(pushQueue).values({ subscriptionId, payload, attempts: 2, nextAttempt: later }).run();
    t.db.insert(pushQueue).values({ subscriptionId, payload, status: 'failed', attempts: 5 }).run();

    const before = Date.now();
    const reply = await call('outbox.retry', { g: admin.token });
    expect(reply.status).toBe(200);
    expect(reply.body).toEqual({ mail: 1, push: 2 });
    const waiting = t.db.select().from(outbox).where(eq(outbox.subject, 'Waiting')).get();
    expect(Date.parse(waiting?.nextAttempt ?? '')).toBeLessThanOrEqual(Date.now());
    expect(Date.parse(waiting?.nextAttempt ?? '')).toBeGreaterThanOrEqual(before - 1000);
    // A failed e-mail's text was not kept: it stays failed rather than send an empty message.
    expect(t.db.select({ status: outbox.status }).from(outbox).where(eq(outbox.subject, 'Gave up')).get()).toEqual({ status: 'failed' });
    expect(t.db.select({ status: pushQueue.status, attempts: pushQueue.attempts }).from(pushQueue).all()).toEqual([
      { status: 'pending', attempts: 2 },
      { status: 'pending', attempts: 0 },
    ]);
    const counts = (await call('outbox.get', { g: admin.token })).body;
    expect(counts.mail).toMatchObject({ waiting: 1, failed: 1 });
    expect(counts.push).toMatchObject({ waiting: 2, failed: 0 });
  });

  it('is for admins only', async () => {
    const member = createMember(t.db, { permissions: ['event', 'member'] });
    expect((await call('outbox.retry', { g: member.token })).status).toBe(403);
    expect((await call('outbox.retry', {})).status).toBe(401);
  });
});

describe('email.unsubscribe', () => {
  it('turns e-mail notifications off from the signed link, without a login', async () => {
    const member = createMember(t.db);
    const token = unsubscribeToken(t.services.keys.linkSecret, member.id);
    const reply = await call('email.unsubscribe', { t: token });
    expect(reply.body).toEqual({ m: maskedEmail(member.email) });
    expect(t.db.select({ on: members.emailNotifications }).from(members).where(eq(members.id, member.id)).get()?.on).toBe(false);
  });

  // Whoever holds the link (a forwarded e-mail) learnt the full address.
  it('names the address only masked: its first letter and its domain', async () => {
    const member = createMember(t.db);
    t.db.update(members).set({ email: 'henry.ford@dearborn.example' }).where(eq(members.id, member.id)).run();
    const reply = await call('email.unsubscribe', { t: unsubscribeToken(t.services.keys.linkSecret, member.id) });
    expect(reply.body).toEqual({ m: 'h•••@dearborn.example' });
    expect(JSON.stringify(reply.body)).not.toContain('henry.ford');
  });

  // Links worked forever; now for 60 days from the reminder that carried them.
  it('works for 60 days from the e-mail, then refuses the link with a way forward', async () => {
    const member = createMember(t.db);
    const sent = new Date(Date.now() - 59 * 86_400_000);
    expect((await call('email.unsubscribe', { t: unsubscribeToken(t.services.keys.linkSecret, member.id, sent) })).status).toBe(200);
    const old = new Date(Date.now() - 61 * 86_400_000);
    const expired = await call('email.unsubscribe', { t: unsubscribeToken(t.services.keys.linkSecret, member.id, old) });
    expect(expired.status).toBe(400);
    expect(expired.body.e).toBe(
      'This link has expired (links in reminder e-mails work for 60 days). Please use the link in a newer reminder, or turn e-mail notifications off on your Account page after logging in.',
    );
  });

  it('refuses a link of the old form, which had no expiry, as expired', async () => {
    const member = createMember(t.db);
    const legacy = `${member.id}.${createHmac('sha256', t.services.keys.linkSecret).update(`email-notifications-off:${member.id}`).digest('base64url')}`;
    const reply = await call('email.unsubscribe', { t: legacy });
    expect(reply.status).toBe(400);
    expect(reply.body.e).toMatch(/^This link has expired/);
    expect(t.db.select({ on: members.emailNotifications }).from(members).where(eq(members.id, member.id)).get()?.on).toBe(true);
  });

  it('refuses a link whose expiry was pushed back', async () => {
    const member = createMember(t.db);
    const old = unsubscribeToken(t.services.keys.linkSecret, member.id, new Date(Date.now() - 61 * 86_400_000));
    const [id, rest = ''] = old.split('.');
    const forged = `${id}.29991231${rest.slice(8)}`;
    const reply = await call('email.unsubscribe', { t: forged });
    expect(reply.status).toBe(400);
    expect(reply.body.e).toMatch(/^This link is not valid/);
  });

  it('refuses a made-up or altered link', async () => {
    const member = createMember(t.db);
    const other = createMember(t.db);
    const token = unsubscribeToken(t.services.keys.linkSecret, member.id);
    for (const forged of [`${other.id}${token.slice(token.indexOf('.'))}`, unsubscribeToken('another-secret', member.id), 'nonsense']) {
      const reply = await call('email.unsubscribe', { t: forged });
      expect(reply.status).toBe(400);
      expect(reply.body.e).toMatch(/^This link is not valid/);
    }
    expect(
      t.db
        .select({ on: members.emailNotifications })
        .from(members)
        .all()
        .every((m) => m.on),
    ).toBe(true);
  });
});

describe('site keys', () => {
  it('generates VAPID keys and the link secret once into DATA_DIR and reuses them; the environment wins', () => {
    const first = t.services.keys;
    expect(first.vapid.publicKey).toMatch(/^[\w-]{87}$/);
    expect(fs.statSync(siteKeysFile(t.config)).mode & 0o777).toBe(0o600);
    expect(loadSiteKeys(t.config)).toEqual(first);
    const fromEnv = loadSiteKeys({ ...t.config, vapid: { publicKey: 'PUB', privateKey: 'PRIV', subject: 'mailto:x@example.org' } });
    expect(fromEnv.vapid).toEqual({ publicKey: 'PUB', privateKey: 'PRIV', subject: 'mailto:x@example.org' });
    expect(fromEnv.linkSecret).toBe(first.linkSecret);
  });
});

describe('a "now" reminder after event.save', () => {
  /** event.save as the web app sends it: multipart with `notify[]` repeated. */
  function saveEvent(token: string, fields: Record<string, string>, notify: string[]) {
    return postMultipart(t.app, 'event.save', { g: token, ...fields, notify });
  }
  const swapMeet = {
    id: '0',
    t: 'Swap Meet',
    start: '2031-05-02T09:00',
    end: '2031-05-02T12:00',
    venue: 'Fairgrounds',
    country: '',
    address: '',
    address2: '',
    description: 'Parts.',
  };
  const remindersOf = (title: string) =>
    t.db
      .select({ to: outbox.to, subject: outbox.subject })
      .from(outbox)
      .all()
      .filter((mail) => mail.subject.startsWith(`Reminder: ${title},`));

  let markers = 0;
  /**
   * Saves another event with "now" ticked and waits until its reminder is queued. The "now"
   * reminders are queued in order, save after save, so by then whatever an earlier save would
   * have sent is in the outbox: what is missing then was never sent.
   */
  async function afterEarlierSaves(token: string): Promise<void> {
    markers += 1;
    const title = `Marker ${markers}`;
    expect((await saveEvent(token, { ...swapMeet, t: title }, ['0'])).status).toBe(200);
    await expect.poll(() => remindersOf(title).length).toBeGreaterThan(0);
  }

  it('goes out as soon as the event is saved with "now" ticked, and not again at a later save', async () => {
    const editor = createMember(t.db, { permissions: ['event'] });
    const reader = createMember(t.db);

    const withoutNow = await saveEvent(editor.token, swapMeet, ['1']);
    expect(withoutNow.status).toBe(200);
    await afterEarlierSaves(editor.token);
    expect(remindersOf('Swap Meet')).toEqual([]);

    const id = String((withoutNow.body as { i: number }).i);
    expect((await saveEvent(editor.token, { ...swapMeet, id }, ['0', '1'])).status).toBe(200);
    const subject = 'Reminder: Swap Meet, Friday, May 2, 2031 at 9:00 AM';
    await expect
      .poll(() => remindersOf('Swap Meet'))
      .toEqual([
        { to: editor.email, subject },
        { to: reader.email, subject },
      ]);

    expect((await saveEvent(editor.token, { ...swapMeet, id, t: 'Swap Meet' }, ['0', '1'])).status).toBe(200);
    await afterEarlierSaves(editor.token);
    expect(remindersOf('Swap Meet')).toHaveLength(2);
  });
});
