import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember } from '../../test/factories.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BCRYPT_ROUNDS, UNKNOWN_ADDRESS_HASH } from '../features/account/credentials.ts';

/** The hashes one login attempt compared the password with, and its reply's status. */
async function comparedBy(t: TestApp, u: string, p: string): Promise<{ status: number; hashes: string[] }> {
  const compare = vi.spyOn(bcrypt, 'compare');
  try {
    const res = await request(t.app).post('/api/session.create.php').send({ u, p });
    return { status: res.status, hashes: compare.mock.calls.map((call) => String(call[1])) };
  } finally {
    compare.mockRestore();
  }
}

describe('login timing', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  it('checks an unknown address against a hash of the same cost as a real password', async () => {
    const { status, hashes } = await comparedBy(t, 'nobody@example.test', 'whatever-password');
    expect(status).toBe(401);
    expect(hashes).toHaveLength(1);
    expect(bcrypt.getRounds(hashes[0] ?? '')).toBe(BCRYPT_ROUNDS);
  });
});

describe('login timing with households sharing an address', () => {
  let t: TestApp;
  beforeAll(() => {
    t = createTestApp();
  });
  afterAll(() => t.close());

  it('compares as many hashes for every attempt, whatever the address and however many share it', async () => {
    const single = createMember(t.db, { firstName: 'Solo' });
    const couple = 'couple@example.test';
    const john = createMember(t.db, { firstName: 'John', email: couple });
    createMember(t.db, { firstName: 'Mary', email: couple });
    const family = 'family@example.test';
    const ann = createMember(t.db, { firstName: 'Ann', email: family });
    createMember(t.db, { firstName: 'Bob', email: family });
    createMember(t.db, { firstName: 'Cy', email: family, enabled: false });

    const attempts = [
      await comparedBy(t, 'nobody@example.test', 'wrong-password'),
      await comparedBy(t, single.email, 'wrong-password'),
      await comparedBy(t, couple, john.password),
      await comparedBy(t, family, 'wrong-password'),
      await comparedBy(t, family, ann.password),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 200, 401, 200]);
    // The largest household has three passwords: every attempt makes three comparisons.
    expect(attempts.map((attempt) => attempt.hashes.length)).toEqual([3, 3, 3, 3, 3]);
    // A known single member's attempt: their own hash, then the stand-in for the rest.
    expect(attempts[1]?.hashes.slice(1)).toEqual([UNKNOWN_ADDRESS_HASH, UNKNOWN_ADDRESS_HASH]);
    expect(attempts[0]?.hashes).toEqual([UNKNOWN_ADDRESS_HASH, UNKNOWN_ADDRESS_HASH, UNKNOWN_ADDRESS_HASH]);
    // Six of the comparisons are at the real cost (the stand-in's), slow on a loaded machine.
  }, 60_000);

  it('tries at most three members at one address, so a large household makes no login slower than that', async () => {
    const crowded = 'crowded@example.test';
    const eight = Array.from({ length: 8 }, (_, at) => createMember(t.db, { firstName: `Kin${at}`, email: crowded }));
    const attempts = [
      await comparedBy(t, 'stranger@example.test', 'wrong-password'),
      await comparedBy(t, crowded, 'wrong-password'),
      await comparedBy(t, crowded, eight[0]?.password ?? ''),
    ];
    expect(attempts.map((attempt) => attempt.status)).toEqual([401, 401, 200]);
    expect(attempts.map((attempt) => attempt.hashes.length)).toEqual([3, 3, 3]);
  }, 60_000);

  it('refuses a fourth password at one address, saying to use a sign-in link', async () => {
    const full = 'full@example.test';
    for (const firstName of ['Ada', 'Ben', 'Cal']) createMember(t.db, { firstName, email: full });
    const fourth = createMember(t.db, { firstName: 'Dot', email: full });
    const res = await request(t.app).post('/api/password.change.php').send({ g: fourth.token, o: fourth.password, n: 'dots-new-password' });
    expect(res.status).toBe(400);
    expect(res.body.e).toMatch(/already log in with a password.*E-mail me a sign-in link/);
  }, 60_000);
});
