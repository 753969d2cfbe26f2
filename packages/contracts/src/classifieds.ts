import { z } from 'zod';
import { emailAddress, flag, integer, list, optionalInteger, optionalText, recordId, sessionTokenSchema, text } from './common.ts';
import {
  LISTING_CATEGORIES,
  LISTING_CONDITIONS,
  LISTING_KINDS,
  LISTING_MESSAGE_MAX,
  LISTING_PRICE_MAX,
  LISTING_STATUSES,
  LISTING_TEXT_MAX,
  LISTING_VISIBILITIES,
} from './classifieds-constants.ts';

export * from './classifieds-constants.ts';

/**
 * The classifieds: members' "for sale / wanted" listings of cars, parts, tools and literature.
 * Beyond the spec's table, so fields travel under plain names (as the garage's do).
 */

const PRICE_MESSAGE = 'The price must be a number of dollars of at least 0, with at most two decimals, like 250 or 12.50.';

/** A price in dollars, ≥ 0 with at most two decimals; blank is no price. "$1,250.00" is read as 1250. */
export const priceSchema = z
  .preprocess(
    (value) => {
      if (value === undefined || value === null) return undefined;
      if (typeof value === 'number') return String(value);
      if (typeof value !== 'string') return value;
      const cleaned = value
        .trim()
        .replace(/^\$/, '')
        .replace(/,(?=\d{3}(\D|$))/g, '');
      return cleaned === '' ? undefined : cleaned;
    },
    z
      .string({ error: PRICE_MESSAGE })
      .regex(/^\d+(\.\d{1,2})?$/, PRICE_MESSAGE)
      .transform(Number)
      .refine((price) => price <= LISTING_PRICE_MAX, `The price must be at most ${LISTING_PRICE_MAX.toLocaleString('en-US')} dollars.`)
      .optional(),
  )
  .describe('price');

const enumField = <T extends readonly [string, ...string[]]>(values: T, label: string, message: string, fallback?: T[number]) =>
  z.preprocess((value) => (value === undefined || value === '' ? fallback : value), z.enum(values, { error: message })).describe(label);

/** A listing as the list shows it. `seller` is null for visitors (a member's name is for members). */
export const listingSummarySchema = z.object({
  id: z.number().int(),
  kind: z.enum(LISTING_KINDS),
  category: z.enum(LISTING_CATEGORIES),
  title: z.string(),
  /** In dollars; null for "offers" without a price, and for wanted listings. */
  price: z.number().nullable(),
  isOffers: z.boolean(),
  condition: z.enum(LISTING_CONDITIONS),
  city: z.string(),
  state: z.string(),
  /** The first photo's URL, or '' when it has none. */
  photo: z.string(),
  photoCount: z.number().int(),
  visibility: z.enum(LISTING_VISIBILITIES),
  status: z.enum(LISTING_STATUSES),
  seller: z.string().nullable(),
  /** When it was published (ISO); lists are newest first. */
  published: z.string(),
  /** When it expires (ISO). */
  expires: z.string(),
  /** When the seller marked it sold (ISO), or null. */
  sold: z.string().nullable(),
});
export type ListingSummary = z.infer<typeof listingSummarySchema>;

/** One listing's page. The seller's e-mail address is never in it: replies go through the site. */
export const listingSchema = listingSummarySchema.extend({
  text: z.string(),
  photos: z.array(z.string()),
  /** The registry car it sells, where this viewer may see that car. */
  car: z.object({ id: z.number().int(), label: z.string() }).nullable(),
  /** The viewer is the seller (edit, mark sold, renew, delete). */
  isMine: z.boolean(),
  /** The viewer is a moderator (hide, show again, delete). */
  canModerate: z.boolean(),
});
export type Listing = z.infer<typeof listingSchema>;

const KIND_MESSAGE = 'Please choose whether the listing is for sale or wanted.';
const CATEGORY_MESSAGE = 'Please choose what it is: a car, a part, tools or literature.';

