import { and, asc, count, countDistinct, desc, eq, gt, inArray, isNotNull, isNull, lt, max, ne, notInArray, sql } from 'drizzle-orm';
import { fullNameOf } from '@club/contracts/plain';
import type { Permission } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { calendarFeeds, errorReports, memberPermissions, members, passwordResets } from '../../db/schema/index.ts';

export type LoginRecord = { id: number; enabled: boolean; passwordHash: string | null };

/** Everyone with this address (a household may share one), oldest member first. */
export function findLoginsByEmail(db: Db, email: string): LoginRecord[] {
  return db
    .select({ id: members.id, enabled: members.enabled, passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.email, email.toLowerCase()))
    .orderBy(asc(members.id))
    .all();
}

/**
 * The most members with a password at any one address in the club (0 with none): what every login
 * compares against, so that no address takes longer to try than another.
 */
export function countMostPasswordsAtOneAddress(db: Db): number {
  const perAddress = db
    .select({ count: count().as('count') })
    .from(members)
    .where(isNotNull(members.passwordHash))
    .groupBy(members.email)
    .as('per_address');
  return Number(
    db
      .select({ most: max(perAddress.count) })
      .from(perAddress)
      .get()?.most ?? 0,
  );
}

export function findPasswordHash(db: Db, memberId: number): string | null {
  return db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId)).get()?.hash ?? null;
}

export function setEmailNotifications(db: Db, memberId: number, enabled: boolean): void {
  db.update(members).set({ emailNotifications: enabled, modified: new Date().toISOString() }).where(eq(members.id, memberId)).run();
}

export function setPasswordHash(db: DbOrTx, memberId: number, passwordHash: string): void {
  db.update(members).set({ passwordHash, modified: new Date().toISOString() }).where(eq(members.id, memberId)).run();
}

export type ErrorReport = { memberId: number | null; message: string; url: string; stack: string; userAgent: string };

/**
 * Stores a report, or counts it up when an identical one (message, page, stack) is kept already;
 * `lastSeen` is set either way.
 */
export function foldErrorReport(tx: DbOrTx, report: ErrorReport, nowIso: string): void {
  const same = tx
    .select({ id: errorReports.id, count: errorReports.count })
    .from(errorReports)
    .where(and(eq(errorReports.message, report.message), eq(errorReports.url, report.url), eq(errorReports.stack, report.stack)))
    .get();
  if (same) {
    tx.update(errorReports)
      .set({ count: same.count + 1, lastSeen: nowIso })
      .where(eq(errorReports.id, same.id))
      .run();
  } else {
    tx.insert(errorReports)
      .values({ ...report, created: nowIso, lastSeen: nowIso })
      .run();
  }
}

/** Deletes reports last seen before `beforeIso`, then all but the `keepRows` most recently seen. */
export function pruneErrorReports(tx: DbOrTx, { beforeIso, keepRows }: { beforeIso: string; keepRows: number }): void {
  tx.delete(errorReports).where(lt(errorReports.lastSeen, beforeIso)).run();
  const kept = tx.select({ id: errorReports.id }).from(errorReports).orderBy(desc(errorReports.lastSeen), desc(errorReports.id)).limit(keepRows);
  tx.delete(errorReports).where(notInArray(errorReports.id, kept)).run();
}

export type PasswordReset = {
  id: number;
  memberId: number;
  expires: string;
  used: string | null;
  memberName: string;
  memberEnabled: boolean;
};

/** Stores a reset (or invitation) link by the hash of its token: one row per member it is for. */
export type LinkPurpose = 'password' | 'signin';

export function insertPasswordReset(db: DbOrTx, reset: { memberId: number; tokenHash: string; expires: string; purpose: LinkPurpose }): void {
  db.insert(passwordResets).values(reset).run();
}

/** How many links were made for any of these members since a moment (a link for a household counts once), to cap requests per address. */
export function countPasswordResetsSince(db: Db, memberIds: number[], sinceIso: string, purpose: LinkPurpose): number {
  if (memberIds.length === 0) return 0;
  return (
    db
      .select({ n: countDistinct(passwordResets.tokenHash) })
      .from(passwordResets)
      .where(and(inArray(passwordResets.memberId, memberIds), gt(passwordResets.created, sinceIso), eq(passwordResets.purpose, purpose)))
      .get()?.n ?? 0
  );
}

/**
 * A finder of every row of a link (one per member it is for, several when they share the address),
 * oldest member first, its statement prepared once: the sign-in page checks its link on every
 * visit, and building and preparing the join anew was most of that call's cost (issue 28).
 */
export function passwordResetFinder(db: Db): (tokenHash: string, purpose: LinkPurpose) => PasswordReset[] {
  const query = db
    .select({
      id: passwordResets.id,
      memberId: passwordResets.memberId,
      expires: passwordResets.expires,
      used: passwordResets.used,
      firstName: members.firstName,
      lastName: members.lastName,
      enabled: members.enabled,
    })
    .from(passwordResets)
    .innerJoin(members, eq(members.id, passwordResets.memberId))
    .where(and(eq(passwordResets.tokenHash, sql.placeholder('tokenHash')), eq(passwordResets.purpose, sql.placeholder('purpose'))))
    .orderBy(asc(members.id))
    .prepare();
  return (tokenHash, purpose) =>
    query.all({ tokenHash, purpose }).map((row) => ({
      id: row.id,
      memberId: row.memberId,
      expires: row.expires,
      used: row.used,
      memberName: fullNameOf(row),
      memberEnabled: row.enabled,
    }));
}

/**
 * Marks a link used; false when it already was. The `used IS NULL` guard makes a second,
 * simultaneous use of the same link change nothing.
 */
