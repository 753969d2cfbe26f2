import { and, asc, count, eq, inArray, min } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { members, pushSubscriptions, reminderLedger } from '../../db/schema/index.ts';

export type ReminderChannel = 'email' | 'push';

/** One sent reminder: the event, its start when sent ('' for "now"), how many days before, to whom, how. */
export type ReminderKey = { eventId: number; eventStart: string; daysOut: number; memberId: number; channel: ReminderChannel };

/** Enabled members with e-mail notifications on: who gets reminder e-mails. */
export function listReminderReaders(db: DbOrTx): { id: number; email: string; firstName: string }[] {
  return db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(and(eq(members.enabled, true), eq(members.emailNotifications, true)))
    .orderBy(asc(members.id))
    .all();
}

/** Enabled members' registered browsers: each gets a reminder push. */
export function listReminderDevices(db: DbOrTx): { id: number; memberId: number }[] {
  return db
    .select({ id: pushSubscriptions.id, memberId: pushSubscriptions.memberId })
    .from(pushSubscriptions)
    .innerJoin(members, eq(members.id, pushSubscriptions.memberId))
    .where(eq(members.enabled, true))
    .all();
}

/** The reminders already sent for the given events. */
export function listSentReminders(db: DbOrTx, eventIds: number[]): ReminderKey[] {
  if (eventIds.length === 0) return [];
  return db
    .select({
      eventId: reminderLedger.eventId,
      eventStart: reminderLedger.eventStart,
      daysOut: reminderLedger.daysOut,
      memberId: reminderLedger.memberId,
      channel: reminderLedger.channel,
    })
    .from(reminderLedger)
    .where(inArray(reminderLedger.eventId, eventIds))
    .all();
}

/** Writes a ledger row unless it is there already; true when it was new (so this run sends it). */
export function claimReminder(db: DbOrTx, key: ReminderKey): boolean {
  return db.insert(reminderLedger).values(key).onConflictDoNothing().run().changes > 0;
}

/** An event's "now" reminder as the ledger has it: members e-mailed and pushed, and when it first went out ('' never). */
export function countNowReminders(db: DbOrTx, eventId: number): { emailed: number; pushed: number; sent: string } {
  const rows = db
    .select({ channel: reminderLedger.channel, members: count(), first: min(reminderLedger.created) })
    .from(reminderLedger)
    .where(and(eq(reminderLedger.eventId, eventId), eq(reminderLedger.daysOut, 0)))
    .groupBy(reminderLedger.channel)
    .all();
  const of = (channel: ReminderChannel) => rows.find((row) => row.channel === channel);
  const sent =
    rows
      .map((row) => row.first ?? '')
      .filter(Boolean)
      .sort()[0] ?? '';
  return { emailed: of('email')?.members ?? 0, pushed: of('push')?.members ?? 0, sent };
}
