import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { emptyJsonArray, now } from './columns.ts';
import { events } from './events.ts';

/**
 * Route books: the club's library of drives. A route's steps are numbered by `position`; each is
 * at a cumulative distance in miles (the leg is the difference from the step before). An event
 * uses at most one route, a route serves many events (its "driven on" history).
 */
export const routes = sqliteTable(
  'routes',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startLabel: text('start_label').notNull().default(''),
    finishLabel: text('finish_label').notNull().default(''),
    region: text('region').notNull().default(''),
    visibility: text('visibility', { enum: ['members', 'public'] })
      .notNull()
      .default('members'),
    /** An imported GPX line, thinned: [{lat, lon}], for the map and the GPX export. */
    track: text('track', { mode: 'json' }).$type<{ lat: number; lon: number }[]>().notNull().default(emptyJsonArray),
    /** The length of the imported line in miles (0 without one); the last step's distance wins when there are steps. */
    trackMiles: real('track_miles').notNull().default(0),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
  },
  (t) => [index('routes_visibility_idx').on(t.visibility, t.id)],
);

export const routeSteps = sqliteTable(
  'route_steps',
  {
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    instruction: text('instruction').notNull(),
    /** Cumulative miles from the start, to a hundredth. */
    atMiles: real('at_miles').notNull(),
    note: text('note').notNull().default(''),
    /** '' or one of STOP_KINDS. */
    stopKind: text('stop_kind').notNull().default(''),
    lat: real('lat'),
    lon: real('lon'),
  },
  (t) => [primaryKey({ columns: [t.routeId, t.position] })],
);

/** The route an event uses (at most one); deleting either removes the link. */
export const eventRoutes = sqliteTable(
  'event_routes',
  {
    eventId: integer('event_id')
      .primaryKey()
      .references(() => events.id, { onDelete: 'cascade' }),
    routeId: integer('route_id')
      .notNull()
      .references(() => routes.id, { onDelete: 'cascade' }),
  },
  (t) => [index('event_routes_route_idx').on(t.routeId)],
);
