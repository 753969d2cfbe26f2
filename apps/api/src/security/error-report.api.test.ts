import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

type Row = { message: string; url: string; stack: string };
const rows = () => t.db.$client.prepare('SELECT message, url, stack FROM error_reports ORDER BY id').all() as Row[];

describe('error.report', () => {
  it('stores reset paths and query strings scrubbed, as the logs do', async () => {
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz0123456789_-';
    const res = await request(t.app)
      .post('/api/error.report.php')
      .send({
        e: `TypeError at http://localhost/reset/${token}: boom`,
        u: `http://localhost/reset/${token}?next=/members`,
        s: `Error: boom\n    at http://localhost/reset/${token}/x (index-Ab12.js:1:2)`,
      });
    expect(res.status).toBe(200);
    const stored = rows().at(-1);
    expect(JSON.stringify(stored)).not.toContain(token);
    expect(stored?.url).toBe('http://localhost/reset/[token]');
    expect(stored?.message).toBe('TypeError at http://localhost/reset/[token]: boom');
    expect(stored?.stack).toContain('/reset/[token]/x (index-Ab12.js:1:2)');
  });
});
