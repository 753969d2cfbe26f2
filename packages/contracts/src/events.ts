import { z } from 'zod';
import {
  integer,
  list,
  localDateTime,
  optionalInteger,
  optionalIsoDate,
  optionalLocalDateTime,
  optionalText,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';
import { REMINDER_DAYS } from './event-options.ts';

export { ATTENDANCE_STATUS, EVENTS_PAGE_SIZE, REMINDER_DAYS } from './event-options.ts';

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

/** The answer with full events: without a way (the legacy list), a window of days, or one event. */
export const eventsReplySchema = z.object({
  /** The events, soonest first. */
  v: z.array(eventSchema),
  /** The display names of the members in their attendance lists. */
  u: z.array(z.string()),
  /** With `id`: the events just before and just after it in start order, or null at either end. */
  earlier: eventNeighbourSchema.nullable().optional(),
  later: eventNeighbourSchema.nullable().optional(),
});
export type EventsReply = z.infer<typeof eventsReplySchema>;

/** The answer to `upcoming` and `past`: brief rows under their own key, so nobody reads attendance from them. */
export const eventRowsReplySchema = z.object({
  /** Soonest first for `upcoming`, latest first for `past`. */
  rows: z.array(eventSummarySchema),
  /** With `past`: how many events ended before that moment. */
  total: z.number().int().optional(),
});
export type EventRowsReply = z.infer<typeof eventRowsReplySchema>;

export const events = {
  'events.get': {
    /**
     * What to read; at most one of these ways, and without any of them every event (the legacy list):
     * - `from`/`to`: the events that overlap the days from..to (inclusive, club time), as the month calendar asks;
     * - `id`: that one event (an empty list for an unknown id), with `earlier` and `later`;
     * - `upcoming`: every event not yet ended at that moment (club time), soonest first, as `rows`;
     * - `past`, with `page`: the events that ended before that moment, newest first, EVENTS_PAGE_SIZE
     *   a page (1 = the latest), as `rows` with `total`.
     * The first three answer full events (`v`, `u`); `upcoming` and `past` brief rows (`rows`), without attendance.
     * The page sends the moment it calls now, so an answer depends only on the data and the request
     * (and stays in the server's reply cache until the data changes).
     */
    request: z
      .object({
        g: sessionTokenSchema.optional(),
        from: optionalIsoDate('first day'),
        to: optionalIsoDate('last day'),
        id: optionalInteger('event id', { min: 1 }),
        upcoming: optionalLocalDateTime('time for upcoming events'),
        past: optionalLocalDateTime('time for past events'),
        page: optionalInteger('page of past events', { min: 1 }),
      })
      .refine((w) => !w.from || !w.to || w.from <= w.to, { message: 'The last day must not be before the first day.', path: ['to'] })
      .refine((r) => [r.from !== undefined || r.to !== undefined, r.id !== undefined, r.upcoming !== undefined, r.past !== undefined].filter(Boolean).length <= 1, {
        message: 'Please ask for one event, a window of days, the upcoming events or the past events, not several at once.',
      })
      .refine((r) => r.page === undefined || r.past !== undefined, {
        message: 'A page is only for past events: please send the time for past events with it.',
        path: ['page'],
      }),
    response: z.union([eventsReplySchema, eventRowsReplySchema]),
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
    })
      .refine((e) => e.end >= e.start, { message: 'The end must not be before the start.', path: ['end'] }),
    response: z.object({ i: z.number().int(), img: z.string() }),
  },
  'event.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('event id', { min: 1 }) }),
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
