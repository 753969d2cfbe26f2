import { describe, expect, it } from 'vitest';
import { carTitleOf, ownerLineOf, paragraphsOf } from './car-text.ts';

describe('car text', () => {
  it('names a car by year, style and name, and a nameless unknown as a Model A', () => {
    expect(carTitleOf({ year: 1929, bodyStyle: 'Roadster', name: 'Betsy' })).toBe('1929 Roadster Betsy');
    expect(carTitleOf({ year: null, bodyStyle: '', name: '' })).toBe('Model A');
  });

  it('says who owns it as far as the viewer may know', () => {
    expect(ownerLineOf({ owner: 'Olive Owner', isFormerMembers: false, visibility: 'public-named' })).toBe('Owner: Olive Owner');
    expect(ownerLineOf({ owner: null, isFormerMembers: false, visibility: 'public' })).toBe('Owner not shown');
    expect(ownerLineOf({ owner: null, isFormerMembers: true, visibility: 'public' })).toBe("Former member's car");
  });

  it('splits a story at blank lines', () => {
    expect(paragraphsOf('One.\n\nTwo\nlines.\n \n')).toEqual(['One.', 'Two\nlines.']);
  });
});
