import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * Where and when the club meets: a single row (id 1) the admin edits. Until it is first saved
 * the site uses DEFAULT_MEETING from the contracts, so a new site needs no data step.
 */
export const meetingPlace = sqliteTable('meeting_place', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  room: text('room').notNull().default(''),
  street: text('street').notNull(),
  city: text('city').notNull(),
  state: text('state').notNull(),
  zip: text('zip').notNull(),
  directions: text('directions').notNull().default(''),
  /** 1–4: the first … fourth `weekday` of the month. */
  week: integer('week').notNull(),
  /** 0 Sunday … 6 Saturday. */
  weekday: integer('weekday').notNull(),
  /** HH:MM club time. */
  time: text('time').notNull(),
  /** JSON array of the months (1–12) without a meeting. */
  monthsOff: text('months_off').notNull().default('[]'),
});
