import { describe, expect, it } from 'vitest';
import { findLinks, toParagraphs } from './post-text.ts';

describe('toParagraphs', () => {
  it('splits at blank lines and keeps single breaks', () => {
    expect(toParagraphs('First line\nsecond line\r\n\r\n\n  Next paragraph  ')).toEqual([
      [{ kind: 'text', text: 'First line' }, { kind: 'break' }, { kind: 'text', text: 'second line' }],
      [{ kind: 'text', text: 'Next paragraph' }],
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(toParagraphs('<b>bold</b> <script>x</script>')).toEqual([[{ kind: 'text', text: '<b>bold</b> <script>x</script>' }]]);
  });

  it('gives nothing for blank text', () => {
    expect(toParagraphs(' \n \n')).toEqual([]);
  });
});

describe('findLinks', () => {
  it('links web addresses and leaves the sentence punctuation out', () => {
    expect(findLinks('See https://example.org/route, or www.example.com.')).toEqual([
      { kind: 'text', text: 'See ' },
      { kind: 'link', text: 'https://example.org/route', href: 'https://example.org/route' },
      { kind: 'text', text: ', or ' },
      { kind: 'link', text: 'www.example.com', href: 'https://www.example.com' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a closing bracket that the address opened', () => {
    expect(findLinks('(https://en.wikipedia.org/wiki/Ford_Model_A_(1927–1931))')).toEqual([
      { kind: 'text', text: '(' },
      { kind: 'link', text: 'https://en.wikipedia.org/wiki/Ford_Model_A_(1927–1931)', href: 'https://en.wikipedia.org/wiki/Ford_Model_A_(1927–1931)' },
      { kind: 'text', text: ')' },
    ]);
  });

  it('never links a javascript: address', () => {
    expect(findLinks('javascript:alert(1)')).toEqual([{ kind: 'text', text: 'javascript:alert(1)' }]);
  });
});
