import bcrypt from 'bcrypt';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { BCRYPT_ROUNDS } from '../features/account/credentials.ts';

let t: TestApp;
beforeAll(() => {
  t = createTestApp();
});
afterAll(() => t.close());

describe('login timing (finding 3)', () => {
  it('checks an unknown address against a hash of the same cost as a real password', async () => {
    const compare = vi.spyOn(bcrypt, 'compare');
    const res = await request(t.app).post('/api/session.create.php').send({ u: 'nobody@example.test', p: 'whatever-password' });
    expect(res.status).toBe(401);
    const hashes = compare.mock.calls.map((call) => String(call[1]));
    compare.mockRestore();
    expect(hashes).toHaveLength(1);
    expect(bcrypt.getRounds(hashes[0] ?? '')).toBe(BCRYPT_ROUNDS);
  });
});
