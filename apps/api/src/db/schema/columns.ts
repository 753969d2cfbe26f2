import { sql } from 'drizzle-orm';
import { integer, text } from 'drizzle-orm/sqlite-core';

/** ISO-8601 UTC timestamp, as every `created`/`modified` column stores it. */
export const now = sql`(strftime('%Y-%m-%dT%H:%M:%fZ', 'now'))`;

export const emptyJsonArray = sql`'[]'`;

/**
 * The delivery state of a queued message (the e-mail outbox, the push queue): pending, sent,
 * saved (e-mail only: no SMTP_URL, so written to a file and delivered to nobody), or failed
 * (given up after the last attempt), with its attempts and when to try next.
 */
export function deliveryColumns() {
  return {
    status: text('status', { enum: ['pending', 'sent', 'saved', 'failed'] })
      .notNull()
      .default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttempt: text('next_attempt').notNull().default(now),
    lastError: text('last_error'),
    created: text('created').notNull().default(now),
    sent: text('sent'),
    /**
     * Which sender holds the message and until when: a sender claims a message (one UPDATE …
     * RETURNING) before sending it, so that of several processes delivering (the server, `pnpm
     * reminders`) exactly one sends it; a lease left by a sender that died runs out and the
     * message is claimed again.
     */
    claimedBy: text('claimed_by'),
    claimedUntil: text('claimed_until'),
  };
}
