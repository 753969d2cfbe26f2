import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext, Page, Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unsubscribeToken } from '../../api/src/services/unsubscribe-links.ts';
import {
  checkA11y,
  DEMO_ADMIN,
  DEMO_MEMBER,
  MOBILE_VIEWPORT,
  openPage,
  openPageAs,
  serverDatabase,
  snapshot,
  startHarness,
  visit,
  type Harness,
} from './harness.ts';

const PHONE = { viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true } as const;

let harness: Harness;

beforeAll(async () => {
  // A mail server that is down, so the admin's outbox view has something waiting with an error.
  // The whole browser: the headless shell has no notifications to show a pushed reminder with.
  harness = await startHarness({ env: { SMTP_URL: 'smtp://127.0.0.1:1' }, wholeBrowser: true });
});

afterAll(async () => {
  await harness?.close();
});

const database = () => serverDatabase(harness);

function registeredEndpoints(email: string): string[] {
  const db = database();
  try {
    return (
      db.prepare('SELECT s.endpoint FROM push_subscriptions s JOIN members m ON m.id = s.member_id WHERE m.email = ? ORDER BY s.id').all(email) as {
        endpoint: string;
      }[]
    ).map((row) => row.endpoint);
  } finally {
    db.close();
  }
}

/** Polls `read` (awaiting it) until `isDone` holds, or fails after 20 s naming what it waited for. */
async function waitFor<T>(read: () => T | Promise<T>, isDone: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await read();
    if (isDone(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last seen ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * Headless Chromium has PushManager but no push service to reach, so `pushManager.subscribe`
 * fails there. This stands in for it: subscriptions (with FCM-like endpoints) live in
 * localStorage so they survive a reload, as a real browser's do. Everything else is real: the
 * service worker, the permission, token.get/token.save and the server's table.
 */
async function stubPushManager(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const KEY = 'e2e-push-subscription';
    type Stored = { endpoint: string; key: number[] };
    const make = (stored: Stored) => ({
      endpoint: stored.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: new Uint8Array(stored.key).buffer },
      getKey: () => null,
      toJSON: () => ({ endpoint: stored.endpoint, expirationTime: null, keys: { p256dh: `p256dh-${stored.endpoint.slice(-4)}`, auth: 'auth-secret' } }),
      unsubscribe: async () => {
        localStorage.removeItem(KEY);
        return true;
      },
    });
    PushManager.prototype.getSubscription = async function getSubscription() {
      const stored = localStorage.getItem(KEY);
      return stored ? (make(JSON.parse(stored) as Stored) as unknown as PushSubscription) : null;
    };
    PushManager.prototype.subscribe = async function subscribe(options?: PushSubscriptionOptionsInit) {
      const count = Number(localStorage.getItem('e2e-push-count') ?? '0') + 1;
      localStorage.setItem('e2e-push-count', String(count));
      const key = options?.applicationServerKey;
      const bytes = key instanceof Uint8Array ? Array.from(key) : key instanceof ArrayBuffer ? Array.from(new Uint8Array(key)) : [];
      const stored: Stored = { endpoint: `https://fcm.googleapis.com/fcm/send/e2e-device-${count}`, key: bytes };
      localStorage.setItem(KEY, JSON.stringify(stored));
      return make(stored) as unknown as PushSubscription;
    };
  });
}

/** What the tests use of the worker's global scope (the web app's tsconfig has no WebWorker lib). */
type WorkerScope = { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean };

async function serviceWorkerOf(page: Page): Promise<Worker> {
  const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '');
  expect(scriptUrl).toBe(`${harness.baseUrl}/sw.js`);
  const worker = page
    .context()
    .serviceWorkers()
    .find((w) => w.url() === scriptUrl);
  return worker ?? page.context().waitForEvent('serviceworker');
}

