import {
  addDays,
  addMinutes,
  clubNow,
  describeRepeatRule,
  minutesBetween,
  occurrenceDates,
  occurrenceTime,
  SERIES_HORIZON_DAYS,
  type EventSeries,
  type RepeatRule,
  type RepeatRuleInput,
  type SeriesScope,
  type SignupSettings,
} from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import type { DbOrTx } from '../../db/client.ts';
import type { SeriesTemplate } from '../../db/schema/index.ts';
import { badRequest } from '../../errors.ts';
import type { SearchIndex } from '../../services/search-index.ts';
import {
  deleteSeries,
  findOccurrenceLink,
  findSeries,
  insertSeries,
  listOccurrences,
  listSeriesMadeBefore,
  setOccurrenceLink,
  updateSeries,
  type SeriesRecord,
} from './series-store.ts';
import { findSignupSettings } from './signup-store.ts';
import { applySignupSettings, queueEventChangeNotices } from './signups.ts';
import { deleteEvent, findEvent, writeEvent, type EventFields, type EventRecord } from './store.ts';

/*
 * Repeating events (issue 23). A series is a row of `event_series` (rule, time of day, length,
 * the template new occurrences start from, the days deleted one by one); each occurrence is an
 * ordinary event row pointing at it (series_id, series_date), made up to SERIES_HORIZON_DAYS ahead
 * and extended by the daily `series` job. Sign-ups, rosters, reminders, the calendar, /new-events
 * and the iCal files read occurrences as the events they are, unchanged. docs/ARCHITECTURE.md
 * ("Repeating events") gives the reasons.
 */

type NoticeConfig = Pick<AppDeps['config'], 'baseUrl' | 'clubName' | 'timeZone'>;

/** A series that has ended (by date or count) within what is made: never extended again. */
const ENDED = '9999-12-31';

const NO_SETTINGS: SignupSettings = { capacity: null, deadline: '', choices: [] };

/** The last day occurrences are made for: SERIES_HORIZON_DAYS after today, or after the first day when that is later. */
export const horizonEnd = (today: string, firstDate: string): string => addDays(firstDate > today ? firstDate : today, SERIES_HORIZON_DAYS);

const toRule = ({ frequency, ...rest }: RepeatRuleInput & { frequency: RepeatRule['frequency'] }): RepeatRule => ({ frequency, ...rest });

/** How far the occurrences are made: to the horizon, or for good when the rule ends before it. */
function madeThroughFor(rule: RepeatRule, firstDate: string, through: string): string {
  if (rule.until !== '' && rule.until <= through) return ENDED;
  if (rule.count !== null && occurrenceDates(rule, firstDate, through).length >= rule.count) return ENDED;
  return through;
}

const templateOf = (fields: EventFields, settings: SignupSettings): SeriesTemplate => ({
  title: fields.title,
  location: fields.location,
  addressLine1: fields.addressLine1,
  addressLine2: fields.addressLine2,
  country: fields.country,
  text: fields.text,
  notifyDaysOut: fields.notifyDaysOut,
  imageUrl: fields.imageUrl,
  capacity: settings.capacity,
  choices: settings.choices,
  deadlineMinutesBefore: settings.deadline === '' ? null : minutesBetween(settings.deadline, fields.start),
});

/** One occurrence's fields and sign-up settings on a rule day, from the series' template. */
function occurrenceOf(series: Pick<SeriesRecord, 'startTime' | 'durationMinutes' | 'template'>, date: string, timeZone: string) {
  const { capacity, choices, deadlineMinutesBefore, ...event } = series.template;
  const { start, end } = occurrenceTime(date, series, timeZone);
  const fields: EventFields = { ...event, start, end };
  const settings: SignupSettings = { capacity, choices, deadline: deadlineMinutesBefore === null ? '' : addMinutes(start, -deadlineMinutesBefore) };
  return { fields, settings };
}

/** How many rule days fall before a day: the occurrences (made or deleted) a series had before it. */
const countBefore = (series: SeriesRecord, date: string): number => occurrenceDates(series.rule, series.firstDate, addDays(date, -1)).length;

/** Ends a series the day before `date` (by date, or by count when it ends by count). */
function endSeriesBefore(tx: DbOrTx, series: SeriesRecord, date: string): void {
  const rule: RepeatRule =
    series.rule.count === null ? { ...series.rule, until: addDays(date, -1) } : { ...series.rule, count: countBefore(series, date) };
  updateSeries(tx, series.id, { rule, skippedDates: series.skippedDates.filter((d) => d < date), madeThrough: ENDED });
}

