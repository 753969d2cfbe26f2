import { and, count, eq, gt, isNull, lte, ne, or } from 'drizzle-orm';
import type { Permission, SessionUser } from '@club/contracts';
import { PERMISSIONS } from '@club/contracts';
import type { Db } from '../../db/client.ts';
import { errorReports, memberPermissions, members, passwordResets, sessions } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../services/mail.ts';
import { revokeOpenLinks } from './link-revocation.ts';

const SESSION_DAYS = 180;
/** However often it is used, a session ends this long after its login. */
const SESSION_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

export type LoginRecord = { id: number; enabled: boolean; passwordHash: string | null };

export function findLoginByEmail(db: Db, email: string): LoginRecord | undefined {
  return db
    .select({ id: members.id, enabled: members.enabled, passwordHash: members.passwordHash })
    .from(members)
    .where(eq(members.email, email.toLowerCase()))
    .get();
}

export function findPasswordHash(db: Db, memberId: number): string | null {
  return db.select({ hash: members.passwordHash }).from(members).where(eq(members.id, memberId)).get()?.hash ?? null;
}

export function readPermissions(db: Db, memberId: number): Permission[] {
  const held = new Set(
    db
      .select({ permission: memberPermissions.permission })
      .from(memberPermissions)
      .where(eq(memberPermissions.memberId, memberId))
      .all()
      .map((row) => row.permission),
  );
  return PERMISSIONS.filter((p) => held.has(p));
}

export function readSessionUser(db: Db, memberId: number): SessionUser | undefined {
  const member = db
    .select({
      id: members.id,
      firstName: members.firstName,
      lastName: members.lastName,
      displayName: members.displayName,
      emailNotifications: members.emailNotifications,
      enabled: members.enabled,
    })
    .from(members)
    .where(eq(members.id, memberId))
    .get();
  if (!member?.enabled) return undefined;
  const name = `${member.firstName} ${member.lastName}`.trim();
  return {
    id: member.id,
    name,
    displayName: member.displayName || name,
    permissions: readPermissions(db, member.id),
    emailNotifications: member.emailNotifications,
  };
}

/** Starts a session; expired ones (of anyone) are purged at each login, so they never pile up. */
export function createSession(db: Db, memberId: number, tokenHash: string): void {
  deleteExpiredSessions(db);
  db.insert(sessions).values({ memberId, tokenHash, expires: isoIn(SESSION_DAYS * DAY_MS) }).run();
}

/** The member behind a live session, sliding its expiry forward at most once a day. */
export function findSessionMember(db: Db, tokenHash: string): number | undefined {
  const nowIso = new Date().toISOString();
  const session = db
    .select({ id: sessions.id, memberId: sessions.memberId, lastSeen: sessions.lastSeen, created: sessions.created })
    .from(sessions)
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expires, nowIso), gt(sessions.created, isoIn(-SESSION_MAX_DAYS * DAY_MS))))
    .get();
  if (!session) return undefined;
  if (Date.parse(session.lastSeen) < Date.now() - DAY_MS) {
    const capped = Math.min(Date.now() + SESSION_DAYS * DAY_MS, Date.parse(session.created) + SESSION_MAX_DAYS * DAY_MS);
    db.update(sessions)
      .set({ lastSeen: nowIso, expires: new Date(capped).toISOString() })
      .where(eq(sessions.id, session.id))
      .run();
  }
  return session.memberId;
}

export function destroySession(db: Db, tokenHash: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
}

/** Ends every session of a member but the one given (after a password change). */
export function destroyOtherSessions(db: Db, memberId: number, keepTokenHash?: string): void {
  db.delete(sessions)
    .where(
      keepTokenHash
        ? and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, keepTokenHash))
        : eq(sessions.memberId, memberId),
    )
    .run();
}

/** Deletes sessions past their expiry or their absolute lifetime. */
export function deleteExpiredSessions(db: Db): number {
  return db
    .delete(sessions)
    .where(or(lte(sessions.expires, new Date().toISOString()), lte(sessions.created, isoIn(-SESSION_MAX_DAYS * DAY_MS))))
    .run().changes;
}

export function setEmailNotifications(db: Db, memberId: number, enabled: boolean): void {
  db.update(members)
    .set({ emailNotifications: enabled, modified: new Date().toISOString() })
    .where(eq(members.id, memberId))
    .run();
}

export function setPasswordHash(db: Db, memberId: number, passwordHash: string): void {
  db.update(members).set({ passwordHash, modified: new Date().toISOString() }).where(eq(members.id, memberId)).run();
}

export type ErrorReport = { memberId: number | null; message: string; url: string; stack: string; userAgent: string };

export function insertErrorReport(db: Db, report: ErrorReport): void {
  db.insert(errorReports).values(report).run();
}

export type PasswordReset = {
  id: number;
  memberId: number;
  expires: string;
  used: string | null;
  memberName: string;
  memberEnabled: boolean;
};

/** Stores a reset (or invitation) link by the hash of its token. */
export function insertPasswordReset(db: DbOrTx, reset: { memberId: number; tokenHash: string; expires: string }): void {
  db.insert(passwordResets).values(reset).run();
}

/** How many links were made for a member since a moment, to cap requests per address. */
export function countPasswordResetsSince(db: Db, memberId: number, sinceIso: string): number {
  return (
    db
      .select({ n: count() })
      .from(passwordResets)
      .where(and(eq(passwordResets.memberId, memberId), gt(passwordResets.created, sinceIso)))
      .get()?.n ?? 0
  );
}

export function findPasswordReset(db: Db, tokenHash: string): PasswordReset | undefined {
  const row = db
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
    .where(eq(passwordResets.tokenHash, tokenHash))
    .get();
  if (!row) return undefined;
  return {
    id: row.id,
    memberId: row.memberId,
    expires: row.expires,
    used: row.used,
    memberName: `${row.firstName} ${row.lastName}`.trim(),
    memberEnabled: row.enabled,
  };
}

/**
 * Sets the new password, spends the link and ends every session of the member, all or nothing.
 * The `used IS NULL` guard makes a second, simultaneous use of the same link change nothing.
 */
export function completePasswordReset(db: Db, reset: { id: number; memberId: number }, passwordHash: string): boolean {
  return db.transaction((tx) => {
    const nowIso = new Date().toISOString();
    const spent = tx
      .update(passwordResets)
      .set({ used: nowIso })
      .where(and(eq(passwordResets.id, reset.id), isNull(passwordResets.used)))
      .run();
    if (spent.changes !== 1) return false;
    tx.update(members).set({ passwordHash, modified: nowIso }).where(eq(members.id, reset.memberId)).run();
    tx.delete(sessions).where(eq(sessions.memberId, reset.memberId)).run();
    revokeOpenLinks(tx, reset.memberId);
    return true;
  });
}

/** A password change keeps the session it was made from and ends the others, together. */
export function changePassword(db: Db, memberId: number, passwordHash: string, keepTokenHash: string | undefined): void {
  db.transaction(() => {
    setPasswordHash(db, memberId, passwordHash);
    destroyOtherSessions(db, memberId, keepTokenHash);
    revokeOpenLinks(db, memberId);
  });
}

/** The enabled member with this address, for a reset request. */
export function findEnabledMemberByEmail(db: Db, email: string): { id: number; firstName: string; email: string } | undefined {
  return db
    .select({ id: members.id, firstName: members.firstName, email: members.email })
    .from(members)
    .where(and(eq(members.email, email.toLowerCase()), eq(members.enabled, true)))
    .get();
}
