import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let web: string;
const script = `console.log(${JSON.stringify('a vintage car '.repeat(200))});\n`;

beforeAll(() => {
  web = fs.mkdtempSync(path.join(os.tmpdir(), 'club-web-'));
  fs.mkdirSync(path.join(web, 'assets'));
  // Over the compression threshold, so a dynamic page would be compressed.
  fs.writeFileSync(path.join(web, 'index.html'), `<!doctype html><title>x</title><!-- ${'padding '.repeat(400)} -->`);
  fs.writeFileSync(path.join(web, 'assets', 'app-Ab12.js'), script);
  fs.writeFileSync(path.join(web, 'assets', 'app-Ab12.js.br'), brotliCompressSync(script));
  fs.writeFileSync(path.join(web, 'assets', 'app-Ab12.js.gz'), gzipSync(script));
  t = createTestApp({ WEB_DIST: web });
});
afterAll(() => {
  t.close();
  fs.rmSync(web, { recursive: true, force: true });
});

describe('compression', () => {
  it('sends a hashed asset as its prebuilt brotli file, cached for a year', async () => {
    const res = await request(t.app).get('/assets/app-Ab12.js').set('Accept-Encoding', 'gzip, deflate, br');
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
  });

  it('sends the prebuilt gzip file to a browser without brotli, and 404s an unknown asset', async () => {
    const res = await request(t.app).get('/assets/app-Ab12.js').set('Accept-Encoding', 'gzip');
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(res.text).toBe(script);
    expect((await request(t.app).get('/assets/gone-Zz99.js')).status).toBe(404);
  });

  it('compresses dynamic answers with gzip only, even when the browser prefers brotli', async () => {
    const page = await request(t.app).get('/events').set('Accept-Encoding', 'br, gzip');
    expect(page.status).toBe(200);
    expect(page.headers['content-encoding']).toBe('gzip');
    const onlyBrotli = await request(t.app).get('/events').set('Accept-Encoding', 'br');
    expect(onlyBrotli.headers['content-encoding']).toBeUndefined();
  });
});
