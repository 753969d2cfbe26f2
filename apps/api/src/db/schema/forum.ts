import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { members } from './members.ts';
import { now, emptyJsonArray } from './columns.ts';

export const forumThreads = sqliteTable('forum_threads', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  title: text('title').notNull(),
  description: text('description').notNull(),
  imagePaths: text('image_paths', { mode: 'json' }).$type<string[]>().notNull().default(emptyJsonArray),
  authorId: integer('author_id').references(() => members.id, { onDelete: 'set null' }),
  approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
  created: text('created').notNull().default(now),
});

export const forumPosts = sqliteTable(
  'forum_posts',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    threadId: integer('thread_id')
      .notNull()
      .references(() => forumThreads.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    authorId: integer('author_id').references(() => members.id, { onDelete: 'set null' }),
    approved: integer('approved', { mode: 'boolean' }).notNull().default(false),
    created: text('created').notNull().default(now),
  },
  (t) => [index('forum_posts_thread_idx').on(t.threadId)],
);
