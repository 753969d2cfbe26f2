import { clubNow, describeStart, eventPath, PATHS } from '@club/contracts/plain';
import type { ChoiceAnswers, ChoiceTotals, EventSignups, Household, RosterReply, SessionUser, SignupCar, SignupSettings, SignupStatus } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import { groupByAddress } from '../../services/households.ts';
import { queueMail } from '../../services/mail.ts';
import { eventCancelledMail, eventChangedMail, occurrencesRemovedMail, oneLine, waitlistPromotedMail } from '../../services/mail-templates.ts';
import { queuePush } from '../../services/push.ts';
import { carChoicesOfMember } from '../garage/service.ts';
import { PUSH_ICON } from './reminders.ts';
import {
  countAttendedByMember,
  findMemberForSignup,
  findSignupSettings,
  listAttendedEvents,
  listDevicesOf,
  listHouseholds,
  listSignedUpReaders,
  setCheckedIn,
  setWaitlistedAt,
  writeHousehold,
  writeSignupSettings,
  type HouseholdRecord,
} from './signup-store.ts';
import { findEvent, removeAttendance, type EventRecord } from './store.ts';

/**
 * A member's answer for an event. The legacy `attendance.set` leaves `guests`, `cars` and
 * `choices` undefined: what the member gave earlier is kept where it still fits the party.
 */
export type SignupAnswer = {
  eventId: number;
  answer: 'attending' | 'notAttending' | 'notSure';
  /** Named guests; undefined keeps the earlier names when they still match the party size. */
  guests?: string[];
  /** The party size when no guests are named (the member and unnamed guests). */
  partySize?: number;
  cars?: SignupCar[];
  choices?: ChoiceAnswers[];
  comments: string;
};

export type SignupResult = { status: SignupStatus | 'none'; waitlistPosition: number };

const statusOf = (h: Pick<HouseholdRecord, 'isAttending' | 'waitlistedAt'>): SignupStatus =>
  !h.isAttending ? 'notAttending' : h.waitlistedAt === null ? 'confirmed' : 'waitlisted';

/** The waiting list in its order: who joined first, then member id. */
const waitingListOf = (households: HouseholdRecord[]): HouseholdRecord[] =>
  households
    .filter((h) => statusOf(h) === 'waitlisted')
    .sort((a, b) => (a.waitlistedAt ?? '').localeCompare(b.waitlistedAt ?? '') || a.memberId - b.memberId);

const seatsTaken = (households: HouseholdRecord[], exceptMemberId?: number): number =>
  households.filter((h) => statusOf(h) === 'confirmed' && h.memberId !== exceptMemberId).reduce((sum, h) => sum + h.total, 0);

/** Totals, cars and each question's counts over the households with a seat; the households in page order. */
export function summariseSignups(settings: SignupSettings, households: HouseholdRecord[]) {
  const confirmed = households.filter((h) => statusOf(h) === 'confirmed');
  const waiting = waitingListOf(households);
  const declined = households.filter((h) => statusOf(h) === 'notAttending');
  const position = new Map(waiting.map((h, index) => [h.memberId, index + 1]));
  const choiceTotals: ChoiceTotals[] = settings.choices.map(({ question, options }) => {
    const counts = new Map(options.map((option) => [option, 0]));
    for (const h of confirmed) {
      for (const answer of h.choiceAnswers.find((c) => c.question === question)?.answers ?? []) {
        if (counts.has(answer)) counts.set(answer, (counts.get(answer) ?? 0) + 1);
      }
    }
    return { question, counts: [...counts].map(([option, count]) => ({ option, count })) };
  });
  const cars = confirmed.flatMap((h) => h.cars.map((car) => car.label));
  return {
    totals: {
      people: confirmed.reduce((sum, h) => sum + h.total, 0),
      cars: cars.length,
      waitingPeople: waiting.reduce((sum, h) => sum + h.total, 0),
      waitingHouseholds: waiting.length,
    },
    cars,
    choiceTotals,
    ordered: [...confirmed, ...waiting, ...declined].map((h) => ({ record: h, status: statusOf(h), waitlistPosition: position.get(h.memberId) ?? 0 })),
  };
}

const toHousehold = (h: HouseholdRecord, status: SignupStatus, waitlistPosition: number): Omit<Household, 'isMine'> => ({
  name: h.name,
  status,
  waitlistPosition,
  partySize: h.total,
  guests: h.guests,
  cars: h.cars,
  choices: h.choiceAnswers,
  comments: h.comments,
});

