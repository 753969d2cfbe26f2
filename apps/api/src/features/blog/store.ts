import { and, count, desc, eq, getTableColumns, gt, lt, or } from 'drizzle-orm';
import type { BlogPost } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iterateRows } from '../../db/iterate-rows.ts';
import { blogPosts, type StoredBlogEntry } from '../../db/schema/index.ts';

export type BlogPostFields = { title: string; date: string; htmlData: StoredBlogEntry[]; modifiedKey: number };

type Row = typeof blogPosts.$inferSelect;

/** Newest first: by date, then the later post of a day first. */
const NEWEST_FIRST = [desc(blogPosts.date), desc(blogPosts.id)];

/** A stored post with the derived fields the legacy list carries (all text, all images, all videos). */
function toPost(row: Row): BlogPost {
  const entries = row.htmlData;
  return {
    id: row.id,
    title: row.title,
    date: row.date,
    htmlData: entries,
    modifiedKey: row.modifiedKey,
    text: entries.flatMap((e) => ('h' in e ? [e.h] : [])).join('\n\n'),
    images: entries.flatMap((e) => ('s' in e ? e.s : [])),
    ytVideos: entries.flatMap((e) => ('y' in e ? [e.y] : [])),
  };
}

export function listPosts(db: DbOrTx): BlogPost[] {
  return db
    .select()
    .from(blogPosts)
    .orderBy(...NEWEST_FIRST)
    .all()
    .map(toPost);
}

/** Every post, newest first, one row at a time (the legacy full list, 3 MB of JSON at ten times the club's data). */
export function* iteratePosts(db: Db): Generator<BlogPost> {
  for (const row of iterateRows(
    db,
    db
      .select()
      .from(blogPosts)
      .orderBy(...NEWEST_FIRST),
    getTableColumns(blogPosts),
  ))
    yield toPost(row);
}

/** One page of posts, newest first (page 1 = newest), and how many posts there are. */
export function listPostPage(db: DbOrTx, page: number, pageSize: number): { posts: BlogPost[]; total: number } {
  const posts = db
    .select()
    .from(blogPosts)
    .orderBy(...NEWEST_FIRST)
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all()
    .map(toPost);
  const total = db.select({ n: count() }).from(blogPosts).get()?.n ?? 0;
  return { posts, total };
}

export function findPost(db: DbOrTx, id: number): BlogPost | undefined {
  const row = db.select().from(blogPosts).where(eq(blogPosts.id, id)).get();
  return row && toPost(row);
}

/** The ids of the posts just newer and just older than this one, in the list's order. */
export function findNeighbours(db: DbOrTx, post: { id: number; date: string }): { newerId: number | null; olderId: number | null } {
  const newer = db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(or(gt(blogPosts.date, post.date), and(eq(blogPosts.date, post.date), gt(blogPosts.id, post.id))))
    .orderBy(blogPosts.date, blogPosts.id)
    .limit(1)
    .get();
  const older = db
    .select({ id: blogPosts.id })
    .from(blogPosts)
    .where(or(lt(blogPosts.date, post.date), and(eq(blogPosts.date, post.date), lt(blogPosts.id, post.id))))
    .orderBy(...NEWEST_FIRST)
    .limit(1)
    .get();
  return { newerId: newer?.id ?? null, olderId: older?.id ?? null };
}

export function insertPost(db: DbOrTx, fields: BlogPostFields, createdBy: number): number {
  return db
    .insert(blogPosts)
    .values({ ...fields, createdBy })
    .returning({ id: blogPosts.id })
    .get().id;
}

export function updatePost(db: DbOrTx, id: number, fields: BlogPostFields): boolean {
  return db.update(blogPosts).set(fields).where(eq(blogPosts.id, id)).run().changes > 0;
}

export function deletePost(db: DbOrTx, id: number): boolean {
  return db.delete(blogPosts).where(eq(blogPosts.id, id)).run().changes > 0;
}
