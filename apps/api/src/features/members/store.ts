import { and, asc, eq, inArray, ne, or, sql } from 'drizzle-orm';
import { PERMISSIONS } from '@club/contracts/plain';
import type { Member, MemberData, Permission } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import {
  attendance,
  attendanceCars,
  blogPosts,
  calendarFeeds,
  contactMessages,
  digestLedger,
  errorReports,
  events,
  forumPosts,
  forumThreads,
  memberPermissions,
  members,
  outbox,
  pushSubscriptions,
  reminderLedger,
  rsvpLinkUses,
  sessions,
} from '../../db/schema/index.ts';

/** The fields of a member that an editor sets; permissions travel separately. */
export type MemberFields = {
  enabled: boolean;
  firstName: string;
  lastName: string;
  displayName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  imagePath: string;
};

export type MemberRecord = MemberFields & { id: number; permissions: Permission[] };

const orderPermissions = (held: Iterable<string>): Permission[] => {
  const set = new Set(held);
  return PERMISSIONS.filter((p) => set.has(p));
};

function permissionsByMember(db: Db, memberIds?: number[]): Map<number, Permission[]> {
  const rows = db
    .select({ memberId: memberPermissions.memberId, permission: memberPermissions.permission })
    .from(memberPermissions)
    .where(memberIds ? inArray(memberPermissions.memberId, memberIds) : undefined)
    .all();
  const grouped = new Map<number, string[]>();
  for (const row of rows) grouped.set(row.memberId, [...(grouped.get(row.memberId) ?? []), row.permission]);
  return new Map([...grouped].map(([id, held]) => [id, orderPermissions(held)]));
}

/** Every member, by last then first name, with the entity's wire field names; their cars come from the registry. */
export function listMembers(db: Db): Omit<Member, 'cars' | 'carLinks'>[] {
  const permissions = permissionsByMember(db);
  return db
    .select()
    .from(members)
    .orderBy(asc(sql`${members.lastName} COLLATE NOCASE`), asc(sql`${members.firstName} COLLATE NOCASE`), asc(members.id))
    .all()
    .map((row) => ({
      id: row.id,
      enabled: row.enabled,
      display_name: row.displayName,
      first_name: row.firstName,
      last_name: row.lastName,
      address: row.address,
      city: row.city,
      state: row.state,
      zip: row.zip,
      phone: row.phone,
      imageUrl: row.imagePath,
      email: row.email,
      email_notifications: row.emailNotifications,
      created: row.created,
      modified: row.modified,
      permissions: permissions.get(row.id) ?? [],
    }));
}

export function findMember(db: Db, id: number): MemberRecord | undefined {
  const row = db.select().from(members).where(eq(members.id, id)).get();
  if (!row) return undefined;
  return {
    id: row.id,
    enabled: row.enabled,
    firstName: row.firstName,
    lastName: row.lastName,
    displayName: row.displayName,
    email: row.email,
    phone: row.phone,
    address: row.address,
    city: row.city,
    state: row.state,
    zip: row.zip,
    imagePath: row.imagePath,
    permissions: permissionsByMember(db, [row.id]).get(row.id) ?? [],
  };
}

/** Whether an enabled administrator other than `exceptId` exists, so the club is never left without one. */
export function hasOtherEnabledAdmin(db: Db, exceptId: number): boolean {
  return Boolean(
    db
      .select({ id: members.id })
      .from(members)
      .innerJoin(memberPermissions, eq(memberPermissions.memberId, members.id))
      .where(and(eq(members.enabled, true), eq(memberPermissions.permission, 'admin'), ne(members.id, exceptId)))
      .get(),
  );
}

/**
 * Inserts (id 0) or updates a member and, when `permissions` is given, replaces their
 * permissions. Run it in the caller's transaction. Several members may share an address (a household).
 */
export function writeMember(tx: DbOrTx, id: number, fields: MemberFields, permissions: Permission[] | undefined): number {
  const values = { ...fields, email: fields.email.toLowerCase() };
  let memberId = id;
  if (id === 0) {
    memberId = tx.insert(members).values(values).returning({ id: members.id }).get().id;
  } else {
    tx.update(members)
      .set({ ...values, modified: new Date().toISOString() })
      .where(eq(members.id, id))
      .run();
  }
  if (permissions) {
    tx.delete(memberPermissions).where(eq(memberPermissions.memberId, memberId)).run();
    for (const permission of permissions) tx.insert(memberPermissions).values({ memberId, permission }).run();
  }
  // A disabled member's sessions end now, so re-enabling them later does not revive old logins.
  if (!fields.enabled) tx.delete(sessions).where(eq(sessions.memberId, memberId)).run();
  return memberId;
}

/** Whether the member has set a password, i.e. their address is a working login. */
export function hasPassword(db: DbOrTx, memberId: number): boolean {
  return Boolean(db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId)).get()?.hash);
}

function hasWeeklyDigest(db: DbOrTx, memberId: number): boolean {
  return db.select({ isOn: members.weeklyDigest }).from(members).where(eq(members.id, memberId)).get()?.isOn ?? false;
}

