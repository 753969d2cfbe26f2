import { and, asc, count, desc, eq, gt, gte, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { AttendanceEntry, ClubEvent, EventNeighbour, EventSummary } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iterateRows } from '../../db/iterate-rows.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { attendance, calendarFeeds, events, members } from '../../db/schema/index.ts';

/**
 * An event as an editor sets it, under the entity's names (the columns `venue`, `description`
 * and `image_path` are mapped here and nowhere else). Start and end are local club time,
 * YYYY-MM-DDTHH:mm.
 */
export type EventFields = Omit<ClubEvent, 'id' | 'attendance' | 'myAttendanceIndex'>;

export type EventRecord = EventFields & { id: number };

/** One member's answer for one event, as a list shows it. */
type AttendanceRecord = AttendanceEntry & { eventId: number; memberId: number };

/** Days as YYYY-MM-DD, both inclusive. */
export type DayWindow = { from: string; to: string };

const eventColumns = {
  id: events.id,
  title: events.title,
  start: events.start,
  end: events.end,
  location: events.venue,
  addressLine1: events.addressLine1,
  addressLine2: events.addressLine2,
  country: events.country,
  text: events.description,
  notifyDaysOut: events.notifyDaysOut,
  imageUrl: events.imagePath,
};

/** What a list row needs of an event (no description, address, reminders or image). */
const summaryColumns = { id: events.id, title: events.title, start: events.start, end: events.end, location: events.venue };

/** Every event, by start. */
export function listEvents(db: DbOrTx): EventRecord[] {
  return db.select(eventColumns).from(events).orderBy(asc(events.start), asc(events.id)).all();
}

/** Every event, by start, one row at a time (the legacy full list; see `iterateRows`). */
export function iterateEvents(db: Db): Iterable<EventRecord> {
  return iterateRows(db, db.select(eventColumns).from(events).orderBy(asc(events.start), asc(events.id)), eventColumns);
}

/**
 * The events of the private feed: those starting on or after a day (YYYY-MM-DD), with their place
 * in a series and when they were last changed, by start.
 */
export function listFeedEvents(db: DbOrTx, fromDay: string): (EventRecord & { seriesId: number | null; seriesDate: string | null; modified: string })[] {
  return db
    .select({ ...eventColumns, seriesId: events.seriesId, seriesDate: events.seriesDate, modified: events.modified })
    .from(events)
    .where(gte(events.start, `${fromDay}T00:00`))
    .orderBy(asc(events.start), asc(events.id))
    .all();
}

/** The events that overlap a window of days, by start, as brief rows (the month calendar). */
export function listEventSummaries(db: DbOrTx, { from, to }: DayWindow): EventSummary[] {
  return db
    .select(summaryColumns)
    .from(events)
    .where(and(lte(events.start, `${to}T23:59`), gte(events.end, `${from}T00:00`)))
    .orderBy(asc(events.start), asc(events.id))
    .all();
}

/** Every event that starts after a moment (club time, YYYY-MM-DDTHH:mm), by start: the ones reminders may be due for. */
export function listEventsStartingAfter(db: DbOrTx, moment: string): EventRecord[] {
  return db.select(eventColumns).from(events).where(gt(events.start, moment)).orderBy(asc(events.start), asc(events.id)).all();
}

/** Every event not yet ended at a moment (club time, YYYY-MM-DDTHH:mm), by start. */
export function listEventsEndingFrom(db: DbOrTx, moment: string): EventSummary[] {
  return db.select(summaryColumns).from(events).where(gte(events.end, moment)).orderBy(asc(events.start), asc(events.id)).all();
}

