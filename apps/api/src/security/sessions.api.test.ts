import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember, type TestMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { hashToken } from '../lib/tokens.ts';

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const inDays = (days: number) => new Date(Date.now() + days * DAY_MS).toISOString();

let t: TestApp;
let member: TestMember;
beforeEach(() => {
  t = createTestApp();
  member = createMember(t.db);
});
afterEach(() => t.close());

const setSession = (token: string, values: { created: string; lastSeen: string; expires: string }) =>
  t.db.$client
    .prepare('UPDATE sessions SET created = ?, last_seen = ?, expires = ? WHERE token_hash = ?')
    .run(values.created, values.lastSeen, values.expires, hashToken(token));
const sessionGet = (token: string) => request(t.app).post('/api/session.get.php').send({ g: token });

describe('sessions', () => {
  it('end a year after login, however often they were used', async () => {
    setSession(member.token, { created: daysAgo(366), lastSeen: daysAgo(2), expires: inDays(178) });
    expect((await sessionGet(member.token)).status).toBe(401);
  });

  it('never slide past a year after login', async () => {
    setSession(member.token, { created: daysAgo(360), lastSeen: daysAgo(2), expires: inDays(178) });
    expect((await sessionGet(member.token)).status).toBe(200);
    const row = t.db.$client.prepare('SELECT expires FROM sessions WHERE token_hash = ?').get(hashToken(member.token)) as { expires: string };
    expect(Date.parse(row.expires)).toBeLessThanOrEqual(Date.now() + 5 * DAY_MS + 60_000);
  });

  it('are purged from the database once expired', async () => {
    const stale = createMember(t.db);
    setSession(stale.token, { created: daysAgo(200), lastSeen: daysAgo(181), expires: daysAgo(1) });
    const capped = createMember(t.db);
    setSession(capped.token, { created: daysAgo(400), lastSeen: daysAgo(1), expires: inDays(100) });
    const login = await request(t.app).post('/api/session.create.php').send({ u: member.email, p: member.password });
    expect(login.status).toBe(200);
    const left = t.db.$client.prepare('SELECT member_id FROM sessions').all() as { member_id: number }[];
    expect(left.map((r) => r.member_id).sort()).toEqual([member.id, member.id]);
  });
});

describe('configuration errors', () => {
  it('name the variable but never echo its value', () => {
    const env = { SMTP_URL: 'http://club:S3cretPassw0rd@mail.example.test:25' };
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(/SMTP_URL/);
    expect(() => loadConfig(env)).not.toThrow(/S3cretPassw0rd/);
  });
});
