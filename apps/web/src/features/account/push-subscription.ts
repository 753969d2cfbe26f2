/**
 * This browser's side of push notifications: whether it can receive them, its subscription, and
 * the key the server signs pushes with (written into index.html by the server).
 */

/** A subscription older than this is renewed (the spec: refresh after 7 days). */
const REFRESH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;
/** When this browser last (re)subscribed, per browser. */
const REFRESHED_AT_KEY = 'club-push-refreshed-at';

export type PushProblem =
  /** Not https (push needs a secure page). */
  | 'insecure'
  /** No service worker, PushManager or Notification in this browser. */
  | 'unsupported'
  /** The server wrote no VAPID key into the page. */
  | 'not-configured'
  /** Notifications are blocked for the site. */
  | 'denied'
  /** The member closed the permission prompt without allowing. */
  | 'dismissed';

/** Why push cannot work in this browser right now, or null when it can. */
export function pushProblem(): PushProblem | null {
  if (!window.isSecureContext) return 'insecure';
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !('Notification' in window)) return 'unsupported';
  if (serverKey() === '') return 'not-configured';
  if (Notification.permission === 'denied') return 'denied';
  return null;
}

function serverKey(): string {
  return document.querySelector<HTMLMetaElement>('meta[name="push-public-key"]')?.content.trim() ?? '';
}

function base64UrlBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with the server's current key (the webmaster may have changed it). */
function usesServerKey(subscription: PushSubscription): boolean {
  const used = subscription.options.applicationServerKey;
  if (!used) return true;
  const current = base64UrlBytes(serverKey());
  const bytes = new Uint8Array(used);
  return bytes.length === current.length && bytes.every((byte, i) => byte === current[i]);
}

/** The site's service worker registration (registering it if the page has not yet). */
async function readyRegistration(): Promise<ServiceWorkerRegistration> {
  const existing = await navigator.serviceWorker.getRegistration('/');
  if (!existing) await navigator.serviceWorker.register('/sw.js', { scope: '/' });
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  return (await readyRegistration()).pushManager.getSubscription();
}

/** Subscribes this browser (reusing a subscription made with the current key). */
export async function subscribe(): Promise<PushSubscription> {
  const { pushManager } = await readyRegistration();
  const existing = await pushManager.getSubscription();
  if (existing && usesServerKey(existing)) return existing;
  if (existing) await existing.unsubscribe();
  return pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(serverKey()) });
}

/**
 * The endpoint being replaced while a renewal is under way. The browser holds one subscription, so
 * a renewal must drop the old one before it makes the new one; if the page closes in between, this
 * marker lets the next visit finish the job instead of leaving the member without push.
 */
const RENEWING_KEY = 'club-push-renewing';

/** Saves a fresh subscription with the server and forgets the endpoint it replaces ('' for none). */
export type RegisterRenewal = (fresh: PushSubscription, oldEndpoint: string) => Promise<void>;

let renewing: Promise<PushSubscription> | undefined;

/** Runs one renewal step at a time in this page, however many switches ask. */
function singleFlight(step: () => Promise<PushSubscription>): Promise<PushSubscription> {
  renewing ??= step().finally(() => {
    renewing = undefined;
  });
  return renewing;
}

/** Makes and registers the replacement for `oldEndpoint`, then clears the marker. */
async function completeRenewal(oldEndpoint: string, register: RegisterRenewal): Promise<PushSubscription> {
  const { pushManager } = await readyRegistration();
  const existing = await pushManager.getSubscription();
  const fresh =
    existing && existing.endpoint !== oldEndpoint && usesServerKey(existing)
      ? existing
      : await pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: base64UrlBytes(serverKey()) });
  await register(fresh, oldEndpoint);
  localStorage.removeItem(RENEWING_KEY);
  return fresh;
}

/**
 * A fresh subscription in place of an old one (after 7 days, or a new server key), registered with
 * `register`. It counts as done from its start, so a page opened meanwhile does not renew the new
 * one again; if it fails, it is tried again on the next visit.
 */
export function renew(old: PushSubscription, register: RegisterRenewal): Promise<PushSubscription> {
  return singleFlight(async () => {
    const previous = localStorage.getItem(REFRESHED_AT_KEY);
    markRefreshed();
    localStorage.setItem(RENEWING_KEY, old.endpoint);
    try {
      await old.unsubscribe();
      return await completeRenewal(old.endpoint, register);
    } catch (error) {
      if (previous === null) localStorage.removeItem(REFRESHED_AT_KEY);
      else localStorage.setItem(REFRESHED_AT_KEY, previous);
      throw error;
    }
  });
}

/**
 * This browser's subscription, first finishing a renewal that an earlier visit began and did not
 * end (the page closed between dropping the old subscription and registering the new one).
 */
export function settledSubscription(register: RegisterRenewal): Promise<PushSubscription | null> {
  const oldEndpoint = localStorage.getItem(RENEWING_KEY);
  if (oldEndpoint === null) return renewing ?? currentSubscription();
  if (Notification.permission !== 'granted') {
    // Blocked since: nothing can be made; the push service's 410 removes the old endpoint.
    forgetRenewal();
    return currentSubscription();
  }
  return singleFlight(() => completeRenewal(oldEndpoint, register));
}

/** Drops an unfinished renewal (the member switched push off). */
export function forgetRenewal(): void {
  localStorage.removeItem(RENEWING_KEY);
}

/** Resolves when no renewal is under way (whether it worked or not). */
export function renewalSettled(): Promise<unknown> {
  return renewing ? renewing.catch(() => undefined) : Promise.resolve();
}

export function isDueForRefresh(subscription: PushSubscription, now = Date.now()): boolean {
  const refreshedAt = Number(localStorage.getItem(REFRESHED_AT_KEY) ?? '0');
  return !usesServerKey(subscription) || !(now - refreshedAt < REFRESH_AFTER_MS);
}

export function markRefreshed(now = Date.now()): void {
  localStorage.setItem(REFRESHED_AT_KEY, String(now));
}