/** Removes a member; their sessions, permissions, reset links and attendance go with them (cascade). */
export function deleteMember(db: DbOrTx, id: number): boolean {
  return db.delete(members).where(eq(members.id, id)).run().changes === 1;
}

/**
 * Whose mail is whose at an address. Alone there, a member owns everything to or from it; where a
 * household shares it, a contact message is the member's who signed it, and mail addressed to the
 * address belongs to them all: it is in each one's export and goes with the last of them to be erased.
 */
type MailOwner = { address: string; firstName: string; lastName: string; isShared: boolean };

function mailOwnerOf(db: DbOrTx, id: number): MailOwner | undefined {
  const row = db.select({ email: members.email, firstName: members.firstName, lastName: members.lastName }).from(members).where(eq(members.id, id)).get();
  if (!row) return undefined;
  const address = row.email.toLowerCase();
  const others = db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.email, address), ne(members.id, id)))
    .all();
  return { address, firstName: row.firstName, lastName: row.lastName, isShared: others.length > 0 };
}

/** Contact messages from the member's address (signed with their name, where the address is shared). */
function contactCondition(owner: MailOwner) {
  const fromAddress = sql`lower(${contactMessages.email}) = ${owner.address}`;
  if (!owner.isShared) return fromAddress;
  return sql`${fromAddress} AND lower(trim(${contactMessages.firstName})) = ${owner.firstName.trim().toLowerCase()} AND lower(trim(${contactMessages.lastName})) = ${owner.lastName.trim().toLowerCase()}`;
}

/**
 * Outbox rows that carry a member's data: addressed to them (plain or `Name <address>`), sent on
 * their behalf (Reply-To: a contact-form message), or holding a contact message of theirs. For
 * erasing (`isErasing`) at a shared address, only their own contact messages' rows: the rest is
 * the household's.
 */
function memberMailCondition(owner: MailOwner, isErasing: boolean) {
  const isTheirs = (column: typeof outbox.to | typeof outbox.replyTo) =>
    or(sql`lower(${column}) = ${owner.address}`, sql`lower(${column}) LIKE ${`%<${owner.address}>`}`);
  const ofTheirContactMessages = inArray(outbox.id, sql`(SELECT ${contactMessages.outboxId} FROM ${contactMessages} WHERE ${contactCondition(owner)})`);
  if (!owner.isShared) return or(isTheirs(outbox.to), isTheirs(outbox.replyTo), ofTheirContactMessages);
  return isErasing ? ofTheirContactMessages : or(isTheirs(outbox.to), ofTheirContactMessages);
}

function carsBrought(db: Db, eventId: number, memberId: number): string[] {
  return db
    .select({ label: attendanceCars.label })
    .from(attendanceCars)
    .where(and(eq(attendanceCars.eventId, eventId), eq(attendanceCars.memberId, memberId)))
    .orderBy(asc(attendanceCars.position))
    .all()
    .map((row) => row.label);
}

/** Everything stored about one member (no secrets: hashes and push keys stay out), or undefined. */
export type StoredMemberData = Omit<MemberData, 'exported' | 'registryCars' | 'listings' | 'member'> & {
  member: Omit<MemberData['member'], 'cars' | 'carLinks'>;
};

