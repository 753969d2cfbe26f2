import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { outbox } from '../../db/schema/index.ts';
import { createMember } from '../../../test/factories.ts';
import { createTestApp } from '../../../test/test-app.ts';

// The mail server is unreachable until the admin fixes SMTP_URL (here: the message fails at once).
const t = createTestApp({ SMTP_URL: 'smtp://127.0.0.1:9', CONTACT_EMAIL: 'webmaster@club.example' });
afterAll(() => t.close());

const admin = createMember(t.db, { permissions: ['admin'] });
const member = createMember(t.db);
const failed = (token: string) => request(t.app).post('/api/contact.failed.php').send({ g: token });

describe('POST /api/contact.failed.php and contact.resend.php', () => {
  it('lists a contact message whose e-mail failed for good, whole, and sends it again on request', async () => {
    const sent = await request(t.app)
      .post('/api/contact.submit.php')
      .send({ f: 'Ada', l: 'Lovelace', e: 'ada@example.test', m: 'Is there room for a 1930 Tudor?\nWe would bring two.' });
    expect(sent.status).toBe(200);
    expect((await failed(admin.token)).body).toEqual({ c: [] });
    // Every attempt failed: the outbox gave up on it and kept no text.
    for (let attempt = 0; attempt < 9; attempt += 1) {
      t.db
        .update(outbox)
        .set({ nextAttempt: new Date(0).toISOString() })
        .run();
      await t.services.mail.deliverDue();
    }
    expect(
      t.db
        .select()
        .from(outbox)
        .all()
        .map((row) => [row.status, row.text]),
    ).toEqual([['failed', '(not kept after sending)']]);

    const list = await failed(admin.token);
    expect(list.status).toBe(200);
    expect(list.body.c).toEqual([
      {
        id: expect.any(Number),
        name: 'Ada Lovelace',
        email: 'ada@example.test',
        message: 'Is there room for a 1930 Tudor?\nWe would bring two.',
        created: expect.any(String),
        lastError: expect.stringContaining('ECONNREFUSED'),
      },
    ]);

    // Once SMTP works again: queued again for the club's address, with its text.
    const resend = await request(t.app).post('/api/contact.resend.php').send({ g: admin.token, id: list.body.c[0].id });
    expect(resend.status).toBe(200);
    expect(resend.body).toEqual({});
    expect((await failed(admin.token)).body).toEqual({ c: [] });
    const queued = t.db.select().from(outbox).all().at(-1);
    expect(queued).toMatchObject({ status: 'pending', attempts: 0, to: 'webmaster@club.example', replyTo: '"Ada Lovelace" <ada@example.test>' });
    expect(queued?.text).toContain('We would bring two.');
    // The copy that failed is replaced, not counted failed beside the one now waiting.
    const counts = await request(t.app).post('/api/outbox.get.php').send({ g: admin.token });
    expect(counts.body.mail).toEqual({ sent: 0, saved: 0, waiting: 1, failed: 0 });
  });

  it('answers 404 for a message that did not fail, and 403 to a member who is not an admin', async () => {
    expect((await request(t.app).post('/api/contact.resend.php').send({ g: admin.token, id: 999 })).status).toBe(404);
    expect((await failed(member.token)).status).toBe(403);
    expect((await request(t.app).post('/api/contact.resend.php').send({ g: member.token, id: 1 })).status).toBe(403);
    expect((await failed('')).status).toBe(401);
  });
});
