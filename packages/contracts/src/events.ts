import { z } from 'zod';
import {
  integer,
  isoDate,
  list,
  localDateTime,
  optionalInteger,
  optionalIsoDate,
  optionalJson,
  optionalText,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';
import { REMINDER_DAYS } from './event-options.ts';
import { LAST_WEEK, MAX_OCCURRENCES, REPEAT_FREQUENCIES } from './repeat-rule.ts';
import { eventSignupsSchema, signupSettingsInputSchema } from './signups.ts';

export { ATTENDANCE_STATUS, EVENTS_PAGE_SIZE, MAX_CARS, MAX_CHOICES, MAX_GUESTS, MAX_OPTIONS, MAX_PARTY, REMINDER_DAYS } from './event-options.ts';

export const attendanceEntrySchema = z.object({
  displayName: z.string(),
  isAttending: z.boolean(),
  totalAttending: z.number().int(),
  comments: z.string(),
});
export type AttendanceEntry = z.infer<typeof attendanceEntrySchema>;

export const eventSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  start: z.string(),
  end: z.string(),
  location: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string(),
  country: z.string(),
  text: z.string(),
  notifyDaysOut: z.array(z.number().int()),
  imageUrl: z.string(),
  attendance: z.array(attendanceEntrySchema),
  myAttendanceIndex: z.number().int(),
});
export type ClubEvent = z.infer<typeof eventSchema>;

/** An event as a list shows it (/new-events): no attendance, description or address. */
export const eventSummarySchema = eventSchema.pick({ id: true, title: true, start: true, end: true, location: true });
export type EventSummary = z.infer<typeof eventSummarySchema>;

/** Reminder choices: 0 sends at once ("now"), the others that many days before the start. */
const reminderDays = integer('reminder days', { min: 0, max: 30 }).refine(
  (days) => (REMINDER_DAYS as readonly number[]).includes(days),
  'Reminders can only be sent now, or 1, 3 or 5 days before the event.',
);

/** An event the event page links to as the earlier or the later one. */
export const eventNeighbourSchema = z.object({ id: z.number().int(), title: z.string(), start: z.string() });
export type EventNeighbour = z.infer<typeof eventNeighbourSchema>;

/**
 * How an event repeats (issue 23), as the editor sends it with `event.save`: `never` stops a
 * series at the occurrence edited ("this and following").
 */
export const repeatRuleSchema = z
  .object({
    frequency: z.enum(['never', ...REPEAT_FREQUENCIES], { error: 'Please choose how the event repeats.' }).describe('repeats'),
    interval: optionalInteger('repeat interval', { min: 1, max: 12 }).transform((n) => n ?? 1),
    weekday: optionalInteger('weekday', { min: 0, max: 6 }).transform((n) => n ?? 0),
    week: optionalInteger('week of the month', { min: 1, max: LAST_WEEK }).transform((n) => n ?? 1),
    day: optionalInteger('day of the month', { min: 1, max: 31 }).transform((n) => n ?? 1),
    monthsOff: z
      .array(integer('month without the event', { min: 1, max: 12 }))
      .max(11, 'Leave at least one month with the event.')
      .default([])
      .transform((months) => [...new Set(months)].sort((a, b) => a - b))
      .describe('months without the event'),
    until: optionalIsoDate('last day of the series').transform((d) => d ?? ''),
    count: optionalInteger('number of times', { min: 1, max: MAX_OCCURRENCES }).transform((n) => n ?? null),
  })
  .refine((r) => r.until === '' || r.count === null, { message: 'End the series by a date or by a number of times, not both.', path: ['count'] });
export type RepeatRuleInput = z.infer<typeof repeatRuleSchema>;