/** What the event page shows of the sign-up, as a member sees it (no phone numbers). */
export function readEventSignups(db: DbOrTx, eventId: number, viewerId: number): EventSignups | null {
  const settings = findSignupSettings(db, eventId);
  if (!settings) return null;
  const summary = summariseSignups(settings, listHouseholds(db, eventId));
  const myCars = carChoicesOfMember(db, viewerId);
  return {
    settings,
    totals: summary.totals,
    cars: summary.cars,
    choiceTotals: summary.choiceTotals,
    households: summary.ordered.map(({ record, status, waitlistPosition }) => ({
      ...toHousehold(record, status, waitlistPosition),
      isMine: record.memberId === viewerId,
    })),
    myCars,
  };
}

/** "Saturday, June 20, 2026 at 10:00 AM" for a stored local time. */
const describeMoment = (moment: string): string => {
  const { date, time } = describeStart(moment);
  return `${date} at ${time}`;
};

/** Keeps each question's answers within the party (the member first, then the guests). */
const trimAnswers = (choices: ChoiceAnswers[], partySize: number): ChoiceAnswers[] =>
  choices.map(({ question, answers }) => ({ question, answers: answers.slice(0, partySize) }));

export type SignupService = {
  /** Records the actor's own answer under the event's rules; a freed seat moves the waiting list up in the same transaction. */
  answer(actor: SessionUser, answer: SignupAnswer): SignupResult;
  /** Sets an event's capacity, deadline and questions; a larger capacity moves the waiting list up. */
  saveSettings(eventId: number, settings: SignupSettings): SignupSettings;
  /** The organiser's roster (null event for an unknown id). */
  roster(eventId: number): RosterReply;
  /** Ticks whether a signed-up household came; from the event's day on. */
  checkIn(eventId: number, memberId: number, isPresent: boolean): void;
  attendedEvents(member: SessionUser, year: number): { id: number; title: string; start: string }[];
  attendedCounts(year: number): { memberId: number; count: number }[];
};

type SignupDeps = Pick<AppDeps, 'db' | 'services' | 'config'> & { clock?: () => Date };

/**
 * Tells everyone signed up for an event (seat or waiting list) that its date, time or place
 * changed: one e-mail per address (a household sharing one gets a single message greeting each)
 * and a push to each of their browsers, queued in the caller's
 * transaction (the save), so one change is told once. Nothing is queued when none of them changed.
 */
export function queueEventChangeNotices(
  tx: DbOrTx,
  config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>,
  before: EventRecord,
  after: EventRecord,
): number {
  const placeOf = (e: EventRecord) => [e.location, e.addressLine1, e.addressLine2].map((line) => line.trim()).filter(Boolean);
  const isChanged =
    before.start !== after.start || before.end !== after.end || placeOf(before).join('|') !== placeOf(after).join('|');
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
  for (const device of listDevicesOf(tx, readers.map((r) => r.id))) {
    queuePush(tx, { subscriptionId: device.id, eventId: after.id, payload: { title: `Changed: ${after.title}`, body, url: eventPath(after.id), icon: PUSH_ICON } });
  }
  return readers.length;
}

/**
 * Tells everyone who said they are coming (seat or waiting list) to events about to be deleted
 * that they are cancelled: one e-mail per address however many of the dates they had, queued in
 * the caller's transaction (the deletion) and read before the rows go. The editor deleting gets
 * none. Returns the e-mails queued.
 */
export function queueCancellationNotices(
  tx: DbOrTx,
  config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>,
  cancelled: EventRecord[],
  { actorId }: { actorId: number | null },
): number {
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
    queueMail(tx, eventCancelledMail({ to: household.to, firstName: household.greeting, title, moments, link: `${config.baseUrl}${PATHS.events}`, clubName: config.clubName }));
  }
  return households.length;
}

/**
 * Gives a seat to each waiting household, in order, that fits in what is left, and queues its
 * e-mail in the caller's transaction; the actor (who sees it on the page) gets none. Returns the
 * e-mails queued, so the caller kicks the mail service once the transaction has committed.
 */
export function promoteWaiting(
  tx: DbOrTx,
  config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>,
  event: EventRecord,
  capacity: number | null,
  actorId: number | null,
): number {
  const households = listHouseholds(tx, event.id);
  let free = capacity === null ? Number.POSITIVE_INFINITY : capacity - seatsTaken(households);
  let mailed = 0;
  for (const household of waitingListOf(households)) {
    if (household.total > free) continue;
    free -= household.total;
    setWaitlistedAt(tx, event.id, household.memberId, null);
    const member = findMemberForSignup(tx, household.memberId);
    if (household.memberId === actorId || !member?.enabled) continue;
    const { date, time } = describeStart(event.start);
    mailed += 1;
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
  }
  return mailed;
}

