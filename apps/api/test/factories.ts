import bcrypt from 'bcrypt';
import type { Permission } from '@club/contracts';
import type { Db } from '../src/db/client.ts';
import { memberPermissions, members } from '../src/db/schema/index.ts';
import { createSession } from '../src/services/sessions.ts';
import { hashToken, newToken } from '../src/lib/tokens.ts';

let sequence = 0;

export type TestMember = { id: number; email: string; password: string; token: string; name: string };

/** A member with a password, the given permissions, and a live session token. */
export function createMember(
  db: Db,
  {
    permissions = [],
    enabled = true,
    firstName,
    lastName = 'Tester',
    email: sharedEmail,
    password: chosenPassword,
  }: {
    permissions?: Permission[];
    enabled?: boolean;
    firstName?: string;
    lastName?: string;
    /** An address another member has already (a household); a new one otherwise. */
    email?: string;
    password?: string;
  } = {},
): TestMember {
  sequence += 1;
  const first = firstName ?? `Member${sequence}`;
  const email = sharedEmail ?? `member${sequence}.${Date.now()}@example.test`;
  const password = chosenPassword ?? `password-${sequence}`;
  const id = db
    .insert(members)
    .values({ email, firstName: first, lastName, enabled, passwordHash: bcrypt.hashSync(password, 4) })
    .returning({ id: members.id })
    .get().id;
  for (const permission of permissions) db.insert(memberPermissions).values({ memberId: id, permission }).run();
  const token = newToken();
  createSession(db, id, hashToken(token));
  return { id, email, password, token, name: `${first} ${lastName}` };
}