export const classifieds = {
  /** A page of the listings the viewer may see, newest first, with filters. */
  'listings.list': {
    request: z.object({
      g: sessionTokenSchema.optional(),
      kind: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LISTING_KINDS, { error: KIND_MESSAGE }).optional()).describe('for sale or wanted'),
      category: z.preprocess((v) => (v === '' ? undefined : v), z.enum(LISTING_CATEGORIES, { error: CATEGORY_MESSAGE }).optional()).describe('kind of item'),
      /** Words to find in the title or text. */
      q: optionalText('search words', 100),
      page: optionalInteger('page', { min: 1, max: 10_000 }).transform((page) => page ?? 1),
    }),
    response: z.object({ listings: z.array(listingSummarySchema), total: z.number().int() }),
  },
  /** One listing, as this viewer may see it. */
  'listing.get': {
    request: z.object({ g: sessionTokenSchema.optional(), id: integer('listing id', { min: 1 }) }),
    response: z.object({ listing: listingSchema }),
  },
  /** The logged-in member's own listings, whatever their state (the account page). */
  'listings.mine': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ listings: z.array(listingSummarySchema) }),
  },
  /**
   * Places (id 0) or edits a listing (its seller). `photos` are the listing's current photos that
   * are kept, in order; new files `f[]` follow them.
   */
  'listing.save': {
    request: z.object({
      g: sessionTokenSchema,
      id: recordId('listing id'),
      kind: enumField(LISTING_KINDS, 'for sale or wanted', KIND_MESSAGE),
      category: enumField(LISTING_CATEGORIES, 'kind of item', CATEGORY_MESSAGE),
      title: text('title', 120),
      text: optionalText('description', LISTING_TEXT_MAX),
      price: priceSchema,
      /** 1: "offers" (or best offer) beside or instead of a price. */
      offers: flag('offers'),
      condition: enumField(LISTING_CONDITIONS, 'condition', 'Please choose the condition from the list.', ''),
      city: optionalText('city', 100),
      state: optionalText('state', 50),
      visibility: enumField(LISTING_VISIBILITIES, 'visibility', 'Please choose who may see the listing: members only, or everyone.', 'members'),
      /** The registry car it sells (one the seller owns); blank for none. */
      carId: optionalInteger('car', { min: 1 }),
      photos: list(z.string().trim().max(300), 'kept photos'),
    }),
    response: z.object({ i: z.number().int(), photos: z.array(z.string()) }),
  },
  /** The seller marks the listing sold; it shows as sold for 30 days, then is archived. */
  'listing.sold': {
    request: z.object({ g: sessionTokenSchema, id: integer('listing id', { min: 1 }) }),
    response: z.object({}),
  },
  /** The seller renews the listing from the site: it runs 60 days from today. */
  'listing.renew': {
    request: z.object({ g: sessionTokenSchema, id: integer('listing id', { min: 1 }) }),
    response: z.object({ expires: z.string() }),
  },
  /** The one-click renewal from the "still for sale?" e-mail: a signed link good for that one renewal. */
  'listing.renewByLink': {
    request: z.object({ t: text('renewal link', 200) }),
    response: z.object({ id: z.number().int(), title: z.string(), expires: z.string() }),
  },
  /** A moderator hides a listing (or shows it again). */
  'listing.moderate': {
    request: z.object({ g: sessionTokenSchema, id: integer('listing id', { min: 1 }), hidden: flag('hidden') }),
    response: z.object({}),
  },
  /** The seller or a moderator deletes a listing and its photos. */
  'listing.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('listing id', { min: 1 }) }),
    response: z.object({}),
  },
  /**
   * A message to the seller, e-mailed with the sender's address as Reply-To; the seller's address
   * is never shown. A member's name and address come from their record; a visitor (public
   * listings only) gives both, within the contact form's limits.
   */
  'listing.contact': {
    request: z.object({
      g: sessionTokenSchema.optional(),
      id: integer('listing id', { min: 1 }),
      name: optionalText('name', 100),
      email: z.preprocess((v) => (v === '' ? undefined : v), emailAddress().optional()).describe('e-mail address'),
      message: text('message', LISTING_MESSAGE_MAX),
      /** Honeypot: people never see this field, so anything in it marks a robot. */
      website: optionalText('website', 500),
    }),
    response: z.object({}),
  },
} as const;
