import { DEFAULT_BODY_STYLES } from '@club/contracts';
import { describe, expect, it } from 'vitest';
import { memberLineOf, parseCarLine } from './car-line.ts';

describe('parseCarLine', () => {
  it.each([
    ['1930 Model A Tudor Sedan', { year: 1930, bodyStyle: 'Tudor', name: 'Sedan' }],
    ['1929 AA truck', { year: 1929, bodyStyle: 'Truck', name: 'AA' }],
    ['1931 Ford Model A Sport Coupe "Betsy"', { year: 1931, bodyStyle: 'Sport Coupe', name: '"Betsy"' }],
    ['1931 Model A Town Sedan', { year: 1931, bodyStyle: 'Town Sedan', name: '' }],
    ['1928 Phaeton, green', { year: 1928, bodyStyle: 'Phaeton', name: 'green' }],
    ['Betsy', { year: null, bodyStyle: '', name: 'Betsy' }],
    ["'31 Deluxe Roadster", { year: null, bodyStyle: 'Roadster', name: "'31 Deluxe" }],
    ['2099 roadster', { year: null, bodyStyle: 'Roadster', name: '2099' }],
    ['1929', { year: 1929, bodyStyle: '', name: '' }],
    ['Something other', { year: null, bodyStyle: '', name: 'Something other' }],
  ])('reads %j', (line, expected) => {
    expect(parseCarLine(line, DEFAULT_BODY_STYLES)).toEqual(expected);
  });
});

describe('memberLineOf', () => {
  it.each([
    ['1931 Model A Deluxe Phaeton', '1931 Deluxe Phaeton'],
    ['1931 Ford Model A Slant Window Fordor', '1931 Slant Window Fordor'],
    ['1928 Phaeton, green', '1928 Phaeton, green'],
    ["'31 Deluxe Roadster", "'31 Deluxe Roadster"],
    ['  Grandpa’s  old car ', 'Grandpa’s  old car'],
    ['Ford Model A', 'Ford Model A'],
  ])('says %j as %j', (line, expected) => {
    expect(memberLineOf(line, parseCarLine(line, DEFAULT_BODY_STYLES))).toBe(expected);
  });
});