/** The households that said they are coming to an event (a seat or the waiting list): a removal drops their sign-up. */
export const listComingHouseholds = (db: DbOrTx, eventId: number): HouseholdRecord[] => listHouseholds(db, eventId).filter((h) => h.isAttending);

/** An occurrence a change of its series removes, read before it is deleted. */
export type RemovedOccurrence = { event: EventRecord; coming: HouseholdRecord[] };

/**
 * Tells each member who said they are coming to occurrences a series change removes that their
 * sign-up is gone: one e-mail per member however many of their dates went, queued in the caller's
 * transaction (the save), under the waiting-list promotion's rules: enabled members only, and not
 * the editor who made the change (they confirmed it on the page). Returns the e-mails queued.
 */
export function queueRemovedSignupNotices(
  tx: DbOrTx,
  config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>,
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

/**
 * Writes an event's sign-up settings in the caller's transaction (the event's save, or
 * `signup.settings`); a larger capacity moves the waiting list up. Returns the e-mails queued.
 */
export function applySignupSettings(tx: DbOrTx, config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>, event: EventRecord, settings: SignupSettings): number {
  writeSignupSettings(tx, event.id, settings);
  return promoteWaiting(tx, config, event, settings.capacity, null);
}

export function createSignupService({ db, services, config, clock = () => new Date() }: SignupDeps): SignupService {
  const nowLocal = () => clubNow(clock(), config.timeZone);
  /** Promotion e-mails queued by the current write; sent once it commits. */
  let mailed = 0;
  const inTransaction = <T>(write: (tx: DbOrTx) => T): T => {
    mailed = 0;
    const result = db.transaction(write);
    if (mailed > 0) services.mail.kick();
    return result;
  };

  const requireOpen = (event: EventRecord, settings: SignupSettings): void => {
    if (settings.deadline !== '' && nowLocal() >= settings.deadline) {
      throw badRequest(
        `Sign-up for ${event.title} closed on ${describeMoment(settings.deadline)}, so answers can no longer be changed here. Please tell the organiser directly.`,
      );
    }
  };

  /**
   * The cars picked, each one of the member's own registry cars: by id (its label is then the
   * registry's, whatever was sent), or by its label alone (older clients), which finds its id.
   */
  const checkCars = (cars: SignupCar[], ownCars: { carId: number; label: string }[]): SignupCar[] => {
    const picked = new Set<number>();
    return cars.map((car) => {
      const own = car.carId === null ? ownCars.find((c) => c.label === car.label) : ownCars.find((c) => c.carId === car.carId);
      if (!own) {
        throw badRequest(`"${car.label}" is not one of your cars. Pick from your own cars (add them on your member record), or sign up without a Model A.`);
      }
      if (picked.has(own.carId)) throw badRequest(`"${own.label}" is picked twice; pick each car once.`);
      picked.add(own.carId);
      return own;
    });
  };

  const checkChoices = (choices: ChoiceAnswers[], settings: SignupSettings, partySize: number): void => {
    const seen = new Set<string>();
    for (const { question, answers } of choices) {
      const asked = settings.choices.find((c) => c.question === question);
      if (!asked) throw badRequest(`"${question}" is not a question for this event (the organiser may have changed it). Reload the page and answer again.`);
      if (seen.has(question)) throw badRequest(`"${question}" is answered twice; answer it once.`);
      seen.add(question);
      if (answers.length > partySize) {
        throw badRequest(`"${question}" has ${answers.length} answers for a party of ${partySize}; give one answer per person.`);
      }
      for (const answer of answers) {
        if (answer !== '' && !asked.options.includes(answer)) {
          throw badRequest(`"${answer}" is not an answer to "${question}"; pick one of: ${asked.options.join(', ')}.`);
        }
      }
    }
  };

  return {
    answer(actor, answer) {
      return inTransaction((tx) => {
          const event = findEvent(tx, answer.eventId);
          const settings = findSignupSettings(tx, answer.eventId);
          if (!event || !settings) throw notFound('That event');
          requireOpen(event, settings);
          const households = listHouseholds(tx, event.id);
          const existing = households.find((h) => h.memberId === actor.id);
          const hadSeat = existing !== undefined && statusOf(existing) === 'confirmed';

          if (answer.answer === 'notSure') {
            removeAttendance(tx, event.id, actor.id);
            if (hadSeat) mailed += promoteWaiting(tx, config, event, settings.capacity, actor.id);
            return { status: 'none', waitlistPosition: 0 };
          }

          const isAttending = answer.answer === 'attending';
          const guests = answer.guests ?? existing?.guests ?? [];
          const partySize = !isAttending ? 0 : answer.guests !== undefined && answer.guests.length > 0 ? answer.guests.length + 1 : (answer.partySize ?? 1);
          // The legacy call gives only a number: names that no longer match it are dropped.
          const keptGuests = isAttending && guests.length + 1 === partySize ? guests : [];
          const pickedCars = isAttending && answer.cars !== undefined ? checkCars(answer.cars, carChoicesOfMember(tx, actor.id)) : undefined;
          const cars = isAttending ? (pickedCars ?? existing?.cars ?? []) : [];
          if (isAttending && answer.choices !== undefined) checkChoices(answer.choices, settings, partySize);
          const choices = isAttending ? trimAnswers(answer.choices ?? existing?.choiceAnswers ?? [], partySize) : [];

          let waitlistedAt: string | null = null;
          if (isAttending && settings.capacity !== null) {
            const free = settings.capacity - seatsTaken(households, actor.id);
            if (hadSeat) {
              if (partySize > (existing?.total ?? 0) && partySize > free) {
                throw badRequest(
                  `Only ${free} ${free === 1 ? 'place is' : 'places are'} left, so a party of ${partySize} does not fit. Keep your party at ${existing?.total ?? 1}, or cancel and sign up again to join the waiting list.`,
                );
              }
            } else if (existing !== undefined && statusOf(existing) === 'waitlisted') {
              waitlistedAt = existing.waitlistedAt;
            } else if (partySize > free || waitingListOf(households).some((h) => h.total <= free)) {
              // Someone waiting who fits goes first; otherwise a party that does not fit waits.
              waitlistedAt = clock().toISOString();
            }
          }
          writeHousehold(tx, {
            eventId: event.id,
            memberId: actor.id,
            isAttending,
            total: partySize,
            guests: keptGuests,
            cars,
            choiceAnswers: choices,
            comments: answer.comments,
            waitlistedAt,
          });
          if (hadSeat || waitlistedAt !== null) mailed += promoteWaiting(tx, config, event, settings.capacity, actor.id);
          const after = summariseSignups(settings, listHouseholds(tx, event.id)).ordered.find((h) => h.record.memberId === actor.id);
          return { status: after?.status ?? 'none', waitlistPosition: after?.waitlistPosition ?? 0 };
      });
    },

    saveSettings(eventId, settings) {
      return inTransaction((tx) => {
        const event = findEvent(tx, eventId);
        if (!event) throw notFound('That event');
        mailed += applySignupSettings(tx, config, event, settings);
        return settings;
      });
    },

    roster(eventId) {
      const event = findEvent(db, eventId);
      const settings = findSignupSettings(db, eventId);
      if (!event || !settings) {
        return {
          event: null,
          settings: { capacity: null, deadline: '', choices: [] },
          totals: { people: 0, cars: 0, waitingPeople: 0, waitingHouseholds: 0 },
          choiceTotals: [],
          households: [],
        };
      }
      const summary = summariseSignups(settings, listHouseholds(db, eventId));
      return {
        event: { id: event.id, title: event.title, start: event.start, end: event.end, location: event.location },
        settings,
        totals: summary.totals,
        choiceTotals: summary.choiceTotals,
        households: summary.ordered
          .filter(({ status }) => status !== 'notAttending')
          .map(({ record, status, waitlistPosition }) => ({
            ...toHousehold(record, status, waitlistPosition),
            memberId: record.memberId,
            phone: record.phone,
            isCheckedIn: record.isCheckedIn,
          })),
      };
    },

    checkIn(eventId, memberId, isPresent) {
      db.transaction((tx) => {
        const event = findEvent(tx, eventId);
        if (!event) throw notFound('That event');
        if (nowLocal().slice(0, 10) < event.start.slice(0, 10)) {
          throw badRequest(`Check-in opens on the day of the event (${describeStart(event.start).date}).`);
        }
        if (!setCheckedIn(tx, eventId, memberId, isPresent)) throw notFound('That member’s sign-up');
      });
    },

    attendedEvents: (member, year) => listAttendedEvents(db, member.id, year),
    attendedCounts: (year) => countAttendedByMember(db, year),
  };
}
