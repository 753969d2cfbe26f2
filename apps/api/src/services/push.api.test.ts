import { createCipheriv, createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { events, pushQueue, pushSubscriptions, type PushPayload } from '../db/schema/index.ts';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

/** A browser's side of a subscription: a P-256 key pair and an auth secret, as PushManager makes them. */
function newBrowserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, publicKey: ecdh.getPublicKey(), auth: randomBytes(16) };
}

/** Decrypts an aes128gcm push body (RFC 8188 framing, RFC 8291 keys) with the browser's keys. */
function decryptPush(body: Buffer, browser: ReturnType<typeof newBrowserKeys>): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const serverPublicKey = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const sharedSecret = browser.ecdh.computeSecret(serverPublicKey);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, serverPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, browser.auth, keyInfo, 32));
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  const end = padded.lastIndexOf(2);
  return padded.subarray(0, end).toString('utf8');
}

type Received = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A local HTTP server standing in for the push service; answers with the next status in `answers` (201 when empty). */
let pushServer: Server;
let pushUrl: string;
const received: Received[] = [];
const answers: number[] = [];
beforeAll(async () => {
  pushServer = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = answers.shift() ?? 201;
      res.end(res.statusCode >= 400 ? 'push service says no' : '');
    });
  });
  await new Promise<void>((resolve) => pushServer.listen(0, '127.0.0.1', resolve));
  const address = pushServer.address();
  pushUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});
afterAll(() => new Promise<void>((resolve) => pushServer.close(() => resolve())));

let t: TestApp;
beforeEach(() => {
  received.length = 0;
  answers.length = 0;
  t = createTestApp({ CLUB_TIMEZONE: 'America/Chicago', BASE_URL: 'https://club.example', VAPID_SUBJECT: 'mailto:webmaster@club.example' });
});
afterEach(() => t.close());

/** Registers a device whose endpoint is the local push service. */
function addDevice(memberId: number, name: string) {
  const browser = newBrowserKeys();
  const endpoint = `${pushUrl}/send/${name}`;
  const subscription = { endpoint, keys: { p256dh: browser.publicKey.toString('base64url'), auth: browser.auth.toString('base64url') } };
  const id = t.db
    .insert(pushSubscriptions)
    .values({ memberId, endpoint, subscription: JSON.stringify(subscription) })
    .returning()
    .get().id;
  return { id, browser };
}

const remindNow = (title: string) => {
  const eventId = t.db
    .insert(events)
    .values({ title, start: '2099-06-20T10:00', end: '2099-06-20T12:00', venue: 'Forest Park', notifyDaysOut: [0] })
    .returning()
    .get().id;
  t.services.reminders.run();
  return eventId;
};

