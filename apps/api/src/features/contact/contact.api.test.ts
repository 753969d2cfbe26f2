import { eq } from 'drizzle-orm';
import request from 'supertest';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { contactMessages, outbox } from '../../db/schema/index.ts';
import { startTestSmtp, type TestSmtp } from '../../../test/smtp.ts';
import { createTestApp, type TestApp } from '../../../test/test-app.ts';

let t: TestApp;
let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
  t = createTestApp({ SMTP_URL: smtp.url, CONTACT_EMAIL: 'webmaster@club.example', MAIL_FROM: 'Club <noreply@club.example>' });
});
afterAll(async () => {
  await t.services.mail.stop();
  t.close();
  await smtp.close();
});
beforeEach(() => {
  smtp.received.length = 0;
});

/** The app trusts loopback proxies, so each test can speak from its own address and keep its own rate limit. */
let addressCount = 0;
const newAddress = () => {
  addressCount += 1;
  return `203.0.113.${addressCount}`;
};

const submit = (body: object, ip = newAddress()) => request(t.app).post('/api/contact.submit.php').set('X-Forwarded-For', ip).send(body);

const valid = {
  f: 'Ada',
  l: 'Lovelace',
  e: 'Ada.Lovelace@Example.test',
  m: 'Is there room for a 1930 Tudor at the spring tour?\nWe would bring two.',
};

const storedFrom = (email: string) => t.db.select().from(contactMessages).where(eq(contactMessages.email, email)).all();

describe('POST /api/contact.submit.php', () => {
  it('stores the message, then e-mails it to CONTACT_EMAIL with reply-to the visitor', async () => {
    const res = await submit(valid);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});

    const [row] = storedFrom('ada.lovelace@example.test');
    expect(row).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', message: valid.m });
    expect(row?.ip).toMatch(/^203\.0\.113\./);

    expect(await t.services.mail.deliverDue()).toMatchObject({ sent: 1, failed: 0 });
    const [mail] = await smtp.waitFor(1);
    expect(mail?.to && !Array.isArray(mail.to) ? mail.to.value[0]?.address : undefined).toBe('webmaster@club.example');
    expect(mail?.replyTo?.value[0]).toMatchObject({ name: 'Ada Lovelace', address: 'ada.lovelace@example.test' });
    expect(mail?.subject).toBe('Website contact from Ada Lovelace');
    expect(mail?.text).toContain('Is there room for a 1930 Tudor at the spring tour?\nWe would bring two.');
    expect(mail?.text).toContain('ada.lovelace@example.test');
  });

  it('accepts the legacy form encoding', async () => {
    const res = await request(t.app)
      .post('/api/contact.submit.php')
      .set('X-Forwarded-For', newAddress())
      .type('form')
      .send({ ...valid, e: 'form.sender@example.test' });
    expect(res.status).toBe(200);
    expect(storedFrom('form.sender@example.test')).toHaveLength(1);
  });

  it('keeps the message in the outbox when the mail server is down, so nothing is lost', async () => {
    const offline = createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9' });
    try {
      const res = await request(offline.app).post('/api/contact.submit.php').send(valid);
      expect(res.status).toBe(200);
      expect(await offline.services.mail.deliverDue()).toEqual({ sent: 0, failed: 1 });
      expect(offline.db.select().from(contactMessages).all()).toHaveLength(1);
      expect(offline.db.select().from(outbox).all()[0]).toMatchObject({ status: 'pending', attempts: 1 });
    } finally {
      await offline.services.mail.stop();
      offline.close();
    }
  });

  it.each([
    ['f', 'Please enter the first name.'],
    ['l', 'Please enter the last name.'],
    ['e', 'Please enter the e-mail address.'],
    ['m', 'Please enter the message.'],
  ])('refuses a missing %s with 400 and a message naming it', async (field, message) => {
    const before = t.db.select().from(contactMessages).all().length;
    const res = await submit({ ...valid, [field]: '' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe(message);
    const omitted = await submit(Object.fromEntries(Object.entries(valid).filter(([key]) => key !== field)));
    expect(omitted.status).toBe(400);
    expect(omitted.body.e).toBe(message);
    expect(t.db.select().from(contactMessages).all()).toHaveLength(before);
  });

  it('refuses a blank-only message and a malformed e-mail address with 400', async () => {
    expect((await submit({ ...valid, m: '   \n ' })).body.e).toBe('Please enter the message.');
    const res = await submit({ ...valid, e: 'not-an-address' });
    expect(res.status).toBe(400);
    expect(res.body.e).toBe('Please enter a valid e-mail address, like name@example.com.');
  });

  it('refuses an over-long message with 400', async () => {
    const res = await submit({ ...valid, m: 'x'.repeat(10_001) });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/message is too long/);
  });

  it('answers success to a filled honeypot but stores and sends nothing', async () => {
    await t.services.mail.deliverDue();
    smtp.received.length = 0;
    const queued = t.db.select().from(outbox).all().length;
    const res = await submit({ ...valid, e: 'robot@example.test', website: 'http://spam.example' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({});
    expect(storedFrom('robot@example.test')).toHaveLength(0);
    expect(t.db.select().from(outbox).all()).toHaveLength(queued);
    await t.services.mail.deliverDue();
    expect(smtp.received).toHaveLength(0);
  });

  it('refuses a sixth message within the hour from one address with 429, storing nothing', async () => {
    const ip = newAddress();
    for (let i = 0; i < 5; i += 1) {
      expect((await submit({ ...valid, e: `busy${i}@example.test` }, ip)).status).toBe(200);
    }
    const res = await submit({ ...valid, e: 'busy5@example.test' }, ip);
    expect(res.status).toBe(429);
    expect(res.body.e).toMatch(/wait an hour/);
    expect(storedFrom('busy5@example.test')).toHaveLength(0);
    // Another address is not held back by this one.
    expect((await submit({ ...valid, e: 'neighbour@example.test' })).status).toBe(200);
  });

  it('counts only the last hour towards the limit', async () => {
    const ip = newAddress();
    const longAgo = new Date(Date.now() - 2 * 60 * 60_000).toISOString();
    for (let i = 0; i < 5; i += 1) {
      t.db.insert(contactMessages).values({ firstName: 'Old', lastName: 'Note', email: 'old@example.test', message: 'hi', ip, created: longAgo }).run();
    }
    expect((await submit(valid, ip)).status).toBe(200);
  });
});