export type SeriesWrite = {
  /** The event edited (an occurrence with "this and following", or a single event); undefined for a new one. */
  existing: EventRecord | undefined;
  fields: EventFields;
  /** New sign-up settings for every occurrence written; undefined keeps each one's (new ones take the edited event's). */
  signup: SignupSettings | undefined;
  rule: RepeatRuleInput;
  /** Today in club time (YYYY-MM-DD). */
  today: string;
};

/** What a series write did: the first occurrence's id, the households told of a change, the promotion e-mails queued, the events written or deleted (for the search index). */
export type SeriesWriteResult = { id: number; notices: number; mails: number; touched: number[] };

/**
 * Writes a series from an event on, in the caller's transaction: a new series, a single event
 * made into one, or an occurrence's "this and following" (the old series then ends the day
 * before, or is replaced when the occurrence is its first). The occurrences from the edited one
 * on take the new rule's days in order, keeping their ids and sign-ups (whoever is signed up is
 * told of a new date, time or place); the rest are deleted or made. `never` leaves the edited
 * event alone, out of any series.
 */
export function writeSeries(tx: DbOrTx, config: NoticeConfig, { existing, fields, signup, rule, today }: SeriesWrite): SeriesWriteResult {
  const link = existing ? findOccurrenceLink(tx, existing.id) : undefined;
  const old = link?.seriesId ? findSeries(tx, link.seriesId) : undefined;
  const fromDate = old ? (link?.seriesDate ?? undefined) : undefined;
  const following = old && fromDate ? listOccurrences(tx, old.id, fromDate).map((o) => o.id) : existing ? [existing.id] : [];
  const isFromStart = old !== undefined && fromDate !== undefined && countBefore(old, fromDate) === 0;
  const settings = signup ?? (existing ? findSignupSettings(tx, existing.id) : undefined) ?? NO_SETTINGS;
  // Unlinked first, so that re-dating them in any order never meets the (series, day) key.
  for (const id of following) setOccurrenceLink(tx, id, { seriesId: null, seriesDate: null });
  if (old && fromDate && !isFromStart) endSeriesBefore(tx, old, fromDate);

  const result: SeriesWriteResult = { id: existing?.id ?? 0, notices: 0, mails: 0, touched: [...following] };
  const writeOne = (id: number, eventFields: EventFields, eventSettings: SignupSettings | undefined): number => {
    const before = id === 0 ? undefined : findEvent(tx, id);
    const savedId = writeEvent(tx, id, eventFields);
    if (id === 0) result.touched.push(savedId);
    const after = { ...eventFields, id: savedId };
    if (before) result.notices += queueEventChangeNotices(tx, config, before, after);
    if (eventSettings) result.mails += applySignupSettings(tx, config, after, eventSettings);
    return savedId;
  };

  if (rule.frequency === 'never') {
    const [kept, ...dropped] = following;
    if (kept !== undefined) result.id = writeOne(kept, fields, signup);
    for (const id of dropped) deleteEvent(tx, id);
    if (old && isFromStart) deleteSeries(tx, old.id);
    return result;
  }

  const firstDate = fields.start.slice(0, 10);
  const seriesRule = toRule({ ...rule, frequency: rule.frequency });
  const through = horizonEnd(today, firstDate);
  const skippedDates = (old?.skippedDates ?? []).filter((d) => d >= firstDate);
  const dates = occurrenceDates(seriesRule, firstDate, through).filter((d) => !skippedDates.includes(d));
  if (dates.length === 0) {
    throw badRequest('The repeat rule gives no dates from the start on. Check the weekday, the months left out and the end of the series.');
  }
  const series: Omit<SeriesRecord, 'id'> = {
    rule: seriesRule,
    firstDate,
    startTime: fields.start.slice(11, 16),
    durationMinutes: Math.max(0, minutesBetween(fields.start, fields.end)),
    template: templateOf(fields, settings),
    skippedDates,
    madeThrough: madeThroughFor(seriesRule, firstDate, through),
  };
  let seriesId: number;
  if (old && isFromStart) {
    updateSeries(tx, old.id, series);
    seriesId = old.id;
  } else {
    seriesId = insertSeries(tx, series);
  }
  dates.forEach((date, index) => {
    const occurrence = occurrenceOf(series, date, config.timeZone);
    const id = following[index] ?? 0;
    // The edited event keeps what was typed for it; the others take the template on their day.
    const eventSettings = id === 0 ? occurrence.settings : signup && occurrence.settings;
    const savedId = writeOne(id, occurrence.fields, eventSettings);
    setOccurrenceLink(tx, savedId, { seriesId, seriesDate: date });
    if (index === 0) result.id = savedId;
  });
  for (const id of following.slice(dates.length)) deleteEvent(tx, id);
  return result;
}

