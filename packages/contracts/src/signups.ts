import { z } from 'zod';
import { MAX_CARS, MAX_CHOICES, MAX_GUESTS, MAX_OPTIONS, MAX_PARTY } from './event-options.ts';
import { flag, integer, optionalInteger, optionalLocalDateTime, optionalText, sessionTokenSchema } from './common.ts';

/**
 * Tours and meets: a household's sign-up (who comes, which cars, per-person choices), the
 * organiser's settings (capacity, deadline, choices), the roster and check-in. These calls sit
 * beside the spec's `attendance.set`, which keeps its letter codes and answers as before.
 */

/** Where a household stands: a seat, a place in the waiting list, or not coming. */
export const SIGNUP_STATUSES = ['confirmed', 'waitlisted', 'notAttending'] as const;
export type SignupStatus = (typeof SIGNUP_STATUSES)[number];

/** A car a household brings: `carId` points at the car registry (null once the car left it); `label` is what people read ("1930 Tudor"). */
export const signupCarSchema = z.object({
  carId: z.number().int().nullable(),
  label: z.string(),
});
export type SignupCar = z.infer<typeof signupCarSchema>;

/** One question the organiser asks each person, with its answers ("Dinner": chicken / fish / none). */
export const signupChoiceSchema = z.object({ question: z.string(), options: z.array(z.string()) });
export type SignupChoice = z.infer<typeof signupChoiceSchema>;

/** A household's answers to one question, one per person in party order (the member first; '' = not answered). */
export const choiceAnswersSchema = z.object({ question: z.string(), answers: z.array(z.string()) });
export type ChoiceAnswers = z.infer<typeof choiceAnswersSchema>;

/** The organiser's settings of one event; a null capacity has no limit, a '' deadline never closes. */
export const signupSettingsSchema = z.object({
  capacity: z.number().int().nullable(),
  /** Club time, YYYY-MM-DDTHH:mm; '' for none. */
  deadline: z.string(),
  choices: z.array(signupChoiceSchema),
});
export type SignupSettings = z.infer<typeof signupSettingsSchema>;

/** One household's answer as every member sees it (no phone numbers). */
export const householdSchema = z.object({
  name: z.string(),
  status: z.enum(SIGNUP_STATUSES),
  /** 1 for the first household waiting, 0 when not waiting. */
  waitlistPosition: z.number().int(),
  partySize: z.number().int(),
  guests: z.array(z.string()),
  cars: z.array(signupCarSchema),
  choices: z.array(choiceAnswersSchema),
  comments: z.string(),
  isMine: z.boolean(),
});
export type Household = z.infer<typeof householdSchema>;

export const choiceTotalsSchema = z.object({
  question: z.string(),
  counts: z.array(z.object({ option: z.string(), count: z.number().int() })),
});
export type ChoiceTotals = z.infer<typeof choiceTotalsSchema>;

/** What the event page shows about the sign-up: settings, totals, the households, and the viewer's own cars to pick from. */
export const eventSignupsSchema = z.object({
  settings: signupSettingsSchema,
  /** People and cars with a seat; people and households waiting. */
  totals: z.object({
    people: z.number().int(),
    cars: z.number().int(),
    waitingPeople: z.number().int(),
    waitingHouseholds: z.number().int(),
  }),
  /** Confirmed households' cars, in sign-up order. */
  cars: z.array(z.string()),
  choiceTotals: z.array(choiceTotalsSchema),
  /** Everyone who answered: confirmed in sign-up order, then the waiting list in its order, then those not coming. */
  households: z.array(householdSchema),
  /** The viewer's own registry cars, to choose from. */
  myCars: z.array(z.object({ carId: z.number().int(), label: z.string() })),
});
export type EventSignups = z.infer<typeof eventSignupsSchema>;

/** One household on the organiser's roster: with the member's phone and check-in. */
export const rosterHouseholdSchema = householdSchema.omit({ isMine: true }).extend({
  memberId: z.number().int(),
  phone: z.string(),
  isCheckedIn: z.boolean(),
});
export type RosterHousehold = z.infer<typeof rosterHouseholdSchema>;

export const rosterReplySchema = z.object({
  event: z.object({ id: z.number().int(), title: z.string(), start: z.string(), end: z.string(), location: z.string() }).nullable(),
  settings: signupSettingsSchema,
  totals: eventSignupsSchema.shape.totals,
  choiceTotals: z.array(choiceTotalsSchema),
  households: z.array(rosterHouseholdSchema),
});
export type RosterReply = z.infer<typeof rosterReplySchema>;

/** An event a member came to (checked in). */
export const attendedEventSchema = z.object({ id: z.number().int(), title: z.string(), start: z.string() });
export type AttendedEvent = z.infer<typeof attendedEventSchema>;

const guestName = z
  .string()
  .trim()
  .min(1, 'A guest name is empty; remove the line or type a name.')
  .max(100, 'A guest name is too long (at most 100 characters).');

