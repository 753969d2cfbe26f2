import { integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
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
    kind: text('kind', { enum: ['pdf', 'image'] })
      .notNull()
      .default('pdf'),
    /** Public /uploads/ URL of the cover JPEG; '' when none could be made. */
    coverUrl: text('cover_url').notNull().default(''),
    /**
     * The words inside, for the site search: `pending` until read (editions stored before the
     * search), `text` when its pages were read, `none` for a scan with no text layer (or a
     * picture edition: found by its name only, and flagged to the editor as "no text"),
     * `failed` when reading it passed a limit or failed.
     */
    textStatus: text('text_status', { enum: ['pending', 'text', 'none', 'failed'] })
      .notNull()
      .default('pending'),
    created: text('created').notNull().default(now),
  },
  (t) => [
    uniqueIndex('newsletters_file_name_unique').on(t.fileName),
    // One edition per month, and one special edition per month beside it.
    uniqueIndex('newsletters_edition_unique').on(t.year, t.month, t.isSpecial),
  ],
);

/** The text of each page of a PDF edition, as read at upload: the search indexes it page by page. */
export const newsletterPages = sqliteTable(
  'newsletter_pages',
  {
    newsletterId: integer('newsletter_id')
      .notNull()
      .references(() => newsletters.id, { onDelete: 'cascade' }),
    /** 1 = the first page. */
    page: integer('page').notNull(),
    text: text('text').notNull(),
  },
  (t) => [primaryKey({ columns: [t.newsletterId, t.page] })],
);
