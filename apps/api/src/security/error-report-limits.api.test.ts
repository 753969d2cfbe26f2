import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ERROR_REPORT_LIMITS } from '../features/account/service.ts';

let t: TestApp;
beforeEach(() => {
  t = createTestApp();
});
afterEach(() => t.close());

const report = (body: Record<string, unknown>, ip = '203.0.113.7') => request(t.app).post('/api/error.report.php').set('X-Forwarded-For', ip).send(body);
const rowCount = () => (t.db.$client.prepare('SELECT COUNT(*) AS n FROM error_reports').get() as { n: number }).n;

describe('error.report limits', () => {
  it('refuses a flood from one address with 429 and stores no more', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < ERROR_REPORT_LIMITS.perAddress + 10; i += 1) {
      statuses.push((await report({ e: `distinct error ${i}` })).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ERROR_REPORT_LIMITS.perAddress);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
    expect(rowCount()).toBe(ERROR_REPORT_LIMITS.perAddress);
    // Another address is not affected.
    expect((await report({ e: 'from elsewhere' }, '198.51.100.9')).status).toBe(200);
  });

  it('folds identical reports into one row with a count', async () => {
    for (let i = 0; i < 4; i += 1) expect((await report({ e: 'same error', u: 'http://x/events', s: 'at a' })).status).toBe(200);
    const rows = t.db.$client.prepare('SELECT message, count FROM error_reports').all();
    expect(rows).toEqual([{ message: 'same error', count: 4 }]);
  });

  it('caps the size of each stored field', async () => {
    await report({ e: 'm'.repeat(5000), u: `http://x/${'u'.repeat(1990)}`, s: 's'.repeat(20000) });
    const row = t.db.$client.prepare('SELECT message, url, stack FROM error_reports').get() as Record<string, string>;
    expect(row.message?.length).toBeLessThanOrEqual(ERROR_REPORT_LIMITS.messageChars);
    expect(row.url?.length).toBeLessThanOrEqual(ERROR_REPORT_LIMITS.urlChars);
    expect(row.stack?.length).toBeLessThanOrEqual(ERROR_REPORT_LIMITS.stackChars);
    expect(ERROR_REPORT_LIMITS.stackChars).toBeLessThan(20000);
  });

  it('keeps only recent reports, bounded in days and rows', async () => {
    const insert = t.db.$client.prepare('INSERT INTO error_reports (message, created, last_seen) VALUES (?, ?, ?)');
    const old = new Date(Date.now() - (ERROR_REPORT_LIMITS.keepDays + 1) * 86_400_000).toISOString();
    insert.run('old one', old, old);
    const recent = new Date().toISOString();
    t.db.$client.transaction(() => {
      for (let i = 0; i < ERROR_REPORT_LIMITS.maxRows + 5; i += 1) insert.run(`recent ${i}`, recent, recent);
    })();
    expect((await report({ e: 'newest' })).status).toBe(200);
    expect(rowCount()).toBe(ERROR_REPORT_LIMITS.maxRows);
    const messages = (t.db.$client.prepare('SELECT message FROM error_reports').all() as { message: string }[]).map((r) => r.message);
    expect(messages).toContain('newest');
    expect(messages).not.toContain('old one');
  });
});
