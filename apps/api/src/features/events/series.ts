import { addDays, addMinutes, clubNow, describeRepeatRule, minutesBetween, occurrenceDates, occurrenceTime, SERIES_HORIZON_DAYS } from '@club/contracts/plain';
import type { EventSeries, RepeatRule, RepeatRuleInput, SeriesRemoval, SeriesScope, SignupSettings } from '@club/contracts';
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
import { queueEventChangeNotices, queueRemovedSignupNotices, type RemovedOccurrence } from '../signups/notices.ts';
import { applySignupSettings, listComingHouseholds, readSignupSettings } from '../signups/service.ts';
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
const horizonEnd = (today: string, firstDate: string): string => addDays(firstDate > today ? firstDate : today, SERIES_HORIZON_DAYS);

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
  const rule: RepeatRule = series.rule.count === null ? { ...series.rule, until: addDays(date, -1) } : { ...series.rule, count: countBefore(series, date) };
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
  /** The editor making the change: not e-mailed about their own sign-ups it drops. */
  actorId: number | null;
  /** How many sign-ups on removed occurrences the editor agreed to drop; a change dropping more is refused. */
  allowedDrops: number;
};

/** What a series write did: the first occurrence's id, the households told of a change, the e-mails queued (promotions, removed sign-ups), the events written or deleted (for the search index). */
export type SeriesWriteResult = { id: number; notices: number; mails: number; touched: number[] };

type Occurrence = { id: number; seriesDate: string | null };

/**
 * Which day of the new rule each occurrence from the edited one on takes: the edited one the
 * first day; each other one keeps its day when the rule still has it, or else takes a day of the
 * same month the rule has free, in order (a "third Tuesday" becoming a "first Tuesday" keeps its
 * sign-ups). The ones left over are removed; days left over get new occurrences.
 */
function assignOccurrences(following: Occurrence[], dates: string[]): { idOf: Map<string, number>; removed: number[] } {
  const idOf = new Map<string, number>();
  const [edited, ...others] = following;
  if (edited === undefined || dates[0] === undefined) return { idOf, removed: following.slice(dates[0] === undefined ? 0 : 1).map((o) => o.id) };
  idOf.set(dates[0], edited.id);
  const free = new Set(dates.slice(1));
  const unplaced: Occurrence[] = [];
  for (const o of others) {
    if (o.seriesDate !== null && free.has(o.seriesDate)) {
      idOf.set(o.seriesDate, o.id);
      free.delete(o.seriesDate);
    } else {
      unplaced.push(o);
    }
  }
  const removed: number[] = [];
  for (const o of unplaced) {
    const month = o.seriesDate?.slice(0, 7);
    const day = [...free].find((d) => d.slice(0, 7) === month);
    if (day === undefined) {
      removed.push(o.id);
    } else {
      idOf.set(day, o.id);
      free.delete(day);
    }
  }
  return { idOf, removed };
}

type SeriesPlan = {
  old: SeriesRecord | undefined;
  fromDate: string | undefined;
  following: number[];
  isFromStart: boolean;
  /** The new rule's days from the edited event on (none when it stops repeating). */
  dates: string[];
  seriesRule: RepeatRule | undefined;
  skippedDates: string[];
  /** Which occurrence takes which day, and the ones the change removes. */
  idOf: Map<string, number>;
  removed: number[];
};

/** What a series write from an event on would do, without writing: the days, who takes them and what goes. */
function planSeries(
  db: DbOrTx,
  { existing, start, rule, today }: { existing: EventRecord | undefined; start: string; rule: RepeatRuleInput; today: string },
): SeriesPlan {
  const link = existing ? findOccurrenceLink(db, existing.id) : undefined;
  const old = link?.seriesId ? findSeries(db, link.seriesId) : undefined;
  const fromDate = old ? (link?.seriesDate ?? undefined) : undefined;
  const occurrences: Occurrence[] = old && fromDate ? listOccurrences(db, old.id, fromDate) : existing ? [{ id: existing.id, seriesDate: null }] : [];
  const plan = {
    old,
    fromDate,
    following: occurrences.map((o) => o.id),
    isFromStart: old !== undefined && fromDate !== undefined && countBefore(old, fromDate) === 0,
  };
  if (rule.frequency === 'never') {
    return { ...plan, dates: [], seriesRule: undefined, skippedDates: [], idOf: new Map(), removed: plan.following.slice(1) };
  }
  const firstDate = start.slice(0, 10);
  const seriesRule = toRule({ ...rule, frequency: rule.frequency });
  const skippedDates = (old?.skippedDates ?? []).filter((d) => d >= firstDate);
  const dates = occurrenceDates(seriesRule, firstDate, horizonEnd(today, firstDate)).filter((d) => !skippedDates.includes(d));
  if (dates.length === 0) {
    throw badRequest('The repeat rule gives no dates from the start on. Check the weekday, the months left out and the end of the series.');
  }
  return { ...plan, dates, seriesRule, skippedDates, ...assignOccurrences(occurrences, dates) };
}

/** The occurrences a change removes, each with the households that said they are coming. */
const readRemoved = (db: DbOrTx, ids: number[]): RemovedOccurrence[] =>
  ids.flatMap((id) => {
    const event = findEvent(db, id);
    return event ? [{ event, coming: listComingHouseholds(db, id) }] : [];
  });

