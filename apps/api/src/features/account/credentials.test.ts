import bcrypt from 'bcrypt';
import { describe, expect, it } from 'vitest';
import { BCRYPT_ROUNDS, UNKNOWN_ADDRESS_HASH } from './credentials.ts';

describe('the hash an unknown address is checked against', () => {
  it('costs what a stored password costs, so a miss takes as long as a wrong password', () => {
    expect(bcrypt.getRounds(UNKNOWN_ADDRESS_HASH)).toBe(BCRYPT_ROUNDS);
  });

  it('is a real bcrypt hash that no likely password matches', async () => {
    expect(await bcrypt.compare('not-a-real-password', UNKNOWN_ADDRESS_HASH)).toBe(true);
    expect(await bcrypt.compare('', UNKNOWN_ADDRESS_HASH)).toBe(false);
  });
});
