import type { RepeatRule } from '@club/contracts';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { members } from './members.ts';
import { now, emptyJsonArray } from './columns.ts';

/** What each new occurrence of a series starts from: the event's fields and its sign-up settings. */
export type SeriesTemplate = {
  title: string;
  location: string;
  addressLine1: string;
  addressLine2: string;
  country: string;
  text: string;
  notifyDaysOut: number[];
  imageUrl: string;
  capacity: number | null;
  choices: { question: string; options: string[] }[];
  /** Sign-up closes this many minutes before each start; null: never. */
  deadlineMinutesBefore: number | null;
};

/**
 * A repeating event (issue 23): its rule and template. Its occurrences are ordinary rows of
 * `events` (series_id, series_date), made up to SERIES_HORIZON_DAYS ahead and extended daily, so
 * sign-ups, reminders, rosters, the calendar and the feeds treat each as an event of its own.
 */
export const eventSeries = sqliteTable('event_series', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  rule: text('rule', { mode: 'json' }).$type<RepeatRule>().notNull(),
  /** The rule's first day, YYYY-MM-DD (its count is reckoned from here). */
  firstDate: text('first_date').notNull(),
  /** Club time of day, HH:mm, and how long each occurrence lasts. */
  startTime: text('start_time').notNull(),
  durationMinutes: integer('duration_minutes').notNull(),
  template: text('template', { mode: 'json' }).$type<SeriesTemplate>().notNull(),
  /** The days (YYYY-MM-DD) of occurrences deleted one by one: never made again. */
  skippedDates: text('skipped_dates', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
  /** Occurrences exist for every rule date up to this day (YYYY-MM-DD). */
  madeThrough: text('made_through').notNull(),
  created: text('created').notNull().default(now),
  modified: text('modified').notNull().default(now),
});

export const events = sqliteTable(
  'events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    /** Local date-time in the club's time zone, YYYY-MM-DDTHH:mm. */
    start: text('start').notNull(),
    end: text('end').notNull(),
    venue: text('venue').notNull().default(''),
    addressLine1: text('address_line1').notNull().default(''),
    addressLine2: text('address_line2').notNull().default(''),
    country: text('country').notNull().default('United States'),
    description: text('description').notNull().default(''),
    /** Days before the start at which reminders go out, e.g. [1, 5]. */
    notifyDaysOut: text('notify_days_out', { mode: 'json' }).$type<number[]>().notNull().default(emptyJsonArray),
    imagePath: text('image_path').notNull().default(''),
    /** People the event takes; null for no limit. */
    capacity: integer('capacity'),
    /** Sign-ups close at this local club time (YYYY-MM-DDTHH:mm); '' never. */
    signupDeadline: text('signup_deadline').notNull().default(''),
    /** The organiser's questions, each answered per person: [{ question, options }]. */
    signupChoices: text('signup_choices', { mode: 'json' }).$type<{ question: string; options: string[] }[]>().notNull().default(emptyJsonArray),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
    /** The series this event is an occurrence of (null: a single event), and the rule's day it stands for. */
    seriesId: integer('series_id').references(() => eventSeries.id, { onDelete: 'set null' }),
    seriesDate: text('series_date'),
  },
  (t) => [index('events_start_idx').on(t.start), uniqueIndex('events_series_date_idx').on(t.seriesId, t.seriesDate)],
);

/** A member's private calendar feed: only the SHA-256 of its token is kept, so a copy of the database opens no feed. */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  created: text('created').notNull().default(now),
});
