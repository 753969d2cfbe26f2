import { describeStart, eventPath, PATHS } from '@club/contracts/plain';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { groupByAddress } from '../../services/households.ts';
import { queueMail } from '../../services/mail.ts';
import { eventCancelledMail, eventChangedMail, occurrencesRemovedMail, oneLine, waitlistPromotedMail } from '../../services/mail-templates.ts';
import { queuePush } from '../../services/push.ts';
import { PUSH_ICON } from '../events/reminders.ts';
import { findMemberForSignup, listDevicesOf, listSignedUpReaders, type HouseholdRecord, type SignupEvent } from './store.ts';

/*
 * What a sign-up tells members by e-mail (and push): a place opened for them, the event they
 * signed up for changed, was cancelled, or left its series. Each is queued in the caller's
 * transaction and returns how many it queued, so the caller kicks the mail service after commit.
 */

type NoticeConfig = Pick<AppDeps['config'], 'baseUrl' | 'clubName'>;

/** An event as a change notice compares it: its time and place. */
export type NoticeEvent = SignupEvent & { addressLine1: string; addressLine2: string };

/** "Saturday, June 20, 2026 at 10:00 AM" for a stored local time. */
export const describeMoment = (moment: string): string => {
  const { date, time } = describeStart(moment);
  return `${date} at ${time}`;
};

/**
 * Tells a household that moved up from the waiting list that it has its seat, unless it is the
 * actor's own (who sees it on the page) or the member is disabled. Returns the e-mails queued (0 or 1).
 */
export function queuePromotionNotice(
  tx: DbOrTx,
  config: NoticeConfig,
  event: SignupEvent,
  household: Pick<HouseholdRecord, 'memberId' | 'total'>,
  actorId: number | null,
): number {
  const member = findMemberForSignup(tx, household.memberId);
  if (household.memberId === actorId || !member?.enabled) return 0;
  const { date, time } = describeStart(event.start);
  queueMail(
    tx,
    waitlistPromotedMail({
      to: member.email,
      firstName: member.firstName,
      title: oneLine(event.title),
      date,
      time,
      partySize: household.total,
      link: `${config.baseUrl}${eventPath(event.id)}`,
      clubName: config.clubName,
    }),
  );
  return 1;
}

/**
 * Tells everyone signed up for an event (seat or waiting list) that its date, time or place
 * changed: one e-mail per address (a household sharing one gets a single message greeting each)
 * and a push to each of their browsers, queued in the caller's
 * transaction (the save), so one change is told once. Nothing is queued when none of them changed.
 */
export function queueEventChangeNotices(tx: DbOrTx, config: NoticeConfig, before: NoticeEvent, after: NoticeEvent): number {
  const placeOf = (e: NoticeEvent) => [e.location, e.addressLine1, e.addressLine2].map((line) => line.trim()).filter(Boolean);
  const isChanged = before.start !== after.start || before.end !== after.end || placeOf(before).join('|') !== placeOf(after).join('|');
  if (!isChanged) return 0;
  const readers = listSignedUpReaders(tx, after.id);
  const link = `${config.baseUrl}${eventPath(after.id)}`;
  const { date, time } = describeStart(after.start);
  for (const household of groupByAddress(readers)) {
    queueMail(
      tx,
      eventChangedMail({
        to: household.to,
        firstName: household.greeting,
        title: oneLine(after.title),
        date,
        time,
        ends: describeMoment(after.end),
        where: placeOf(after),
        link,
        clubName: config.clubName,
      }),
    );
  }
  const body = [`Now ${date} at ${time}`, after.location].filter(Boolean).join(' · ');
  for (const device of listDevicesOf(
    tx,
    readers.map((r) => r.id),
  )) {
    queuePush(tx, {
      subscriptionId: device.id,
      eventId: after.id,
      payload: { title: `Changed: ${after.title}`, body, url: eventPath(after.id), icon: PUSH_ICON },
    });
  }
  return readers.length;
}

/**
 * Tells everyone who said they are coming (seat or waiting list) to events about to be deleted
 * that they are cancelled: one e-mail per address however many of the dates they had, queued in
 * the caller's transaction (the deletion) and read before the rows go. The editor deleting gets
 * none. Returns the e-mails queued.
 */
export function queueCancellationNotices(tx: DbOrTx, config: NoticeConfig, cancelled: SignupEvent[], { actorId }: { actorId: number | null }): number {
  const momentsOf = new Map<number, string[]>();
  const readers = new Map<number, { id: number; email: string; firstName: string }>();
  for (const event of cancelled) {
    for (const reader of listSignedUpReaders(tx, event.id)) {
      if (reader.id === actorId) continue;
      readers.set(reader.id, reader);
      momentsOf.set(reader.id, [...(momentsOf.get(reader.id) ?? []), describeMoment(event.start)]);
    }
  }
  const title = oneLine(cancelled[0]?.title ?? '');
  const households = groupByAddress([...readers.values()]);
  for (const household of households) {
    const moments = [...new Set(household.members.flatMap((member) => momentsOf.get(member.id) ?? []))];
    queueMail(
      tx,
      eventCancelledMail({
        to: household.to,
        firstName: household.greeting,
        title,
        moments,
        link: `${config.baseUrl}${PATHS.events}`,
        clubName: config.clubName,
      }),
    );
  }
  return households.length;
}

/** An occurrence a change of its series removes, read before it is deleted. */
export type RemovedOccurrence = { event: SignupEvent; coming: HouseholdRecord[] };

/**
 * Tells each member who said they are coming to occurrences a series change removes that their
 * sign-up is gone: one e-mail per member however many of their dates went, queued in the caller's
 * transaction (the save), under the waiting-list promotion's rules: enabled members only, and not
 * the editor who made the change (they confirmed it on the page). Returns the e-mails queued.
 */
export function queueRemovedSignupNotices(
  tx: DbOrTx,
  config: NoticeConfig,
  removed: RemovedOccurrence[],
  { actorId, eventId, rule }: { actorId: number | null; eventId: number; rule: string },
): number {
  const datesOf = new Map<number, { title: string; moments: string[] }>();
  for (const { event, coming } of removed) {
    for (const household of coming) {
      const entry = datesOf.get(household.memberId) ?? { title: event.title, moments: [] };
      entry.moments.push(describeMoment(event.start));
      datesOf.set(household.memberId, entry);
    }
  }
  let mailed = 0;
  for (const [memberId, { title, moments }] of datesOf) {
    const member = findMemberForSignup(tx, memberId);
    if (memberId === actorId || !member?.enabled) continue;
    mailed += 1;
    queueMail(
      tx,
      occurrencesRemovedMail({
        to: member.email,
        firstName: member.firstName,
        title: oneLine(title),
        moments,
        rule,
        link: `${config.baseUrl}${eventPath(eventId)}`,
        clubName: config.clubName,
      }),
    );
  }
  return mailed;
}
