import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { events } from './events.ts';
import { members } from './members.ts';
import { now } from './columns.ts';

/**
 * The weekly digest's ledger: one row per member and week (the Monday of the week in
 * CLUB_TIMEZONE, YYYY-MM-DD), written in the same IMMEDIATE transaction as the outbox row it
 * stands for, so two runs at once or a run after a crash never send a member a second digest.
 */
export const digestLedger = sqliteTable(
  'digest_ledger',
  {
    week: text('week').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    created: text('created').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.week, t.memberId] })],
);

/**
 * "I'm coming" links from a digest that were used: one per event, member and digest week, so a
 * link records its answer once and a second click (or a forwarded copy) is refused.
 */
export const rsvpLinkUses = sqliteTable(
  'rsvp_link_uses',
  {
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    week: text('week').notNull(),
    used: text('used').notNull().default(now),
  },
  (t) => [primaryKey({ columns: [t.eventId, t.memberId, t.week] })],
);
