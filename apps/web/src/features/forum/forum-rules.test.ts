import { describe, expect, it } from 'vitest';
import { formatForumDate, describeReplyCount, splitLinks } from './forum-rules.ts';

describe('splitLinks', () => {
  it('keeps plain text, line breaks and markup as text', () => {
    expect(splitLinks('Mine is cracked.\n<b>Who</b> has one?')).toEqual([{ kind: 'text', text: 'Mine is cracked.\n<b>Who</b> has one?' }]);
  });

  it('turns web addresses into links and leaves sentence punctuation outside', () => {
    expect(splitLinks('See https://example.org/parts?a=1. Or www.example.net, then call.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/parts?a=1', href: 'https://example.org/parts?a=1' },
      { kind: 'text', text: '. Or ' },
      { kind: 'link', text: 'www.example.net', href: 'https://www.example.net' },
      { kind: 'text', text: ', then call.' },
    ]);
  });

  it('leaves out a closing bracket the address did not open, but keeps one it did', () => {
    expect(splitLinks('(catalogue at http://example.org/a)')).toEqual([
      { kind: 'text', text: '(catalogue at ' },
      { kind: 'link', text: 'http://example.org/a', href: 'http://example.org/a' },
      { kind: 'text', text: ')' },
    ]);
    expect(splitLinks('https://en.example.org/wiki/Ford_(1903)')[0]).toMatchObject({ href: 'https://en.example.org/wiki/Ford_(1903)' });
  });

  it('never makes a link of other schemes', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([{ kind: 'text', text: 'javascript:alert(1) data:text/html,x' }]);
  });
});

describe('formatForumDate', () => {
  it('writes MMMM D, YYYY h:mm A in the club time zone', () => {
    expect(formatForumDate('2026-03-05T01:05:00.000Z', 'America/Chicago')).toBe('March 4, 2026 7:05 PM');
    expect(formatForumDate('2026-07-04T17:00:00.000Z', 'America/Chicago')).toBe('July 4, 2026 12:00 PM');
    expect(formatForumDate('2026-01-01T06:09:00.000Z', 'UTC')).toBe('January 1, 2026 6:09 AM');
  });
});

describe('describeReplyCount', () => {
  it('counts replies in words', () => {
    expect([0, 1, 2].map(describeReplyCount)).toEqual(['No replies yet', '1 reply', '2 replies']);
  });
});
