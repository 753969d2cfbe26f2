import { and, eq, gt } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { events, members, remindersSent } from '../db/schema/index.ts';
import { queueMail, type MailService } from './mail.ts';
import { reminderMail } from './mail-templates.ts';

const DAY_MS = 86_400_000;

/** `YYYY-MM-DDTHH:mm` of a moment in the club's time zone, the form event starts are stored in. */
export function localDateTime(moment: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
      .formatToParts(moment)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The calendar day `days` before a `YYYY-MM-DD` day. */
const daysBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/** "Saturday, June 6 at 9:00 AM" for a stored local start. */
function describeStart(start: string): string {
  const moment = new Date(`${start}:00Z`);
  const day = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', weekday: 'long', month: 'long', day: 'numeric' }).format(moment);
  const time = new Intl.DateTimeFormat('en-US', { timeZone: 'UTC', hour: 'numeric', minute: '2-digit' }).format(moment);
  return `${day} at ${time}`;
}

/** How many events were reminded of, and how many e-mails that queued. */
export type ReminderRun = { reminders: number; emails: number };

/**
 * Sends every event reminder that is due and not yet sent: for each event that has not started,
 * each of its reminder days (notifyDaysOut) is due from that many days before its start day, in
 * CLUB_TIMEZONE (0, "now", is due at once). A due event e-mails every enabled member with e-mail
 * notifications on, once however many of its reminder days fell due together, and those days are
 * recorded in reminders_sent in the same transaction, so a rerun (the schedule and the CLI alike)
 * never sends one twice.
 */
export function sendDueReminders(
  db: Db,
  mail: Pick<MailService, 'kick'>,
  config: Pick<Config, 'timeZone' | 'baseUrl' | 'clubName'>,
  now: Date = new Date(),
): ReminderRun {
  const nowLocal = localDateTime(now, config.timeZone);
  const today = nowLocal.slice(0, 10);
  const upcoming = db
    .select({ id: events.id, title: events.title, start: events.start, venue: events.venue, notifyDaysOut: events.notifyDaysOut })
    .from(events)
    .where(gt(events.start, nowLocal))
    .all();
  const sent = new Set(db.select().from(remindersSent).all().map((row) => `${row.eventId}:${row.daysOut}`));
  const due = upcoming
    .map((event) => ({
      event,
      daysOut: [...new Set(event.notifyDaysOut)].filter(
        (days) => !sent.has(`${event.id}:${days}`) && (days === 0 || daysBefore(event.start.slice(0, 10), days) <= today),
      ),
    }))
    .filter(({ daysOut }) => daysOut.length > 0);
  if (due.length === 0) return { reminders: 0, emails: 0 };

  const recipients = db
    .select({ email: members.email, firstName: members.firstName })
    .from(members)
    .where(and(eq(members.enabled, true), eq(members.emailNotifications, true)))
    .all();
  const emails = db.transaction((tx) => {
    for (const { event, daysOut } of due) {
      // Reminder days that fell due together (an event added late) send one e-mail, not several.
      for (const days of daysOut) tx.insert(remindersSent).values({ eventId: event.id, daysOut: days }).run();
      for (const member of recipients) {
        queueMail(
          tx,
          reminderMail({
            to: member.email,
            firstName: member.firstName,
            title: event.title,
            when: describeStart(event.start),
            venue: event.venue,
            link: `${config.baseUrl}/events`,
            clubName: config.clubName,
          }),
        );
      }
    }
    return due.length * recipients.length;
  });
  mail.kick();
  return { reminders: due.length, emails };
}
