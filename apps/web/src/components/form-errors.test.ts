import { FIELD_MESSAGES } from '@club/contracts/plain';
import { registry } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { summarizeFieldErrors } from './form-errors.ts';

describe('summarizeFieldErrors', () => {
  it('says nothing when no field is marked', () => {
    expect(summarizeFieldErrors(0)).toBeNull();
  });

  it('counts the marked fields in one wording for every form', () => {
    expect(summarizeFieldErrors(1)).toBe('Please correct the field marked below.');
    expect(summarizeFieldErrors(2)).toBe('Please correct the 2 fields marked below.');
    expect(summarizeFieldErrors(4)).toBe('Please correct the 4 fields marked below.');
  });
});

describe('FIELD_MESSAGES', () => {
  it('is the wording the contracts answer with, so a field reads the same whichever check caught it', () => {
    const contact = registry['contact.submit'].request.safeParse({ f: '', l: 'Whitcombe', e: 'ada@', m: 'Hello' });
    const messages = contact.error?.issues.map((issue) => issue.message);
    expect(messages).toContain(FIELD_MESSAGES.missing('first name'));
    expect(messages).toContain(FIELD_MESSAGES.notEmailAddress('e-mail address'));
    expect(FIELD_MESSAGES.missing('first name')).toBe('Please enter the first name.');
  });
});

describe('FIELD_MESSAGES with a label that speaks to the member ("Your reply")', () => {
  it('reads as a sentence, without "the your"', () => {
    expect(FIELD_MESSAGES.missing('your reply')).toBe('Please enter your reply.');
    expect(FIELD_MESSAGES.notChosen('your car')).toBe('Please choose your car.');
    expect(FIELD_MESSAGES.tooLong('your reply', 20000)).toBe('Your reply is too long (at most 20000 characters).');
    expect(FIELD_MESSAGES.notEmailAddress('your e-mail address')).toBe('Please enter a valid e-mail address, like name@example.com.');
  });
});
