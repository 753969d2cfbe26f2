import type { QueueCounts, QueueEntry, SessionUser } from '@club/contracts';
import type { AppDeps } from '../../deps.ts';
import { badRequest } from '../../errors.ts';
import { parseSubscription, type BrowserSubscription } from '../../services/push.ts';
import { describeMailDelivery, type MailDelivery } from '../../services/mail.ts';
import { maskedEmail, readUnsubscribeToken, UNSUBSCRIBE_LINK_DAYS } from '../../services/unsubscribe-links.ts';
import {
  deleteSubscription,
  subscriptionFinder,
  pruneSubscriptions,
  makeQueuedDueNow,
  queueCounts,
  turnEmailNotificationsOff,
  unsentEntries,
  upsertSubscription,
} from './store.ts';

/** A member's phones and computers; more than this and the least recently refreshed one is dropped. */
export const MAX_DEVICES_PER_MEMBER = 10;

/**
 * The push services browsers subscribe through (Chrome/Edge/Opera via FCM, Firefox, Windows, Safari).
 * The server posts to a subscription's endpoint, so only these hosts are accepted, never an
 * address of the member's choosing inside the server's network.
 */
const PUSH_SERVICE_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /\.notify\.windows\.com$/,
  /\.push\.apple\.com$/,
];

const NOT_A_SUBSCRIPTION =
  'This browser sent a push subscription the website cannot read. Please switch push notifications off and on again, or use another browser.';

/** The endpoint of `t`: a PushSubscription JSON, or the endpoint itself. */
function endpointOf(t: string): string {
  const subscription = parseSubscription(t);
  if (subscription) return subscription.endpoint;
  if (/^https:\/\/\S+$/.test(t)) return t;
  throw badRequest(NOT_A_SUBSCRIPTION);
}

function checkPushService(endpoint: string): void {
  const url = new URL(endpoint);
  const host = url.hostname;
  // The server posts to this address: only a push service's own HTTPS port (443, which URL leaves out).
  if (url.protocol !== 'https:' || url.port !== '' || !PUSH_SERVICE_HOSTS.some((pattern) => pattern.test(host))) {
    throw badRequest(`Push notifications through ${host} are not supported. Please use Chrome, Edge, Firefox or Safari, or keep e-mail notifications on.`);
  }
}

const REGISTERED_BY_ANOTHER =
  'This browser is registered for push notifications by another member. Please ask them to switch push notifications off in it first, or use your own browser.';

const hasSameKeys = (stored: BrowserSubscription | undefined, sent: BrowserSubscription): boolean =>
  stored !== undefined && stored.keys.p256dh === sent.keys.p256dh && stored.keys.auth === sent.keys.auth;

export type NotificationsService = {
  /** Whether this browser (its subscription or endpoint) is registered for the member. */
  isRegistered(user: SessionUser, t: string): boolean;
  /** Registers (or refreshes) this browser for pushes, or forgets it. */
  saveSubscription(user: SessionUser, t: string, isSubscribing: boolean): void;
  /** What the outbox and the push queue hold, for the admin. */
  queue(): { mail: QueueCounts; push: QueueCounts; entries: QueueEntry[]; delivery: MailDelivery };
  /** "Retry now" after the webmaster fixed SMTP: what waits goes out at the next round, which starts now. */
  retryNow(): { mail: number; push: number };
  /** The one-click link from a reminder e-mail: turns that member's e-mail notifications off; names the address masked. */
  turnEmailOff(token: string): string;
};

export function createNotificationsService({ config, db, services }: Pick<AppDeps, 'config' | 'db' | 'services'>): NotificationsService {
  const findSubscription = subscriptionFinder(db);
  return {
    retryNow() {
      const counts = db.transaction((tx) => makeQueuedDueNow(tx, new Date()));
      services.mail.kick();
      services.push.kick();
      return counts;
    },

    isRegistered(user, t) {
      return findSubscription(endpointOf(t))?.memberId === user.id;
    },

    saveSubscription(user, t, isSubscribing) {
      if (!isSubscribing) {
        deleteSubscription(db, endpointOf(t), user.id);
        return;
      }
      const subscription = parseSubscription(t);
      if (!subscription) throw badRequest(NOT_A_SUBSCRIPTION);
      checkPushService(subscription.endpoint);
      db.transaction((tx) => {
        // A browser moves to the member now logged in on it (a family computer) only when they send
        // its keys: the endpoint alone, which another member may have seen, is no proof.
        const existing = findSubscription(subscription.endpoint);
        if (existing && existing.memberId !== user.id && !hasSameKeys(parseSubscription(existing.subscription), subscription)) {
          throw badRequest(REGISTERED_BY_ANOTHER);
        }
        upsertSubscription(tx, { memberId: user.id, endpoint: subscription.endpoint, subscription: JSON.stringify(subscription) });
        pruneSubscriptions(tx, user.id, MAX_DEVICES_PER_MEMBER);
      });
    },

    queue() {
      return { ...queueCounts(db), entries: unsentEntries(db, 50), delivery: describeMailDelivery(config, db) };
    },

    turnEmailOff(token) {
      const memberId = readUnsubscribeToken(services.keys.linkSecret, token);
      if (memberId === 'expired') {
        throw badRequest(
          `This link has expired (links in reminder e-mails work for ${UNSUBSCRIBE_LINK_DAYS} days). Please use the link in a newer reminder, or turn e-mail notifications off on your Account page after logging in.`,
        );
      }
      const email = memberId === undefined ? undefined : turnEmailNotificationsOff(db, memberId);
      if (email === undefined) {
        throw badRequest(
          'This link is not valid: please open the whole link from the e-mail. You can also turn e-mail notifications off on your Account page after logging in.',
        );
      }
      // Whoever holds the link (a forwarded e-mail) learns no more than whose it roughly is.
      return maskedEmail(email);
    },
  };
}
