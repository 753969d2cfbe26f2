import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members.ts';
import { now, emptyJsonArray } from './columns.ts';


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
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    created: text('created').notNull().default(now),
    modified: text('modified').notNull().default(now),
  },
  (t) => [index('events_start_idx').on(t.start)],
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
  },
  (t) => [primaryKey({ columns: [t.eventId, t.memberId] })],
);

/** A member's private calendar feed: only the SHA-256 of its token is kept, so a copy of the database opens no feed. */
export const calendarFeeds = sqliteTable('calendar_feeds', {
  memberId: integer('member_id')
    .primaryKey()
    .references(() => members.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  created: text('created').notNull().default(now),
});
