import { integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { now } from './columns.ts';

export const newsletters = sqliteTable(
  'newsletters',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** e.g. "Valley News March 2024.pdf" or "Valley News Special March 2024.pdf" */
    fileName: text('file_name').notNull(),
    year: integer('year').notNull(),
    month: integer('month').notNull(),
    isSpecial: integer('is_special', { mode: 'boolean' }).notNull().default(false),
    /** 'pdf', or 'image' for an edition uploaded as a picture (stored as JPEG). */
    kind: text('kind', { enum: ['pdf', 'image'] }).notNull().default('pdf'),
    /** Public /uploads/ URL of the cover JPEG; '' when none could be made. */
    coverUrl: text('cover_url').notNull().default(''),
    created: text('created').notNull().default(now),
  },
  (t) => [
    uniqueIndex('newsletters_file_name_unique').on(t.fileName),
    // One edition per month, and one special edition per month beside it.
    uniqueIndex('newsletters_edition_unique').on(t.year, t.month, t.isSpecial),
  ],
);
