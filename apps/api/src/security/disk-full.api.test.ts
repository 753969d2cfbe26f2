import { Writable } from 'node:stream';
import type { Express } from 'express';
import pino from 'pino';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { createApp } from '../app.ts';
import { unsubscribeToken } from '../services/unsubscribe-links.ts';

// With the disk full, autocommit `INSERT … RETURNING` read with `.get()`
// answered 200 with a new id and stored nothing. SQLite's max_page_count stands in for the disk.
let t: TestApp;
let app: Express;
let historian: TestMember;
let reader: TestMember;
const logLines: string[] = [];
beforeAll(() => {
  t = createTestApp();
  const logger = pino(
    { level: 'info' },
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(chunk.toString());
        done();
      },
    }),
  );
  app = createApp({ config: t.config, db: t.db, services: t.services, logger });
  historian = createMember(t.db, { permissions: ['history'] });
  reader = createMember(t.db);
});
afterAll(() => t.close());

/** Caps the file at its present size and fills its free pages, so that any new row needs a page it cannot have. */
function fillTheDisk(): void {
  const sqlite = t.db.$client;
  sqlite.exec('CREATE TABLE IF NOT EXISTS filler (x BLOB)');
  sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true }))}`);
  // Large rows first, then ever smaller ones for the room left in the last pages.
  for (const bytes of [2048, 512, 64, 1]) {
    for (;;) {
      try {
        sqlite.prepare(`INSERT INTO filler VALUES (randomblob(${bytes}))`).run();
      } catch {
        break;
      }
    }
  }
}

const count = (table: string) => (t.db.$client.prepare(`SELECT COUNT(*) AS n FROM ${table}`).get() as { n: number }).n;

describe('a write whose commit fails', () => {
  it('throws from .get() instead of handing back the row it did not keep', () => {
    // A deferred foreign key is checked at commit, as a full disk is met when the WAL is written.
    const sqlite = t.db.$client;
    sqlite.exec(
      'CREATE TABLE parent_probe (id INTEGER PRIMARY KEY); CREATE TABLE child_probe (id INTEGER PRIMARY KEY, parent INTEGER REFERENCES parent_probe(id) DEFERRABLE INITIALLY DEFERRED)',
    );
    expect(() => sqlite.prepare('INSERT INTO child_probe (parent) VALUES (99) RETURNING id').get()).toThrow(/FOREIGN KEY/);
    expect(count('child_probe')).toBe(0);
  });
});

describe('writes on a full disk', () => {
  it('answers an error for every write it could not store, and /healthz and the log say so', async () => {
    expect((await request(app).get('/healthz')).status).toBe(200);
    fillTheDisk();
    const before = { presidents: count('presidents'), parties: count('startup_parties') };

    // Each kind of write until the first refusal: every acknowledged one must be stored.
    const acknowledged = { presidents: 0, parties: 0 };
    const refusals: request.Response[] = [];
    for (const [kind, send] of [
      [
        'presidents',
        (n: number) =>
          request(app)
            .post('/api/president.save.php')
            .send({ g: historian.token, i: 0, y: 1900 + (n % 100), n: `Full Disk ${n} ${'x'.repeat(150)}` }),
      ],
      [
        'parties',
        (n: number) =>
          request(app)
            .post('/api/startupParty.set.php')
            .send({ g: historian.token, i: 0, n: `Tudor ${n}`, x: 'y'.repeat(3000) }),
      ],
    ] as const) {
      for (let n = 0; n < 500; n += 1) {
        const res = await send(n);
        if (res.status !== 200) {
          refusals.push(res);
          break;
        }
        acknowledged[kind] += 1;
      }
    }
    const optOut = await request(app)
      .post('/api/email.unsubscribe.php')
      .send({ t: unsubscribeToken(t.services.keys.linkSecret, reader.id) });
    if (optOut.status === 200) expect(t.db.$client.prepare('SELECT email_notifications AS isOn FROM members WHERE id = ?').get(reader.id)).toEqual({ isOn: 0 });
    else refusals.push(optOut);

    expect(count('presidents')).toBe(before.presidents + acknowledged.presidents);
    expect(count('startup_parties')).toBe(before.parties + acknowledged.parties);
    expect(refusals.length).toBeGreaterThanOrEqual(2);
    for (const res of refusals) {
      expect(res.status).toBe(503);
      expect(res.body.e).toMatch(/Nothing was saved/);
    }

    const health = await request(app).get('/healthz');
    expect(health.status).toBe(503);
    expect(health.body).toMatchObject({ ok: false });
    expect(logLines.some((line) => /database or disk is full/.test(line))).toBe(true);
  });
});
