import { and, count, eq, gt } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { queueMail, type MailMessage } from '../../services/mail.ts';

export type ContactMessage = { firstName: string; lastName: string; email: string; message: string; ip: string };

export type ContactLimit = { maxMessages: number; windowMs: number };

/**
 * Stores the message and queues its e-mail in one transaction, so a message is either kept and
 * on its way or not taken at all. Returns false, storing nothing, when the sender's address has
 * already sent its share within the window; the check sits in the same transaction so two quick
 * requests cannot both slip under the limit.
 */
export function saveContactMessage(db: Db, message: ContactMessage, mail: MailMessage, limit: ContactLimit): boolean {
  return db.transaction((tx) => {
    const since = new Date(Date.now() - limit.windowMs).toISOString();
    const recent =
      tx
        .select({ n: count() })
        .from(contactMessages)
        .where(and(eq(contactMessages.ip, message.ip), gt(contactMessages.created, since)))
        .get()?.n ?? 0;
    if (recent >= limit.maxMessages) return false;
    tx.insert(contactMessages).values(message).run();
    queueMail(tx, mail);
    return true;
  });
}
