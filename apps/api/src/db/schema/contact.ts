import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { now } from './columns.ts';
import { outbox } from './mail.ts';

export const contactMessages = sqliteTable('contact_messages', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  firstName: text('first_name').notNull(),
  lastName: text('last_name').notNull(),
  email: text('email').notNull(),
  message: text('message').notNull(),
  /** The sender's address, for the rate limit. */
  ip: text('ip').notNull().default(''),
  created: text('created').notNull().default(now),
  /** The e-mail that carries it to the club, so the admin sees (and can resend) one that failed for good. */
  outboxId: integer('outbox_id').references(() => outbox.id, { onDelete: 'set null' }),
});
