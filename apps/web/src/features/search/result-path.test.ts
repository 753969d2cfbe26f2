import { SEARCH_KINDS } from '@club/contracts/plain';
import { describe, expect, it } from 'vitest';
import { searchResultPath } from './result-path.ts';

describe('searchResultPath', () => {
  it('opens a newsletter at the matching page, and an edition found by its name at its start', () => {
    expect(searchResultPath('newsletter', { id: 4, part: 3, ref: 'Valley News May 1977.pdf' })).toEqual({
      to: '/newsletters/Valley%20News%20May%201977.pdf?page=3',
      isExternal: false,
    });
    expect(searchResultPath('newsletter', { id: 4, part: 0, ref: 'Valley News May 1977.pdf' }).to).toBe('/newsletters/Valley%20News%20May%201977.pdf');
  });

  it('opens an event, a photo post, a thread, a post in its thread, a car and a member card', () => {
    expect(searchResultPath('event', { id: 7, part: 0, ref: '' }).to).toBe('/event/7');
    expect(searchResultPath('photo', { id: 8, part: 0, ref: '' }).to).toBe('/blog/8');
    expect(searchResultPath('forumThread', { id: 9, part: 0, ref: '' }).to).toBe('/forum/9');
    expect(searchResultPath('forumPost', { id: 12, part: 9, ref: '' }).to).toBe('/forum/9#post-12');
    expect(searchResultPath('car', { id: 5, part: 0, ref: '' }).to).toBe('/registry/5');
    expect(searchResultPath('listing', { id: 7, part: 0, ref: '' }).to).toBe('/classifieds/7');
    expect(searchResultPath('member', { id: 5, part: 0, ref: 'Ann Oakes' }).to).toBe('/memberList?search=Ann%20Oakes');
  });

  it('opens a link of the Links page on its own site', () => {
    expect(searchResultPath('link', { id: 1, part: 0, ref: 'https://example.org/' })).toEqual({ to: 'https://example.org/', isExternal: true });
  });

  it('has a place for every kind', () => {
    for (const kind of SEARCH_KINDS) expect(searchResultPath(kind, { id: 1, part: 1, ref: '/x' }).to, kind).not.toBe('');
  });
});
