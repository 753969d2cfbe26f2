import { sql } from 'drizzle-orm';
import { onlyRecords, type SearchSource } from '../../services/search-index.ts';

/**
 * The forum is for members; text not yet approved is found only by moderators and its author.
 * A post counts as waiting while its thread waits too, since its thread cannot be opened.
 */

export const forumThreadSearch: SearchSource = {
  kind: 'forumThread',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; title: string; description: string; approved: number; authorId: number | null }>(
        sql`SELECT id, title, description, approved, author_id AS authorId FROM forum_threads WHERE id ${onlyRecords(ids)}`,
      )
      .map((row) => ({
        recordId: row.id,
        title: row.title,
        body: row.description,
        audience: row.approved ? 'members' : 'waiting',
        authorId: row.authorId,
      })),
};

/** A post's entries; `ids` are post ids. A thread's approval changes its posts' audience: reindex them with it. */
export const forumPostSearch: SearchSource = {
  kind: 'forumPost',
  entriesOf: (db, ids) =>
    db
      .all<{ id: number; threadId: number; title: string; content: string; approved: number; authorId: number | null }>(
        sql`SELECT p.id, p.thread_id AS threadId, t.title, p.content, p.approved AND t.approved AS approved, p.author_id AS authorId
            FROM forum_posts p JOIN forum_threads t ON t.id = p.thread_id WHERE p.id ${onlyRecords(ids)}`,
      )
      .map((row) => ({
        recordId: row.id,
        part: row.threadId,
        title: `Re: ${row.title}`,
        body: row.content,
        audience: row.approved ? 'members' : 'waiting',
        authorId: row.authorId,
      })),
};

/** The ids of a thread's posts, to reindex them when the thread is approved or deleted. */
export function postIdsOfThread(db: Parameters<SearchSource['entriesOf']>[0], threadId: number): number[] {
  return db.all<{ id: number }>(sql`SELECT id FROM forum_posts WHERE thread_id = ${threadId}`).map((row) => row.id);
}
