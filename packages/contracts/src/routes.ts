import { z } from 'zod';
import { integer, jsonText, optionalText, recordId, sessionTokenSchema, text } from './common.ts';
import { MAX_ROUTE_MILES, MAX_ROUTE_STEPS, ROUTE_VISIBILITIES, STOP_KINDS } from './route-constants.ts';

export * from './route-constants.ts';
export * from './route-distance.ts';

/**
 * Route books: a tour's numbered instructions with leg and cumulative mileage, its stops, a map
 * and GPX for phones; the club's library of drives at /routes. Beyond the spec's table, so the
 * fields travel under plain names.
 */

export const routePointSchema = z.object({ lat: z.number(), lon: z.number() });
export type RoutePoint = z.infer<typeof routePointSchema>;

/** One numbered instruction as the route book prints it; `leg` is from the step before (the first: from the start). */
export const routeStepSchema = z.object({
  instruction: z.string(),
  /** Cumulative miles from the start. */
  at: z.number(),
  leg: z.number(),
  note: z.string(),
  /** '' for a plain instruction. */
  stop: z.enum(['', ...STOP_KINDS]),
  lat: z.number().nullable(),
  lon: z.number().nullable(),
});
export type RouteStep = z.infer<typeof routeStepSchema>;

/** An event that drove (or will drive) the route. */
export const routeEventSchema = z.object({ id: z.number().int(), title: z.string(), start: z.string() });
export type RouteEvent = z.infer<typeof routeEventSchema>;

/** A route as the library lists it. */
export const routeSummarySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  region: z.string(),
  /** The last step's cumulative distance, else the track's length. */
  miles: z.number(),
  stepCount: z.number().int(),
  stopCount: z.number().int(),
  visibility: z.enum(ROUTE_VISIBILITIES),
  /** Events that used it, latest first; empty for visitors (events are for members). */
  drivenOn: z.array(routeEventSchema),
});
export type RouteSummary = z.infer<typeof routeSummarySchema>;

export const routeSchema = routeSummarySchema.extend({
  description: z.string(),
  start: z.string(),
  finish: z.string(),
  steps: z.array(routeStepSchema),
  /** The line of an imported GPX track for the map, without the points it cannot show (within 5 m); empty without one. */
  track: z.array(routePointSchema),
  /** Whether the viewer may edit it (the event permission). */
  canEdit: z.boolean(),
});
export type Route = z.infer<typeof routeSchema>;

/** The map's tiles (MAP_TILE_URL and its attribution); an empty URL draws the route without tiles. */
export const mapTilesSchema = z.object({ url: z.string(), attribution: z.string() });
export type MapTiles = z.infer<typeof mapTilesSchema>;

/** The phone list of the day: the people signed up for the event the book is printed for. */
export const phoneEntrySchema = z.object({ name: z.string(), phone: z.string(), partySize: z.number().int(), cars: z.array(z.string()) });
export type PhoneEntry = z.infer<typeof phoneEntrySchema>;

const coordinate = (label: string, limit: number) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: `The ${label} must be a number.` })
      .min(-limit, `The ${label} must be between -${limit} and ${limit}.`)
      .max(limit, `The ${label} must be between -${limit} and ${limit}.`)
      .nullable(),
  );

const distance = (label: string) =>
  z.preprocess(
    (value) => (value === '' || value === null || value === undefined ? null : typeof value === 'string' ? Number(value) : value),
    z
      .number({ error: `The ${label} must be a number of miles, like 12.4.` })
      .min(0, `The ${label} must be 0 or more.`)
      .max(MAX_ROUTE_MILES, `The ${label} must be at most ${MAX_ROUTE_MILES} miles.`)
      .nullable(),
  );

/** A step as the editor sends it: the leg or the cumulative distance typed (or both; the cumulative wins). */
export const routeStepInputSchema = z
  .object(
    {
      instruction: text('instruction', 300),
      leg: distance('leg distance').optional(),
      at: distance('cumulative distance').optional(),
      note: optionalText('note', 300),
      stop: z.enum(['', ...STOP_KINDS], { error: 'Please choose a kind of stop from the list.' }).default(''),
      lat: coordinate('latitude', 90).optional(),
      lon: coordinate('longitude', 180).optional(),
    },
    { error: 'Each step needs an instruction.' },
  )
  .refine((step) => ((step.lat ?? null) === null) === ((step.lon ?? null) === null), 'A step’s coordinates need both a latitude and a longitude (or neither).');
