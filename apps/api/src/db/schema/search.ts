import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/**
 * The site search (issue 25): one row per searchable piece of the site (a president, a forum
 * post, one page of a newsletter). Its words live in the contentless FTS5 table `search_text`,
 * whose rowid is this row's id (migration 0019's SQL: drizzle-kit does not know virtual tables);
 * its text stays in the feature's own tables.
 * Written only through `services/search-index.ts`, in the transaction of the write it follows.
 */
export const searchEntries = sqliteTable(
  'search_entries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** One of SEARCH_KINDS (contracts). */
    kind: text('kind').notNull(),
    recordId: integer('record_id').notNull(),
    /** A newsletter's page, a forum post's thread; 0 otherwise. */
    part: integer('part').notNull().default(0),
    /** A newsletter's file name, a static page's path; '' otherwise. */
    ref: text('ref').notNull().default(''),
    /**
     * Who may find it: `public` anyone, `members` logged-in members, `visitors` only those not
     * logged in (the public text of a car whose members see a fuller entry), `waiting` forum
     * text not yet approved (moderators and its author).
     */
    audience: text('audience', { enum: ['public', 'members', 'visitors', 'waiting'] }).notNull(),
    /** The author of `waiting` forum text, who may find it before it is approved. */
    authorId: integer('author_id'),
  },
  (t) => [index('search_entries_record_idx').on(t.kind, t.recordId)],
);

/** A single row (id 1): set by the migration that adds the index, cleared by the rebuild it asks for. */
export const searchState = sqliteTable('search_state', {
  id: integer('id').primaryKey(),
  isRebuildWanted: integer('is_rebuild_wanted', { mode: 'boolean' }).notNull().default(false),
});
