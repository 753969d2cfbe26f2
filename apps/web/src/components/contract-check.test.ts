import { describe, expect, it } from 'vitest';
import { checkAgainstContract, contractFieldErrors } from './contract-check.ts';

describe('checkAgainstContract', () => {
  it("gives the contract's message for a blank or non-numeric year, in field order", async () => {
    expect(await checkAgainstContract('president.save', { y: '', n: '' })).toBe('Please enter the year.');
    expect(await checkAgainstContract('president.save', { y: 'nineteen', n: 'Ann' })).toBe('The year must be a number.');
    expect(await checkAgainstContract('president.save', { y: '1931', n: ' ' })).toBe('Please enter the name.');
  });

  it('accepts what the server accepts and ignores fields the form does not send', async () => {
    expect(await checkAgainstContract('president.save', { y: ' 1931 ', n: 'Henry Ford' })).toBeNull();
  });

  it("applies the contract's bounds, which the old client check did not", async () => {
    expect(await checkAgainstContract('president.save', { y: '1850', n: 'Ann' })).toBe('The year must be at least 1900.');
  });
});

describe('contractFieldErrors', () => {
  it('gives each field its first message, and nothing for fields that pass or are not sent', async () => {
    expect(await contractFieldErrors('newsletter.set', { m: '', y: 'last year', s: 0 })).toEqual({
      m: 'Please enter the month.',
      y: 'The year must be a number.',
    });
    expect(await contractFieldErrors('newsletter.set', { m: '4', y: '2024', s: 0 })).toEqual({});
  });
});
