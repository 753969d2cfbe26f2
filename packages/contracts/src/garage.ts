import { z } from 'zod';
import { flag, integer, jsonText, list, optionalInteger, optionalText, recordId, sessionTokenSchema, text } from './common.ts';
import { CAR_STORY_MAX, CAR_VISIBILITIES, FIRST_CAR_YEAR, lastCarYear } from './garage-constants.ts';

export * from './garage-constants.ts';

/**
 * The club's garage: the registry of members' cars. Beyond the spec's table, so its fields travel
 * under plain names (as blog.page and event.get do).
 */

const carYear = (label = 'year') =>
  integer(label, { min: FIRST_CAR_YEAR }).refine((year) => year <= lastCarYear(), `The ${label} must be at most ${lastCarYear()}.`);

const optionalCarYear = (label: string) =>
  optionalInteger(label, { min: FIRST_CAR_YEAR }).refine(
    (year) => year === undefined || year <= lastCarYear(),
    `The ${label} must be at most ${lastCarYear()}.`,
  );

/** One earlier (or the current) owner: a name, whether or not they were a member, and the years. */
export const ownershipSchema = z.object({
  owner: z.string(),
  from: z.number().int().nullable(),
  to: z.number().int().nullable(),
});
export type Ownership = z.infer<typeof ownershipSchema>;

const ownershipInputSchema = z
  .object(
    {
      owner: text('owner’s name in the history', 120),
      from: optionalCarYear('“from” year in the history').transform((v) => v ?? null),
      to: optionalCarYear('“to” year in the history').transform((v) => v ?? null),
    },
    { error: 'Each owner in the history needs a name, and may have a “from” and a “to” year.' },
  )
  .refine((row) => row.from === null || row.to === null || row.from <= row.to, 'In the history, an owner’s “from” year must not be after their “to” year.');

/** The history travels as JSON text (a form cannot say a list of rows). */
const historySchema = jsonText(
  z
    .array(ownershipInputSchema, { error: 'The ownership history could not be read. Please reload the page and try again.' })
    .max(30, 'Please list at most 30 owners in the history.'),
  [],
).describe('history');

/** A car as a list shows it. `owner` is null where this viewer may not see the name. */
export const carSummarySchema = z.object({
  id: z.number().int(),
  year: z.number().int().nullable(),
  bodyStyle: z.string(),
  colour: z.string(),
  name: z.string(),
  /** The first photo's URL, or '' when it has none. */
  photo: z.string(),
  photoCount: z.number().int(),
  visibility: z.enum(CAR_VISIBILITIES),
  /** The owner's shown name, or null where it is hidden from this viewer (or the owner left the club). */
  owner: z.string().nullable(),
  /** The owner was deleted from the member list; the car stays as a "former member's car". */
  isFormerMembers: z.boolean(),
});
export type CarSummary = z.infer<typeof carSummarySchema>;

/** One car's page. Members see everything; a visitor never sees the engine number, serial or a hidden owner. */
export const carSchema = carSummarySchema.extend({
  story: z.string(),
  photos: z.array(z.string()),
  /** Null for visitors (for members only). */
  engineNumber: z.string().nullable(),
  serial: z.string().nullable(),
  /** The owning member's id, where this viewer may see who it is. */
  ownerId: z.number().int().nullable(),
  /** Earlier owners, oldest first; empty for a visitor where the owner's name is hidden. */
  history: z.array(ownershipSchema),
  /** Whether the viewer may edit or delete it (its owner, a member editor, an admin). */
  canEdit: z.boolean(),
});
export type Car = z.infer<typeof carSchema>;

export const carCountSchema = z.object({ label: z.string(), count: z.number().int() });
export type CarCount = z.infer<typeof carCountSchema>;

const listFilters = {
  g: sessionTokenSchema.optional(),
  year: optionalInteger('year', { min: 0, max: 9999 }),
  bodyStyle: optionalText('body style', 60),
  colour: optionalText('colour', 60),
  /** 1: only cars with at least one photo. */
  hasPhotos: flag('has photos'),
};

export const garage = {
  /** A page of the registry the viewer may see, with filters; newest entries first. */
  'cars.list': {
    request: z.object({
      ...listFilters,
      page: optionalInteger('page', { min: 1 }).transform((page) => page ?? 1),
    }),
    response: z.object({ cars: z.array(carSummarySchema), total: z.number().int() }),
  },
  /** How many cars the viewer may see, by year and by body style (the registry's chart). */
  'cars.stats': {
    request: z.object({ g: sessionTokenSchema.optional() }),
    response: z.object({ total: z.number().int(), byYear: z.array(carCountSchema), byBodyStyle: z.array(carCountSchema) }),
  },
  /** One car, as this viewer may see it. */
  'car.get': {
    request: z.object({ g: sessionTokenSchema.optional(), id: integer('car id', { min: 1 }) }),
    response: z.object({ car: carSchema }),
  },
  /** The logged-in member's own cars (the account page). */
  'cars.mine': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ cars: z.array(carSummarySchema) }),
  },
  /**
   * Adds (id 0) or edits a car: its owner, a member editor or an admin. `photos` are the car's
   * current photos that are kept, in order; new files `f[]` follow them.
   */
  'car.save': {
    request: z.object({
      g: sessionTokenSchema,
      id: recordId('car id'),
      /** The owning member: blank keeps the owner (a new car is the caller's); another member needs the member editor's right. */
      ownerId: optionalInteger('owner', { min: 1 }),
      year: carYear(),
      bodyStyle: text('body style', 60),
      colour: optionalText('colour', 60),
      name: optionalText('name', 100),
      story: optionalText('story', CAR_STORY_MAX),
      engineNumber: optionalText('engine number', 30),
      serial: optionalText('serial', 30),
      visibility: z
        .preprocess(
          (v) => (v === undefined || v === '' ? 'members' : v),
          z.enum(CAR_VISIBILITIES, { error: 'Please choose who may see the car: members only, public, or public with your name.' }),
        )
        .describe('visibility'),
      photos: list(z.string().trim().max(300), 'kept photos'),
      history: historySchema,
    }),
    response: z.object({ i: z.number().int(), photos: z.array(z.string()) }),
  },
  'car.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('car id', { min: 1 }) }),
    response: z.object({}),
  },
  'bodyStyles.get': {
    request: z.object({}),
    response: z.object({ styles: z.array(z.string()) }),
  },
  /** The admin extends the list of body styles. */
  'bodyStyle.add': {
    request: z.object({ g: sessionTokenSchema, name: text('body style', 60) }),
    response: z.object({ styles: z.array(z.string()) }),
  },
  /** The whole registry as CSV, for the national club (admin). */
  'cars.export': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ csv: z.string(), fileName: z.string() }),
  },
} as const;
