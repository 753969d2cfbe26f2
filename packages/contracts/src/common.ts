import { z } from 'zod';
import { existsInTimeZone, getContractTimeZone, isRealDate, isRealTime } from './club-time.ts';
import { FIELD_MESSAGES } from './field-messages.ts';
import { PERMISSIONS } from './permissions.ts';

export { PERMISSIONS, PERMISSION_LABELS, hasPermission, type Permission } from './permissions.ts';

/**
 * Wire helpers. The legacy client sends numbers and flags as strings, arrays as `p[]` or a
 * repeated `p`, and blanks for "not given". Every such quirk is absorbed here, so that the
 * schemas in the area files read like the data they describe.
 *
 * The helpers build each field with as few zod schemas as they can: every chained `.min()`,
 * `.trim()` or `.describe()` copies the whole schema (about 10 µs each, thousands of them when
 * the server starts or a page loads its contracts), so a field's checks go in one `.check(...)`
 * and its label is registered on the schema itself (`labelled`), not on a copy (issue 28).
 */

/** Names a field's schema (what `.describe(label)` records) without copying it. */
const labelled = <T extends z.ZodType>(schema: T, label: string): T => {
  z.globalRegistry.add(schema as z.ZodType, { description: label });
  return schema;
};

const blankToUndefined = (value: unknown): unknown => (value === '' || value === null || value === 'null' || value === 'undefined' ? undefined : value);

/** The opaque session token returned by session.create. */
export const sessionTokenSchema = z.string().trim().min(1, 'Please log in again.').describe('session');

/** A required piece of text; `label` names it in error messages. */
export const text = (label: string, max = 2000) =>
  labelled(
    z
      .string({ error: FIELD_MESSAGES.missing(label) })
      .check(z.trim(), z.minLength(1, FIELD_MESSAGES.missing(label)), z.maxLength(max, FIELD_MESSAGES.tooLong(label, max))),
    label,
  );

/** Optional text: a blank or missing value becomes the empty string. */
export const optionalText = (label: string, max = 2000) =>
  labelled(
    z.preprocess(
      (value) => (value === undefined || value === null ? '' : value),
      z.string().check(z.trim(), z.maxLength(max, FIELD_MESSAGES.tooLong(label, max))),
    ),
    label,
  );

const toNumber = (value: unknown): unknown => {
  const cleaned = blankToUndefined(value);
  if (typeof cleaned !== 'string') return cleaned;
  const trimmed = cleaned.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : trimmed;
};

type Bounds = { min?: number; max?: number };

const wholeNumber = (label: string, { min, max }: Bounds) =>
  z
    .number({
      error: (issue) => (issue.input === undefined ? FIELD_MESSAGES.missing(label) : FIELD_MESSAGES.notANumber(label)),
    })
    .check(
      z.int(FIELD_MESSAGES.notWholeNumber(label)),
      ...(min === undefined ? [] : [z.gte(min, FIELD_MESSAGES.belowMinimum(label, min))]),
      ...(max === undefined ? [] : [z.lte(max, FIELD_MESSAGES.aboveMaximum(label, max))]),
    );

/** A whole number that may arrive as a string. */
export const integer = (label: string, bounds: Bounds = {}) => labelled(z.preprocess(toNumber, wholeNumber(label, bounds)), label);

/** A whole number that may be left blank (then undefined). */
export const optionalInteger = (label: string, bounds: Bounds = {}) => labelled(z.preprocess(toNumber, wholeNumber(label, bounds).optional()), label);

/** A record id: 0 (or blank) means "new". */
export const recordId = (label = 'id') => optionalInteger(label, { min: 0 }).transform((v) => v ?? 0);

/** A 1/0 flag; also accepts true/false and "on" from a checkbox. */
export const flag = (label: string) =>
  labelled(
    z.preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return false;
        if (typeof value === 'boolean') return value;
        if (typeof value === 'number') return value !== 0;
        if (typeof value === 'string') return ['1', 'true', 'on', 'yes'].includes(value.trim().toLowerCase());
        return value;
      },
      z.boolean({ error: `The ${label} must be 1 or 0.` }),
    ),
    label,
  );

