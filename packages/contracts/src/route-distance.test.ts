import { describe, expect, it } from 'vitest';
import { haversineMiles, legsOf, resolveDistances, roundMiles, trackMiles, formatDistance } from './route-distance.ts';

/** The list's item at `index` (negative counts from the end); a missing one fails the test. */
function nth<T>(list: readonly T[], index: number): T {
  const item = list.at(index);
  if (item === undefined) throw new Error(`no item ${index} in a list of ${list.length}`);
  return item;
}

describe('resolveDistances', () => {
  it('computes cumulative distances from typed legs', () => {
    const result = resolveDistances([{ leg: 1.2 }, { leg: 0.8 }, { leg: 10.4 }]);
    expect(result).toEqual({ isValid: true, distances: [1.2, 2, 12.4] });
  });

  it('keeps a typed cumulative distance and computes the legs around it', () => {
    const result = resolveDistances([{ at: 0 }, { leg: 3.1 }, { at: 12.4 }, { leg: 0.3 }]);
    expect(result).toEqual({ isValid: true, distances: [0, 3.1, 12.4, 12.7] });
    if (result.isValid) expect(legsOf(result.distances)).toEqual([0, 3.1, 9.3, 0.3]);
  });

  it('prefers the cumulative distance when both are typed', () => {
    expect(resolveDistances([{ leg: 2, at: 5 }])).toEqual({ isValid: true, distances: [5] });
  });

  it('treats a step with neither as no distance from the one before', () => {
    expect(resolveDistances([{ at: 4.5 }, {}])).toEqual({ isValid: true, distances: [4.5, 4.5] });
  });

  it('names the step whose cumulative distance goes back', () => {
    const result = resolveDistances([{ at: 1 }, { at: 5 }, { at: 4.9 }]);
    expect(result).toEqual({ isValid: false, step: 3, message: 'Step 3 is at 4.9 mi, before step 2 (5 mi): the distances must never go back.' });
  });

  it('refuses a negative leg, naming the step', () => {
    const result = resolveDistances([{ leg: 1 }, { leg: -0.2 }]);
    expect(result).toMatchObject({ isValid: false, step: 2 });
  });

  it('rounds to a hundredth of a mile so sums do not drift', () => {
    expect(resolveDistances([{ leg: 0.1 }, { leg: 0.2 }])).toEqual({ isValid: true, distances: [0.1, 0.3] });
    expect(roundMiles(0.1 + 0.2)).toBe(0.3);
  });
});

describe('haversineMiles and trackMiles', () => {
  it('measures a degree of latitude as about 69 miles', () => {
    expect(haversineMiles({ lat: 38, lon: -90 }, { lat: 39, lon: -90 })).toBeCloseTo(69.09, 1);
  });

  it('adds up a track point by point', () => {
    const points = [
      { lat: 38.5, lon: -90.4 },
      { lat: 38.6, lon: -90.4 },
      { lat: 38.6, lon: -90.3 },
    ];
    const total = haversineMiles(nth(points, 0), nth(points, 1)) + haversineMiles(nth(points, 1), nth(points, 2));
    expect(trackMiles(points)).toBeCloseTo(total, 6);
    expect(trackMiles([])).toBe(0);
  });
});

describe('formatDistance', () => {
  it('shows miles, with kilometres beside when the club asks for them', () => {
    expect(formatDistance(12.4, false)).toBe('12.4 mi');
    expect(formatDistance(12.4, true)).toBe('12.4 mi (20.0 km)');
  });

  it('gives every distance to the tenth of a mile, so a column reads alike', () => {
    expect([0, 33, 5.5, 27.51, 0.35].map((miles) => formatDistance(miles, false))).toEqual(['0.0 mi', '33.0 mi', '5.5 mi', '27.5 mi', '0.4 mi']);
  });
});
