import { describe, expect, it } from 'vitest';
import { checkContactForm } from './contact-rules.ts';

const valid = { f: 'Ada', l: 'Lovelace', e: 'ada@example.com', m: 'Hello there.' };

describe('checkContactForm', () => {
  it('accepts a complete form', async () => {
    expect(await checkContactForm(valid)).toEqual({});
  });

  it('names every missing field, counting blanks as missing', async () => {
    expect(await checkContactForm({ f: '', l: '  ', e: '', m: '\n' })).toEqual({
      f: 'Please enter the first name.',
      l: 'Please enter the last name.',
      e: 'Please enter the e-mail address.',
      m: 'Please enter the message.',
    });
  });

  it('refuses an address without a domain', async () => {
    expect((await checkContactForm({ ...valid, e: 'ada@' })).e).toBe('Please enter a valid e-mail address, like name@example.com.');
    expect((await checkContactForm({ ...valid, e: 'ada.example.com' })).e).toMatch(/valid e-mail/);
  });
});