/** An array field that may arrive as `x[]`, a repeated `x`, a single `x`, or JSON text. */
export const list = <T extends z.ZodType>(item: T, label: string) =>
  labelled(
    z.preprocess(
      (value) => {
        if (value === undefined || value === null || value === '') return [];
        if (typeof value === 'string' && value.trim().startsWith('[')) {
          try {
            return JSON.parse(value) as unknown;
          } catch {
            return value;
          }
        }
        return Array.isArray(value) ? value : [value];
      },
      z.array(item, { error: `The ${label} must be a list.` }),
    ),
    label,
  );

/**
 * A value a form sends as JSON text (a list of rows, a crop), which a JSON body may send as it
 * is. Blank or missing gives `blank`; text that is not JSON is left for the schema, which refuses
 * it with its own message.
 */
export const jsonText = <T extends z.ZodType>(schema: T, blank?: [] | undefined) =>
  z.preprocess((value) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return blank;
    if (typeof value !== 'string') return value;
    try {
      return JSON.parse(value) as unknown;
    } catch {
      return value;
    }
  }, schema);

/**
 * An optional object that a multipart form sends as JSON text (a JSON body may send the object
 * itself); blank or missing is undefined. Text that is not JSON fails with the label.
 */
export const optionalJson = <T extends z.ZodType>(schema: T, label: string) =>
  labelled(
    z.preprocess((value, ctx) => {
      const cleaned = blankToUndefined(value);
      if (typeof cleaned !== 'string') return cleaned;
      try {
        return JSON.parse(cleaned) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: `The ${label} could not be read; please reload the page and try again.` });
        return z.NEVER;
      }
    }, schema.optional()),
    label,
  );

/** An e-mail address, compared case-insensitively. */
export const emailAddress = (label = 'e-mail address') =>
  labelled(
    z
      .string({ error: FIELD_MESSAGES.missing(label) })
      .check(z.trim(), z.minLength(1, FIELD_MESSAGES.missing(label)), z.maxLength(254, FIELD_MESSAGES.tooLong(label, 254)))
      .pipe(z.email(FIELD_MESSAGES.notEmailAddress(label)))
      .transform((v) => v.toLowerCase()),
    label,
  );

/** A calendar date as YYYY-MM-DD. */
export const isoDate = (label: string) =>
  labelled(
    z
      .string({ error: FIELD_MESSAGES.missing(label) })
      .check(
        z.trim(),
        z.regex(/^\d{4}-\d{2}-\d{2}$/, `The ${label} must be a date like 2024-05-31.`),
        z.refine(isRealDate, `The ${label} is not a real date.`),
      ),
    label,
  );

export const optionalIsoDate = (label: string) => labelled(z.preprocess(blankToUndefined, isoDate(label).optional()), label);

/** A local date and time as YYYY-MM-DDTHH:mm (club time zone): a real day, a real time, and not in the hour a spring-forward change skips. */
export const localDateTime = (label: string) =>
  labelled(
    z
      .string({ error: FIELD_MESSAGES.missing(label) })
      .check(
        z.trim(),
        z.regex(/^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2})?$/, `The ${label} must be a date and time like 2024-05-31T18:30.`),
        z.refine(isRealDate, { message: `The ${label} is not a real date.`, abort: true }),
        z.refine(isRealTime, { message: `The ${label} is not a real time.`, abort: true }),
      )
      .transform((v) => v.replace(' ', 'T').slice(0, 16))
      .refine(
        (v) => existsInTimeZone(v, getContractTimeZone()),
        `The ${label} does not exist in the club time zone (the clocks skip that hour); please pick another time.`,
      ),
    label,
  );

/** A local date and time (club time zone) that may be left blank (then undefined). */
export const optionalLocalDateTime = (label: string) => labelled(z.preprocess(blankToUndefined, localDateTime(label).optional()), label);

/** Every failure travels as `{ e }`. */
export const errorReplySchema = z.object({ e: z.string() });
export type ErrorReply = z.infer<typeof errorReplySchema>;

/** A success with nothing to say. */
export const emptyReplySchema = z.object({}).strict();

export const emptyRequestSchema = z.object({});

export const permissionSchema = z.enum(PERMISSIONS);
