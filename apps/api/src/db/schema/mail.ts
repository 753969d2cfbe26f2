import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from './columns.ts';


/**
 * Every e-mail is written here in the same transaction as the record that caused it, then
 * delivered by the mail worker with retries, so no message is lost when the mail server is down.
 */
export const outbox = sqliteTable(
  'outbox',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    to: text('to').notNull(),
    replyTo: text('reply_to'),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers as a JSON object, e.g. List-Unsubscribe on reminders. */
    headers: text('headers', { mode: 'json' }).$type<Record<string, string>>(),
    /** pending, sent, or failed (gave up after the last attempt) */
    status: text('status', { enum: ['pending', 'sent', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttempt: text('next_attempt').notNull().default(now),
    lastError: text('last_error'),
    created: text('created').notNull().default(now),
    sent: text('sent'),
  },
  (t) => [index('outbox_status_next_idx').on(t.status, t.nextAttempt)],
);
