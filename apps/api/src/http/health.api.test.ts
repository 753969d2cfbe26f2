import fs from 'node:fs';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/test-app.ts';

const t = createTestApp();
afterAll(() => t.close());

const health = () => request(t.app).get('/healthz');

describe('GET /healthz', () => {
  it('answers 200 with each check ok when the database reads and writes and the uploads folder is there', async () => {
    const res = await health();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ok: true, checks: { database: 'ok', uploads: 'ok' } });
  });

  it('answers 503 naming the database when the data folder was moved away, and 200 once it is back', async () => {
    const moved = `${t.dataDir}-moved`;
    fs.renameSync(t.dataDir, moved);
    try {
      const res = await health();
      expect(res.status).toBe(503);
      expect(res.body.ok).toBe(false);
      expect(res.body.checks.database).toMatch(/club\.db is not in DATA_DIR/);
      expect(res.body.checks.uploads).toMatch(/uploads folder is missing/);
    } finally {
      fs.renameSync(moved, t.dataDir);
    }
    expect((await health()).status).toBe(200);
  });

  it('answers 503 when the database file was replaced under the running site', async () => {
    fs.copyFileSync(t.config.databaseFile, `${t.config.databaseFile}.copy`);
    fs.renameSync(`${t.config.databaseFile}.copy`, t.config.databaseFile);
    const res = await health();
    expect(res.status).toBe(503);
    expect(res.body.checks.database).toMatch(/replaced while the site runs; restart the site/);
    expect(res.body.checks.uploads).toBe('ok');
  });
});

describe('GET /healthz with the uploads folder gone', () => {
  it('answers 503 naming the uploads folder', async () => {
    const other = createTestApp();
    try {
      fs.rmSync(other.config.uploadsDir, { recursive: true, force: true });
      const res = await request(other.app).get('/healthz');
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ ok: false, checks: { database: 'ok', uploads: expect.stringMatching(/uploads folder is missing/) } });
    } finally {
      other.close();
    }
  });
});
