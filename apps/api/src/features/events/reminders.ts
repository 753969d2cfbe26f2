import { clubNow, describeStart, eventPath, isRealLocalDateTime, notificationsOffPath, REMINDER_DAYS } from '@club/contracts/plain';
import type { Logger } from 'pino';
import type { Config } from '../../config.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { queueMail, type MailService } from '../../services/mail.ts';
import { oneLine, reminderMail } from '../../services/mail-templates.ts';
import { groupByAddress, joinNames } from '../../services/households.ts';
import { queuePush, type PushService } from '../../services/push.ts';
import type { SiteKeys } from '../../services/site-keys.ts';
import { unsubscribeToken } from '../../services/unsubscribe-links.ts';
import { claimReminder, countNowReminders, listReminderDevices, listReminderReaders, listSentReminders, type ReminderChannel } from './reminder-store.ts';
import { listEventsStartingAfter } from './store.ts';

const DAY_MS = 86_400_000;

/** The icon a push shows: the club's emblem, served from the site root by the web app. */
export const PUSH_ICON = '/icon-192.png';

/** The calendar day `days` before a `YYYY-MM-DD` day. */
const daysBefore = (day: string, days: number): string => new Date(Date.parse(`${day}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);

/**
 * Which of an event's reminder days are due at `today` (YYYY-MM-DD in CLUB_TIMEZONE): "now" always,
 * the others from the morning that many days before the start day on (so a missed morning is
 * caught up while the event is still ahead). `onlyNow` leaves out the dated ones (a kick after a save).
 */
export function dueReminderDays(start: string, notifyDaysOut: readonly number[], today: string, onlyNow = false): number[] {
  const startDay = start.slice(0, 10);
  return [...new Set(notifyDaysOut)]
    .filter((days) => (REMINDER_DAYS as readonly number[]).includes(days))
    .filter((days) => days === 0 || (!onlyNow && daysBefore(startDay, days) <= today))
    .sort((a, b) => a - b);
}

/** The ledger's key for the event's start: "now" goes out once whatever the date; the others once per start date. */
const ledgerStart = (start: string, days: number) => (days === 0 ? '' : start);

/** How many events were reminded of, and how many e-mails and pushes (one per device) that queued. */
export type ReminderRun = { reminders: number; emails: number; pushes: number };

/** The address of an event's route book for its reminder, undefined without one (the routes feature answers: see site-services.ts). */
export type RouteLinkOf = (tx: DbOrTx, eventId: number) => string | undefined;

/** Hears of an event the run skipped: its stored start is not a real date and time (no reminder can name it). */
export type SkippedEventReport = (event: { id: number; title: string; start: string }) => void;

/** Writes the ledger rows for one member and channel; true when at least one was new (so this run sends). */
function claim(tx: DbOrTx, event: { id: number; start: string }, days: number[], memberId: number, channel: ReminderChannel): boolean {
  let isNew = false;
  for (const daysOut of days) {
    if (claimReminder(tx, { eventId: event.id, eventStart: ledgerStart(event.start, daysOut), daysOut, memberId, channel })) isNew = true;
  }
  return isNew;
}

/**
 * Queues every event reminder that is due and not yet sent, exactly once per (event, its start,
 * days before, member, channel): each ledger row is written in the same IMMEDIATE transaction as
 * the outbox or push-queue row it stands for, behind a unique key, so two runs at once (the
 * in-process job and `pnpm reminders`), or a rerun after a crash, never send twice. Nothing is sent
 * for an event that has started or was deleted. Reminder days that fell due together (an event
 * added late, or a run after downtime) make one message, not several.
 *
 * Who: enabled members with e-mail notifications on get an e-mail, one per address (members who
 * share one get a single message greeting each of them); enabled members' registered browsers
 * (push subscriptions) each get a push.
 */
export function queueDueReminders(
  db: Db,
  config: Pick<Config, 'timeZone' | 'baseUrl' | 'clubName'>,
  keys: Pick<SiteKeys, 'linkSecret'>,
  now: Date,
  {
    onlyNow = false,
    eventId,
    onSkip = () => undefined,
    routeLinkOf = () => undefined,
  }: { onlyNow?: boolean; eventId?: number; onSkip?: SkippedEventReport; routeLinkOf?: RouteLinkOf } = {},
): ReminderRun {
  const nowLocal = clubNow(now, config.timeZone);
  const today = nowLocal.slice(0, 10);
  return db.transaction((tx) => {
    const due = listEventsStartingAfter(tx, nowLocal)
      .filter((event) => eventId === undefined || event.id === eventId)
      // One impossible start (written before the contract checked dates, or by hand) must not stop everyone's reminders.
      .filter((event) => {
        if (isRealLocalDateTime(event.start)) return true;
        onSkip({ id: event.id, title: event.title, start: event.start });
        return false;
      })
      .map((event) => ({ event, days: dueReminderDays(event.start, event.notifyDaysOut, today, onlyNow) }))
      .filter(({ days }) => days.length > 0);
    const run: ReminderRun = { reminders: 0, emails: 0, pushes: 0 };
    if (due.length === 0) return run;

    const households = groupByAddress(listReminderReaders(tx));
    const devices = listReminderDevices(tx);
    const devicesOf = new Map<number, number[]>();
    for (const device of devices) devicesOf.set(device.memberId, [...(devicesOf.get(device.memberId) ?? []), device.id]);
    const sent = new Set(
      listSentReminders(
        tx,
        due.map(({ event }) => event.id),
      ).map((row) => `${row.eventId}|${row.eventStart}|${row.daysOut}|${row.memberId}|${row.channel}`),
    );
    const isSent = (event: { id: number; start: string }, days: number[], memberId: number, channel: ReminderChannel) =>
      days.every((d) => sent.has(`${event.id}|${ledgerStart(event.start, d)}|${d}|${memberId}|${channel}`));

    for (const { event, days } of due) {
      const { date, time } = describeStart(event.start);
      const link = `${config.baseUrl}${eventPath(event.id)}`;
      const routeLink = routeLinkOf(tx, event.id);
      let isReminded = false;
      for (const household of households) {
        // Each member's ledger row is claimed; the address gets one message greeting those claimed now.
        const claimed = household.members.filter((member) => !isSent(event, days, member.id, 'email') && claim(tx, event, days, member.id, 'email'));
        const [first] = claimed;
        if (!first) continue;
        const token = unsubscribeToken(keys.linkSecret, first.id);
        queueMail(
          tx,
          reminderMail({
            to: household.to,
            firstName: joinNames(claimed.map((member) => member.firstName)),
            title: oneLine(event.title),
            date,
            time,
            venue: event.location,
            address: [event.addressLine1, event.addressLine2],
            link,
            routeLink,
            unsubscribeLink: `${config.baseUrl}${notificationsOffPath(token)}`,
            unsubscribePost: `${config.baseUrl}/api/email.unsubscribe.php?t=${token}`,
            clubName: config.clubName,
          }),
          { isBulk: true },
        );
        run.emails += 1;
        isReminded = true;
      }
      for (const [memberId, memberDevices] of devicesOf) {
        if (isSent(event, days, memberId, 'push') || !claim(tx, event, days, memberId, 'push')) continue;
        const body = [`${date} at ${time}`, event.location].filter(Boolean).join(' · ');
        for (const subscriptionId of memberDevices) {
          queuePush(tx, { subscriptionId, eventId: event.id, payload: { title: event.title, body, url: eventPath(event.id), icon: PUSH_ICON } });
          run.pushes += 1;
        }
        isReminded = true;
      }
      if (isReminded) run.reminders += 1;
    }
    return run;
  });
}

/** Who got an event's "now" reminder: members e-mailed, members pushed, and when it first went out ('' never). */
export type NowReminderReport = { emailed: number; pushed: number; sent: string };

export type ReminderService = {
  /** Queues what is due (all reminders, or only "now" ones) and asks mail and push to deliver it. */
  run(options?: { onlyNow?: boolean }): ReminderRun;
  /**
   * Queues one event's "now" reminders at once, after it was saved with "now" ticked (call it after
   * the transaction commits), and asks mail and push to deliver them. The ledger keeps it to once
   * per event: a later save sends nothing. Dated reminders wait for the scheduled run.
   */
  sendNow(eventId: number): ReminderRun;
  /** What an event's "now" reminder reached, read from the ledger. */
  reportNow(eventId: number): NowReminderReport;
};

export function createReminderService(deps: {
  db: Db;
  config: Pick<Config, 'timeZone' | 'baseUrl' | 'clubName'>;
  keys: Pick<SiteKeys, 'linkSecret'>;
  mail: Pick<MailService, 'kick'>;
  push: Pick<PushService, 'kick'>;
  logger: Logger;
  clock?: () => Date;
  /** Links each reminder of an event with a route to its route book. */
  routeLinkOf?: RouteLinkOf;
}): ReminderService {
  const clock = deps.clock ?? (() => new Date());
  const log = deps.logger.child({ component: 'reminders' });
  const onSkip: SkippedEventReport = (event) =>
    log.warn({ eventId: event.id, start: event.start }, 'event start is not a real date and time: its reminders were skipped; please correct the event');
  const run = (options: { onlyNow?: boolean; eventId?: number } = {}) => {
    const result = queueDueReminders(deps.db, deps.config, deps.keys, clock(), { ...options, onSkip, routeLinkOf: deps.routeLinkOf });
    if (result.emails > 0) deps.mail.kick();
    if (result.pushes > 0) deps.push.kick();
    return result;
  };
  return {
    run: (options = {}) => run(options),
    sendNow(eventId) {
      const result = run({ onlyNow: true, eventId });
      if (result.reminders > 0) log.info({ eventId, ...result }, '"now" reminders queued');
      return result;
    },
    reportNow: (eventId) => countNowReminders(deps.db, eventId),
  };
}
