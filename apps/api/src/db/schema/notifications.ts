import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { pushSubscriptions } from './account.ts';
import { deliveryColumns, now } from './columns.ts';
import { events } from './events.ts';
import { members } from './members.ts';

/**
 * Every event reminder queued, one row per (event, its start, days before, member, channel). The
 * row is written in the same transaction as the outbox or push-queue entry it stands for, and the
 * unique key lets only one of two runs (the in-process job and the CLI at once, or a rerun after
 * a crash) write it, so no reminder is ever sent twice. Keyed on the event's start, so an event
 * moved to a new date is reminded of anew ("now", days 0, is keyed on '' and goes out once).
 */
export const reminderLedger = sqliteTable(
  'reminder_ledger',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    eventId: integer('event_id')
      .notNull()
      .references(() => events.id, { onDelete: 'cascade' }),
    eventStart: text('event_start').notNull(),
    daysOut: integer('days_out').notNull(),
    memberId: integer('member_id')
      .notNull()
      .references(() => members.id, { onDelete: 'cascade' }),
    channel: text('channel', { enum: ['email', 'push'] }).notNull(),
    created: text('created').notNull().default(now),
  },
  (t) => [uniqueIndex('reminder_ledger_unique').on(t.eventId, t.eventStart, t.daysOut, t.memberId, t.channel)],
);

/** What a push shows: the service worker reads this JSON. */
export type PushPayload = { title: string; body: string; url: string; icon: string };

/**
 * Pushes waiting to be delivered (one per device), written in the same transaction as the
 * reminder ledger, so a push is not lost if the process dies; the push job sends them with retries.
 */
export const pushQueue = sqliteTable(
  'push_queue',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    /** A deleted event's waiting pushes go with it. */
    eventId: integer('event_id').references(() => events.id, { onDelete: 'cascade' }),
    payload: text('payload', { mode: 'json' }).$type<PushPayload>().notNull(),
    ...deliveryColumns(),
  },
  (t) => [index('push_queue_status_next_idx').on(t.status, t.nextAttempt)],
);
