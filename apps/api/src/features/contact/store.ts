import { and, count, desc, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { contactMessages, outbox } from '../../db/schema/index.ts';

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

export function insertContactMessage(db: DbOrTx, message: ContactMessage & { outboxId: number }): void {
  db.insert(contactMessages).values(message).run();
}

export type StoredContactMessage = {
  id: number;
  firstName: string;
  lastName: string;
  email: string;
  message: string;
  created: string;
  lastError: string | null;
};

const storedColumns = {
  id: contactMessages.id,
  firstName: contactMessages.firstName,
  lastName: contactMessages.lastName,
  email: contactMessages.email,
  message: contactMessages.message,
  created: contactMessages.created,
  lastError: outbox.lastError,
};

/** The messages whose e-mail to the club failed for good, newest first. */
export function findFailedContactMessages(db: DbOrTx): StoredContactMessage[] {
  return db
    .select(storedColumns)
    .from(contactMessages)
    .innerJoin(outbox, eq(outbox.id, contactMessages.outboxId))
    .where(eq(outbox.status, 'failed'))
    .orderBy(desc(contactMessages.id))
    .all();
}

export function findFailedContactMessage(db: DbOrTx, id: number): StoredContactMessage | undefined {
  return db
    .select(storedColumns)
    .from(contactMessages)
    .innerJoin(outbox, eq(outbox.id, contactMessages.outboxId))
    .where(and(eq(contactMessages.id, id), eq(outbox.status, 'failed')))
    .get();
}

/**
 * Points a contact message at its new e-mail, and deletes the one that failed for good: the
 * message itself is kept here, and the old row would go on counting as failed in the outbox.
 */
export function setContactOutbox(db: DbOrTx, id: number, outboxId: number): void {
  const previous = db.select({ outboxId: contactMessages.outboxId }).from(contactMessages).where(eq(contactMessages.id, id)).get()?.outboxId;
  db.update(contactMessages).set({ outboxId }).where(eq(contactMessages.id, id)).run();
  if (previous != null && previous !== outboxId)
    db.delete(outbox)
      .where(and(eq(outbox.id, previous), eq(outbox.status, 'failed')))
      .run();
}
