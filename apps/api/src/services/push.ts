import { and, asc, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, DbOrTx } from '../db/client.ts';
import { pushQueue, pushSubscriptions, type PushPayload } from '../db/schema/index.ts';
import { lazyImport } from '../lazy-import.ts';
import { afterFailedAttempt, CLAIM_LEASE_MS, createDeliveryLoop, newSenderId, type DeliveryLoop } from './delivery-loop.ts';
import type { SiteKeys } from './site-keys.ts';

/** The browser's PushSubscription as JSON: where to send, and the keys to encrypt for it. */
export type BrowserSubscription = { endpoint: string; keys: { p256dh: string; auth: string } };

/** Reads a stored or posted PushSubscription JSON; undefined when it is not one. */
export function parseSubscription(json: string): BrowserSubscription | undefined {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return undefined;
  }
  if (typeof value !== 'object' || value === null) return undefined;
  const { endpoint, keys } = value as { endpoint?: unknown; keys?: { p256dh?: unknown; auth?: unknown } };
  if (typeof endpoint !== 'string' || typeof keys !== 'object' || keys === null) return undefined;
  if (typeof keys.p256dh !== 'string' || typeof keys.auth !== 'string') return undefined;
  return { endpoint, keys: { p256dh: keys.p256dh, auth: keys.auth } };
}

/** Queues one push to one device inside the caller's transaction; the push job sends it after commit. */
export function queuePush(tx: DbOrTx, push: { subscriptionId: number; eventId: number | null; payload: PushPayload }): void {
  tx.insert(pushQueue).values(push).run();
}

type PushRound = { sent: number; failed: number; removed: number };

/** Its round never throws for a push that fails. */
export type PushService = DeliveryLoop<PushRound> & {
  /** The VAPID public key browsers subscribe with (applicationServerKey). */
  publicKey: string;
};

/** web-push is loaded for the first push sent, not at start; see lazy-import.ts. */
const loadWebPush = lazyImport('web-push', async () => (await import('web-push')).default);

/** Minutes to wait before attempt n+1; after the last, the push is marked failed. */
export const PUSH_BACKOFF_MINUTES = [1, 5, 15, 60, 180];
/** How long the push service keeps a push for a device that is offline: a reminder is stale after a day. */
const TTL_SECONDS = 24 * 3600;
const SEND_TIMEOUT_MS = 15_000;
/** How many pushes one round sends at most; the 30-second poll sends the rest. */
const ROUND_SIZE = 100;

/** The push service's answer when it is not a success, so the round can tell "gone" from "try again". */
class PushRejected extends Error {
  constructor(
    readonly statusCode: number,
    body: string,
  ) {
    super(`The push service answered ${statusCode}${body ? `: ${body.slice(0, 200)}` : ''}`);
  }
}

/** "fetch failed" says little to the admin; the cause (ECONNREFUSED, a timeout) says what happened. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const cause = error.cause instanceof Error ? error.cause.message : undefined;
  return cause ? `${error.message}: ${cause}` : error.message;
}

/**
 * Delivers the push queue with web-push's VAPID signing and aes128gcm encryption (RFC 8291/8292).
 * A device the push service says is gone (404, 410) is unsubscribed; other failures are retried
 * with back-off and logged, then marked failed.
 */
export function createPushService({ db, keys, logger }: { db: Db; keys: SiteKeys; logger: Logger }): PushService {
  const log = logger.child({ component: 'push' });

  const sendOne = async (subscription: BrowserSubscription, payload: PushPayload) => {
    const webpush = await loadWebPush();
    const request = webpush.generateRequestDetails(subscription, JSON.stringify(payload), {
      vapidDetails: keys.vapid,
      TTL: TTL_SECONDS,
      contentEncoding: 'aes128gcm',
    });
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers as Record<string, string>,
      body: request.body ?? null,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await response.text().catch(() => '');
    if (!response.ok) throw new PushRejected(response.status, text);
  };

  const sender = newSenderId();
  /** Takes the next due push held by no one, in one statement; see the mail service. */
  const claimNext = () => {
    const now = new Date();
    const isFree = and(
      eq(pushQueue.status, 'pending'),
      lte(pushQueue.nextAttempt, now.toISOString()),
      or(isNull(pushQueue.claimedUntil), lte(pushQueue.claimedUntil, now.toISOString())),
    );
    const next = db.select({ id: pushQueue.id }).from(pushQueue).where(isFree).orderBy(asc(pushQueue.id)).limit(1);
    return db
      .update(pushQueue)
      .set({ claimedBy: sender, claimedUntil: new Date(now.getTime() + CLAIM_LEASE_MS).toISOString() })
      .where(and(inArray(pushQueue.id, next), isFree))
      .returning()
      .get();
  };
  const released = { claimedBy: null, claimedUntil: null };
  const mine = (id: number) => and(eq(pushQueue.id, id), eq(pushQueue.claimedBy, sender));

  const round = async (): Promise<PushRound> => {
    const result: PushRound = { sent: 0, failed: 0, removed: 0 };
    const due: { push: typeof pushQueue.$inferSelect; subscription: string }[] = [];
    for (let count = 0; count < ROUND_SIZE; count += 1) {
      const push = claimNext();
      if (!push) break;
      const device = db
        .select({ subscription: pushSubscriptions.subscription })
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.id, push.subscriptionId))
        .get();
      if (device) due.push({ push, subscription: device.subscription });
    }
    const gone = new Set<number>();
    for (const { push, subscription } of due) {
      if (gone.has(push.subscriptionId)) continue;
      const attempts = push.attempts + 1;
      const device = parseSubscription(subscription);
      try {
        if (!device) throw new PushRejected(410, 'the stored subscription is not readable');
        await sendOne(device, push.payload);
        db.update(pushQueue)
          .set({ status: 'sent', attempts, sent: new Date().toISOString(), lastError: null, ...released })
          .where(mine(push.id))
          .run();
        result.sent += 1;
      } catch (error) {
        const message = describeError(error);
        if (error instanceof PushRejected && (error.statusCode === 404 || error.statusCode === 410)) {
          // The browser unsubscribed or the subscription expired: forget the device (and its queue).
          db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, push.subscriptionId)).run();
          gone.add(push.subscriptionId);
          result.removed += 1;
          log.info({ pushId: push.id, subscriptionId: push.subscriptionId, err: message }, 'push subscription gone; removed');
          continue;
        }
        const { status, isGivenUp: gaveUp, nextAttempt } = afterFailedAttempt(attempts, PUSH_BACKOFF_MINUTES);
        db.update(pushQueue)
          .set({ attempts, lastError: message.slice(0, 1000), status, nextAttempt, ...released })
          .where(mine(push.id))
          .run();
        result.failed += 1;
        log[gaveUp ? 'error' : 'warn']({ pushId: push.id, attempts, err: message }, gaveUp ? 'push failed for good' : 'push failed; will retry');
      }
    }
    return result;
  };

  const loop = createDeliveryLoop(round, (err: unknown) => log.error({ err }, 'push round failed'));
  return { ...loop, publicKey: keys.vapid.publicKey };
}
