import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members.ts';
import { now, emptyJsonArray } from './columns.ts';

export type StoredBlogEntry = { h: string } | { s: string[] } | { y: string };

export const blogPosts = sqliteTable(
  'blog_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    title: text('title').notNull(),
    /** YYYY-MM-DD */
    date: text('date').notNull(),
    htmlData: text('html_data', { mode: 'json' }).$type<StoredBlogEntry[]>().notNull().default(emptyJsonArray),
    modifiedKey: integer('modified_key').notNull(),
    createdBy: integer('created_by').references(() => members.id, { onDelete: 'set null' }),
    created: text('created').notNull().default(now),
  },
  (t) => [index('blog_posts_date_idx').on(t.date)],
);