describe('push notifications', () => {
  it('registers the service worker; the switch subscribes, survives a reload, renews after 7 days and unsubscribes', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
    await stubPushManager(page.context());
    await page.goto('/account');
    await serviceWorkerOf(page);

    const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
    await page.getByText('Event reminders on this phone or computer').waitFor();
    await waitFor(() => pushSwitch.isEnabled(), Boolean, 'the push switch');
    expect(await pushSwitch.isChecked()).toBe(false);
    await checkA11y(page);

    await pushSwitch.click();
    await page.getByText('Successfully Saved: push notifications are on in this browser.').waitFor();
    expect(await pushSwitch.isChecked()).toBe(true);
    expect(registeredEndpoints(DEMO_MEMBER.email)).toEqual(['https://fcm.googleapis.com/fcm/send/e2e-device-1']);
    await snapshot(page, 'notifications-account-1280');

    await page.reload();
    await waitFor(() => pushSwitch.isChecked(), Boolean, 'the switch to read on after a reload');

    // 8 days later the subscription is renewed: the new one registered, the old one gone.
    await page.evaluate(() => localStorage.setItem('club-push-refreshed-at', String(Date.now() - 8 * 24 * 3600 * 1000)));
    await page.reload();
    // Exactly the renewed subscription is registered: the new one saved, the old one forgotten.
    const current = async () => page.evaluate(async () => (await (await navigator.serviceWorker.ready).pushManager.getSubscription())?.endpoint ?? '');
    const renewed = await waitFor(
      async () => {
        const endpoint = await current();
        const registered = registeredEndpoints(DEMO_MEMBER.email);
        return registered.length === 1 && registered[0] === endpoint ? endpoint : '';
      },
      (endpoint) => endpoint !== '' && endpoint !== 'https://fcm.googleapis.com/fcm/send/e2e-device-1',
      'the renewed subscription to replace the old one on the server',
    );
    // The page clears its marker once the server has answered the forget, a moment after the
    // server's table changed: wait for it rather than read it at once (a race under load).
    await waitFor(
      () => page.evaluate(() => localStorage.getItem('club-push-renewing')),
      (marker) => marker === null,
      'the renewal marker to be cleared',
    );
    await waitFor(() => pushSwitch.isChecked(), Boolean, 'the switch to stay on after renewing');

    await pushSwitch.click();
    await page.getByText('Successfully Saved: push notifications are off in this browser.').waitFor();
    expect(registeredEndpoints(DEMO_MEMBER.email)).not.toContain(renewed);
    await page.reload();
    await waitFor(() => pushSwitch.isEnabled(), Boolean, 'the push switch after a reload');
    expect(await pushSwitch.isChecked()).toBe(false);
    await page.context().close();
  });

  it('finishes on the next visit a renewal that a closed page left half done', async () => {
    const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
    await stubPushManager(page.context());
    await page.goto('/account');
    const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
    await waitFor(() => pushSwitch.isEnabled(), Boolean, 'the push switch');
    await pushSwitch.click();
    await page.getByText('Successfully Saved: push notifications are on in this browser.').waitFor();
    const old = registeredEndpoints(DEMO_MEMBER.email);
    expect(old).toHaveLength(1);

    // The page closed after the old subscription was dropped and before the new one was saved.
    await visit(page, '/');
    await page.evaluate((endpoint) => {
      localStorage.setItem('club-push-renewing', endpoint);
      localStorage.removeItem('e2e-push-subscription');
    }, old[0] ?? '');
    await page.goto('/account');
    await waitFor(() => pushSwitch.isChecked(), Boolean, 'the switch to read on once the renewal is finished');
    const registered = registeredEndpoints(DEMO_MEMBER.email);
    expect(registered).toHaveLength(1);
    expect(registered[0]).not.toBe(old[0]);
    expect(await page.evaluate(() => localStorage.getItem('club-push-renewing'))).toBeNull();

    await pushSwitch.click();
    await page.getByText('Successfully Saved: push notifications are off in this browser.').waitFor();
    expect(registeredEndpoints(DEMO_MEMBER.email)).toEqual([]);
    await page.context().close();
  });

  it('shows a pushed reminder and opens the event in the open tab when it is clicked', async () => {
    const db = database();
    const eventId = Number(
      db
        .prepare(
          "INSERT INTO events (title, start, \"end\", venue, notify_days_out) VALUES ('Spring Tour', '2099-05-02T09:00', '2099-05-02T12:00', 'Forest Park', '[]')",
        )
        .run().lastInsertRowid,
    );
    db.close();
    const page = await openPage(harness);
    await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
    await visit(page, '/');
    const worker = await serviceWorkerOf(page);
    await visit(page, '/'); // now controlled by the worker (clients.claim), as a tab of the site is after its first visit

    // A push as the server sends it; headless Chromium shows no real one, so the event is dispatched in the worker.
    const shown = await worker.evaluate(async (url) => {
      const sw = self as unknown as WorkerScope;
      const PushEvent = (globalThis as unknown as { PushEvent: new (type: string, init: { data: string }) => Event }).PushEvent;
      const data = JSON.stringify({ title: 'Spring Tour', body: 'Saturday, May 2, 2099 at 9:00 AM · Forest Park', url, icon: '/icon-192.png' });
      sw.dispatchEvent(new PushEvent('push', { data }));
      // Chromium fetches the icon and badge before it shows a notification: seconds on a busy machine
      // (once more than ten, in a CI run: the wait is 30 s, and says what the worker saw if it ends).
      const deadline = Date.now() + 30_000;
      while (Date.now() < deadline) {
        const [notification] = await sw.registration.getNotifications();
        if (notification) return { title: notification.title, body: notification.body, icon: notification.icon, data: notification.data as unknown };
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      return { noNotificationAfter: '30 s', permission: Notification.permission };
    }, `/event/${eventId}`);
    expect(shown).toEqual({
      title: 'Spring Tour',
      body: 'Saturday, May 2, 2099 at 9:00 AM · Forest Park',
      icon: `${harness.baseUrl}/icon-192.png`,
      data: { url: `/event/${eventId}` },
    });
    const icon = await fetch(`${harness.baseUrl}/icon-192.png`);
    expect(icon.headers.get('content-type')).toBe('image/png');

    await worker.evaluate(async () => {
      const sw = self as unknown as WorkerScope;
      const NotificationEvent = (globalThis as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event })
        .NotificationEvent;
      const [notification] = await sw.registration.getNotifications();
      if (!notification) throw new Error('no notification to click');
      sw.dispatchEvent(new NotificationEvent('notificationclick', { notification }));
    });
    await page.waitForURL(`**/event/${eventId}`);
    expect(page.context().pages()).toHaveLength(1);
    await page.context().close();
  });

  it('says plainly when notifications are blocked or the browser has no push, and how to allow them', async () => {
    const blocked = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await blocked.context().addInitScript(() => {
      Object.defineProperty(Notification, 'permission', { get: () => 'denied' });
    });
    await blocked.goto('/account');
    await blocked.getByText('Notifications are blocked for this website in this browser. To allow them, open the site settings').waitFor();
    expect(await blocked.getByRole('switch', { name: 'Push notifications' }).isChecked()).toBe(false);
    await checkA11y(blocked);
    await blocked.context().close();

    const noPush = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, {
      viewport: { width: 390, height: 844 },
      hasTouch: true,
      isMobile: true,
    });
    await noPush.context().addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await noPush.goto('/account');
    await noPush.getByText('This browser cannot receive push notifications. On an iPhone or iPad, first add this site to your Home Screen').waitFor();
    expect(await noPush.getByRole('switch', { name: 'Push notifications' }).isDisabled()).toBe(true);
    await checkA11y(noPush);
    await noPush.context().close();
  });

  it('works by touch on a phone', async () => {
    for (const viewport of [{ width: 390, height: 844 }, MOBILE_VIEWPORT]) {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, { viewport, hasTouch: true, isMobile: true });
      await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
      await stubPushManager(page.context());
      await page.goto('/account');
      const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
      await waitFor(() => pushSwitch.isEnabled(), Boolean, 'the push switch');
      await pushSwitch.tap();
      await page.getByText('Successfully Saved: push notifications are on in this browser.').waitFor();
      if (viewport.width === 390) await snapshot(page, 'notifications-account-390');
      await pushSwitch.tap();
      await page.getByText('Successfully Saved: push notifications are off in this browser.').waitFor();
      await page.context().close();
    }
  });
});

