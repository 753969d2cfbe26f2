import { foreignKey, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now, emptyJsonArray } from './columns.ts';
import { events } from './events.ts';
import { cars } from './garage.ts';
import { members } from './members.ts';

/** Sign-ups: each household's answer for an event (party, guests, questions, waiting list, check-in) and the cars it brings. */
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
