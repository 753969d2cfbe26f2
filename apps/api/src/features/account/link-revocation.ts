import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { passwordResets } from '../../db/schema/index.ts';

/**
 * Spends every open reset or invitation link of a member. Called, in the same transaction, when
 * a link is used, the password changes, the e-mail address changes or the member is disabled,
 * so an older link (or one sent to a mistyped address) never works afterwards.
 */
export function revokeOpenLinks(db: Pick<Db, 'update'>, memberId: number): void {
  db.update(passwordResets)
    .set({ used: new Date().toISOString() })
    .where(and(eq(passwordResets.memberId, memberId), isNull(passwordResets.used)))
    .run();
}