export type RouteStepInput = z.infer<typeof routeStepInputSchema>;

/** The steps travel as a JSON list (a form cannot say a list of rows). */
const stepsSchema = jsonText(
  z
    .array(routeStepInputSchema, { error: 'The steps could not be read. Please reload the page and try again.' })
    .max(MAX_ROUTE_STEPS, `A route can have at most ${MAX_ROUTE_STEPS} steps; split a long tour into two days.`),
  [],
).describe('steps');

const routeId = (label = 'route id') => integer(label, { min: 1 });
const optionalSession = { g: sessionTokenSchema.optional() };

export const routes = {
  /** The club's library of drives the viewer may see, newest first. */
  'routes.list': {
    request: z.object(optionalSession),
    response: z.object({ routes: z.array(routeSummarySchema), showKilometres: z.boolean() }),
  },
  /**
   * One route book as this viewer may see it. With `eventId` (an event that uses the route) an
   * event editor also gets the phone list of the people signed up for it.
   */
  'route.get': {
    request: z.object({ ...optionalSession, id: routeId(), eventId: integer('event id', { min: 1 }).optional() }),
    response: z.object({
      route: routeSchema,
      map: mapTilesSchema,
      showKilometres: z.boolean(),
      /** The event the book is printed for, when asked with `eventId` and the viewer may see it. */
      event: routeEventSchema.nullable(),
      /** Null unless the viewer edits events and asked for one of the route's events. */
      phoneList: z.array(phoneEntrySchema).nullable(),
    }),
  },
  /** Adds (id 0) or replaces a route and its steps; an imported track stays. */
  'route.save': {
    request: z.object({
      g: sessionTokenSchema,
      id: recordId('route id'),
      title: text('title', 150),
      description: optionalText('description', 4000),
      start: optionalText('start', 200),
      finish: optionalText('finish', 200),
      region: optionalText('region', 100),
      visibility: z
        .preprocess(
          (v) => (v === undefined || v === '' ? 'members' : v),
          z.enum(ROUTE_VISIBILITIES, { error: 'Please choose who may see the route: members only or public.' }),
        )
        .describe('visibility'),
      steps: stepsSchema,
    }),
    response: z.object({ i: z.number().int() }),
  },
  'route.delete': {
    request: z.object({ g: sessionTokenSchema, id: routeId() }),
    response: z.object({}),
  },
  /**
   * A GPX file (a track or a route, from any mapping app) as a new route (id 0) or into one: its
   * track becomes the map's line, its route points or waypoints the steps, with distances along
   * the track. Replaces the steps of an existing route.
   */
  'route.import': {
    request: z.object({ g: sessionTokenSchema, id: recordId('route id') }),
    response: z.object({ i: z.number().int(), steps: z.number().int(), miles: z.number() }),
  },
  /** The route as GPX 1.1 for phones and car navigators: its steps as a route, its track as a track. */
  'route.gpx': {
    request: z.object({ ...optionalSession, id: routeId() }),
    response: z.object({ gpx: z.string(), fileName: z.string() }),
  },
  /**
   * The route book as a PDF to save or print (the page's print CSS makes the same book in a
   * browser): as `route.get` sees it, the phone list included for an event editor asking with one
   * of the route's events.
   */
  'route.pdf': {
    request: z.object({ ...optionalSession, id: routeId(), eventId: integer('event id', { min: 1 }).optional() }),
    /** `pdf`: the file's bytes in base64 (a call answers JSON). */
    response: z.object({ pdf: z.string(), fileName: z.string() }),
  },
  /** Puts a route on an event (routeId 0 takes it off). */
  'route.attach': {
    request: z.object({ g: sessionTokenSchema, eventId: integer('event id', { min: 1 }), routeId: recordId('route id') }),
    response: z.object({}),
  },
  /** The route of one event, for its page. */
  'event.route': {
    request: z.object({ g: sessionTokenSchema, eventId: integer('event id', { min: 1 }) }),
    /** `showKilometres`: ROUTE_SHOW_KM, so the panel gives kilometres beside miles as the route pages do. */
    response: z.object({ route: routeSummarySchema.nullable(), showKilometres: z.boolean() }),
  },
} as const;
