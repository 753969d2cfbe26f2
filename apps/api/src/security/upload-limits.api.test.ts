import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { makeJpeg } from '../../test/images.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let server: http.Server;
let plain: TestMember;
let admin: TestMember;
beforeAll(async () => {
  t = createTestApp();
  plain = createMember(t.db);
  admin = createMember(t.db, { permissions: ['admin'] });
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  t.close();
});

const BOUNDARY = 'probe-boundary';
const field = (name: string, value: string) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`);
const fileStart = (name: string) =>
  Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`);

type Outcome = { status: number; body: { e?: string } } | 'no answer';

/**
 * Sends the start of a multipart body announcing `declaredBytes`, keeps the body open, and
 * reports the answer if it comes before the body is finished (or 'no answer' after a wait).
 */
function postOpenBody(call: string, start: Buffer, declaredBytes: number): Promise<Outcome> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve) => {
    const req = http.request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: `/api/${call}.php`,
      headers: { 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Content-Length': declaredBytes },
    });
    const timer = setTimeout(() => {
      req.destroy();
      resolve('no answer');
    }, 3000);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        clearTimeout(timer);
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as { e?: string } });
      });
    });
    req.on('error', () => undefined);
    req.write(start);
    // A first megabyte of "photo"; the rest of the announced body never comes.
    req.write(Buffer.alloc(1024 * 1024, 0xab));
  });
}

const tempEntries = () => {
  const dir = path.join(t.dataDir, 'tmp');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};

describe('uploads are checked before they are read', () => {
  it('refuses a file after an unknown session at its first part, without reading the body', async () => {
    // Without any `g` the file waits on disk for one (multipart-order.api.test.ts).
    const start = Buffer.concat([field('g', 'no-such-session'), field('id', '0'), fileStart('f[]')]);
    const outcome = await postOpenBody('blog.save', start, 50 * 1024 * 1024);
    expect(outcome).toMatchObject({ status: 401 });
  });

  it('refuses a file from a member without the permission at its first part', async () => {
    const start = Buffer.concat([field('g', plain.token), field('id', '0'), fileStart('f[]')]);
    expect(await postOpenBody('blog.save', start, 50 * 1024 * 1024)).toMatchObject({ status: 403 });
  });

  it('refuses a body larger than the call can take, from its announced length', async () => {
    const start = Buffer.concat([field('g', admin.token), field('i', '0'), fileStart('f')]);
    expect(await postOpenBody('member.save', start, 600 * 1024 * 1024)).toMatchObject({ status: 413 });
  });

  it('refuses more files than the call takes as soon as the extra one starts', async () => {
    const photo = await makeJpeg(20, 20);
    const start = Buffer.concat([field('g', admin.token), field('i', '0'), fileStart('f'), photo, Buffer.from('\r\n'), fileStart('f[]')]);
    expect(await postOpenBody('member.save', start, 10 * 1024 * 1024)).toMatchObject({ status: 413 });
  });

  it('refuses a text field longer than any contract allows', async () => {
    const res = await request(t.app)
      .post('/api/session.get.php')
      .field('g', admin.token)
      .field('x', 'a'.repeat(200 * 1024));
    expect(res.status).toBe(413);
  });

  it('leaves no temporary file behind, whether the upload was taken or refused', async () => {
    const photo = await makeJpeg(40, 40);
    const accepted = await request(t.app)
      .post('/api/member.save.php')
      .field('g', admin.token)
      .field('i', '0')
      .field('o', '1')
      .field('fn', 'Temp')
      .field('l', 'File')
      .field('e', 'temp.file@example.test')
      .attach('f', photo, 'face.jpg');
    expect(accepted.status).toBe(200);
    const refused = await request(t.app).post('/api/member.save.php').field('g', plain.token).attach('f', photo, 'face.jpg');
    expect(refused.status).toBe(403);
    // Removal may finish just after the reply; a file still there after 5 s is left behind.
    await vi.waitFor(() => expect(tempEntries()).toEqual([]), { timeout: 5_000, interval: 20 });
  });
});