/** The series an event belongs to, as its page and editor show it. */
export const eventSeriesSchema = z.object({
  id: z.number().int(),
  rule: z.object({
    frequency: z.enum(REPEAT_FREQUENCIES),
    interval: z.number().int(),
    weekday: z.number().int(),
    week: z.number().int(),
    day: z.number().int(),
    monthsOff: z.array(z.number().int()),
    until: z.string(),
    count: z.number().int().nullable(),
  }),
  /** The rule in words: "the third Tuesday of each month except July and August". */
  description: z.string(),
  /** The series' first day (YYYY-MM-DD) and this occurrence's own day in it. */
  firstDate: z.string(),
  date: z.string(),
  /** For a series ended by a count, how many occurrences this one and the following make; else null. */
  countFromHere: z.number().int().nullable(),
});
export type EventSeries = z.infer<typeof eventSeriesSchema>;

/** An occurrence a change of its series would remove, with the sign-ups (households coming, and their people) it drops. */
export const seriesRemovalSchema = z.object({ id: z.number().int(), start: z.string(), households: z.number().int(), people: z.number().int() });
export type SeriesRemoval = z.infer<typeof seriesRemovalSchema>;

/** What an edit or a delete of an occurrence applies to. */
export const SERIES_SCOPES = ['one', 'following'] as const;
export type SeriesScope = (typeof SERIES_SCOPES)[number];
const scopeSchema = z
  .enum(SERIES_SCOPES, { error: 'Please say whether the change is for this event only or this and the following ones.' })
  .default('one')
  .describe('which events');

/** The spec's answer to `events.get`: every event, soonest first, and the names in their attendance lists. */
export const eventsReplySchema = z.object({
  /** Every event, soonest first. */
  v: z.array(eventSchema),
  /** The display names of the members in their attendance lists, sorted. */
  u: z.array(z.string()),
});
export type EventsReply = z.infer<typeof eventsReplySchema>;

/** The answer to `event.get`: the event (null for an unknown id) and the events just before and after it in start order. */
export const eventReplySchema = z.object({
  event: eventSchema.nullable(),
  /** The sign-up: settings, totals, households and the viewer's cars (null for an unknown id). */
  signups: eventSignupsSchema.nullable(),
  /** The series the event is an occurrence of; null for a single event. */
  series: eventSeriesSchema.nullable(),
  earlier: eventNeighbourSchema.nullable(),
  later: eventNeighbourSchema.nullable(),
});
export type EventReply = z.infer<typeof eventReplySchema>;

/** The answer to `events.month`: the events that overlap the days asked for, soonest first, as brief rows (what the calendar shows). */
export const eventsMonthReplySchema = z.object({ events: z.array(eventSummarySchema) });
export type EventsMonthReply = z.infer<typeof eventsMonthReplySchema>;

/** The answer to `events.upcoming`: brief rows, soonest first, without attendance. */
export const upcomingEventsReplySchema = z.object({ rows: z.array(eventSummarySchema) });
export type UpcomingEventsReply = z.infer<typeof upcomingEventsReplySchema>;

/** The answer to `events.past`: one page of brief rows, latest first, and how many past events there are. */
export const pastEventsReplySchema = z.object({ rows: z.array(eventSummarySchema), total: z.number().int() });
export type PastEventsReply = z.infer<typeof pastEventsReplySchema>;

