import type { RepeatRule } from '@club/contracts';
import { and, asc, eq, gte, isNotNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { eventSeries, events, type SeriesTemplate } from '../../db/schema/index.ts';

/** A series as stored: its rule, timing, template and what has been made of it. */
export type SeriesRecord = {
  id: number;
  rule: RepeatRule;
  firstDate: string;
  startTime: string;
  durationMinutes: number;
  template: SeriesTemplate;
  skippedDates: string[];
  madeThrough: string;
};

export type SeriesFields = Omit<SeriesRecord, 'id'>;

/** Where an event stands in a series: null fields for a single event. */
export type OccurrenceLink = { seriesId: number | null; seriesDate: string | null };

const seriesColumns = {
  id: eventSeries.id,
  rule: eventSeries.rule,
  firstDate: eventSeries.firstDate,
  startTime: eventSeries.startTime,
  durationMinutes: eventSeries.durationMinutes,
  template: eventSeries.template,
  skippedDates: eventSeries.skippedDates,
  madeThrough: eventSeries.madeThrough,
};

export function findSeries(db: DbOrTx, id: number): SeriesRecord | undefined {
  return db.select(seriesColumns).from(eventSeries).where(eq(eventSeries.id, id)).get();
}

/** Every series, by id. */
export function listSeries(db: DbOrTx): SeriesRecord[] {
  return db.select(seriesColumns).from(eventSeries).orderBy(asc(eventSeries.id)).all();
}

/** The series whose occurrences are made only up to a day before `through`. */
export function listSeriesMadeBefore(db: DbOrTx, through: string): SeriesRecord[] {
  return db.select(seriesColumns).from(eventSeries).where(lt(eventSeries.madeThrough, through)).orderBy(asc(eventSeries.id)).all();
}

export function insertSeries(tx: DbOrTx, fields: SeriesFields): number {
  return tx.insert(eventSeries).values(fields).returning({ id: eventSeries.id }).get().id;
}

export function updateSeries(tx: DbOrTx, id: number, fields: Partial<SeriesFields>): void {
  tx.update(eventSeries)
    .set({ ...fields, modified: new Date().toISOString() })
    .where(eq(eventSeries.id, id))
    .run();
}

export function deleteSeries(tx: DbOrTx, id: number): void {
  tx.delete(eventSeries).where(eq(eventSeries.id, id)).run();
}

export function findOccurrenceLink(db: DbOrTx, eventId: number): OccurrenceLink | undefined {
  return db.select({ seriesId: events.seriesId, seriesDate: events.seriesDate }).from(events).where(eq(events.id, eventId)).get();
}

export function setOccurrenceLink(tx: DbOrTx, eventId: number, { seriesId, seriesDate }: OccurrenceLink): void {
  tx.update(events).set({ seriesId, seriesDate }).where(eq(events.id, eventId)).run();
}

/** The occurrences of a series from a day on (all without one), by their rule day. */
export function listOccurrences(db: DbOrTx, seriesId: number, fromDate?: string): { id: number; seriesDate: string }[] {
  return db
    .select({ id: events.id, seriesDate: sql<string>`${events.seriesDate}` })
    .from(events)
    .where(and(eq(events.seriesId, seriesId), isNotNull(events.seriesDate), fromDate ? gte(events.seriesDate, fromDate) : undefined))
    .orderBy(asc(events.seriesDate), asc(events.id))
    .all();
}

/** Whether any event or series template still shows an uploaded image. */
export function isImageInUse(db: DbOrTx, imageUrl: string): boolean {
  const byEvent = db.select({ id: events.id }).from(events).where(eq(events.imagePath, imageUrl)).limit(1).get();
  if (byEvent) return true;
  return (
    db
      .select({ id: eventSeries.id })
      .from(eventSeries)
      .where(sql`json_extract(${eventSeries.template}, '$.imageUrl') = ${imageUrl}`)
      .limit(1)
      .get() !== undefined
  );
}
