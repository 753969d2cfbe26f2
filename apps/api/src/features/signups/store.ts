import type { ChoiceAnswers, SignupCar, SignupSettings } from '@club/contracts';
import { and, asc, count, eq, gte, inArray, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { attendance, attendanceCars, events, members, pushSubscriptions } from '../../db/schema/index.ts';

/** What sign-ups need of an event: its title, time and place (the events feature owns the rest). */
export type SignupEvent = { id: number; title: string; start: string; end: string; location: string };

export function findSignupEvent(db: DbOrTx, eventId: number): SignupEvent | undefined {
  return db
    .select({ id: events.id, title: events.title, start: events.start, end: events.end, location: events.venue })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
}

/** One household's answer as stored: the attendance row with its guests, cars and choices. */
export type HouseholdRecord = {
  eventId: number;
  memberId: number;
  name: string;
  phone: string;
  isAttending: boolean;
  /** The party size (the member and their guests); 0 when not coming. */
  total: number;
  guests: string[];
  cars: SignupCar[];
  choiceAnswers: ChoiceAnswers[];
  comments: string;
  waitlistedAt: string | null;
  isCheckedIn: boolean;
  modified: string;
};

export function findSignupSettings(db: DbOrTx, eventId: number): SignupSettings | undefined {
  const row = db
    .select({ capacity: events.capacity, deadline: events.signupDeadline, choices: events.signupChoices })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
  return row && { capacity: row.capacity, deadline: row.deadline, choices: row.choices };
}

export function writeSignupSettings(db: DbOrTx, eventId: number, settings: SignupSettings): void {
  db.update(events)
    .set({ capacity: settings.capacity, signupDeadline: settings.deadline, signupChoices: settings.choices })
    .where(eq(events.id, eventId))
    .run();
}

/**
 * Every answer for an event, in the order members first answered (then member id); the waiting
 * list's order is `waitlistedAt`, read by the caller.
 */
export function listHouseholds(db: DbOrTx, eventId: number): HouseholdRecord[] {
  const rows = db
    .select({
      eventId: attendance.eventId,
      memberId: attendance.memberId,
      name: shownNameSql,
      phone: members.phone,
      isAttending: attendance.isAttending,
      total: attendance.total,
      guests: attendance.guests,
      choiceAnswers: attendance.choiceAnswers,
      comments: attendance.comments,
      waitlistedAt: attendance.waitlistedAt,
      isCheckedIn: attendance.isCheckedIn,
      modified: attendance.modified,
    })
    .from(attendance)
    .innerJoin(members, eq(members.id, attendance.memberId))
    .where(eq(attendance.eventId, eventId))
    .orderBy(asc(attendance.modified), asc(attendance.memberId))
    .all();
  const cars = db
    .select({ memberId: attendanceCars.memberId, carId: attendanceCars.carId, label: attendanceCars.label })
    .from(attendanceCars)
    .where(eq(attendanceCars.eventId, eventId))
    .orderBy(asc(attendanceCars.memberId), asc(attendanceCars.position))
    .all();
  const carsOf = new Map<number, SignupCar[]>();
  for (const { memberId, carId, label } of cars) carsOf.set(memberId, [...(carsOf.get(memberId) ?? []), { carId, label }]);
  return rows.map((row) => ({ ...row, total: row.isAttending ? row.total : 0, cars: carsOf.get(row.memberId) ?? [] }));
}

/** A household's answer as it is written; cars replace the earlier ones. */
export type HouseholdWrite = {
  eventId: number;
  memberId: number;
  isAttending: boolean;
  total: number;
  guests: string[];
  cars: SignupCar[];
  choiceAnswers: ChoiceAnswers[];
  comments: string;
  waitlistedAt: string | null;
};

export function writeHousehold(tx: DbOrTx, { cars, ...row }: HouseholdWrite): void {
  const { eventId, memberId, ...changes } = row;
  tx.insert(attendance)
    .values({ ...row, modified: new Date().toISOString() })
    .onConflictDoUpdate({ target: [attendance.eventId, attendance.memberId], set: changes })
    .run();
  tx.delete(attendanceCars)
    .where(and(eq(attendanceCars.eventId, eventId), eq(attendanceCars.memberId, memberId)))
    .run();
  if (cars.length > 0) {
    tx.insert(attendanceCars)
      .values(cars.map((car, position) => ({ eventId, memberId, position, carId: car.carId, label: car.label })))
      .run();
  }
}

/** Drops a member's answer for an event ("not sure"), with its cars. */
export function removeAttendance(db: DbOrTx, eventId: number, memberId: number): void {
  db.delete(attendance)
    .where(and(eq(attendance.eventId, eventId), eq(attendance.memberId, memberId)))
    .run();
}

export function setWaitlistedAt(tx: DbOrTx, eventId: number, memberId: number, waitlistedAt: string | null): void {
  tx.update(attendance)
    .set({ waitlistedAt })
    .where(and(eq(attendance.eventId, eventId), eq(attendance.memberId, memberId)))
    .run();
}

/** Ticks or unticks a household's check-in; false when the member has no answer for the event. */
export function setCheckedIn(tx: DbOrTx, eventId: number, memberId: number, isCheckedIn: boolean): boolean {
  return (
    tx
      .update(attendance)
      .set({ isCheckedIn })
      .where(and(eq(attendance.eventId, eventId), eq(attendance.memberId, memberId), eq(attendance.isAttending, true)))
      .run().changes === 1
  );
}

/** What a sign-up's mail needs of a member (their cars come from the registry, garage/service.ts). */
export function findMemberForSignup(db: DbOrTx, memberId: number): { email: string; firstName: string; enabled: boolean } | undefined {
  return db.select({ email: members.email, firstName: members.firstName, enabled: members.enabled }).from(members).where(eq(members.id, memberId)).get();
}

/** Who is signed up for an event (seat or waiting list) and still enabled: told when its date, time or place changes. */
export function listSignedUpReaders(db: DbOrTx, eventId: number): { id: number; email: string; firstName: string }[] {
  return db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(attendance)
    .innerJoin(members, eq(members.id, attendance.memberId))
    .where(and(eq(attendance.eventId, eventId), eq(attendance.isAttending, true), eq(members.enabled, true)))
    .orderBy(asc(members.id))
    .all();
}

/** The registered browsers of the given members. */
export function listDevicesOf(db: DbOrTx, memberIds: number[]): { id: number; memberId: number }[] {
  if (memberIds.length === 0) return [];
  return db
    .select({ id: pushSubscriptions.id, memberId: pushSubscriptions.memberId })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.memberId, memberIds))
    .all();
}

const yearBounds = (year: number) => [`${year}-01-01T00:00`, `${year + 1}-01-01T00:00`] as const;

/** The events a member was checked in at that started in a year, by start. */
export function listAttendedEvents(db: DbOrTx, memberId: number, year: number): { id: number; title: string; start: string }[] {
  const [from, to] = yearBounds(year);
  return db
    .select({ id: events.id, title: events.title, start: events.start })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(and(eq(attendance.memberId, memberId), eq(attendance.isCheckedIn, true), gte(events.start, from), lt(events.start, to)))
    .orderBy(asc(events.start), asc(events.id))
    .all();
}

/** How many events each member was checked in at in a year (members with none are left out). */
export function countAttendedByMember(db: DbOrTx, year: number): { memberId: number; count: number }[] {
  const [from, to] = yearBounds(year);
  return db
    .select({ memberId: attendance.memberId, count: count() })
    .from(attendance)
    .innerJoin(events, eq(events.id, attendance.eventId))
    .where(and(eq(attendance.isCheckedIn, true), gte(events.start, from), lt(events.start, to)))
    .groupBy(attendance.memberId)
    .orderBy(asc(attendance.memberId))
    .all();
}
