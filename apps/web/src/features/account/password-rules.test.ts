import { describe, expect, it } from 'vitest';
import { PASSWORD_MISMATCH, checkNewPassword } from './password-rules.ts';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(fields)) data.set(key, value);
  return data;
};

describe('checkNewPassword', () => {
  it('accepts matching passwords', () => {
    expect(checkNewPassword(form({ n: 'carburetor-1', confirm: 'carburetor-1' }))).toBeNull();
  });

  it("refuses differing ones with the spec's message", () => {
    expect(checkNewPassword(form({ n: 'carburetor-1', confirm: 'carburetor-2' }))).toBe(PASSWORD_MISMATCH);
    expect(PASSWORD_MISMATCH).toBe('New Password and Confirm Password must match');
  });

  it('counts a missing confirmation as a mismatch', () => {
    expect(checkNewPassword(form({ n: 'carburetor-1' }))).toBe(PASSWORD_MISMATCH);
  });
});