export function spendPasswordReset(tx: DbOrTx, resetId: number): boolean {
  return (
    tx
      .update(passwordResets)
      .set({ used: new Date().toISOString() })
      .where(and(eq(passwordResets.id, resetId), isNull(passwordResets.used)))
      .run().changes === 1
  );
}

/** Marks every other row of a link used too, once one member used it: a link works once, whoever it was for. */
export function spendLinkRows(tx: DbOrTx, tokenHash: string): void {
  tx.update(passwordResets)
    .set({ used: new Date().toISOString() })
    .where(and(eq(passwordResets.tokenHash, tokenHash), isNull(passwordResets.used)))
    .run();
}

/**
 * Spends every open reset or invitation link of a member. Run, in the same transaction, when a
 * link is used, the password changes, the e-mail address changes or the member is disabled, so an
 * older link (or one sent to a mistyped address) never works afterwards.
 */
export function revokeOpenLinks(tx: DbOrTx, memberId: number): void {
  tx.update(passwordResets)
    .set({ used: new Date().toISOString() })
    .where(and(eq(passwordResets.memberId, memberId), isNull(passwordResets.used)))
    .run();
}

/** The enabled members with this address (several when a household shares it), for a link request. */
export function findEnabledMembersByEmail(db: Db, email: string): { id: number; firstName: string; email: string }[] {
  return db
    .select({ id: members.id, firstName: members.firstName, email: members.email })
    .from(members)
    .where(and(eq(members.email, email.toLowerCase()), eq(members.enabled, true)))
    .orderBy(asc(members.id))
    .all();
}

/** The password hashes of the other members who share this member's address. */
/** How many other enabled members at a member's address have a password (the most a login tries is capped). */
export function countOtherEnabledPasswords(db: Db, memberId: number): number {
  const email = db.select({ email: members.email }).from(members).where(eq(members.id, memberId)).get()?.email;
  if (email === undefined) return 0;
  const row = db
    .select({ count: count() })
    .from(members)
    .where(and(eq(members.email, email), ne(members.id, memberId), eq(members.enabled, true), isNotNull(members.passwordHash)))
    .get();
  return row?.count ?? 0;
}

export function hasEnabledAdmin(db: Db): boolean {
  return Boolean(
    db
      .select({ id: members.id })
      .from(members)
      .innerJoin(memberPermissions, eq(memberPermissions.memberId, members.id))
      .where(and(eq(members.enabled, true), eq(memberPermissions.permission, 'admin')))
      .get(),
  );
}

export type AccountRecord = {
  email: string;
  passwordHash: string | null;
  firstName: string;
  lastName: string;
  permissions: Permission[];
  extra?: Partial<typeof members.$inferInsert>;
};

/** admin:create was given an address several members share and nothing that says which of them is meant. */
export class SharedAddressError extends Error {}

/**
 * The member an account write means: the only one with the address; when a household shares it,
 * the one with the given name, else the one administrator among them; none when nobody has it.
 */
function findAccountMember(tx: DbOrTx, account: AccountRecord): { id: number; enabled: boolean } | undefined {
  const email = account.email.toLowerCase();
  const sharing = tx
    .select({ id: members.id, enabled: members.enabled, firstName: members.firstName, lastName: members.lastName })
    .from(members)
    .where(eq(members.email, email))
    .orderBy(asc(members.id))
    .all();
  if (sharing.length <= 1) return sharing[0];
  const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();
  const named = sharing.find((m) => same(m.firstName, account.firstName) && same(m.lastName, account.lastName));
  if (named) return named;
  const admins = tx
    .select({ memberId: memberPermissions.memberId })
    .from(memberPermissions)
    .where(
      and(
        inArray(
          memberPermissions.memberId,
          sharing.map((m) => m.id),
        ),
        eq(memberPermissions.permission, 'admin'),
      ),
    )
    .all();
  const [admin] = admins;
  if (admins.length === 1 && admin) return sharing.find((m) => m.id === admin.memberId);
  throw new SharedAddressError(
    `${sharing.length} members share ${email} (${sharing.map((m) => fullNameOf(m)).join(', ')}): add the first and last name of the one you mean.`,
  );
}

/**
 * Creates a member with a password and permissions, or enables an existing one (by e-mail, and by
 * name where a household shares the address) and adds them.
 */
export function writeAccount(tx: DbOrTx, account: AccountRecord): number {
  const { passwordHash } = account;
  const existing = findAccountMember(tx, account);
  if (!existing) return insertAccount(tx, account);
  const { id } = existing;
  // Re-enabled, a member starts without the feed address they had (as the member editor does).
  if (!existing.enabled) tx.delete(calendarFeeds).where(eq(calendarFeeds.memberId, id)).run();
  tx.update(members)
    .set({ enabled: true, ...(passwordHash ? { passwordHash } : {}), modified: new Date().toISOString() })
    .where(eq(members.id, id))
    .run();
  // A new password makes any link still open for the old one useless.
  if (passwordHash) revokeOpenLinks(tx, id);
  for (const permission of account.permissions) {
    tx.insert(memberPermissions).values({ memberId: id, permission }).onConflictDoNothing().run();
  }
  return id;
}

/** Adds a new member with a password and permissions, whoever else has the address. */
export function insertAccount(tx: DbOrTx, account: AccountRecord): number {
  const id = tx
    .insert(members)
    .values({
      email: account.email.toLowerCase(),
      firstName: account.firstName,
      lastName: account.lastName,
      passwordHash: account.passwordHash,
      ...account.extra,
    })
    .returning({ id: members.id })
    .get().id;
  for (const permission of account.permissions) tx.insert(memberPermissions).values({ memberId: id, permission }).run();
  return id;
}