describe('e-mail opt-out and the outbox', () => {
  it('turns e-mail notifications off from the link in a reminder with one click, without logging in', async () => {
    const keys = JSON.parse(readFileSync(path.join(harness.dataDir, 'site-keys.json'), 'utf8')) as { linkSecret: string };
    const db = database();
    const member = db.prepare("SELECT id FROM members WHERE email = 'poster@example.org'").get() as { id: number };
    db.close();
    const isOn = () => {
      const check = database();
      const row = check.prepare("SELECT email_notifications AS on_ FROM members WHERE email = 'poster@example.org'").get() as { on_: number };
      check.close();
      return row.on_ === 1;
    };
    const page = await openPage(harness);
    // Opening the link (as a mail program's link scanner does) changes nothing.
    await page.goto(`/notifications-off/${unsubscribeToken(keys.linkSecret, member.id)}`);
    const button = page.getByRole('button', { name: 'Turn e-mail notifications off' });
    await button.waitFor();
    await page.waitForLoadState('networkidle');
    expect(isOn()).toBe(true);
    await checkA11y(page);

    await button.click();
    await page.getByText('e-mail notifications are now off for p•••@example.org').waitFor();
    expect(await page.locator('body').innerText()).not.toContain('poster@example.org');
    await checkA11y(page);
    await snapshot(page, 'notifications-opt-out-1280');
    expect(isOn()).toBe(false);

    await page.goto('/notifications-off/1.not-a-real-signature-aaaaaaaaaaaaaaaaaaaaaaaaaaaa');
    await page.getByRole('button', { name: 'Turn e-mail notifications off' }).click();
    await page.getByRole('alert').filter({ hasText: 'This link is not valid' }).waitFor();
    await page.context().close();
  });

  it('shows the admin what is waiting in the outbox and why', async () => {
    // A reset e-mail that cannot go out: the mail server is down.
    const reply = await fetch(`${harness.baseUrl}/api/password.request.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ e: 'moderator@example.org' }),
    });
    expect(reply.status).toBe(200);
    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/account');
    const outbox = page.getByRole('region', { name: 'Outgoing e-mail and pushes' });
    await outbox.getByText('Waiting').first().waitFor();
    // The first attempt may still be on its way: Refresh until its error shows.
    const lastError = outbox.getByText(/Last error: .*ECONNREFUSED/);
    await expect
      .poll(
        async () => {
          if ((await lastError.count()) === 0) await outbox.getByRole('button', { name: 'Refresh' }).click();
          return lastError.count();
        },
        { message: 'the failed attempt shows in the outbox view', timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await outbox.getByText(/to moderator@example\.org: Reset your .* password/).count()).toBe(1);
    await checkA11y(page);
    await snapshot(page, 'notifications-outbox-1280');
    await page.context().close();

    const member = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password);
    await member.goto('/account');
    await member.getByRole('heading', { name: 'Notifications' }).waitFor();
    expect(await member.getByRole('region', { name: 'Outgoing e-mail and pushes' }).count()).toBe(0);
    await member.context().close();
  });

  it('lets the admin read a contact message whose e-mail failed for good, and send it again', async () => {
    const reply = await fetch(`${harness.baseUrl}/api/contact.submit.php`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ f: 'Grace', l: 'Hopper', e: 'grace@example.test', m: 'Do you meet in winter?\nI have a 1929 roadster.' }),
    });
    expect(reply.status).toBe(200);
    // Its first attempt fails (the mail server is down); then the outbox gives up on it, as it does after the last retry.
    const read = (sql: string) => {
      const db = database();
      try {
        return db.prepare(sql).get();
      } finally {
        db.close();
      }
    };
    await waitFor(
      () => read("SELECT attempts, claimed_by AS claimedBy FROM outbox WHERE subject = 'Website contact from Grace Hopper'"),
      (row) => (row as { attempts: number; claimedBy: string | null }).attempts > 0 && (row as { claimedBy: string | null }).claimedBy === null,
      'the first failed attempt',
    );
    read("UPDATE outbox SET status = 'failed' WHERE subject = 'Website contact from Grace Hopper' RETURNING id");

    const page = await openPageAs(harness, DEMO_ADMIN.email, DEMO_ADMIN.password);
    await page.goto('/account');
    const failed = page.getByRole('region', { name: 'Contact messages that were not delivered' });
    await failed.getByText('From Grace Hopper').waitFor();
    await failed.getByText('I have a 1929 roadster.').waitFor();
    await checkA11y(page);
    await snapshot(page, 'account-failed-contact-1280');
    await failed.getByRole('button', { name: 'Send again' }).click();
    await failed.getByText('Every contact message reached the club’s address.').waitFor();
    const check = database();
    const queued = check.prepare("SELECT status FROM outbox WHERE subject = 'Website contact from Grace Hopper' ORDER BY id").all();
    check.close();
    // The resend replaces the failed row, so the admin's count of failed mail drops.
    expect(queued).toEqual([{ status: 'pending' }]);
    await page.context().close();
  });
});

describe('the push switch when the browser refuses push', () => {
  const cases = [
    {
      name: 'NotAllowedError',
      message: 'Registration failed - permission denied',
      expected: /^Your browser refused push notifications for this website \(permission denied\)\. To allow them, open the site settings/,
    },
    {
      name: 'AbortError',
      message: 'Registration failed - push service not available',
      expected: /^Your browser could not reach its push service .* try again later or use another browser/,
    },
    {
      name: 'InvalidStateError',
      message: 'Subscription failed - no active Service Worker',
      expected: /^Your browser could not set up push notifications \(subscription failed: Subscription failed - no active Service Worker\)\. Reload the page/,
    },
  ];
  for (const failure of cases) {
    it(`says why and what to do, not a bare "Error" (${failure.name})`, async () => {
      const page = await openPageAs(harness, DEMO_MEMBER.email, DEMO_MEMBER.password, PHONE);
      await page.context().grantPermissions(['notifications'], { origin: harness.baseUrl });
      await page.context().addInitScript(({ name, message }) => {
        PushManager.prototype.getSubscription = async () => null;
        PushManager.prototype.subscribe = async () => {
          throw new DOMException(message, name);
        };
      }, failure);
      await page.goto('/account');
      const pushSwitch = page.getByRole('switch', { name: 'Push notifications' });
      await expect.poll(() => pushSwitch.isEnabled(), { timeout: 15_000 }).toBe(true);
      await pushSwitch.tap();
      const alert = page.getByRole('alert').filter({ hasText: /push/i });
      await alert.waitFor();
      expect((await alert.innerText()).trim()).toMatch(failure.expected);
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: /^Error$/ })
          .count(),
      ).toBe(0);
      expect(await pushSwitch.isChecked()).toBe(false);
      if (failure.name === 'AbortError') {
        await checkA11y(page);
        await alert.evaluate((el) => el.scrollIntoView({ block: 'center' }));
        await snapshot(page, 'push-no-service-390', { fullPage: false });
      }
      await page.context().close();
    });
  }
});
