import { z } from 'zod';
import { flag, sessionTokenSchema, text } from './common.ts';

/** An event as the "I'm coming" page names it: title and when, in CLUB_TIMEZONE ("Saturday, June 20, 2026", "10:00 AM"). */
export const rsvpEventSchema = z.object({
  eventId: z.number().int(),
  title: z.string(),
  date: z.string(),
  time: z.string(),
  venue: z.string(),
});
export type RsvpEvent = z.infer<typeof rsvpEventSchema>;

/** A link from a digest e-mail (no login needed): signed, for one purpose. */
const linkToken = () => text('link', 300);

/** Calls beyond the spec's table (EXTENSION_CALLS): the weekly digest, its setting, its links and the admin's preview. */
export const digest = {
  /** Whether the weekly digest is on for the logged-in member. */
  'digest.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ weeklyDigest: z.boolean() }),
  },
  /** The Account page's "Weekly digest" box; d: 1 on, 0 off. */
  'digest.set': {
    request: z.object({ g: sessionTokenSchema, d: flag('weekly digest') }),
    response: z.object({ weeklyDigest: z.boolean() }),
  },
  /**
   * The digest's one-click "stop the weekly digest" (the page's button, and mail programs'
   * List-Unsubscribe-Post with ?t=); only the digest goes off, reminders stay as they are.
   */
  'digest.unsubscribe': {
    request: z.object({ t: linkToken() }),
    /** The address whose digest is now off, masked (`h•••@example.org`): the link may have been forwarded. */
    response: z.object({ m: z.string() }),
  },
  /** What an "I'm coming" link is for, before the member confirms it (opening the page changes nothing). */
  'rsvp.get': {
    request: z.object({ t: linkToken() }),
    response: z.object({ event: rsvpEventSchema }),
  },
  /**
   * Records "I'm coming" for the link's member and event, once: a used, forged or expired link
   * is refused. status: what the member's answer now is (already: they had said they come).
   */
  'rsvp.confirm': {
    request: z.object({ t: linkToken() }),
    response: z.object({ event: rsvpEventSchema, status: z.enum(['confirmed', 'waitlisted', 'already']) }),
  },
  /**
   * The admin's preview of the digest the next run sends (as it would read if it went now to
   * them): subject, both parts, its week, how many members it would go to, and whether the week
   * has nothing new (then nobody gets one).
   */
  'digest.preview': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({
      subject: z.string(),
      html: z.string(),
      text: z.string(),
      week: z.string(),
      recipients: z.number().int(),
      isEmpty: z.boolean(),
    }),
  },
  /** Sends the preview to the admin alone (outside the ledger: the real digest still goes); to: their address. */
  'digest.sendMe': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ to: z.string() }),
  },
} as const;
