import type { LatLon } from '@club/contracts';

/** Metres per degree of latitude (and of longitude at the equator). */
const METRES_PER_DEGREE = 111_320;

/**
 * The line with the points a map cannot show left out (Douglas-Peucker): every point dropped is
 * within `toleranceMetres` of the line kept, and both ends stay. A phone's track of a country
 * road keeps one point in several; a straight stretch keeps its two ends.
 */
export function simplifyLine(points: readonly LatLon[], toleranceMetres: number): LatLon[] {
  if (points.length <= 2) return [...points];
  const middleLat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
  const shrink = Math.cos((middleLat * Math.PI) / 180);
  // Flat metres around the middle latitude: at a day's drive the error is far below the tolerance.
  const xy = points.map((point) => [point.lon * shrink * METRES_PER_DEGREE, point.lat * METRES_PER_DEGREE] as const);
  const keep = new Uint8Array(points.length);
  keep[0] = 1;
  keep[points.length - 1] = 1;
  const spans: [number, number][] = [[0, points.length - 1]];
  for (let span = spans.pop(); span; span = spans.pop()) {
    const [first, last] = span;
    const [ax, ay] = xy[first] as readonly [number, number];
    const [bx, by] = xy[last] as readonly [number, number];
    const dx = bx - ax;
    const dy = by - ay;
    const length = Math.hypot(dx, dy);
    let farthest = -1;
    let farthestDistance = toleranceMetres;
    for (let i = first + 1; i < last; i += 1) {
      const [px, py] = xy[i] as readonly [number, number];
      const distance = length === 0 ? Math.hypot(px - ax, py - ay) : Math.abs(dx * (ay - py) - dy * (ax - px)) / length;
      if (distance > farthestDistance) {
        farthest = i;
        farthestDistance = distance;
      }
    }
    if (farthest === -1) continue;
    keep[farthest] = 1;
    spans.push([first, farthest], [farthest, last]);
  }
  return points.filter((_, i) => keep[i] === 1);
}
