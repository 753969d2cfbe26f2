import { and, asc, count, desc, eq, gt, gte, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { ListingCategory, ListingCondition, ListingKind, ListingVisibility } from '@club/contracts';
import type { DbOrTx } from '../../db/client.ts';
import { shownNameSql } from '../../db/member-name.ts';
import { listingMessages, listings, members } from '../../db/schema/index.ts';

/** A listing as stored, with its seller's shown name and address (the address never leaves the server but in the Reply-To's other direction). */
export type ListingRecord = {
  id: number;
  sellerId: number;
  sellerName: string;
  sellerEmail: string;
  sellerFirstName: string;
  kind: ListingKind;
  category: ListingCategory;
  title: string;
  body: string;
  priceCents: number | null;
  isOffers: boolean;
  condition: ListingCondition;
  city: string;
  state: string;
  visibility: ListingVisibility;
  carId: number | null;
  photos: string[];
  expiresAt: string;
  soldAt: string | null;
  hiddenAt: string | null;
  noticeSentFor: string | null;
  created: string;
};

/** What a seller sets on a listing. */
export type ListingFields = Pick<
  ListingRecord,
  'kind' | 'category' | 'title' | 'body' | 'priceCents' | 'isOffers' | 'condition' | 'city' | 'state' | 'visibility' | 'carId' | 'photos'
>;

export type ListingFilters = { kind?: ListingKind; category?: ListingCategory; words: string };

/** Who reads a list: members see members-only listings too, moderators also the hidden ones. */
export type ListingReader = { isMember: boolean; isModerator: boolean };

const columns = {
  id: listings.id,
  sellerId: listings.sellerId,
  sellerName: shownNameSql,
  sellerEmail: members.email,
  sellerFirstName: members.firstName,
  kind: listings.kind,
  category: listings.category,
  title: listings.title,
  body: listings.body,
  priceCents: listings.priceCents,
  isOffers: listings.isOffers,
  condition: listings.condition,
  city: listings.city,
  state: listings.state,
  visibility: listings.visibility,
  carId: listings.carId,
  photos: listings.photos,
  expiresAt: listings.expiresAt,
  soldAt: listings.soldAt,
  hiddenAt: listings.hiddenAt,
  noticeSentFor: listings.noticeSentFor,
  created: listings.created,
};

/**
 * The listings on the list at `now`: running (not expired, not sold), or sold within the last
 * `soldKeptSince`; never a hidden one unless the reader moderates; members-only ones for members.
 */
function onTheList(reader: ListingReader, now: string, soldKeptSince: string): SQL | undefined {
  return and(
    reader.isMember ? undefined : eq(listings.visibility, 'public'),
    reader.isModerator ? undefined : isNull(listings.hiddenAt),
    or(and(isNull(listings.soldAt), gt(listings.expiresAt, now)), gte(listings.soldAt, soldKeptSince)),
  );
}

function filtersOf({ kind, category, words }: ListingFilters): SQL | undefined {
  return and(
    kind === undefined ? undefined : eq(listings.kind, kind),
    category === undefined ? undefined : eq(listings.category, category),
    // "model a carb" finds "Zenith carburetor for a Model A": every word, anywhere in the title or text.
    ...words
      .toLowerCase()
      .split(/\s+/)
      .filter(Boolean)
      .slice(0, 8)
      .map((word) => sql`instr(lower(${listings.title} || ' ' || ${listings.body}), ${word}) > 0`),
  );
}

export function findListing(db: DbOrTx, id: number): ListingRecord | undefined {
  return db.select(columns).from(listings).innerJoin(members, eq(members.id, listings.sellerId)).where(eq(listings.id, id)).get();
}

/**
 * The next moment (ms) a listing on the list at `now` leaves it or changes its status by the clock
 * alone: the soonest end of a running one, or the soonest end of a sold one's days as "sold";
 * Infinity when none will. Any reader's list, so at most early for one who sees fewer.
 */
export function nextListChange(db: DbOrTx, { now, soldKeptSince, soldKeptMs }: { now: string; soldKeptSince: string; soldKeptMs: number }): number {
  const row = db
    .select({
      nextEnd: sql<string | null>`min(case when ${listings.soldAt} is null then ${listings.expiresAt} end)`,
      oldestSold: sql<string | null>`min(${listings.soldAt})`,
    })
    .from(listings)
    .where(or(and(isNull(listings.soldAt), gt(listings.expiresAt, now)), gte(listings.soldAt, soldKeptSince)))
    .get();
  const nextEnd = row?.nextEnd ? Date.parse(row.nextEnd) : Number.POSITIVE_INFINITY;
  const soldEnd = row?.oldestSold ? Date.parse(row.oldestSold) + soldKeptMs : Number.POSITIVE_INFINITY;
  return Math.min(nextEnd, soldEnd);
}

/** A page of the listings on the list, newest first, and how many match. */
export function listListingPage(
  db: DbOrTx,
  reader: ListingReader,
  filters: ListingFilters,
  { now, soldKeptSince, page, pageSize }: { now: string; soldKeptSince: string; page: number; pageSize: number },
): { rows: ListingRecord[]; total: number } {
  const where = and(onTheList(reader, now, soldKeptSince), filtersOf(filters));
  const rows = db
    .select(columns)
    .from(listings)
    .innerJoin(members, eq(members.id, listings.sellerId))
    .where(where)
    .orderBy(desc(listings.created), desc(listings.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize)
    .all();
  const total = db.select({ n: count() }).from(listings).where(where).get()?.n ?? 0;
  return { rows, total };
}

export function listListingsOfSeller(db: DbOrTx, sellerId: number): ListingRecord[] {
  return db
    .select(columns)
    .from(listings)
    .innerJoin(members, eq(members.id, listings.sellerId))
    .where(eq(listings.sellerId, sellerId))
    .orderBy(desc(listings.created), desc(listings.id))
    .all();
}

/** Listings published at or after `since` that members see at `now`: running, not sold, not hidden; newest first. */
export function listPublishedSince(db: DbOrTx, since: string, now: string): ListingRecord[] {
  return db
    .select(columns)
    .from(listings)
    .innerJoin(members, eq(members.id, listings.sellerId))
    .where(and(gte(listings.created, since), isNull(listings.hiddenAt), isNull(listings.soldAt), gt(listings.expiresAt, now)))
    .orderBy(desc(listings.created), desc(listings.id))
    .all();
}

/** Running listings (not sold, not hidden) that expire after `now` and by `by`, whose notice for this expiry has not gone. */
export function listListingsDueNotice(db: DbOrTx, now: string, by: string): ListingRecord[] {
  return db
    .select(columns)
    .from(listings)
    .innerJoin(members, eq(members.id, listings.sellerId))
    .where(
      and(
        isNull(listings.soldAt),
        isNull(listings.hiddenAt),
        gt(listings.expiresAt, now),
        lte(listings.expiresAt, by),
        or(isNull(listings.noticeSentFor), sql`${listings.noticeSentFor} <> ${listings.expiresAt}`),
        eq(members.enabled, true),
      ),
    )
    .orderBy(asc(listings.expiresAt))
    .all();
}

export function insertListing(tx: DbOrTx, sellerId: number, fields: ListingFields, expiresAt: string): number {
  return tx
    .insert(listings)
    .values({ sellerId, ...fields, expiresAt })
    .returning({ id: listings.id })
    .get().id;
}

export function updateListing(tx: DbOrTx, id: number, fields: ListingFields): boolean {
  return (
    tx
      .update(listings)
      .set({ ...fields, modified: new Date().toISOString() })
      .where(eq(listings.id, id))
      .run().changes > 0
  );
}

/** Sets what a state change sets (sold, hidden, a new expiry, the notice sent); true when the listing was there. */
export function setListingState(
  tx: DbOrTx,
  id: number,
  change: Partial<Pick<ListingRecord, 'soldAt' | 'hiddenAt' | 'expiresAt' | 'noticeSentFor'>>,
  /** Only when the listing still expires at this moment (a renewal link is good for one renewal). */
  ifExpiresAt?: string,
): boolean {
  return (
    tx
      .update(listings)
      .set({ ...change, modified: new Date().toISOString() })
      .where(and(eq(listings.id, id), ifExpiresAt === undefined ? undefined : eq(listings.expiresAt, ifExpiresAt)))
      .run().changes > 0
  );
}

export function deleteListing(tx: DbOrTx, id: number): boolean {
  return tx.delete(listings).where(eq(listings.id, id)).run().changes > 0;
}

export function insertListingMessage(tx: DbOrTx, message: { listingId: number; senderId: number | null; ip: string; outboxId: number }): void {
  tx.insert(listingMessages).values(message).run();
}

/** How many replies an address (or a member) sent through the classifieds since `since`. */
export function countListingMessagesSince(db: DbOrTx, { ip, senderId }: { ip: string; senderId: number | null }, since: string): number {
  const who = senderId === null ? eq(listingMessages.ip, ip) : or(eq(listingMessages.ip, ip), eq(listingMessages.senderId, senderId));
  return (
    db
      .select({ n: count() })
      .from(listingMessages)
      .where(and(who, gte(listingMessages.created, since)))
      .get()?.n ?? 0
  );
}

/** The ids of the listings anyone may see at `now` (running, public, not hidden), for the sitemap. */
export function listPublicListingIds(db: DbOrTx, now: string): number[] {
  return db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.visibility, 'public'), isNull(listings.hiddenAt), isNull(listings.soldAt), gt(listings.expiresAt, now)))
    .orderBy(asc(listings.id))
    .all()
    .map((row) => row.id);
}

/** A member's shown name and e-mail address (the Reply-To of their reply to a listing). */
export function findMemberContact(db: DbOrTx, memberId: number): { name: string; email: string } | undefined {
  return db.select({ name: shownNameSql, email: members.email }).from(members).where(eq(members.id, memberId)).get();
}

/** The listings the site search holds now (the daily job reindexes them, so expired and archived ones leave it). */
export function listIndexedListingIds(db: DbOrTx): number[] {
  return db.all<{ id: number }>(sql`SELECT DISTINCT record_id AS id FROM search_entries WHERE kind = 'listing'`).map((row) => row.id);
}
