import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { deliveryColumns } from './columns.ts';

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
    /** 0: a message someone waits for (a password link, an invitation); 1: bulk (reminders), sent after. */
    priority: integer('priority').notNull().default(0),
    ...deliveryColumns(),
  },
  (t) => [index('outbox_status_next_idx').on(t.status, t.nextAttempt)],
);
