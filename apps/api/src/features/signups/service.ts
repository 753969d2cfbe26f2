import { clubNow, describeStart } from '@club/contracts/plain';
import type { ChoiceAnswers, ChoiceTotals, EventSignups, Household, RosterReply, SessionUser, SignupCar, SignupSettings, SignupStatus } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { badRequest, notFound } from '../../errors.ts';
import type { MailService } from '../../services/mail.ts';
import { carChoicesOfMember } from '../garage/service.ts';
import { describeMoment, queuePromotionNotice } from './notices.ts';
import {
  countAttendedByMember,
  findSignupEvent,
  findSignupSettings,
  listAttendedEvents,
  listHouseholds,
  removeAttendance,
  setCheckedIn,
  setWaitlistedAt,
  writeHousehold,
  writeSignupSettings,
  type HouseholdRecord,
  type SignupEvent,
} from './store.ts';

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

type SignupResult = { status: SignupStatus | 'none'; waitlistPosition: number };

const statusOf = (h: Pick<HouseholdRecord, 'isAttending' | 'waitlistedAt'>): SignupStatus =>
  !h.isAttending ? 'notAttending' : h.waitlistedAt === null ? 'confirmed' : 'waitlisted';

/** The waiting list in its order: who joined first, then member id. */
const waitingListOf = (households: HouseholdRecord[]): HouseholdRecord[] =>
  households.filter((h) => statusOf(h) === 'waitlisted').sort((a, b) => (a.waitlistedAt ?? '').localeCompare(b.waitlistedAt ?? '') || a.memberId - b.memberId);

const seatsTaken = (households: HouseholdRecord[], exceptMemberId?: number): number =>
  households.filter((h) => statusOf(h) === 'confirmed' && h.memberId !== exceptMemberId).reduce((sum, h) => sum + h.total, 0);

/** Totals, cars and each question's counts over the households with a seat; the households in page order. */
function summariseSignups(settings: SignupSettings, households: HouseholdRecord[]) {
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

type SignupDeps = { db: Db; config: AppDeps['config']; mail: Pick<MailService, 'kick'>; clock?: () => Date };

/** What a write returns and how many e-mails it queued, so the mail goes out once it has committed. */
type Written<T> = { result: T; mailed: number };

/**
 * Gives a seat to each waiting household, in order, that fits in what is left, and queues its
 * e-mail in the caller's transaction; the actor (who sees it on the page) gets none. Returns the
 * e-mails queued, so the caller kicks the mail service once the transaction has committed.
 */
function promoteWaiting(
  tx: DbOrTx,
  config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>,
  event: SignupEvent,
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
    mailed += queuePromotionNotice(tx, config, event, household, actorId);
  }
  return mailed;
}

/** The households that said they are coming to an event (a seat or the waiting list): a removal drops their sign-up. */
export const listComingHouseholds = (db: DbOrTx, eventId: number): HouseholdRecord[] => listHouseholds(db, eventId).filter((h) => h.isAttending);

/** An event's capacity, deadline and questions; undefined for an unknown event. */
export const readSignupSettings = (db: DbOrTx, eventId: number): SignupSettings | undefined => findSignupSettings(db, eventId);

/**
 * Writes an event's sign-up settings in the caller's transaction (the event's save, or
 * `signup.settings`); a larger capacity moves the waiting list up. Returns the e-mails queued.
 */
export function applySignupSettings(tx: DbOrTx, config: Pick<AppDeps['config'], 'baseUrl' | 'clubName'>, event: SignupEvent, settings: SignupSettings): number {
  writeSignupSettings(tx, event.id, settings);
  return promoteWaiting(tx, config, event, settings.capacity, null);
}

export function createSignupService({ db, config, mail, clock = () => new Date() }: SignupDeps): SignupService {
  const nowLocal = () => clubNow(clock(), config.timeZone);
  /** Runs a write in one transaction; the e-mails it queued are sent once it has committed. */
  const inTransaction = <T>(write: (tx: DbOrTx) => Written<T>): T => {
    const { result, mailed } = db.transaction(write);
    if (mailed > 0) mail.kick();
    return result;
  };

  const requireOpen = (event: SignupEvent, settings: SignupSettings): void => {
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
      return inTransaction<SignupResult>((tx) => {
        const event = findSignupEvent(tx, answer.eventId);
        const settings = findSignupSettings(tx, answer.eventId);
        if (!event || !settings) throw notFound('That event');
        requireOpen(event, settings);
        const households = listHouseholds(tx, event.id);
        const existing = households.find((h) => h.memberId === actor.id);
        const hadSeat = existing !== undefined && statusOf(existing) === 'confirmed';

        if (answer.answer === 'notSure') {
          removeAttendance(tx, event.id, actor.id);
          const mailed = hadSeat ? promoteWaiting(tx, config, event, settings.capacity, actor.id) : 0;
          return { result: { status: 'none', waitlistPosition: 0 }, mailed };
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
        const mailed = hadSeat || waitlistedAt !== null ? promoteWaiting(tx, config, event, settings.capacity, actor.id) : 0;
        const after = summariseSignups(settings, listHouseholds(tx, event.id)).ordered.find((h) => h.record.memberId === actor.id);
        return { result: { status: after?.status ?? 'none', waitlistPosition: after?.waitlistPosition ?? 0 }, mailed };
      });
    },

    saveSettings(eventId, settings) {
      return inTransaction((tx) => {
        const event = findSignupEvent(tx, eventId);
        if (!event) throw notFound('That event');
        return { result: settings, mailed: applySignupSettings(tx, config, event, settings) };
      });
    },

    roster(eventId) {
      const event = findSignupEvent(db, eventId);
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
        const event = findSignupEvent(tx, eventId);
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
