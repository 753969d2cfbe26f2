import { z } from 'zod';
import { emptyRequestSchema, integer, optionalText, sessionTokenSchema, text } from './common.ts';

export const meetingPlaceSchema = z.object({
  name: z.string(),
  room: z.string(),
  street: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  directions: z.string(),
  week: z.number().int(),
  weekday: z.number().int(),
  time: z.string(),
  monthsOff: z.array(z.number().int()),
});

const monthsOffSchema = z
  .array(integer('month without a meeting', { min: 1, max: 12 }))
  .max(11, 'Leave at least one month with a meeting.')
  .transform((months) => [...new Set(months)].sort((a, b) => a - b))
  .describe('months without a meeting');

export const meetings = {
  /** Beyond the spec: where and when the club meets (one source for the pages and the event editor). */
  'meeting.get': {
    request: emptyRequestSchema,
    response: z.object({ m: meetingPlaceSchema }),
  },
  /** Beyond the spec: the admin changes the meeting place or schedule. */
  'meeting.set': {
    request: z.object({
      g: sessionTokenSchema,
      name: text('place name', 200),
      room: optionalText('room', 200),
      street: text('street', 200),
      city: text('city', 100),
      state: text('state', 40),
      zip: text('zip code', 20),
      directions: optionalText('directions', 2000),
      week: integer('week of the month', { min: 1, max: 4 }),
      weekday: integer('weekday', { min: 0, max: 6 }),
      time: z
        .string({ error: 'Please enter the start time.' })
        .trim()
        .regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'Please enter the start time as HH:MM, like 19:00.')
        .describe('start time'),
      monthsOff: monthsOffSchema,
    }),
    response: z.object({}),
  },
} as const;
