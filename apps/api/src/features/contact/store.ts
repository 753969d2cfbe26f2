import { and, count, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';

export type ContactMessage = { firstName: string; lastName: string; email: string; message: string; ip: string };

/** How many messages came from this address since a moment. */
export function countContactMessagesSince(db: DbOrTx, ip: string, sinceIso: string): number {
  return (
    db
      .select({ n: count() })
      .from(contactMessages)
      .where(and(eq(contactMessages.ip, ip), gt(contactMessages.created, sinceIso)))
      .get()?.n ?? 0
  );
}

export function insertContactMessage(db: DbOrTx, message: ContactMessage): void {
  db.insert(contactMessages).values(message).run();
}
