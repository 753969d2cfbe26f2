import { z } from 'zod';
import { sessionTokenSchema, text } from './common.ts';

/** How many queued messages are in each state; saved: e-mails written to a file for want of SMTP_URL, delivered to nobody. */
export const queueCountsSchema = z.object({
  sent: z.number().int(),
  saved: z.number().int(),
  waiting: z.number().int(),
  failed: z.number().int(),
});
export type QueueCounts = z.infer<typeof queueCountsSchema>;

/** One e-mail or push that is waiting or failed, with what went wrong last. */
export const queueEntrySchema = z.object({
  id: z.number().int(),
  channel: z.enum(['email', 'push']),
  /** The e-mail address, or the member whose browser the push is for. */
  to: z.string(),
  subject: z.string(),
  status: z.enum(['pending', 'sent', 'saved', 'failed']),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  created: z.string(),
  nextAttempt: z.string(),
});
export type QueueEntry = z.infer<typeof queueEntrySchema>;

/** Calls this site adds to the spec's table: the admin's view of outgoing mail, and one-click opt-out. */
export const notifications = {
  'outbox.get': {
    request: z.object({ g: sessionTokenSchema }),
    /**
     * Counts per channel, and the latest entries that are waiting or failed (newest first);
     * smtp: whether a mail server is set, noSmtp: why e-mail is not delivered when it is not.
     */
    response: z.object({
      mail: queueCountsSchema,
      push: queueCountsSchema,
      q: z.array(queueEntrySchema),
      smtp: z.boolean(),
      noSmtp: z.string().nullable(),
    }),
  },
  /** "Retry now": waiting e-mails and pushes become due at once, pushes that failed waiting again; how many of each. */
  'outbox.retry': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ mail: z.number().int(), push: z.number().int() }),
  },
  'email.unsubscribe': {
    /** t: the signed token from a reminder e-mail's link (no login needed). */
    request: z.object({ t: text('link', 200) }),
    /** The address whose e-mail notifications are now off, masked (`h•••@example.org`): the link may have been forwarded. */
    response: z.object({ m: z.string() }),
  },
} as const;
