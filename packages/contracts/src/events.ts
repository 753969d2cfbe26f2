import { z } from 'zod';
import {
  integer,
  list,
  localDateTime,
  optionalIsoDate,
  optionalText,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';
import { REMINDER_DAYS } from './event-options.ts';

export { ATTENDANCE_STATUS, REMINDER_DAYS } from './event-options.ts';

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


/** Reminder choices: 0 sends at once ("now"), the others that many days before the start. */
const reminderDays = integer('reminder days', { min: 0, max: 30 }).refine(
  (days) => (REMINDER_DAYS as readonly number[]).includes(days),
  'Reminders can only be sent now, or 1, 3 or 5 days before the event.',
);

export const events = {
  'events.get': {
    /**
     * Without from/to: every event (the legacy list). With them: the events that overlap the
     * days from..to (inclusive, club time), as the month calendar asks.
     */
    request: z
      .object({ g: sessionTokenSchema.optional(), from: optionalIsoDate('first day'), to: optionalIsoDate('last day') })
      .refine((w) => !w.from || !w.to || w.from <= w.to, { message: 'The last day must not be before the first day.', path: ['to'] }),
    /** v: the events, soonest first; u: the display names of the members in their attendance lists. */
    response: z.object({ v: z.array(eventSchema), u: z.array(z.string()) }),
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
