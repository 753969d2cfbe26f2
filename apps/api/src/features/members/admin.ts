import bcrypt from 'bcrypt';
import { and, eq } from 'drizzle-orm';
import type { Permission } from '@club/contracts';
import type { Db } from '../../db/client.ts';
import { memberPermissions, members } from '../../db/schema/index.ts';
import { revokeOpenLinks } from '../account/link-revocation.ts';

export const BCRYPT_ROUNDS = 12;

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

export type NewAccount = {
  email: string;
  password: string | undefined;
  firstName: string;
  lastName: string;
  permissions: Permission[];
  extra?: Partial<typeof members.$inferInsert>;
};

/** Creates a member with a password and permissions, or resets an existing one's (by e-mail). */
export function upsertAccount(db: Db, account: NewAccount): number {
  const email = account.email.toLowerCase();
  const passwordHash = account.password ? bcrypt.hashSync(account.password, BCRYPT_ROUNDS) : null;
  return db.transaction((tx) => {
    const existing = tx.select({ id: members.id }).from(members).where(eq(members.email, email)).get();
    let id: number;
    if (existing) {
      id = existing.id;
      tx.update(members)
        .set({ enabled: true, ...(passwordHash ? { passwordHash } : {}), modified: new Date().toISOString() })
        .where(eq(members.id, id))
        .run();
      if (passwordHash) revokeOpenLinks(tx, id);
    } else {
      id = tx
        .insert(members)
        .values({ email, firstName: account.firstName, lastName: account.lastName, passwordHash, ...account.extra })
        .returning({ id: members.id })
        .get().id;
    }
    for (const permission of account.permissions) {
      tx.insert(memberPermissions).values({ memberId: id, permission }).onConflictDoNothing().run();
    }
    return id;
  });
}

/** ADMIN_EMAIL/ADMIN_PASSWORD create the first admin when the club has none enabled. */
export function ensureAdmin(db: Db, email: string | undefined, password: string | undefined): boolean {
  if (!email || !password || hasEnabledAdmin(db)) return false;
  upsertAccount(db, { email, password, firstName: 'Site', lastName: 'Administrator', permissions: ['admin'] });
  return true;
}
