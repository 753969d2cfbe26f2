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
    created: text('created').notNull().default(now),
  },
  (t) => [uniqueIndex('newsletters_file_name_unique').on(t.fileName)],
);
