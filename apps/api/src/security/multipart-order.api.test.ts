import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { makeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

// Text parts read into memory before the 401, and `g` after the files.
let t: TestApp;
let server: http.Server;
let plain: TestMember;
let editor: TestMember;
let photo: Buffer;
beforeAll(async () => {
  t = createTestApp();
  plain = createMember(t.db);
  editor = createMember(t.db, { permissions: ['blog', 'event', 'forum'] });
  photo = await makeJpeg(40, 30);
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

const BOUNDARY = 'order-boundary';
const field = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const file = (name: string, content: Buffer) =>
  Buffer.concat([
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
    content,
    Buffer.from('\r\n'),
  ]);
const end = Buffer.from(`--${BOUNDARY}--\r\n`);

type Outcome = { status: number; body: { e?: string } } | 'no answer';

/**
 * Sends `start` of a multipart body announcing `declaredBytes` and keeps the rest from coming;
 * reports the answer if it arrives before the body is finished (else 'no answer' after 3 s).
 * `close` ends the request when the caller is done with it.
 */
function postOpenBody(call: string, start: Buffer, declaredBytes: number): { outcome: Promise<Outcome>; close: () => void } {
  const { port } = server.address() as AddressInfo;
  const req = http.request({
    host: '127.0.0.1',
    port,
    method: 'POST',
    path: `/api/${call}.php`,
    headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': declaredBytes },
  });
  const outcome = new Promise<Outcome>((resolve) => {
    const timer = setTimeout(() => resolve('no answer'), 3000);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { e?: string } });
      });
    });
  });
  req.on('error', () => undefined);
  req.write(start);
  return { outcome, close: () => req.destroy() };
}

const post = (call: string, body: Buffer) =>
  request(server).post(`/api/${call}.php`).set('Content-Type', `multipart/form-data; boundary=${BOUNDARY}`).send(body);

const tempEntries = () => {
  const dir = path.join(t.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('text parts of a multipart body', () => {
  it('refuses an anonymous body once its text parts pass 1 MB, before the rest is read', async () => {
    // 10 fields of 150 KB: each is within the per-field limit, together they pass 1 MB.
    const fields = Array.from({ length: 10 }, (_, i) => field(`x${i}`, 'a'.repeat(150 * 1024)));
    const open = postOpenBody('blog.save', Buffer.concat(fields), 48 * 1024 * 1024);
    expect(await open.outcome).toMatchObject({ status: 413 });
    open.close();
  });

  it('refuses the same from a logged-in editor', async () => {
    const fields = Array.from({ length: 10 }, (_, i) => field(`x${i}`, 'a'.repeat(150 * 1024)));
    const open = postOpenBody('forum.createThread', Buffer.concat([field('g', editor.token), ...fields]), 48 * 1024 * 1024);
    expect(await open.outcome).toMatchObject({ status: 413 });
    open.close();
  });

  it('still takes a long post of 150 KB with its other fields', async () => {
    const body = Buffer.concat([
      field('g', editor.token),
      field('id', '0'),
      field('t', 'A long story'),
      field('date', '2031-01-02'),
      field('h', '€'.repeat(49_000)),
      end,
    ]);
    const res = await post('blog.save', body);
    expect(res.status).toBe(200);
  });
});

describe('`g` after the file parts', () => {
  it('saves an event whose form puts g after the picture', async () => {
    const body = Buffer.concat([
      field('id', '0'),
      file('f', photo),
      field('t', 'Order test tour'),
      field('start', '2031-05-03T09:00'),
      field('end', '2031-05-03T12:00'),
      field('venue', 'The barn'),
      field('g', editor.token),
      end,
    ]);
    const res = await post('event.save', body);
    expect(res.status).toBe(200);
    expect(res.body.img).toMatch(/^\/uploads\//);
  });

  it('saves a blog post whose form puts g after the pictures', async () => {
    const body = Buffer.concat([
      field('id', '0'),
      field('t', 'Order test post'),
      file('f[]', photo),
      file('f[]', photo),
      field('date', '2031-01-02'),
      field('h', 'Two pictures.'),
      field('g', editor.token),
      end,
    ]);
    const res = await post('blog.save', body);
    expect(res.status).toBe(200);
  });

  it('refuses an anonymous body whose files came without g, and leaves no file', async () => {
    const res = await post('blog.save', Buffer.concat([field('id', '0'), file('f[]', photo), field('t', 'x'), end]));
    expect(res.status).toBe(401);
    await vi.waitFor(() => expect(tempEntries()).toEqual([]), { timeout: 5_000, interval: 20 });
  });

  it('refuses as soon as a late g turns out to lack the permission, before the body ends', async () => {
    // The next part's boundary ends the `g` part; the rest of the body never comes.
    const open = postOpenBody('blog.save', Buffer.concat([file('f[]', photo), field('g', plain.token), field('id', '0')]), 20 * 1024 * 1024);
    expect(await open.outcome).toMatchObject({ status: 403 });
    open.close();
    await vi.waitFor(() => expect(tempEntries()).toEqual([]), { timeout: 5_000, interval: 20 });
  });

  it('spools one body without g at a time per client address', async () => {
    const first = postOpenBody('blog.save', file('f[]', photo), 20 * 1024 * 1024);
    // Let the first body's file reach the server before the second starts.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const second = postOpenBody('event.save', file('f', photo), 10 * 1024 * 1024);
    expect(await second.outcome).toMatchObject({ status: 429 });
    second.close();
    first.close();
    await vi.waitFor(() => expect(tempEntries()).toEqual([]), { timeout: 5_000, interval: 20 });
  });
});
