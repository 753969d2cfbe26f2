import { z } from 'zod';
import { emptyRequestSchema, flag, integer, recordId, sessionTokenSchema } from './common.ts';

export const MONTHS = [
  'January', 'February', 'March', 'April', 'May', 'June',
  'July', 'August', 'September', 'October', 'November', 'December',
] as const;

/** A newsletter as the pages use it; the wire carries only file names. */
export const newsletterSchema = z.object({
  fileName: z.string(),
  label: z.string(),
  isSpecial: z.boolean(),
  date: z.string(),
});
export type Newsletter = z.infer<typeof newsletterSchema>;

export const newsletters = {
  'newsletters.get': {
    request: emptyRequestSchema,
    /** File names like "Valley News March 2024.pdf", newest first; each resolves under /uploads/newsletters/. */
    response: z.object({ n: z.array(z.string()) }),
  },
  'newsletter.set': {
    request: z.object({
      i: recordId(),
      g: sessionTokenSchema,
      m: integer('month', { min: 1, max: 12 }),
      y: integer('year', { min: 1950, max: 2200 }),
      s: flag('special edition'),
    }),
    response: z.object({ n: z.string() }),
  },
} as const;
