import { z } from 'zod';
import { emptyRequestSchema, flag, integer, recordId, sessionTokenSchema, text } from './common.ts';
import { NEWSLETTER_TEXT_STATUSES } from './newsletter-edition.ts';

export * from './newsletter-edition.ts';

/** One edition as the pages show it; `newsletters.get` sends these beside the spec's file names. */
export const newsletterSchema = z.object({
  id: z.number().int(),
  /** e.g. "Valley News March 2025.pdf": what `n` lists and the viewer's address names. */
  fileName: z.string(),
  /** "Valley News March 2025" */
  title: z.string(),
  /** "March 2025", or "Special, March 2025" */
  label: z.string(),
  isSpecial: z.boolean(),
  year: z.number().int(),
  month: z.number().int(),
  /** The first of the edition's month, YYYY-MM-DD. */
  date: z.string(),
  /** 'pdf', or 'image' for an edition uploaded as a picture. */
  kind: z.enum(['pdf', 'image']),
  /** A public JPEG of the first page; '' when none could be made. */
  coverUrl: z.string(),
  /**
   * Whether the site search has its words: `text` read page by page, `none` a scan (or picture)
   * with no text, found by its name only; `failed` it could not be read; `pending` not read yet.
   */
  textStatus: z.enum(NEWSLETTER_TEXT_STATUSES),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const newsletters = {
  'newsletters.get': {
    request: emptyRequestSchema,
    response: z.object({
      /** File names like "Valley News March 2024.pdf", newest first (the spec's field). */
      n: z.array(z.string()),
      /** The same editions in the same order, with what the pages show (cover, label). */
      v: z.array(newsletterSchema),
    }),
  },
  'newsletter.set': {
    request: z.object({
      /** Unused: the month, year and special flag name the edition. Kept for the legacy client. */
      i: recordId(),
      g: sessionTokenSchema,
      m: integer('month', { min: 1, max: 12 }),
      y: integer('year', { min: 1950, max: 2200 }),
      s: flag('special edition'),
      /** 1 when the editor confirmed replacing the edition already stored for that month. */
      r: flag('replace'),
    }),
    response: z.object({
      n: z.string(),
      /** Beyond the spec, sent only then: why the edition was stored with a plain cover. */
      w: z.string().optional(),
    }),
  },
  /** Beyond the spec: a member's short-lived link to one edition's file, for the viewer. */
  'newsletter.link': {
    request: z.object({ g: sessionTokenSchema, n: text('newsletter', 200) }),
    response: z.object({
      /** Opens the file in the browser (the viewer's frame); valid for a short while. */
      u: z.string(),
      /** The same file as a download. */
      d: z.string(),
      v: newsletterSchema,
    }),
  },
} as const;