/** One page of the events that ended before a moment, latest start first (page 1 = the latest), and how many there are. */
export function listEventsEndedBefore(db: DbOrTx, moment: string, page: number, pageSize: number): { records: EventSummary[]; total: number } {
  const ended = lt(events.end, moment);
  const records = db
    .select(summaryColumns)
    .from(events)
    .where(ended)
    .orderBy(desc(events.start), desc(events.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(events).where(ended).get()?.n ?? 0;
  return { records, total };
}

/** The events just before and just after one in the list's order (start, then id), or null at either end. */
export function findEventNeighbours(db: DbOrTx, event: { id: number; start: string }): { earlier: EventNeighbour | null; later: EventNeighbour | null } {
  const link = { id: events.id, title: events.title, start: events.start };
  const earlier = db
    .select(link)
    .from(events)
    .where(or(lt(events.start, event.start), and(eq(events.start, event.start), lt(events.id, event.id))))
    .orderBy(desc(events.start), desc(events.id))
    .limit(1)
    .get();
  const later = db
    .select(link)
    .from(events)
    .where(or(gt(events.start, event.start), and(eq(events.start, event.start), gt(events.id, event.id))))
    .orderBy(asc(events.start), asc(events.id))
    .limit(1)
    .get();
  return { earlier: earlier ?? null, later: later ?? null };
}

export function findEvent(db: DbOrTx, id: number): EventRecord | undefined {
  return db.select(eventColumns).from(events).where(eq(events.id, id)).get();
}

/** Attendance entries of the given events (of every event without ids), in the order members answered. */
/** The columns of an answer as the lists show it; `total` becomes `totalAttending` (`withTotalAttending`). */
const answerColumns = {
  memberId: attendance.memberId,
  displayName: shownNameSql,
  isAttending: attendance.isAttending,
  total: attendance.total,
  comments: attendance.comments,
};

/** An answer's count of people coming: its total when attending, else none. */
const withTotalAttending = <Row extends { total: number; isAttending: boolean }>({ total, ...row }: Row) => ({
  ...row,
  totalAttending: row.isAttending ? total : 0,
});

function listAttendance(db: DbOrTx, eventIds?: number[]): AttendanceRecord[] {
  if (eventIds?.length === 0) return [];
  return db
    .select({ eventId: attendance.eventId, ...answerColumns })
    .from(attendance)
    .innerJoin(members, eq(members.id, attendance.memberId))
    .where(eventIds ? inArray(attendance.eventId, eventIds) : undefined)
    .orderBy(asc(attendance.modified), asc(attendance.memberId))
    .all()
    .map(withTotalAttending);
}

/** One answer as a list shows it, with whose it is and when it was last given (the order of the lists). */
export type AnsweredAttendance = AttendanceEntry & { memberId: number; modified: string };

/**
 * A reader of one event's attendance in the order members answered (as `listAttendance`), its
 * statement prepared once: the legacy full list asks it for every event in turn.
 */
export function attendanceReader(db: DbOrTx): (eventId: number) => AnsweredAttendance[] {
  const query = db
    .select({ ...answerColumns, modified: attendance.modified })
    .from(attendance)
    .innerJoin(members, eq(members.id, attendance.memberId))
    .where(eq(attendance.eventId, sql.placeholder('eventId')))
    .orderBy(asc(attendance.modified), asc(attendance.memberId))
    .prepare();
  return (eventId) => query.all({ eventId }).map(withTotalAttending);
}

/**
 * The events as a member sees them: each with its attendance in answer order and the member's
 * own entry marked (`myAttendanceIndex` -1 when they have not answered), and the display names
 * in those lists, sorted. `isEveryEvent` reads all attendance at once rather than by id.
 */
export function attachAttendance(db: DbOrTx, records: EventRecord[], viewerId: number, isEveryEvent = false): { events: ClubEvent[]; names: string[] } {
  const entries = listAttendance(db, isEveryEvent ? undefined : records.map((r) => r.id));
  const byEvent = new Map<number, AttendanceRecord[]>();
  for (const entry of entries) {
    const list = byEvent.get(entry.eventId);
    if (list) list.push(entry);
    else byEvent.set(entry.eventId, [entry]);
  }
  const names = [...new Set(entries.map((entry) => entry.displayName))].sort((a, b) => a.localeCompare(b));
  const withEntries = (record: EventRecord): ClubEvent => {
    const list = byEvent.get(record.id) ?? [];
    return {
      ...record,
      attendance: list.map(({ displayName, isAttending, totalAttending, comments }) => ({ displayName, isAttending, totalAttending, comments })),
      myAttendanceIndex: list.findIndex((entry) => entry.memberId === viewerId),
    };
  };
  return { events: records.map(withEntries), names };
}

/** Inserts (id 0) or updates an event; returns its id. */
export function writeEvent(tx: DbOrTx, id: number, { location, text, imageUrl, ...same }: EventFields): number {
  const row = { ...same, venue: location, description: text, imagePath: imageUrl };
  if (id === 0) return tx.insert(events).values(row).returning({ id: events.id }).get().id;
  tx.update(events)
    .set({ ...row, modified: new Date().toISOString() })
    .where(eq(events.id, id))
    .run();
  return id;
}

/** Removes an event; its attendance and sent-reminder records go with it (cascade). */
export function deleteEvent(db: DbOrTx, id: number): boolean {
  return db.delete(events).where(eq(events.id, id)).run().changes === 1;
}

/**
 * A finder of the enabled member a feed token hash belongs to, its statement prepared once:
 * building and preparing the join anew was a fifth of the feed's CPU at 50 connections.
 */
export function feedMemberFinder(db: Db): (tokenHash: string) => number | undefined {
  const query = db
    .select({ memberId: calendarFeeds.memberId })
    .from(calendarFeeds)
    .innerJoin(members, eq(members.id, calendarFeeds.memberId))
    .where(and(eq(calendarFeeds.tokenHash, sql.placeholder('tokenHash')), eq(members.enabled, true)))
    .prepare();
  return (tokenHash) => query.get({ tokenHash })?.memberId;
}

/** When the member's feed was made; undefined if they have none. */
export function findFeedCreated(db: DbOrTx, memberId: number): string | undefined {
  return db.select({ created: calendarFeeds.created }).from(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)).get()?.created;
}

/** Gives the member a new feed token hash, replacing any earlier one; returns when. */
export function replaceFeedToken(db: DbOrTx, memberId: number, tokenHash: string): string {
  const created = new Date().toISOString();
  db.insert(calendarFeeds).values({ memberId, tokenHash, created }).onConflictDoUpdate({ target: calendarFeeds.memberId, set: { tokenHash, created } }).run();
  return created;
}

/** Removes the member's feed, so its address stops working for good. */
export function deleteFeed(db: DbOrTx, memberId: number): void {
  db.delete(calendarFeeds).where(eq(calendarFeeds.memberId, memberId)).run();
}