const carPick = z.object({
  carId: z
    .number()
    .int()
    .min(1)
    .nullable()
    .optional()
    .transform((id) => id ?? null),
  label: z.string().trim().min(1, 'Please pick a car.').max(100, 'The car is too long (at most 100 characters).'),
});

const choicePick = z.object({
  question: z.string().trim().min(1).max(100),
  answers: z.array(z.string().trim().max(100)).max(MAX_PARTY),
});

const questionSchema = z.object({
  question: z.string().trim().min(1, 'Please name each question, e.g. "Dinner".').max(100, 'A question is too long (at most 100 characters).'),
  options: z
    .array(z.string().trim().min(1, 'An answer is empty; remove it or type one.').max(100, 'An answer is too long (at most 100 characters).'))
    .min(2, 'Give each question at least two answers, e.g. "chicken" and "fish".')
    .max(MAX_OPTIONS, `A question may have at most ${MAX_OPTIONS} answers.`)
    .refine((options) => new Set(options.map((o) => o.toLowerCase())).size === options.length, 'A question has the same answer twice.'),
});

/** An event's sign-up settings as an editor sends them (with the event in `event.save`, or alone in `signup.settings`). */
export const signupSettingsInputSchema = z.object({
  capacity: optionalInteger('capacity', { min: 1, max: 10000 }),
  deadline: optionalLocalDateTime('sign-up deadline').transform((deadline) => deadline ?? ''),
  choices: z
    .array(questionSchema)
    .max(MAX_CHOICES, `At most ${MAX_CHOICES} questions.`)
    .default([])
    .describe('questions')
    .refine((qs) => new Set(qs.map((q) => q.question.toLowerCase())).size === qs.length, 'Two questions have the same name.'),
});

export const signups = {
  /**
   * Beyond the spec: the member's own richer answer. Attending with named guests (the party is
   * the member and them) or a number (`partySize`, for guests not named), never both disagreeing;
   * the cars they bring from their own; per-person answers to the event's questions.
   */
  'signup.set': {
    request: z
      .object({
        g: sessionTokenSchema,
        eventId: integer('event id', { min: 1 }),
        answer: z.enum(['attending', 'notAttending', 'notSure'], { error: 'Please say whether you are coming.' }).describe('answer'),
        guests: z
          .array(guestName, { error: 'The guests must be a list.' })
          .max(MAX_GUESTS, `At most ${MAX_GUESTS} guests can be named; sign up the others with a number in a note to the organiser.`)
          .default([])
          .describe('guests'),
        partySize: optionalInteger('number of people', { min: 1, max: MAX_PARTY }),
        cars: z.array(carPick).max(MAX_CARS, `At most ${MAX_CARS} cars per sign-up.`).default([]).describe('cars'),
        choices: z.array(choicePick).max(MAX_CHOICES).default([]).describe('choices'),
        comments: optionalText('comments', 1000),
      })
      .refine((s) => s.partySize === undefined || s.guests.length === 0 || s.partySize === s.guests.length + 1, {
        message: 'The number of people does not match the guests named (you and each guest); correct one of them.',
        path: ['partySize'],
      }),
    response: z.object({ status: z.enum([...SIGNUP_STATUSES, 'none']), waitlistPosition: z.number().int() }),
  },
  /** Beyond the spec: an event's sign-up settings (capacity, deadline, questions); event editors. */
  'signup.settings': {
    request: signupSettingsInputSchema.extend({ g: sessionTokenSchema, eventId: integer('event id', { min: 1 }) }),
    response: signupSettingsSchema,
  },
  /** Beyond the spec: the organiser's roster of one event, with phone numbers and check-in; event editors. */
  'event.roster': {
    request: z.object({ g: sessionTokenSchema, eventId: integer('event id', { min: 1 }) }),
    response: rosterReplySchema,
  },
  /** Beyond the spec: ticks (or unticks) that a confirmed household came; event editors, from the event's day on. */
  'checkin.set': {
    request: z.object({
      g: sessionTokenSchema,
      eventId: integer('event id', { min: 1 }),
      memberId: integer('member id', { min: 1 }),
      isPresent: flag('present'),
    }),
    response: z.object({}),
  },
  /** Beyond the spec: the events the member was checked in at in a year (club time). */
  'attended.mine': {
    request: z.object({ g: sessionTokenSchema, year: integer('year', { min: 2000, max: 2200 }) }),
    response: z.object({ events: z.array(attendedEventSchema) }),
  },
  /** Beyond the spec: for admins, how many events each member was checked in at in a year. */
  'attended.members': {
    request: z.object({ g: sessionTokenSchema, year: integer('year', { min: 2000, max: 2200 }) }),
    response: z.object({ counts: z.array(z.object({ memberId: z.number().int(), count: z.number().int() })) }),
  },
} as const;
