import request from 'supertest';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { ConfigError, loadConfig } from '../config.ts';
import { createRateLimit } from '../services/rate-limit.ts';
import { createLoginThrottle } from '../services/login-throttle.ts';

describe('login throttle', () => {
  let t: TestApp;
  beforeEach(() => {
    t = createTestApp();
  });
  afterEach(() => t.close());

  it('backs off one account whatever address the guesses come from', async () => {
    const member = createMember(t.db);
    for (let i = 0; i < 8; i += 1) {
      const res = await request(t.app)
        .post('/api/session.create.php')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ u: member.email, p: `wrong guess ${i}` });
      expect([401, 429]).toContain(res.status);
    }
    const right = await request(t.app).post('/api/session.create.php').set('X-Forwarded-For', '198.51.100.77').send({ u: member.email, p: member.password });
    expect(right.status).toBe(429);
  });

  it('counts an IPv6 /64 as one address', () => {
    const throttle = createLoginThrottle();
    for (let i = 1; i <= 40; i += 1) throttle.recordFailure(`2001:db8:1:2::${i.toString(16)}`, `someone${i}@example.test`);
    expect(throttle.isBlocked('2001:db8:1:2:ffff:ffff:ffff:ffff', 'fresh@example.test')).toBe(true);
    expect(throttle.isBlocked('2001:db8:1:3::1', 'fresh@example.test')).toBe(false);
  });

  it('keeps a blocked address blocked when the table fills up, dropping the oldest entries', () => {
    const throttle = createLoginThrottle();
    // Older entries first, so that the table has something older than the blocked address to drop.
    for (let i = 0; i < 100; i += 1) throttle.recordFailure(`10.200.${i}.1`, `early${i}@example.test`);
    for (let i = 0; i < 40; i += 1) throttle.recordFailure('192.0.2.1', `victim${i}@example.test`);
    expect(throttle.isBlocked('192.0.2.1', 'another@example.test')).toBe(true);
    // One new address per failure: just past the 10,000 entries each of the throttle's tables holds.
    for (let i = 0; i < 9950; i += 1) throttle.recordFailure(`10.${i >> 8}.${i & 255}.1`, `guessed${i}@example.test`);
    expect(throttle.isBlocked('192.0.2.1', 'another@example.test')).toBe(true);
  });
});

describe('rate limits', () => {
  it('keep a used-up key used up when the table fills up', () => {
    const limit = createRateLimit({ windowMs: 60_000, max: 2 });
    expect(limit.tryTake('192.0.2.9')).toBe(true);
    expect(limit.tryTake('192.0.2.9')).toBe(true);
    expect(limit.tryTake('192.0.2.9')).toBe(false);
    for (let i = 0; i < 5000; i += 1) limit.tryTake(`10.${i >> 8}.${i & 255}.1`);
    expect(limit.tryTake('192.0.2.9')).toBe(false);
    // Past the 10,000 keys the table holds: the oldest go, not the recently refused one.
    for (let i = 5000; i < 10000; i += 1) limit.tryTake(`10.${i >> 8}.${i & 255}.1`);
    expect(limit.tryTake('192.0.2.9')).toBe(false);
  });

  it('count an IPv6 /64 as one address', () => {
    const limit = createRateLimit({ windowMs: 60_000, max: 2 });
    expect(limit.tryTake('2001:db8::1')).toBe(true);
    expect(limit.tryTake('2001:db8::2')).toBe(true);
    expect(limit.tryTake('2001:db8:0:0:1::3')).toBe(false);
  });
});

describe('TRUST_PROXY', () => {
  it('trusts X-Forwarded-For from loopback only by default', () => {
    const t = createTestApp();
    const trusts = t.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    t.close();
    expect(trusts('127.0.0.1', 0)).toBe(true);
    expect(trusts('10.1.2.3', 0)).toBe(false);
    expect(trusts('192.168.1.20', 0)).toBe(false);
    expect(trusts('fd00::1', 0)).toBe(false);
  });

  it('trusts the configured proxy, and none when set to "none"', async () => {
    const t = createTestApp({ TRUST_PROXY: '10.0.0.0/8' });
    const trusts = t.app.get('trust proxy fn') as (address: string, hop: number) => boolean;
    expect(trusts('10.1.2.3', 0)).toBe(true);
    expect(trusts('127.0.0.1', 0)).toBe(false);
    t.close();
    const none = createTestApp({ TRUST_PROXY: 'none' });
    const member = createMember(none.db);
    const statuses: number[] = [];
    for (let i = 0; i < 9; i += 1) {
      const res = await request(none.app)
        .post('/api/session.create.php')
        .set('X-Forwarded-For', `203.0.113.${i + 1}`)
        .send({ u: member.email, p: 'wrong' });
      statuses.push(res.status);
    }
    none.close();
    // Forged addresses are ignored: the guesses all count against the real one.
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a value that is not an address, a subnet or a known name', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'my proxy' })).toThrow(ConfigError);
    expect(() => loadConfig({ TRUST_PROXY: 'my proxy' })).toThrow(/TRUST_PROXY/);
  });
});
