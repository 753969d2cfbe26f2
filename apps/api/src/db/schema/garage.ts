import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { emptyJsonArray, now } from './columns.ts';
import { members } from './members.ts';

/**
 * The registry of members' cars. A car outlives its owner's membership: when the member is
 * deleted `owner_id` becomes null and the car reads as a "former member's car", their name
 * kept in its history. Other areas point at a car by `cars.id` (a tour sign-up's car).
 */
export const cars = sqliteTable(
  'cars',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    ownerId: integer('owner_id').references(() => members.id, { onDelete: 'set null' }),
    /** Null only for a car migrated from a member's text without a leading year. */
    year: integer('year'),
    bodyStyle: text('body_style').notNull().default(''),
    colour: text('colour').notNull().default(''),
    name: text('name').notNull().default(''),
    /**
     * The car as its member wrote it in the legacy `cars` list (migrated strings, legacy
     * `member.save` lines), which members.get says instead of year, style and name; cleared once
     * an edit changes any of those three. Blank for a car entered in the registry.
     */
    legacyLine: text('legacy_line').notNull().default(''),
    story: text('story').notNull().default(''),
    engineNumber: text('engine_number').notNull().default(''),
    serial: text('serial').notNull().default(''),
    visibility: text('visibility', { enum: ['members', 'public', 'public-named'] })
      .notNull()
      .default('members'),
    /** Upload URLs in the owner's order; the first is the car's picture in lists. */
    photos: text('photos', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
  },
  (t) => [index('cars_owner_idx').on(t.ownerId), index('cars_visibility_idx').on(t.visibility, t.id)],
);

/** Earlier owners of a car, oldest first; they need not be members. */
export const carOwners = sqliteTable(
  'car_owners',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    carId: integer('car_id')
      .notNull()
      .references(() => cars.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    owner: text('owner').notNull(),
    fromYear: integer('from_year'),
    toYear: integer('to_year'),
  },
  (t) => [index('car_owners_car_idx').on(t.carId, t.position)],
);

/** The body styles a car can have: seeded with the Model A's, extended by the admin. */
export const bodyStyles = sqliteTable('body_styles', {
  name: text('name').primaryKey(),
  position: integer('position').notNull(),
});
