import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { compressionBombPdf, hugeImagePdf, manyRectanglesPdf } from '../../test/hostile-pdfs.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { makeNewsletterPdf } from '../demo/newsletter-pdf.ts';

/**
 * A newsletter PDF is drawn outside the site's process, within a time limit,
 * a memory cap and a bound on image size. Short limits here keep the test quick; the site's own
 * are in services/pdf-covers.ts. The hostile PDFs run each of their two jobs (cover, text) into
 * the time limit, so it is short; an ordinary edition is drawn with more room, as a loaded
 * machine may need.
 */
const TIME_LIMIT_MS = 1_000;
const ORDINARY_TIME_LIMIT_MS = 3_000;

type Reply = { status: number; body: { n?: string; w?: string; e?: string } };
type Edition = { fileName: string; coverUrl: string };

function startServer(t: TestApp): Promise<{ base: string; close: () => Promise<void> }> {
  const server = http.createServer(t.app);
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ base: `http://127.0.0.1:${port}`, close: () => new Promise((done) => server.close(() => done())) });
    });
  });
}

async function uploadPdf(base: string, token: string, month: number, pdf: Buffer): Promise<Reply> {
  const form = new FormData();
  form.set('g', token);
  form.set('i', '0');
  form.set('m', String(month));
  form.set('y', '2024');
  form.set('s', '0');
  form.set('f', new Blob([pdf], { type: 'application/pdf' }), 'newsletter.pdf');
  const res = await fetch(`${base}/api/newsletter.set.php`, { method: 'POST', body: form });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
}

/** Asks /healthz every 100 ms until `done` settles; returns the slowest answer's time in ms. */
async function slowestHealthAnswer<T>(base: string, done: Promise<T>): Promise<{ result: T; slowestMs: number }> {
  let isDone = false;
  let slowestMs = 0;
  const polling = (async () => {
    while (!isDone) {
      const started = performance.now();
      const res = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(10_000) });
      expect(res.status).toBe(200);
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  })();
  const result = await done.finally(() => {
    isDone = true;
  });
  await polling;
  return { result, slowestMs };
}

let t: TestApp;
let editor: TestMember;
let server: { base: string; close: () => Promise<void> };
beforeAll(async () => {
  t = createTestApp({}, { pdfCoverLimits: { timeLimitMs: TIME_LIMIT_MS } });
  editor = createMember(t.db, { permissions: ['history'] });
  server = await startServer(t);
});
afterAll(async () => {
  await server?.close();
  t?.close();
});

const editionOf = async (base: string, fileName: string): Promise<Edition | undefined> => {
  const { v } = (await (await fetch(`${base}/api/newsletters.get.php`)).json()) as { v: Edition[] };
  return v.find((edition) => edition.fileName === fileName);
};

describe('POST /api/newsletter.set.php with a PDF that is costly to draw', () => {
  it.each([
    ['30 million tiny rectangles', 2, () => manyRectanglesPdf(30), /took longer than 1 s/],
    ['a 20,000 x 20,000 image', 3, () => hugeImagePdf(20_000), /an image of 400 megapixels/],
    ['a content stream that inflates to 2 GB', 4, () => compressionBombPdf(2), /took longer than 1 s/],
  ])(
    'keeps answering while it meets %s, then stores the edition with a plain cover and says so',
    async (_, month, makePdf, reason) => {
      const started = performance.now();
      const { result, slowestMs } = await slowestHealthAnswer(server.base, uploadPdf(server.base, editor.token, month, makePdf()));
      const tookMs = performance.now() - started;

      expect(result.status).toBe(200);
      expect(result.body.n).toMatch(/^Valley News \w+ 2024\.pdf$/);
      expect(result.body.w).toMatch(/cover could not be drawn/);
      expect(result.body.w).toMatch(reason);
      expect(slowestMs).toBeLessThan(1_000);
      // The time limit, plus starting the renderer (timed apart) and storing the file.
      expect(tookMs).toBeLessThan(TIME_LIMIT_MS + 10_000);
      expect(await editionOf(server.base, result.body.n ?? '')).toMatchObject({ coverUrl: '' });
    },
    30_000,
  );

  it('still draws an ordinary newsletter and says nothing more', async () => {
    const ordinary = createTestApp({}, { pdfCoverLimits: { timeLimitMs: ORDINARY_TIME_LIMIT_MS } });
    const ordinaryEditor = createMember(ordinary.db, { permissions: ['history'] });
    const ordinaryServer = await startServer(ordinary);
    try {
      const result = await uploadPdf(ordinaryServer.base, ordinaryEditor.token, 5, await makeNewsletterPdf({ year: 2024, month: 5, isSpecial: false }));
      expect(result).toEqual({ status: 200, body: { n: 'Valley News May 2024.pdf' } });
      expect((await editionOf(ordinaryServer.base, 'Valley News May 2024.pdf'))?.coverUrl).toMatch(/^\/uploads\/newsletter-covers\/.+\.jpg$/);
    } finally {
      await ordinaryServer.close();
      ordinary.close();
    }
  }, 30_000);
});

describe("the renderer's memory cap", () => {
  it('stops a renderer that grows past its cap, and stores the edition with a plain cover', async () => {
    const capped = createTestApp({}, { pdfCoverLimits: { memoryLimitMb: 48 } });
    const cappedEditor = createMember(capped.db, { permissions: ['history'] });
    const cappedServer = await startServer(capped);
    try {
      const result = await uploadPdf(cappedServer.base, cappedEditor.token, 6, await makeNewsletterPdf({ year: 2024, month: 6, isSpecial: false }));
      expect(result.status).toBe(200);
      expect(result.body.w).toMatch(/cover could not be drawn \(it needed more than 48 MB of memory\)/);
    } finally {
      await cappedServer.close();
      capped.close();
    }
  }, 30_000);
});
