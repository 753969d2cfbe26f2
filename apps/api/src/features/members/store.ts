import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import { PERMISSIONS, type Member, type Permission } from '@club/contracts';
import type { Db, DbOrTx } from '../../db/client.ts';
import { memberPermissions, members, sessions } from '../../db/schema/index.ts';

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

/** Whether another member (not `exceptId`) already has this address. */
export function isEmailTaken(db: DbOrTx, email: string, exceptId: number): boolean {
  return Boolean(
    db
      .select({ id: members.id })
      .from(members)
      .where(and(eq(members.email, email.toLowerCase()), ne(members.id, exceptId)))
      .get(),
  );
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
 * permissions. Run it in the caller's transaction, after checking the address is free.
 */
export function writeMember(tx: DbOrTx, id: number, fields: MemberFields, permissions: Permission[] | undefined): number {
  const values = { ...fields, email: fields.email.toLowerCase() };
  let memberId = id;
  if (id === 0) {
    memberId = tx.insert(members).values(values).returning({ id: members.id }).get().id;
  } else {
    tx.update(members).set({ ...values, modified: new Date().toISOString() }).where(eq(members.id, id)).run();
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

/** Removes a member; their sessions, permissions, reset links and attendance go with them (cascade). */
export function deleteMember(db: DbOrTx, id: number): boolean {
  return db.delete(members).where(eq(members.id, id)).run().changes === 1;
}
