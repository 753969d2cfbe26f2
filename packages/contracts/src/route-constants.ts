/** Zod-free facts of route books (the call table and the browser's pages use them). */

/** Who may see a route: members only (the default: a route may pass members' homes) or everyone. */
export const ROUTE_VISIBILITIES = ['members', 'public'] as const;
export type RouteVisibility = (typeof ROUTE_VISIBILITIES)[number];
export const ROUTE_VISIBILITY_LABELS: Record<RouteVisibility, string> = {
  members: 'Members only',
  public: 'Public',
};

/** What a stop on the way is for; '' is a plain instruction. */
export const STOP_KINDS = ['fuel', 'food', 'restroom', 'sight', 'garage'] as const;
export type StopKind = (typeof STOP_KINDS)[number];
export const STOP_KIND_LABELS: Record<StopKind, string> = {
  fuel: 'Fuel',
  food: 'Food',
  restroom: 'Rest room',
  sight: 'Sight',
  garage: 'Member’s garage',
};

/** A route book has at most this many steps (a long day's tour has about 60). */
export const MAX_ROUTE_STEPS = 300;
/** A GPX file larger than this is refused before it is read (a day's track from a phone is well under 1 MB). */
export const GPX_MAX_BYTES = 5 * 1024 * 1024;
/** Track points kept for the map and the GPX export; a longer track is thinned evenly. */
export const MAX_TRACK_POINTS = 5000;
export const KM_PER_MILE = 1.609344;
/** The longest distance a step can be at, in miles (a week-long national tour stays well inside it). */
export const MAX_ROUTE_MILES = 5000;
