import type { RepeatRule } from '@club/contracts';
import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { cars } from './garage.ts';
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

export const attendance = sqliteTable(
  'attendance',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    isAttending: integer('is_attending', { mode: 'boolean' }).notNull(),
    total: integer('total').notNull().default(1),
    comments: text('comments').notNull().default(''),
    modified: text('modified').notNull().default(now),
    /** The household's guests by name, in the order given (the member is not among them). */
    guests: text('guests', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
    /** Per-person answers to the event's questions: [{ question, answers }], answers in party order. */
    choiceAnswers: text('choice_answers', { mode: 'json' }).$type<{ question: string; answers: string[] }[]>().notNull().default(emptyJsonArray),
    /** When the household joined the waiting list (its place in it); null when it has a seat or is not coming. */
    waitlistedAt: text('waitlisted_at'),
    /** Ticked by an editor at or after the event: the household really came. */
    isCheckedIn: integer('is_checked_in', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.memberId] })],
);

/**
 * The cars a household brings to an event. `car_id` points at the car registry; `label` is what
 * people read ("1930 Tudor"), copied from the registry at sign-up, so when the car leaves the
 * registry (`car_id` becomes null) the sign-up still says which car came.
 */
export const attendanceCars = sqliteTable(
  'attendance_cars',
  {
    eventId: integer('event_id').notNull(),
    memberId: integer('member_id').notNull(),
    position: integer('position').notNull(),
    carId: integer('car_id').references(() => cars.id, { onDelete: 'set null' }),
    label: text('label').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.eventId, t.memberId, t.position] }),
    foreignKey({ columns: [t.eventId, t.memberId], foreignColumns: [attendance.eventId, attendance.memberId] }).onDelete('cascade'),
  ],
);

/** A member's private calendar feed: only the SHA-256 of its token is kept, so a copy of the database opens no feed. */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  created: text('created').notNull().default(now),
});
