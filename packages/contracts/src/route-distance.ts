import { KM_PER_MILE } from './route-constants.ts';

/**
 * The arithmetic of a route book: each step is at a cumulative distance from the start, and its
 * leg is the distance from the step before. An organiser types either one; the other follows.
 * Distances are miles, kept to a hundredth (an odometer's tenth with room to spare), so sums of
 * legs never drift from the cumulative figure.
 */

export type TypedDistance = { leg?: number | null; at?: number | null };

export type ResolvedDistances =
  | { isValid: true; distances: number[] }
  /** `step` counts from 1, as the route book numbers steps. */
  | { isValid: false; step: number; message: string };

export const roundMiles = (miles: number): number => Math.round(miles * 100) / 100;

/**
 * Miles as a route book prints them: always to the tenth, as an odometer shows them ("0.0 mi",
 * "33.0 mi", "27.5 mi"), so a column of distances reads alike. They are kept to the hundredth.
 */
export const milesText = (miles: number): string => `${(Math.round(miles * 10) / 10).toFixed(1)} mi`;

/** Miles, and kilometres beside them when the club's settings ask for them: "12.4 mi (20.0 km)". */
export function formatDistance(miles: number, showKilometres: boolean): string {
  return showKilometres ? `${milesText(miles)} (${(miles * KM_PER_MILE).toFixed(1)} km)` : milesText(miles);
}

/**
 * The cumulative distance of every step: a typed cumulative distance wins, else the step before
 * plus the typed leg, else the step before (a step with neither is where the last one was).
 * Refuses, naming the step, a negative distance or one that goes back.
 */
export function resolveDistances(steps: readonly TypedDistance[]): ResolvedDistances {
  const distances: number[] = [];
  let previous = 0;
  for (const [index, step] of steps.entries()) {
    const number = index + 1;
    const { leg, at } = step;
    if ((at ?? 0) < 0 || (leg ?? 0) < 0) {
      return { isValid: false, step: number, message: `Step ${number} has a distance below zero; distances are 0 or more.` };
    }
    const here = roundMiles(at ?? previous + (leg ?? 0));
    if (here < previous) {
      return {
        isValid: false,
        step: number,
        // As the organiser typed them (to the hundredth), so the two never read alike.
        message: `Step ${number} is at ${roundMiles(here)} mi, before step ${number - 1} (${roundMiles(previous)} mi): the distances must never go back.`,
      };
    }
    distances.push(here);
    previous = here;
  }
  return { isValid: true, distances };
}

/** Each step's leg from the cumulative distances (the first step's leg is from the start). */
export function legsOf(distances: readonly number[]): number[] {
  return distances.map((at, index) => roundMiles(at - (index === 0 ? 0 : (distances[index - 1] ?? 0))));
}

export type LatLon = { lat: number; lon: number };

const EARTH_RADIUS_MILES = 3958.7613;
const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance between two points, in miles. */
export function haversineMiles(a: LatLon, b: LatLon): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The length of a track, point to point, in miles (not rounded). */
export function trackMiles(points: readonly LatLon[]): number {
  let total = 0;
  for (let i = 1; i < points.length; i += 1) total += haversineMiles(points[i - 1] as LatLon, points[i] as LatLon);
  return total;
}