export const events = {
  /** The spec's call: every event with its attendance (the legacy list). */
  'events.get': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: eventsReplySchema,
  },
  /** Beyond the spec: one event with its attendance, and its neighbours (the event page and the editor). */
  'event.get': {
    request: z.object({ g: sessionTokenSchema, id: integer('event id', { min: 1 }) }),
    response: eventReplySchema,
  },
  /** Beyond the spec: the events that overlap the days from..to (inclusive, club time), as the month calendar shows them. */
  'events.month': {
    request: z
      .object({ g: sessionTokenSchema, from: isoDate('first day'), to: isoDate('last day') })
      .refine((w) => w.from <= w.to, { message: 'The last day must not be before the first day.', path: ['to'] }),
    response: eventsMonthReplySchema,
  },
  /*
   * The list reads take `at`, the moment they ask at (club time, YYYY-MM-DDTHH:mm): the page sends
   * the minute it calls now, so an answer depends only on the data and the request, and stays in
   * the server's reply cache until the data changes.
   */
  /** Beyond the spec: every event not yet ended at `at`, soonest first, as brief rows (/new-events). */
  'events.upcoming': {
    request: z.object({ g: sessionTokenSchema, at: localDateTime('time for upcoming events') }),
    response: upcomingEventsReplySchema,
  },
  /** Beyond the spec: the events that ended before `at`, latest first, EVENTS_PAGE_SIZE a page (1 = the latest), as brief rows. */
  'events.past': {
    request: z.object({
      g: sessionTokenSchema,
      at: localDateTime('time for past events'),
      page: optionalInteger('page of past events', { min: 1 }).transform((page) => page ?? 1),
    }),
    response: pastEventsReplySchema,
  },
  'event.save': {
    request: z
      .object({
        id: recordId('event id'),
        g: sessionTokenSchema,
        t: text('title', 200),
        start: localDateTime('start'),
        end: localDateTime('end'),
        venue: optionalText('venue', 200),
        country: optionalText('country', 100),
        address: optionalText('address', 200),
        address2: optionalText('city, state and zip', 200),
        description: optionalText('description', 20000),
        img: optionalText('image', 500),
        notify: list(reminderDays, 'reminders'),
        /** Beyond the spec: the sign-up settings, JSON text, saved with the event in one write; absent keeps them. */
        signup: optionalJson(signupSettingsInputSchema, 'sign-up settings'),
        /**
         * Beyond the spec: how the event repeats, JSON text. With an event not in a series (or a new
         * one) it makes a series from it; with an occurrence and scope 'following' it changes the
         * series from that occurrence on. Absent: the event alone is saved.
         */
        repeat: optionalJson(repeatRuleSchema, 'repeat rule'),
        /** Beyond the spec: for an occurrence, 'one' (the default) saves it alone, 'following' it and the ones after it. */
        scope: scopeSchema,
        /**
         * Beyond the spec: how many sign-ups on occurrences a series change removes the editor agreed
         * to drop (`event.seriesPreview` tells them first); a change that drops more is refused. Absent: none.
         */
        dropSignups: optionalInteger('sign-ups to drop', { min: 0 }).transform((n) => n ?? 0),
      })
      .refine((e) => e.end >= e.start, { message: 'The end must not be before the start.', path: ['end'] }),
    response: z.object({ i: z.number().int(), img: z.string() }),
  },
  /**
   * Beyond the spec: whom the event's "now" reminder reached, as members e-mailed and members
   * pushed, and when it first went out (UTC ISO, '' if never). `event.save` keeps the spec's reply;
   * the editor asks this after saving with "now" ticked.
   */
  'event.nowReminder': {
    request: z.object({ g: sessionTokenSchema, id: integer('event id', { min: 1 }) }),
    response: z.object({ emailed: z.number().int(), pushed: z.number().int(), sent: z.string() }),
  },
  /**
   * Beyond the spec: what changing a series from an occurrence on ("this and the following", the
   * rule and start as the editor has them) would remove, with the sign-ups each removal drops;
   * nothing is written. The editor asks it before saving, to confirm the drops.
   */
  'event.seriesPreview': {
    request: z.object({
      g: sessionTokenSchema,
      id: integer('event id', { min: 1 }),
      start: localDateTime('start'),
      repeat: repeatRuleSchema,
    }),
    response: z.object({ removed: z.array(seriesRemovalSchema) }),
  },
  'event.delete': {
    /** `scope` (beyond the spec): for an occurrence, 'one' (the default) or 'following'. */
    request: z.object({ g: sessionTokenSchema, id: integer('event id', { min: 1 }), scope: scopeSchema }),
    response: z.object({}),
  },
  'attendance.set': {
    request: z.object({
      i: integer('event id', { min: 1 }),
      g: sessionTokenSchema,
      s: integer('attendance', { min: -1, max: 1 }),
      t: integer('number attending', { min: 1, max: 50 }).optional(),
      c: optionalText('comments', 1000),
    }),
    response: z.object({}),
  },
  /** Beyond the spec: whether the member has a private calendar feed, and since when ('' if none). */
  'calendarFeed.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ created: z.string() }),
  },
  /** Beyond the spec: a new private feed address; the previous one stops working. */
  'calendarFeed.reset': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ url: z.string(), created: z.string() }),
  },
} as const;