describe('push delivery', () => {
  it('sends each device an aes128gcm push signed with VAPID that decrypts to the event', async () => {
    const member = createMember(t.db);
    const phone = addDevice(member.id, 'phone');
    addDevice(member.id, 'laptop');
    const eventId = remindNow('Concours d’Elegance');

    expect(await t.services.push.deliverDue()).toEqual({ sent: 2, failed: 0, removed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(['/send/laptop', '/send/phone']);
    const toPhone = received.find((r) => r.path === '/send/phone');
    expect(toPhone?.headers['content-encoding']).toBe('aes128gcm');
    expect(toPhone?.headers.authorization).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${t.services.push.publicKey}$`));
    expect(Number(toPhone?.headers.ttl)).toBeGreaterThan(0);
    const payload = JSON.parse(decryptPush(toPhone?.body ?? Buffer.alloc(0), phone.browser)) as PushPayload;
    expect(payload).toEqual({
      title: 'Concours d’Elegance',
      body: 'Saturday, June 20, 2099 at 10:00 AM · Forest Park',
      url: `/event/${eventId}`,
      icon: '/icon-192.png',
    });
    expect(t.db.select({ status: pushQueue.status }).from(pushQueue).all()).toEqual([{ status: 'sent' }, { status: 'sent' }]);
    expect(await t.services.push.deliverDue()).toEqual({ sent: 0, failed: 0, removed: 0 });
  });

  it('the decryption in this test rejects a body encrypted for other keys', () => {
    const browser = newBrowserKeys();
    const other = newBrowserKeys();
    const body = Buffer.concat([randomBytes(16), Buffer.from([0, 0, 16, 0, 65]), other.publicKey, randomBytes(40)]);
    expect(() => decryptPush(body, browser)).toThrow();
    // And a body built by hand the RFC's way does decrypt (so the helper is not trivially throwing).
    const server = createECDH('prime256v1');
    server.generateKeys();
    const salt = randomBytes(16);
    const ikm = Buffer.from(
      hkdfSync(
        'sha256',
        server.computeSecret(browser.publicKey),
        browser.auth,
        Buffer.concat([Buffer.from('WebPush: info\0'), browser.publicKey, server.getPublicKey()]),
        32,
      ),
    );
    const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
    const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
    const cipher = createCipheriv('aes-128-gcm', key, nonce);
    const sealed = Buffer.concat([cipher.update(Buffer.from('hello\x02')), cipher.final(), cipher.getAuthTag()]);
    const header = Buffer.alloc(21);
    salt.copy(header);
    header.writeUInt32BE(4096, 16);
    header.writeUInt8(65, 20);
    expect(decryptPush(Buffer.concat([header, server.getPublicKey(), sealed]), browser)).toBe('hello');
  });

  it('removes a device the push service says is gone (410), and its other waiting pushes', async () => {
    const member = createMember(t.db);
    const gone = addDevice(member.id, 'gone');
    remindNow('First');
    remindNow('Second');
    answers.push(410);
    expect(await t.services.push.deliverDue()).toEqual({ sent: 0, failed: 0, removed: 1 });
    expect(received).toHaveLength(1);
    expect(t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, gone.id)).all()).toEqual([]);
    expect(t.db.select().from(pushQueue).all()).toEqual([]);
  });

  it('retries a push the push service failed (500) with back-off, then sends it', async () => {
    const member = createMember(t.db);
    const device = addDevice(member.id, 'flaky');
    remindNow('Retry Me');
    answers.push(500);
    const before = Date.now();
    expect(await t.services.push.deliverDue()).toEqual({ sent: 0, failed: 1, removed: 0 });
    const [waiting] = t.db.select().from(pushQueue).all();
    expect(waiting?.status).toBe('pending');
    expect(waiting?.attempts).toBe(1);
    expect(waiting?.lastError).toBe('The push service answered 500: push service says no');
    expect(Date.parse(waiting?.nextAttempt ?? '')).toBeGreaterThanOrEqual(before + 60_000);
    // Not due yet: nothing is sent.
    expect(await t.services.push.deliverDue()).toEqual({ sent: 0, failed: 0, removed: 0 });

    t.db
      .update(pushQueue)
      .set({ nextAttempt: new Date(Date.now() - 1000).toISOString() })
      .run();
    expect(await t.services.push.deliverDue()).toEqual({ sent: 1, failed: 0, removed: 0 });
    expect(received).toHaveLength(2);
    expect(t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, device.id)).all()).toHaveLength(1);
    expect(t.db.select({ status: pushQueue.status, attempts: pushQueue.attempts }).from(pushQueue).all()).toEqual([{ status: 'sent', attempts: 2 }]);
  });

  it('marks a push failed after the last retry, and a dead push service crashes nothing', async () => {
    const member = createMember(t.db);
    const browser = newBrowserKeys();
    // A port nothing listens on any more: a push service that is down.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const endpoint = `http://127.0.0.1:${port}/send/unreachable`;
    const keys = { p256dh: browser.publicKey.toString('base64url'), auth: browser.auth.toString('base64url') };
    t.db
      .insert(pushSubscriptions)
      .values({ memberId: member.id, endpoint, subscription: JSON.stringify({ endpoint, keys }) })
      .run();
    remindNow('Unreachable');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      t.db
        .update(pushQueue)
        .set({ nextAttempt: new Date(Date.now() - 1000).toISOString() })
        .run();
      await t.services.push.deliverDue();
    }
    const [dead] = t.db.select().from(pushQueue).all();
    expect(dead?.status).toBe('failed');
    expect(dead?.attempts).toBe(6);
    expect(dead?.lastError).toMatch(/^fetch failed: .*ECONNREFUSED/);
  });
});
