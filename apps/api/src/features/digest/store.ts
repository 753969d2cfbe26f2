import { and, asc, desc, eq, gt, gte, inArray, lt, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { groupByAddress } from '../../services/households.ts';
import { attendance, blogPosts, digestLedger, events, forumPosts, forumThreads, members, newsletters, rsvpLinkUses } from '../../db/schema/index.ts';

/*
 * The outer row's id in a correlated subquery, spelt with its table: in a one-table select
 * drizzle writes a column without it, and inside the subquery a bare "id" would be the inner table's.
 */
const EVENT_ID = sql.raw('"events"."id"');
const THREAD_ID = sql.raw('"forum_threads"."id"');

/** One member a digest greets. */
export type DigestReader = { id: number; firstName: string };

/** One digest e-mail: the address it goes to, and the members it is for (greeted by name). */
export type DigestRecipient = { email: string; readers: DigestReader[] };

/**
 * Who gets the weekly digest: enabled members with e-mail notifications and the digest on, one
 * e-mail per address (`groupByAddress`): members sharing an address (a household) share one
 * e-mail that greets each of them. The one place the recipients are chosen.
 */
export function listDigestRecipients(db: DbOrTx): DigestRecipient[] {
  const rows = db
    .select({ id: members.id, email: members.email, firstName: members.firstName })
    .from(members)
    .where(and(eq(members.enabled, true), eq(members.emailNotifications, true), eq(members.weeklyDigest, true)))
    .orderBy(asc(members.id))
    .all();
  return groupByAddress(rows).map((household) => ({
    email: household.to,
    readers: household.members.map(({ id, firstName }) => ({ id, firstName })),
  }));
}

/** The members who already have this week's digest (the ledger). */
export function listDigestedMembers(db: DbOrTx, week: string): Set<number> {
  return new Set(
    db
      .select({ memberId: digestLedger.memberId })
      .from(digestLedger)
      .where(eq(digestLedger.week, week))
      .all()
      .map((row) => row.memberId),
  );
}

/** Writes the member's ledger row for the week unless it is there; true when it was new (so this run sends). */
export function claimDigest(db: DbOrTx, week: string, memberId: number): boolean {
  return db.insert(digestLedger).values({ week, memberId }).onConflictDoNothing().run().changes > 0;
}

export type DigestEventRow = {
  id: number;
  title: string;
  start: string;
  end: string;
  venue: string;
  created: string;
  /** People with a seat (households' parties), as the event page counts "N people coming". */
  people: number;
};

/** Events starting in [from, to) (local club times), soonest first, with how many people are coming. */
export function listDigestEvents(db: DbOrTx, from: string, to: string): DigestEventRow[] {
  return db
    .select({
      id: events.id,
      title: events.title,
      start: events.start,
      end: events.end,
      venue: events.venue,
      created: events.created,
      people: sql<number>`coalesce((select sum(${attendance.total}) from ${attendance} where ${attendance.eventId} = ${EVENT_ID} and ${attendance.isAttending} = 1 and ${attendance.waitlistedAt} is null), 0)`,
    })
    .from(events)
    .where(and(gte(events.start, from), lt(events.start, to)))
    .orderBy(asc(events.start), asc(events.id))
    .limit(50)
    .all();
}

/** Which of these events each of these members has said they come to (a seat or the waiting list). */
export function listComingMembers(db: DbOrTx, eventIds: number[], memberIds: number[]): Set<string> {
  if (eventIds.length === 0 || memberIds.length === 0) return new Set();
  return new Set(
    db
      .select({ eventId: attendance.eventId, memberId: attendance.memberId })
      .from(attendance)
      .where(and(inArray(attendance.eventId, eventIds), inArray(attendance.memberId, memberIds), eq(attendance.isAttending, true)))
      .all()
      .map((row) => `${row.eventId}|${row.memberId}`),
  );
}

export type DigestNewsletterRow = { fileName: string; year: number; month: number; isSpecial: boolean; coverUrl: string };

/** The newest Valley News edition when it was added since `since` (ISO UTC). */
export function findNewNewsletter(db: DbOrTx, since: string): DigestNewsletterRow | undefined {
  return db
    .select({
      fileName: newsletters.fileName,
      year: newsletters.year,
      month: newsletters.month,
      isSpecial: newsletters.isSpecial,
      coverUrl: newsletters.coverUrl,
    })
    .from(newsletters)
    .where(gt(newsletters.created, since))
    .orderBy(desc(newsletters.year), desc(newsletters.month), desc(newsletters.isSpecial), desc(newsletters.id))
    .limit(1)
    .get();
}

export type DigestPhotoPostRow = { id: number; title: string; date: string; entries: ({ h: string } | { s: string[] } | { y: string })[] };

/** Photo posts added since `since`, newest first. */
export function listNewPhotoPosts(db: DbOrTx, since: string): DigestPhotoPostRow[] {
  return db
    .select({ id: blogPosts.id, title: blogPosts.title, date: blogPosts.date, entries: blogPosts.htmlData })
    .from(blogPosts)
    .where(gt(blogPosts.created, since))
    .orderBy(desc(blogPosts.created), desc(blogPosts.id))
    .limit(100)
    .all();
}

export type DigestThreadRow = { id: number; title: string; isNew: boolean; newReplies: number };

/**
 * Forum threads with something new since `since` that every member may read: approved threads
 * started since then, or with approved replies since then (a post waiting for approval is seen
 * only by moderators and its author, so it never reaches a digest). Most recent activity first.
 */
export function listActiveThreads(db: DbOrTx, since: string): DigestThreadRow[] {
  const newReplies = sql<number>`(select count(*) from ${forumPosts} where ${forumPosts.threadId} = ${THREAD_ID} and ${forumPosts.approved} = 1 and ${forumPosts.created} > ${since})`;
  const latest = sql<string>`max(${forumThreads.created}, coalesce((select max(${forumPosts.created}) from ${forumPosts} where ${forumPosts.threadId} = ${THREAD_ID} and ${forumPosts.approved} = 1), ''))`;
  return db
    .select({ id: forumThreads.id, title: forumThreads.title, created: forumThreads.created, newReplies })
    .from(forumThreads)
    .where(and(eq(forumThreads.approved, true), sql`(${forumThreads.created} > ${since} or ${newReplies} > 0)`))
    .orderBy(desc(latest), desc(forumThreads.id))
    .limit(100)
    .all()
    .map((row) => ({ id: row.id, title: row.title, isNew: row.created > since, newReplies: row.newReplies }));
}

/**
 * A finder of a member's digest setting (undefined for no such member), its statement prepared
 * once: the Account page asks on every visit, and building and preparing the query anew cost more
 * than resolving the session.
 */
export function digestSettingFinder(db: Db): (memberId: number) => boolean | undefined {
  const query = db
    .select({ on: members.weeklyDigest })
    .from(members)
    .where(eq(members.id, sql.placeholder('memberId')))
    .prepare();
  return (memberId) => query.get({ memberId })?.on;
}

/** Turns the member's own digest on or off (the Account page). */
export function writeDigestSetting(db: DbOrTx, memberId: number, isOn: boolean): void {
  db.update(members).set({ weeklyDigest: isOn, modified: new Date().toISOString() }).where(eq(members.id, memberId)).run();
}

/**
 * Turns the digest off for everyone at the member's address (the e-mail's opt-out link: the
 * e-mail went to the address, greeting them all); the address when the member exists.
 */
export function turnDigestOffAtAddress(db: DbOrTx, memberId: number): string | undefined {
  const email = db.select({ email: members.email }).from(members).where(eq(members.id, memberId)).get()?.email;
  if (email === undefined) return undefined;
  db.update(members).set({ weeklyDigest: false, modified: new Date().toISOString() }).where(eq(members.email, email)).run();
  return email;
}

/** Records that an "I'm coming" link was used; false when it was used before. */
export function useRsvpLink(db: DbOrTx, key: { eventId: number; memberId: number; week: string }): boolean {
  return db.insert(rsvpLinkUses).values(key).onConflictDoNothing().run().changes > 0;
}

/** Whether an "I'm coming" link was used already. */
export function isRsvpLinkUsed(db: DbOrTx, key: { eventId: number; memberId: number; week: string }): boolean {
  return (
    db
      .select({ eventId: rsvpLinkUses.eventId })
      .from(rsvpLinkUses)
      .where(and(eq(rsvpLinkUses.eventId, key.eventId), eq(rsvpLinkUses.memberId, key.memberId), eq(rsvpLinkUses.week, key.week)))
      .get() !== undefined
  );
}

/** The event an "I'm coming" link names, as its page shows it. */
export function findRsvpEvent(db: DbOrTx, eventId: number): { id: number; title: string; start: string; end: string; venue: string } | undefined {
  return db
    .select({ id: events.id, title: events.title, start: events.start, end: events.end, venue: events.venue })
    .from(events)
    .where(eq(events.id, eventId))
    .get();
}

/** A member by id, for the admin's preview sent to themselves. */
export function findDigestReader(db: DbOrTx, memberId: number): { id: number; email: string; firstName: string } | undefined {
  return db.select({ id: members.id, email: members.email, firstName: members.firstName }).from(members).where(eq(members.id, memberId)).get();
}