/** Everything the members' tables keep about one member; their cars and listings come from the garage and the classifieds (service.ts). */
export function readMemberData(db: Db, id: number): StoredMemberData | undefined {
  const member = listMembers(db).find((row) => row.id === id);
  const owner = mailOwnerOf(db, id);
  if (!member || !owner) return undefined;
  return {
    member: { ...member, hasPassword: hasPassword(db, id), weeklyDigest: hasWeeklyDigest(db, id) },
    attendance: db
      .select({
        eventId: attendance.eventId,
        eventTitle: events.title,
        eventStart: events.start,
        isAttending: attendance.isAttending,
        total: attendance.total,
        comments: attendance.comments,
        modified: attendance.modified,
        guests: attendance.guests,
        choiceAnswers: attendance.choiceAnswers,
        waitlistedAt: attendance.waitlistedAt,
        isCheckedIn: attendance.isCheckedIn,
      })
      .from(attendance)
      .innerJoin(events, eq(events.id, attendance.eventId))
      .where(eq(attendance.memberId, id))
      .orderBy(asc(events.start))
      .all()
      .map((row) => ({ ...row, cars: carsBrought(db, row.eventId, id) })),
    forumThreads: db
      .select()
      .from(forumThreads)
      .where(eq(forumThreads.authorId, id))
      .orderBy(asc(forumThreads.id))
      .all()
      .map((t) => ({ id: t.id, title: t.title, description: t.description, imageUrls: t.imagePaths, approved: t.approved, created: t.created })),
    forumPosts: db
      .select({
        id: forumPosts.id,
        threadId: forumPosts.threadId,
        threadTitle: forumThreads.title,
        content: forumPosts.content,
        approved: forumPosts.approved,
        created: forumPosts.created,
      })
      .from(forumPosts)
      .innerJoin(forumThreads, eq(forumThreads.id, forumPosts.threadId))
      .where(eq(forumPosts.authorId, id))
      .orderBy(asc(forumPosts.id))
      .all(),
    pushSubscriptions: db
      .select({ endpoint: pushSubscriptions.endpoint, created: pushSubscriptions.created, refreshed: pushSubscriptions.refreshed })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.memberId, id))
      .all(),
    calendarFeed: db.select({ created: calendarFeeds.created }).from(calendarFeeds).where(eq(calendarFeeds.memberId, id)).get() ?? null,
    sessions: db
      .select({ created: sessions.created, lastSeen: sessions.lastSeen, expires: sessions.expires })
      .from(sessions)
      .where(eq(sessions.memberId, id))
      .all(),
    reminders: db
      .select({
        eventId: reminderLedger.eventId,
        eventStart: reminderLedger.eventStart,
        daysOut: reminderLedger.daysOut,
        channel: reminderLedger.channel,
        created: reminderLedger.created,
      })
      .from(reminderLedger)
      .where(eq(reminderLedger.memberId, id))
      .all(),
    digests: db
      .select({ week: digestLedger.week, created: digestLedger.created })
      .from(digestLedger)
      .where(eq(digestLedger.memberId, id))
      .orderBy(asc(digestLedger.week))
      .all(),
    rsvpLinksUsed: db
      .select({ eventId: rsvpLinkUses.eventId, eventTitle: events.title, week: rsvpLinkUses.week, used: rsvpLinkUses.used })
      .from(rsvpLinkUses)
      .innerJoin(events, eq(events.id, rsvpLinkUses.eventId))
      .where(eq(rsvpLinkUses.memberId, id))
      .orderBy(asc(rsvpLinkUses.used), asc(rsvpLinkUses.eventId))
      .all(),
    errorReports: db
      .select({
        message: errorReports.message,
        url: errorReports.url,
        userAgent: errorReports.userAgent,
        created: errorReports.created,
        count: errorReports.count,
      })
      .from(errorReports)
      .where(eq(errorReports.memberId, id))
      .all(),
    emails: db
      .select({
        id: outbox.id,
        to: outbox.to,
        replyTo: outbox.replyTo,
        subject: outbox.subject,
        text: outbox.text,
        status: outbox.status,
        created: outbox.created,
        sent: outbox.sent,
      })
      .from(outbox)
      .where(memberMailCondition(owner, false))
      .orderBy(asc(outbox.id))
      .all(),
    contactMessages: db
      .select({
        id: contactMessages.id,
        firstName: contactMessages.firstName,
        lastName: contactMessages.lastName,
        email: contactMessages.email,
        message: contactMessages.message,
        created: contactMessages.created,
      })
      .from(contactMessages)
      .where(contactCondition(owner))
      .orderBy(asc(contactMessages.id))
      .all(),
    eventsCreated: db.select({ id: events.id, title: events.title }).from(events).where(eq(events.createdBy, id)).orderBy(asc(events.id)).all(),
    photoPostsCreated: db
      .select({ id: blogPosts.id, title: blogPosts.title })
      .from(blogPosts)
      .where(eq(blogPosts.createdBy, id))
      .orderBy(asc(blogPosts.id))
      .all(),
  };
}

/** What erasing a member removed, for the files to delete once the transaction has committed. */
export type ErasedMember = { imageUrls: string[]; outboxIds: number[] };

/**
 * Deletes a member and everything stored about them: forum threads they started (with their
 * replies) and replies they wrote, e-mails to or from them, contact messages from their address
 * (at an address a household shares: their own contact messages, and the household's mail stays),
 * their error reports; sessions, links, push subscriptions, attendance, feed and reminder ledger
 * go with the member row (cascade). Events and photo posts they made stay, without their name.
 * Run it in the caller's transaction.
 */
export function eraseMember(tx: DbOrTx, id: number): ErasedMember {
  const owner = mailOwnerOf(tx, id);
  if (!owner) return { imageUrls: [], outboxIds: [] };
  const member = tx.select({ imagePath: members.imagePath }).from(members).where(eq(members.id, id)).get();
  const threads = tx.select({ id: forumThreads.id, imagePaths: forumThreads.imagePaths }).from(forumThreads).where(eq(forumThreads.authorId, id)).all();
  const outboxIds = tx
    .select({ id: outbox.id })
    .from(outbox)
    .where(memberMailCondition(owner, true))
    .all()
    .map((row) => row.id);
  tx.delete(contactMessages).where(contactCondition(owner)).run();
  if (outboxIds.length > 0) tx.delete(outbox).where(inArray(outbox.id, outboxIds)).run();
  tx.delete(forumPosts).where(eq(forumPosts.authorId, id)).run();
  tx.delete(forumThreads).where(eq(forumThreads.authorId, id)).run();
  tx.delete(errorReports).where(eq(errorReports.memberId, id)).run();
  tx.delete(members).where(eq(members.id, id)).run();
  return { imageUrls: [member?.imagePath ?? '', ...threads.flatMap((t) => t.imagePaths)].filter((url) => url !== ''), outboxIds };
}
