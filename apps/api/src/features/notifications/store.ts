import type { QueueCounts, QueueEntry } from '@club/contracts';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client.ts';
import { members, outbox, pushQueue, pushSubscriptions } from '../../db/schema/index.ts';

export type StoredSubscription = { id: number; memberId: number; endpoint: string; refreshed: string; subscription: string };

/**
 * A finder of the browser registered at a push endpoint, its statement prepared once: the Account
 * page asks on every visit whether this browser gets pushes. It runs on the database's one
 * connection, so inside a transaction it sees that transaction's writes.
 */
export function subscriptionFinder(db: Db): (endpoint: string) => StoredSubscription | undefined {
  const query = db
    .select({
      id: pushSubscriptions.id,
      memberId: pushSubscriptions.memberId,
      endpoint: pushSubscriptions.endpoint,
      refreshed: pushSubscriptions.refreshed,
      subscription: pushSubscriptions.subscription,
    })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.endpoint, sql.placeholder('endpoint')))
    .prepare();
  return (endpoint) => query.get({ endpoint });
}

/** Registers a browser for a member, or refreshes it (new keys, or now another member on the same browser). */
export function upsertSubscription(db: DbOrTx, row: { memberId: number; endpoint: string; subscription: string }): void {
  const refreshed = new Date().toISOString();
  db.insert(pushSubscriptions)
    .values({ ...row, refreshed })
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { memberId: row.memberId, subscription: row.subscription, refreshed } })
    .run();
}

export function deleteSubscription(db: DbOrTx, endpoint: string, memberId: number): boolean {
  return (
    db
      .delete(pushSubscriptions)
      .where(and(eq(pushSubscriptions.endpoint, endpoint), eq(pushSubscriptions.memberId, memberId)))
      .run().changes > 0
  );
}

/** Removes a member's least recently refreshed devices beyond `keep`. */
export function pruneSubscriptions(db: DbOrTx, memberId: number, keep: number): void {
  const stale = db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.memberId, memberId))
    .orderBy(desc(pushSubscriptions.refreshed), desc(pushSubscriptions.id))
    .offset(keep)
    .limit(1000)
    .all()
    .map((row) => row.id);
  if (stale.length > 0) db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, stale)).run();
}

/**
 * Turns e-mail notifications off for a member and everyone sharing their address (the link came in
 * one message to that mailbox, for all of them); the address, or undefined when there is no such member.
 */
export function turnEmailNotificationsOff(db: DbOrTx, memberId: number): string | undefined {
  const email = db.select({ email: members.email }).from(members).where(eq(members.id, memberId)).get()?.email;
  if (email === undefined) return undefined;
  db.update(members).set({ emailNotifications: false, modified: new Date().toISOString() }).where(eq(members.email, email)).run();
  return email;
}

const countsOf = (rows: { status: string; n: number }[]): QueueCounts => ({
  sent: rows.find((r) => r.status === 'sent')?.n ?? 0,
  saved: rows.find((r) => r.status === 'saved')?.n ?? 0,
  waiting: rows.find((r) => r.status === 'pending')?.n ?? 0,
  failed: rows.find((r) => r.status === 'failed')?.n ?? 0,
});

export function queueCounts(db: DbOrTx): { mail: QueueCounts; push: QueueCounts } {
  const count = sql<number>`count(*)`;
  return {
    mail: countsOf(db.select({ status: outbox.status, n: count }).from(outbox).groupBy(outbox.status).all()),
    push: countsOf(db.select({ status: pushQueue.status, n: count }).from(pushQueue).groupBy(pushQueue.status).all()),
  };
}

/** The latest e-mails and pushes that have not gone out (waiting or failed), newest first. */
export function unsentEntries(db: DbOrTx, limit: number): QueueEntry[] {
  const mail = db
    .select({
      id: outbox.id,
      to: outbox.to,
      subject: outbox.subject,
      status: outbox.status,
      attempts: outbox.attempts,
      lastError: outbox.lastError,
      created: outbox.created,
      nextAttempt: outbox.nextAttempt,
    })
    .from(outbox)
    .where(inArray(outbox.status, ['pending', 'failed']))
    .orderBy(desc(outbox.id))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, channel: 'email' as const }));
  const push = db
    .select({
      id: pushQueue.id,
      email: members.email,
      payload: pushQueue.payload,
      status: pushQueue.status,
      attempts: pushQueue.attempts,
      lastError: pushQueue.lastError,
      created: pushQueue.created,
      nextAttempt: pushQueue.nextAttempt,
    })
    .from(pushQueue)
    .innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushQueue.subscriptionId))
    .innerJoin(members, eq(members.id, pushSubscriptions.memberId))
    .where(inArray(pushQueue.status, ['pending', 'failed']))
    .orderBy(desc(pushQueue.id))
    .limit(limit)
    .all()
    .map(({ email, payload, ...row }) => ({ ...row, channel: 'push' as const, to: `a browser of ${email}`, subject: payload.title }));
  return [...mail, ...push].sort((a, b) => (a.created < b.created ? 1 : a.created > b.created ? -1 : 0)).slice(0, limit);
}

/**
 * Makes every waiting e-mail and push due now, and pushes that failed for good waiting again
 * (their payload is kept); e-mails that failed for good stay so, as their text was not kept.
 */
export function makeQueuedDueNow(db: DbOrTx, now: Date): { mail: number; push: number } {
  const at = now.toISOString();
  const mail = db.update(outbox).set({ nextAttempt: at }).where(eq(outbox.status, 'pending')).run().changes;
  const waitingPushes = db.update(pushQueue).set({ nextAttempt: at }).where(eq(pushQueue.status, 'pending')).run().changes;
  const failedPushes = db
    .update(pushQueue)
    .set({ status: 'pending', attempts: 0, nextAttempt: at, claimedBy: null, claimedUntil: null })
    .where(eq(pushQueue.status, 'failed'))
    .run().changes;
  return { mail, push: waitingPushes + failedPushes };
}
