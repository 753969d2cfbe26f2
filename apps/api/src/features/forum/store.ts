import { and, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { ForumPost, ForumThread, ForumWaiting } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { iterateRows } from '../../db/iterate-rows.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { forumPosts, forumThreads, memberPermissions, members } from '../../db/schema/index.ts';

/** Who reads: moderators (and admins) see every item; anyone else sees approved items and their own. */
export type ForumViewer = { id: number; isModerator: boolean };

/** The name shown for an author (the club's one rule); a deleted member's items stay. */
const authorName = sql<string>`coalesce(${shownNameSql}, 'A former member')`;

/** The filter that keeps unapproved items from anyone but moderators and their author, applied in SQL. */
const whereThreadVisible = (viewer: ForumViewer): SQL | undefined =>
  viewer.isModerator ? undefined : or(eq(forumThreads.approved, true), eq(forumThreads.authorId, viewer.id));

const wherePostVisible = (viewer: ForumViewer): SQL =>
  viewer.isModerator ? sql`1` : sql`(${forumPosts.approved} = 1 or ${forumPosts.authorId} = ${viewer.id})`;

const selectIsMine = (column: typeof forumThreads.authorId | typeof forumPosts.authorId, viewer: ForumViewer) =>
  sql<number>`coalesce(${column} = ${viewer.id}, 0)`.mapWith(Boolean);

/** The newest of the thread's and its visible posts' creation times. */
const selectLastActivity = (viewer: ForumViewer) =>
  sql<string>`max(${forumThreads.created}, coalesce((select max(${forumPosts.created}) from ${forumPosts} where ${forumPosts.threadId} = ${forumThreads.id} and ${wherePostVisible(viewer)}), ''))`;

/** What the thread list is built from, for every reader at once (features/forum/thread-index.ts). */
export type ThreadFacts = {
  id: number;
  title: string;
  author: string;
  authorId: number | null;
  approved: boolean;
  created: string;
  /** The thread's approved posts: how many, and the newest one's creation time ('' without any). */
  approvedPosts: number;
  lastApprovedPost: string;
};

/** Every thread with the count and newest time of its approved posts (two grouped reads, no per-thread query). */
export function listThreadFacts(db: DbOrTx): ThreadFacts[] {
  const posts = db
    .select({ threadId: forumPosts.threadId, count: sql<number>`count(*)`.mapWith(Number), last: sql<string>`max(${forumPosts.created})` })
    .from(forumPosts)
    .where(eq(forumPosts.approved, true))
    .groupBy(forumPosts.threadId)
    .all();
  const byThread = new Map(posts.map((row) => [row.threadId, row]));
  return db
    .select({
      id: forumThreads.id,
      title: forumThreads.title,
      author: authorName,
      authorId: forumThreads.authorId,
      approved: forumThreads.approved,
      created: forumThreads.created,
    })
    .from(forumThreads)
    .leftJoin(members, eq(members.id, forumThreads.authorId))
    .all()
    .map((thread) => ({ ...thread, approvedPosts: byThread.get(thread.id)?.count ?? 0, lastApprovedPost: byThread.get(thread.id)?.last ?? '' }));
}

/** The posts waiting for approval: who wrote them, where and when (few at any time). */
export function listWaitingPostFacts(db: DbOrTx): { threadId: number; authorId: number | null; created: string }[] {
  return db
    .select({ threadId: forumPosts.threadId, authorId: forumPosts.authorId, created: forumPosts.created })
    .from(forumPosts)
    .where(eq(forumPosts.approved, false))
    .all();
}

/** A thread's columns as the reader sees them (the order of the legacy JSON). */
const threadColumns = (viewer: ForumViewer) => ({
  id: forumThreads.id,
  title: forumThreads.title,
  description: forumThreads.description,
  imageUrls: forumThreads.imagePaths,
  author: authorName,
  approved: forumThreads.approved,
  isMine: selectIsMine(forumThreads.authorId, viewer),
  created: forumThreads.created,
});

/** A post's columns as the reader sees them (the order of the legacy JSON). */
const postColumns = (viewer: ForumViewer) => ({
  id: forumPosts.id,
  created: forumPosts.created,
  content: forumPosts.content,
  author: authorName,
  approved: forumPosts.approved,
  isMine: selectIsMine(forumPosts.authorId, viewer),
});

/** Threads with their posts in order, the reader's view: every thread, or only `threadId`. */
export function listThreads(db: DbOrTx, viewer: ForumViewer, threadId?: number): ForumThread[] {
  const activity = selectLastActivity(viewer);
  const threads = db
    .select(threadColumns(viewer))
    .from(forumThreads)
    .leftJoin(members, eq(members.id, forumThreads.authorId))
    .where(and(whereThreadVisible(viewer), threadId === undefined ? undefined : eq(forumThreads.id, threadId)))
    .orderBy(desc(activity), desc(forumThreads.id))
    .all();
  if (threads.length === 0) return [];

  const posts = db
    .select({ threadId: forumPosts.threadId, ...postColumns(viewer) })
    .from(forumPosts)
    .leftJoin(members, eq(members.id, forumPosts.authorId))
    .where(and(threadId === undefined ? undefined : eq(forumPosts.threadId, threadId), wherePostVisible(viewer)))
    .orderBy(forumPosts.created, forumPosts.id)
    .all();
  const byThread = new Map<number, ForumPost[]>();
  for (const { threadId: owner, ...post } of posts) {
    const list = byThread.get(owner);
    if (list) list.push(post);
    else byThread.set(owner, [post]);
  }
  return threads.map((thread) => ({ ...thread, posts: byThread.get(thread.id) ?? [] }));
}

/**
 * Every thread the reader sees with its posts in order (as `listThreads`), one thread at a time:
 * the legacy full list (4.7 MB of JSON at ten times the club's data) is written as it is read.
 */
export function* iterateThreads(db: Db, viewer: ForumViewer): Generator<ForumThread> {
  const threadFields = threadColumns(viewer);
  const postsOf = db
    .select(postColumns(viewer))
    .from(forumPosts)
    .leftJoin(members, eq(members.id, forumPosts.authorId))
    .where(and(eq(forumPosts.threadId, sql.placeholder('threadId')), wherePostVisible(viewer)))
    .orderBy(forumPosts.created, forumPosts.id)
    .prepare();
  const threads = db
    .select(threadFields)
    .from(forumThreads)
    .leftJoin(members, eq(members.id, forumThreads.authorId))
    .where(whereThreadVisible(viewer))
    .orderBy(desc(selectLastActivity(viewer)), desc(forumThreads.id));
  for (const thread of iterateRows(db, threads, threadFields)) yield { ...thread, posts: postsOf.all({ threadId: thread.id }) };
}

/** Everything waiting for approval, oldest first: threads, and posts in threads that still exist. */
export function listWaiting(db: DbOrTx): ForumWaiting[] {
  const threads = db
    .select({ thread: forumThreads.id, title: forumThreads.title, author: authorName, created: forumThreads.created })
    .from(forumThreads)
    .leftJoin(members, eq(members.id, forumThreads.authorId))
    .where(eq(forumThreads.approved, false))
    .all();
  const posts = db
    .select({ thread: forumPosts.threadId, post: forumPosts.id, title: forumThreads.title, author: authorName, created: forumPosts.created })
    .from(forumPosts)
    .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
    .leftJoin(members, eq(members.id, forumPosts.authorId))
    .where(eq(forumPosts.approved, false))
    .all();
  const items: ForumWaiting[] = [...threads, ...posts];
  return items.sort((a, b) => a.created.localeCompare(b.created) || a.thread - b.thread || (a.post ?? 0) - (b.post ?? 0));
}

export type ThreadRecord = { id: number; title: string; authorId: number | null; approved: boolean; imageUrls: string[] };

export function findThread(db: DbOrTx, id: number): ThreadRecord | undefined {
  return db
    .select({
      id: forumThreads.id,
      title: forumThreads.title,
      authorId: forumThreads.authorId,
      approved: forumThreads.approved,
      imageUrls: forumThreads.imagePaths,
    })
    .from(forumThreads)
    .where(eq(forumThreads.id, id))
    .get();
}

export type ThreadFields = { title: string; description: string; imageUrls: string[]; authorId: number; approved: boolean };

export function insertThread(db: DbOrTx, { title, description, imageUrls, authorId, approved }: ThreadFields): number {
  return db.insert(forumThreads).values({ title, description, imagePaths: imageUrls, authorId, approved }).returning({ id: forumThreads.id }).get().id;
}

export type PostFields = { threadId: number; content: string; authorId: number; approved: boolean };

export function insertPost(db: DbOrTx, fields: PostFields): number {
  return db.insert(forumPosts).values(fields).returning({ id: forumPosts.id }).get().id;
}

export function approveThread(db: DbOrTx, id: number): boolean {
  return db.update(forumThreads).set({ approved: true }).where(eq(forumThreads.id, id)).run().changes > 0;
}

export function approvePost(db: DbOrTx, id: number): boolean {
  return db.update(forumPosts).set({ approved: true }).where(eq(forumPosts.id, id)).run().changes > 0;
}

/** Deletes the thread; its posts go with it (foreign key cascade). */
export function deleteThread(db: DbOrTx, id: number): boolean {
  return db.delete(forumThreads).where(eq(forumThreads.id, id)).run().changes > 0;
}

export function deletePost(db: DbOrTx, id: number): boolean {
  return db.delete(forumPosts).where(eq(forumPosts.id, id)).run().changes > 0;
}

/**
 * Who is told that something waits: enabled moderators with e-mail notifications on; when the
 * club has no such moderator, its enabled administrators with notifications on.
 */
export function listModeratorEmails(db: DbOrTx): string[] {
  const holding = (permission: string) =>
    db
      .selectDistinct({ email: members.email })
      .from(members)
      .innerJoin(memberPermissions, eq(memberPermissions.memberId, members.id))
      .where(and(eq(memberPermissions.permission, permission), eq(members.enabled, true), eq(members.emailNotifications, true)))
      .orderBy(members.email)
      .all()
      .map((row) => row.email);
  const moderators = holding('moderator');
  return moderators.length > 0 ? moderators : holding('admin');
}

/** Authors' display names by id, for mail that names who wrote the waiting item. */
export function findAuthorName(db: DbOrTx, memberId: number): string {
  return db.select({ name: authorName }).from(members).where(eq(members.id, memberId)).get()?.name ?? 'A member';
}