/** Makes the occurrences of every series up to the horizon from `today` (club date); returns the ids made. */
export function extendSeries(tx: DbOrTx, config: NoticeConfig, today: string): number[] {
  const made: number[] = [];
  for (const series of listSeriesMadeBefore(tx, addDays(today, SERIES_HORIZON_DAYS))) {
    const through = horizonEnd(today, series.firstDate);
    if (through <= series.madeThrough) continue;
    const existing = new Set(listOccurrences(tx, series.id).map((o) => o.seriesDate));
    for (const date of occurrenceDates(series.rule, series.firstDate, through)) {
      if (date <= series.madeThrough || existing.has(date) || series.skippedDates.includes(date)) continue;
      const { fields, settings } = occurrenceOf(series, date, config.timeZone);
      const id = writeEvent(tx, 0, fields);
      applySignupSettings(tx, config, { ...fields, id }, settings);
      setOccurrenceLink(tx, id, { seriesId: series.id, seriesDate: date });
      made.push(id);
    }
    updateSeries(tx, series.id, { madeThrough: madeThroughFor(series.rule, series.firstDate, through) });
  }
  return made;
}

/**
 * Deletes an event in the caller's transaction; for an occurrence, `one` keeps its day out of
 * the series for good, `following` deletes the later ones too and ends the series the day before
 * (or deletes it, from its first day). Returns the ids and images of the events deleted.
 */
export function deleteOccurrences(tx: DbOrTx, eventId: number, scope: SeriesScope): { ids: number[]; images: string[] } {
  const link = findOccurrenceLink(tx, eventId);
  const series = link?.seriesId ? findSeries(tx, link.seriesId) : undefined;
  const date = link?.seriesDate ?? undefined;
  const imageOf = (id: number): string => findEvent(tx, id)?.imageUrl ?? '';
  if (!series || date === undefined) {
    const image = imageOf(eventId);
    deleteEvent(tx, eventId);
    return { ids: [eventId], images: [image] };
  }
  if (scope === 'one') {
    const image = imageOf(eventId);
    deleteEvent(tx, eventId);
    updateSeries(tx, series.id, { skippedDates: [...new Set([...series.skippedDates, date])].sort() });
    return { ids: [eventId], images: [image] };
  }
  const ids = listOccurrences(tx, series.id, date).map((o) => o.id);
  const images = ids.map(imageOf);
  for (const id of ids) deleteEvent(tx, id);
  if (countBefore(series, date) === 0) {
    for (const { id } of listOccurrences(tx, series.id)) setOccurrenceLink(tx, id, { seriesId: null, seriesDate: null });
    deleteSeries(tx, series.id);
  } else {
    endSeriesBefore(tx, series, date);
  }
  return { ids, images };
}

/** The series an event is an occurrence of, as its page and editor show it; null for a single event. */
export function readSeriesOf(db: DbOrTx, eventId: number): EventSeries | null {
  const link = findOccurrenceLink(db, eventId);
  const series = link?.seriesId ? findSeries(db, link.seriesId) : undefined;
  if (!series || !link?.seriesDate) return null;
  return {
    id: series.id,
    rule: series.rule,
    description: describeRepeatRule(series.rule),
    firstDate: series.firstDate,
    date: link.seriesDate,
    countFromHere: series.rule.count === null ? null : Math.max(1, series.rule.count - countBefore(series, link.seriesDate)),
  };
}

export type SeriesJob = {
  /** Makes the occurrences due by the horizon from `now`'s club date, in one transaction. */
  extend(now?: Date): { made: number };
};

/** The daily `series` job (jobs/index.ts): keeps every open series made SERIES_HORIZON_DAYS ahead, each new one in the search index. */
export function createSeriesJob({ db, config, search }: { db: AppDeps['db']; config: NoticeConfig; search: Pick<SearchIndex, 'reindex'> }): SeriesJob {
  return {
    extend(now = new Date()) {
      const today = clubNow(now, config.timeZone).slice(0, 10);
      const made = db.transaction((tx) => {
        const ids = extendSeries(tx, config, today);
        search.reindex(tx, 'event', ids);
        return ids;
      });
      return { made: made.length };
    },
  };
}
