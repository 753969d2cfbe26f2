import { gzipSync } from 'node:zlib';
import { registry } from '@club/contracts';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { generateClubData, generatedTokens, type GeneratedData } from './generate.ts';
import { webDoors, webReads } from './web-reads.ts';

/** No call the web app makes may answer more than this, gzip-compressed, at ten times the club. */
const MAX_GZIP_BYTES = 300 * 1024;

let t: TestApp;
let data: GeneratedData;

beforeAll(() => {
  t = createTestApp();
  data = generateClubData(t.db, { scale: 10 });
}, 240_000);
afterAll(() => t.close());

describe('size budget at ten times the club', () => {
  it("generates the issue's figures", () => {
    expect(data.counts).toMatchObject({
      members: 1500,
      events: 6000,
      photoPosts: 3000,
      newsletters: 180,
      cars: 1500,
      carPhotos: 4000,
      routes: 300,
      routeSteps: 30_000,
      outbox: 60_000,
    });
    expect(data.counts.forumThreads + data.counts.forumPosts).toBe(20_000);
    expect(data.counts.attendance).toBeGreaterThan(100_000);
  });

  // The tokens are the generator's, named by seed and scale (the list is built before the data).
  const tokens = generatedTokens(1, 10);

  it.each(
    webReads(tokens)
      .filter((read) => read.isBudgeted)
      .map((read) => [read.label, read] as const),
  )(
    '%s answers at most 300 KB gzip',
    async (_label, read) => {
      const body = { ...read.body, g: read.isAdmin ? data.tokens.admin : data.tokens.member };
      const res = await request(t.app).post(registry[read.name].path).set('Accept-Encoding', 'identity').send(body);
      expect(res.status).toBe(200);
      const gzipBytes = gzipSync(Buffer.from(res.text)).length;
      expect(gzipBytes, `${read.label}: ${(gzipBytes / 1024).toFixed(0)} KB gzip`).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    },
    30_000,
  );

  it.each(
    webDoors(tokens)
      .filter((door) => door.isBudgeted)
      .map((door) => [door.label, door] as const),
  )(
    '%s answers at most 300 KB gzip',
    async (_label, door) => {
      const res =
        door.method === 'GET'
          ? await request(t.app).get(door.path).set('Accept-Encoding', 'identity')
          : await request(t.app)
              .post(door.path)
              .type('form')
              .set('Accept-Encoding', 'identity')
              .send(door.form ?? {});
      expect(res.status).toBe(200);
      const gzipBytes = gzipSync(Buffer.from(res.text)).length;
      expect(gzipBytes, `${door.label}: ${(gzipBytes / 1024).toFixed(0)} KB gzip`).toBeLessThanOrEqual(MAX_GZIP_BYTES);
    },
    30_000,
  );

  it('names the tokens the generator made', () => {
    expect(generatedTokens(1, 10)).toEqual(data.tokens);
  });
});
