import { z } from 'zod';
import {
  emailAddress,
  flag,
  integer,
  jsonText,
  list,
  optionalInteger,
  optionalText,
  PERMISSIONS,
  permissionSchema,
  recordId,
  sessionTokenSchema,
  text,
} from './common.ts';
import { carSchema } from './garage.ts';
import { listingSummarySchema } from './classifieds.ts';
import { MEMBER_SORTS } from './members-constants.ts';

export const memberSchema = z.object({
  id: z.number().int(),
  enabled: z.boolean(),
  display_name: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  zip: z.string(),
  phone: z.string(),
  /** The member's cars in the registry, one line each (the legacy list). */
  cars: z.array(z.string()),
  /** The same cars with their registry ids, for links to their pages (beyond the spec). */
  carLinks: z.array(z.object({ id: z.number().int(), label: z.string() })),
  imageUrl: z.string(),
  email: z.string(),
  email_notifications: z.boolean(),
  created: z.string(),
  modified: z.string(),
  permissions: z.array(permissionSchema),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * A member as the directory's card shows them (`members.page`): the legacy entity's field names,
 * without the timestamps, the e-mail setting and the cars as plain lines.
 */
export const memberRowSchema = memberSchema
  .pick({
    id: true,
    enabled: true,
    display_name: true,
    first_name: true,
    last_name: true,
    address: true,
    city: true,
    state: true,
    zip: true,
    phone: true,
    carLinks: true,
    imageUrl: true,
    email: true,
    permissions: true,
  })
  .extend({
    /**
     * Members who share an e-mail address and a last name among those found are one household,
     * listed together (never split across pages): the id of its first member; null for a member alone.
     */
    household: z.number().int().nullable(),
  });
export type MemberRow = z.infer<typeof memberRowSchema>;

const blankToUndefined = (value: unknown): unknown => (value === '' || value === null ? undefined : value);

const CROP_MESSAGE = 'The photo crop must be the square to keep, as {"x": 0, "y": 0, "size": 600} in pixels. Please choose the photo again.';

/** A square crop of the uploaded photo, in source pixels (after the photo's own orientation is applied). */
export const cropSchema = z.object(
  {
    x: z.number({ error: CROP_MESSAGE }).int(CROP_MESSAGE).min(0, CROP_MESSAGE),
    y: z.number({ error: CROP_MESSAGE }).int(CROP_MESSAGE).min(0, CROP_MESSAGE),
    size: z.number({ error: CROP_MESSAGE }).int(CROP_MESSAGE).min(1, CROP_MESSAGE),
  },
  { error: CROP_MESSAGE },
);
export type Crop = z.infer<typeof cropSchema>;

/**
 * Everything the site keeps about one member, for their request to see it (`member.export`).
 * Secrets are left out: password and token hashes, push keys. Club records they made (events,
 * photo posts) stay with the club and are listed by title only.
 */
export const memberDataSchema = z.object({
  exported: z.string(),
  /** weeklyDigest: the member's own digest setting (the digest also needs email_notifications on). */
  member: memberSchema.extend({ hasPassword: z.boolean(), weeklyDigest: z.boolean() }),
  attendance: z.array(
    z.object({
      eventId: z.number().int(),
      eventTitle: z.string(),
      eventStart: z.string(),
      isAttending: z.boolean(),
      total: z.number().int(),
      comments: z.string(),
      modified: z.string(),
      guests: z.array(z.string()),
      choiceAnswers: z.array(z.object({ question: z.string(), answers: z.array(z.string()) })),
      cars: z.array(z.string()),
      waitlistedAt: z.string().nullable(),
      isCheckedIn: z.boolean(),
    }),
  ),
  forumThreads: z.array(
    z.object({ id: z.number().int(), title: z.string(), description: z.string(), imageUrls: z.array(z.string()), approved: z.boolean(), created: z.string() }),
  ),
  forumPosts: z.array(
    z.object({ id: z.number().int(), threadId: z.number().int(), threadTitle: z.string(), content: z.string(), approved: z.boolean(), created: z.string() }),
  ),
  pushSubscriptions: z.array(z.object({ endpoint: z.string(), created: z.string(), refreshed: z.string() })),
  calendarFeed: z.object({ created: z.string() }).nullable(),
  sessions: z.array(z.object({ created: z.string(), lastSeen: z.string(), expires: z.string() })),
  reminders: z.array(z.object({ eventId: z.number().int(), eventStart: z.string(), daysOut: z.number().int(), channel: z.string(), created: z.string() })),
  /** The weeks a weekly digest was sent to the member (the digest ledger: week is its Monday, YYYY-MM-DD). */
  digests: z.array(z.object({ week: z.string(), created: z.string() })),
  /** The digest's "I'm coming" links the member used: for which event, from which week's digest, when. */
  rsvpLinksUsed: z.array(z.object({ eventId: z.number().int(), eventTitle: z.string(), week: z.string(), used: z.string() })),
  errorReports: z.array(z.object({ message: z.string(), url: z.string(), userAgent: z.string(), created: z.string(), count: z.number().int() })),
  /** The member's cars in the registry, everything about them (engine numbers, history, photos). */
  registryCars: z.array(carSchema),
  /** The member's classified listings, whatever their state, with their text and photos. */
  listings: z.array(listingSummarySchema.extend({ text: z.string(), photos: z.array(z.string()) })),
  emails: z.array(
    z.object({
      id: z.number().int(),
      to: z.string(),
      replyTo: z.string().nullable(),
      subject: z.string(),
      text: z.string(),
      status: z.string(),
      created: z.string(),
      sent: z.string().nullable(),
    }),
  ),
  contactMessages: z.array(
    z.object({ id: z.number().int(), firstName: z.string(), lastName: z.string(), email: z.string(), message: z.string(), created: z.string() }),
  ),
  eventsCreated: z.array(z.object({ id: z.number().int(), title: z.string() })),
  photoPostsCreated: z.array(z.object({ id: z.number().int(), title: z.string() })),
});
export type MemberData = z.infer<typeof memberDataSchema>;

export const members = {
  'members.get': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ m: z.array(memberSchema), p: z.array(z.tuple([permissionSchema, z.string()])) }),
  },
  /**
   * Beyond the spec: one page of the directory, as the member list shows it. Every word of `q` must
   * appear in the name, display name, city or a car; `permission` keeps the holders of one right;
   * `sort` orders the list. A page holds MEMBERS_PAGE_SIZE entries (a member, or a household).
   */
  'members.page': {
    request: z.object({
      g: sessionTokenSchema,
      q: optionalText('search words', 100),
      permission: z
        .preprocess(blankToUndefined, z.enum(PERMISSIONS, { error: `The permission must be one of ${PERMISSIONS.join(', ')}.` }).optional())
        .describe('permission'),
      sort: z
        .preprocess(blankToUndefined, z.enum(MEMBER_SORTS, { error: `The order must be one of ${MEMBER_SORTS.join(', ')}.` }).optional())
        .transform((sort) => sort ?? 'last')
        .describe('order'),
      page: optionalInteger('page', { min: 1, max: 10_000 }).transform((page) => page ?? 1),
    }),
    response: z.object({
      members: z.array(memberRowSchema),
      /** Members found, and the entries (members alone or households) they make, for the page count. */
      found: z.number().int(),
      entries: z.number().int(),
      /** The whole directory: every member, and how many of them are enabled. */
      total: z.number().int(),
      enabled: z.number().int(),
    }),
  },
  /** Beyond the spec: the enabled members' e-mail addresses, each once (the administrator's "Copy e-mail list"). */
  'members.emails': {
    request: z.object({ g: sessionTokenSchema }),
    response: z.object({ emails: z.array(z.string()) }),
  },
  'member.save': {
    request: z.object({
      g: sessionTokenSchema,
      i: recordId('member id'),
      o: flag('enabled'),
      fn: text('first name', 100),
      l: text('last name', 100),
      e: emailAddress(),
      p: optionalText('phone', 50),
      a: optionalText('address', 200),
      c: optionalText('city', 100),
      s: optionalText('state', 50),
      z: optionalText('zip', 20),
      /** The current photo's URL; sent blank to remove the photo, left out to keep it. A new file `f` replaces it. */
      img: z.string().trim().max(500, 'The image address is too long.').optional().describe('image'),
      ic: jsonText(cropSchema.optional()).describe('photo crop'),
      perm: list(permissionSchema, 'permissions'),
      displayName: optionalText('display name', 100),
      /** Blank rows are dropped, so an empty "add a car" row is not an error. */
      cars: list(z.string({ error: 'Each car must be written as text.' }).trim().max(200, 'Each car description must be at most 200 characters.'), 'cars')
        .transform((cars) => cars.filter((car) => car !== ''))
        .refine((cars) => cars.length <= 30, 'Please list at most 30 cars.'),
      /**
       * Beyond the spec: 1 leaves the member's registry cars as they are and ignores `cars` (the
       * web app's dialog links to the registry instead of editing lines). Without it, `cars`
       * says the member's whole list, as it always did for legacy clients.
       */
      keepCars: flag('keep cars'),
      /** 1: e-mail the member a link to set their own password (a welcome for a new member). */
      invite: flag('send invitation'),
    }),
    response: z.object({ i: z.number().int(), img: z.string() }),
  },
  'member.delete': {
    request: z.object({ g: sessionTokenSchema, id: integer('member id', { min: 1 }) }),
    response: z.object({}),
  },
  /** Beyond the spec: everything the site keeps about one member (an administrator, on the member's request). */
  'member.export': {
    request: z.object({ g: sessionTokenSchema, id: integer('member id', { min: 1 }) }),
    response: z.object({ d: memberDataSchema }),
  },
  /**
   * Beyond the spec: deletes a member and everything the site keeps about them (forum threads and
   * replies, e-mails to or from them, contact messages from their address, ...).
   */
  'member.erase': {
    request: z.object({ g: sessionTokenSchema, id: integer('member id', { min: 1 }) }),
    response: z.object({}),
  },
} as const;
