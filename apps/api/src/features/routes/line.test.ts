import { describe, expect, it } from 'vitest';
import { haversineMiles, trackMiles, type LatLon } from '@club/contracts';
import { simplifyLine } from './line.ts';

/** How far a point is from a line, in metres: to the nearest of its segments, on a local flat map. */
function distanceToLine(point: LatLon, line: readonly LatLon[]): number {
  const metresPerDegree = haversineMiles({ lat: 0, lon: 0 }, { lat: 1, lon: 0 }) * 1609.344;
  const shrink = Math.cos((point.lat * Math.PI) / 180);
  const flat = (p: LatLon) => [(p.lon - point.lon) * shrink * metresPerDegree, (p.lat - point.lat) * metresPerDegree] as const;
  let best = Number.POSITIVE_INFINITY;
  for (let i = 1; i < line.length; i += 1) {
    const [ax, ay] = flat(line[i - 1] as LatLon);
    const [bx, by] = flat(line[i] as LatLon);
    const t = Math.max(0, Math.min(1, -(ax * (bx - ax) + ay * (by - ay)) / ((bx - ax) ** 2 + (by - ay) ** 2 || 1)));
    best = Math.min(best, Math.hypot(ax + (bx - ax) * t, ay + (by - ay) * t));
  }
  return best;
}

describe('simplifyLine', () => {
  it('keeps the two ends of a straight stretch', () => {
    const straight = Array.from({ length: 1500 }, (_, k) => ({ lat: 38.58 + k * 0.0009, lon: -90.41 + k * 0.0004 }));
    expect(simplifyLine(straight, 5)).toEqual([straight[0], straight[1499]]);
  });

  it('keeps a winding road within the tolerance, its length within 0.5%, with far fewer points', () => {
    const winding = Array.from({ length: 2000 }, (_, k) => ({ lat: 38.58 + Math.sin(k / 40) * 0.02, lon: -90.41 - k * 0.0005 }));
    const kept = simplifyLine(winding, 5);
    expect(kept.length).toBeLessThan(winding.length / 4);
    expect(kept[0]).toEqual(winding[0]);
    expect(kept.at(-1)).toEqual(winding.at(-1));
    for (const point of winding.filter((_, i) => i % 5 === 0)) expect(distanceToLine(point, kept)).toBeLessThan(5.5);
    expect(trackMiles(kept) / trackMiles(winding)).toBeGreaterThan(0.995);
  });

  it('leaves lines of two points or fewer as they are', () => {
    expect(simplifyLine([], 5)).toEqual([]);
    expect(simplifyLine([{ lat: 1, lon: 2 }], 5)).toEqual([{ lat: 1, lon: 2 }]);
  });
});
