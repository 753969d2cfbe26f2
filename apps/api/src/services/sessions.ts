import { and, eq, gt, lte, ne, or, sql } from 'drizzle-orm';
import { PERMISSIONS, fullNameOf, shownNameOf } from '@club/contracts/plain';
import type { Permission, SessionUser } from '@club/contracts';
import type { DbOrTx } from '../db/client.ts';
import { memberPermissions, members, sessions } from '../db/schema/index.ts';

/**
 * Login sessions: the call gate (`http/session.ts`) resolves `g` here, and the account service
 * creates and ends them. A service rather than the account store, because `http` never imports a
 * feature. Tokens are stored only as their hash (`lib/tokens.ts`).
 */

const SESSION_DAYS = 180;
/** However often it is used, a session ends this long after its login. */
const SESSION_MAX_DAYS = 365;
const DAY_MS = 86_400_000;

const isoIn = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The lookups every call with a session makes, prepared once per database (or transaction):
 * building and preparing them anew cost about 100 µs a request, preparing once about 5.
 */
function prepareLookups(db: DbOrTx) {
  return {
    permissions: db
      .select({ permission: memberPermissions.permission })
      .from(memberPermissions)
      .where(eq(memberPermissions.memberId, sql.placeholder('memberId')))
      .prepare(),
    member: db
      .select({
        id: members.id,
        firstName: members.firstName,
        lastName: members.lastName,
        displayName: members.displayName,
        emailNotifications: members.emailNotifications,
        enabled: members.enabled,
      })
      .from(members)
      .where(eq(members.id, sql.placeholder('memberId')))
      .prepare(),
    session: db
      .select({ id: sessions.id, memberId: sessions.memberId, lastSeen: sessions.lastSeen, created: sessions.created })
      .from(sessions)
      .where(
        and(
          eq(sessions.tokenHash, sql.placeholder('tokenHash')),
          gt(sessions.expires, sql.placeholder('now')),
          gt(sessions.created, sql.placeholder('oldest')),
        ),
      )
      .prepare(),
  };
}

const preparedLookups = new WeakMap<DbOrTx, ReturnType<typeof prepareLookups>>();

function lookupsFor(db: DbOrTx): ReturnType<typeof prepareLookups> {
  let lookups = preparedLookups.get(db);
  if (!lookups) {
    lookups = prepareLookups(db);
    preparedLookups.set(db, lookups);
  }
  return lookups;
}

function readPermissions(db: DbOrTx, memberId: number): Permission[] {
  const held = new Set(
    lookupsFor(db)
      .permissions.all({ memberId })
      .map((row) => row.permission),
  );
  return PERMISSIONS.filter((p) => held.has(p));
}

export function readSessionUser(db: DbOrTx, memberId: number): SessionUser | undefined {
  const member = lookupsFor(db).member.get({ memberId });
  if (!member?.enabled) return undefined;
  return {
    id: member.id,
    name: fullNameOf(member),
    displayName: shownNameOf(member),
    permissions: readPermissions(db, member.id),
    emailNotifications: member.emailNotifications,
  };
}

/** Starts a session; expired ones (of anyone) are purged at each login, so they never pile up. */
export function createSession(db: DbOrTx, memberId: number, tokenHash: string): void {
  deleteExpiredSessions(db);
  db.insert(sessions)
    .values({ memberId, tokenHash, expires: isoIn(SESSION_DAYS * DAY_MS) })
    .run();
}

/** The member behind a live session, sliding its expiry forward at most once a day, never past its absolute lifetime. */
export function findSessionMember(db: DbOrTx, tokenHash: string): number | undefined {
  const nowIso = new Date().toISOString();
  const session = lookupsFor(db).session.get({ tokenHash, now: nowIso, oldest: isoIn(-SESSION_MAX_DAYS * DAY_MS) });
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

export function destroySession(db: DbOrTx, tokenHash: string): void {
  db.delete(sessions).where(eq(sessions.tokenHash, tokenHash)).run();
}

/** Ends every session of a member but the one given (after a password change). */
export function destroyOtherSessions(db: DbOrTx, memberId: number, keepTokenHash?: string): void {
  db.delete(sessions)
    .where(keepTokenHash ? and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, keepTokenHash)) : eq(sessions.memberId, memberId))
    .run();
}

/** Deletes sessions past their expiry or their absolute lifetime. */
function deleteExpiredSessions(db: DbOrTx): number {
  return db
    .delete(sessions)
    .where(or(lte(sessions.expires, new Date().toISOString()), lte(sessions.created, isoIn(-SESSION_MAX_DAYS * DAY_MS))))
    .run().changes;
}
