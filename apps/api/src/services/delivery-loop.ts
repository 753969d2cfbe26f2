import { randomUUID } from 'node:crypto';
import os from 'node:os';

/**
 * What the e-mail outbox and the push queue share: one delivery round at a time, and the
 * back-off between attempts. Each queue's own service says how one message is sent.
 */

export type DeliveryLoop<Result> = {
  /** Sends everything that is due; resolves when this round is done. */
  deliverDue(): Promise<Result>;
  /** Asks for a round soon (after something was queued); only once started. */
  kick(): void;
  /** Sends what is due now and lets kick() send from then on; the job runner polls deliverDue. */
  start(): void;
  /** Stops kicks and waits for the round under way. */
  stop(): Promise<void>;
};

/**
 * Runs `round` one at a time. A round asked for while one runs waits for it and runs again
 * afterwards, so whatever was queued meanwhile is sent too. Rounds started in the background
 * (kick, start) report their failure to `onError` rather than rejecting unheard.
 */
export function createDeliveryLoop<Result>(round: () => Promise<Result>, onError: (error: unknown) => void): DeliveryLoop<Result> {
  let isStarted = false;
  let running: Promise<Result> | undefined;
  let again = false;

  const inBackground = () => void deliverDue().catch(onError);

  async function deliverDue(): Promise<Result> {
    if (running) {
      again = true;
      await running.catch(() => undefined);
      return deliverDue();
    }
    running = round();
    try {
      return await running;
    } finally {
      running = undefined;
      if (again) {
        again = false;
        setImmediate(inBackground);
      }
    }
  }

  return {
    deliverDue,
    kick: () => {
      if (isStarted) setImmediate(inBackground);
    },
    start: () => {
      isStarted = true;
      inBackground();
    },
    stop: async () => {
      isStarted = false;
      if (running) await running.catch(() => undefined);
    },
  };
}

/** What a failed attempt leaves: tried again after the schedule's wait, or failed for good once it has run out. */
export type AfterFailure = { status: 'pending' | 'failed'; isGivenUp: boolean; nextAttempt: string };

/** `scheduleMinutes[n - 1]` is the wait after attempt n; after the last, the message has failed for good. */
export function afterFailedAttempt(attempts: number, scheduleMinutes: readonly number[], now = Date.now()): AfterFailure {
  const wait = scheduleMinutes[attempts - 1];
  const isGivenUp = wait === undefined;
  return { status: isGivenUp ? 'failed' : 'pending', isGivenUp, nextAttempt: new Date(now + (wait ?? 0) * 60_000).toISOString() };
}

/**
 * How long a claimed message is held by its sender: longer than any one attempt can take
 * (nodemailer's and the push timeouts), so it runs out only for a sender that died mid-send.
 */
export const CLAIM_LEASE_MS = 15 * 60_000;

/** Names one sender (one mail or push service in one process) in the queue's claimed_by column. */
export function newSenderId(): string {
  return `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
}