/** What changing a series from an occurrence on would remove: each occurrence with its sign-ups (households coming). */
export function previewSeriesWrite(db: DbOrTx, args: { existing: EventRecord; start: string; rule: RepeatRuleInput; today: string }): SeriesRemoval[] {
  return readRemoved(db, planSeries(db, args).removed).map(({ event, coming }) => ({
    id: event.id,
    start: event.start,
    households: coming.length,
    people: coming.reduce((sum, h) => sum + h.total, 0),
  }));
}

/** Refuses a change that drops more sign-ups than the editor agreed to (someone signed up since they were asked). */
function requireDropsAllowed(removed: RemovedOccurrence[], allowedDrops: number): void {
  const drops = removed.reduce((sum, r) => sum + r.coming.length, 0);
  if (drops <= allowedDrops) return;
  const dates = removed.filter((r) => r.coming.length > 0).length;
  throw badRequest(
    `This change removes ${dates === 1 ? 'a date' : `${dates} dates`} that ${drops === 1 ? '1 member has' : `${drops} members have`} signed up for; their sign-ups would be cancelled and they would be told by e-mail. Save again and confirm to go ahead.`,
  );
}

/**
 * Writes a series from an event on, in the caller's transaction: a new series, a single event
 * made into one, or an occurrence's "this and following" (the old series then ends the day
 * before, or is replaced when the occurrence is its first). The occurrences from the edited one
 * on take the new rule's days (assignOccurrences), keeping their ids and sign-ups (whoever is
 * signed up is told of a new date, time or place); the rest are deleted, and whoever said they
 * were coming to one is told once by e-mail, or made. `never` leaves the edited event alone, out
 * of any series.
 */
export function writeSeries(
  tx: DbOrTx,
  config: NoticeConfig,
  { existing, fields, signup, rule, today, actorId, allowedDrops }: SeriesWrite,
): SeriesWriteResult {
  const plan = planSeries(tx, { existing, start: fields.start, rule, today });
  const { old, fromDate, following, isFromStart } = plan;
  const removed = readRemoved(tx, plan.removed);
  requireDropsAllowed(removed, allowedDrops);
  const settings = signup ?? (existing ? readSignupSettings(tx, existing.id) : undefined) ?? NO_SETTINGS;
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
  const dropRemoved = (rule: string): void => {
    for (const { event } of removed) deleteEvent(tx, event.id);
    result.mails += queueRemovedSignupNotices(tx, config, removed, { actorId, eventId: result.id, rule });
  };

  if (plan.seriesRule === undefined) {
    const [kept] = following;
    if (kept !== undefined) result.id = writeOne(kept, fields, signup);
    dropRemoved('');
    if (old && isFromStart) deleteSeries(tx, old.id);
    return result;
  }

  const { seriesRule, dates, skippedDates, idOf } = plan;
  const firstDate = fields.start.slice(0, 10);
  const series: Omit<SeriesRecord, 'id'> = {
    rule: seriesRule,
    firstDate,
    startTime: fields.start.slice(11, 16),
    durationMinutes: Math.max(0, minutesBetween(fields.start, fields.end)),
    template: templateOf(fields, settings),
    skippedDates,
    madeThrough: madeThroughFor(seriesRule, firstDate, horizonEnd(today, firstDate)),
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
    const id = idOf.get(date) ?? 0;
    // The edited event keeps what was typed for it; the others take the template on their day.
    const eventSettings = id === 0 ? occurrence.settings : signup && occurrence.settings;
    const savedId = writeOne(id, occurrence.fields, eventSettings);
    setOccurrenceLink(tx, savedId, { seriesId, seriesDate: date });
    if (index === 0) result.id = savedId;
  });
  dropRemoved(describeRepeatRule(seriesRule));
  return result;
}

/** Makes the occurrences of every series up to the horizon from `today` (club date); returns the ids made. */
function extendSeries(tx: DbOrTx, config: NoticeConfig, today: string): number[] {
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
export function deleteOccurrences(
  tx: DbOrTx,
  eventId: number,
  scope: SeriesScope,
  onBeforeDelete: (events: EventRecord[]) => void = () => undefined,
): { ids: number[]; images: string[] } {
  const link = findOccurrenceLink(tx, eventId);
  const series = link?.seriesId ? findSeries(tx, link.seriesId) : undefined;
  const date = link?.seriesDate ?? undefined;
  const isWhole = series !== undefined && date !== undefined && scope !== 'one';
  const ids = isWhole ? listOccurrences(tx, series.id, date).map((o) => o.id) : [eventId];
  const records = ids.flatMap((id) => findEvent(tx, id) ?? []);
  // The caller reads what it needs of them (who was coming) while the rows still exist.
  onBeforeDelete(records);
  const images = records.map((record) => record.imageUrl);
  for (const id of ids) deleteEvent(tx, id);
  if (!series || date === undefined) return { ids, images };
  if (scope === 'one') {
    updateSeries(tx, series.id, { skippedDates: [...new Set([...series.skippedDates, date])].sort() });
    return { ids, images };
  }
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
