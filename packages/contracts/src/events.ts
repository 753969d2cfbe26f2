import { z } from 'zod';
import {
  integer,
  list,
  localDateTime,
  optionalText,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';

export const REMINDER_DAYS = [0, 1, 3, 5] as const;

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

/** Attendance status on the wire: 1 attending, 0 not attending, -1 not sure (removes the entry). */
export const ATTENDANCE_STATUS = { attending: 1, notAttending: 0, notSure: -1 } as const;

export const events = {
  'events.get': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: z.object({ v: z.array(eventSchema), u: z.array(z.string()) }),
  },
  'event.save': {
    request: z.object({
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
      notify: list(integer('reminder days', { min: 0, max: 30 }), 'reminders'),
    }),
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
} as const;
