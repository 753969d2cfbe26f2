/* global self */
/*
 * The site's service worker: shows event reminders pushed by the server and opens the event's
 * page when one is clicked, in an open tab of the site if there is one. It caches nothing.
 * Payload (JSON, from apps/api/src/features/events/reminders.ts): { title, body, url, icon }.
 */
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  // Open tabs come under this worker at once, so a click can navigate them.
  event.waitUntil(self.clients.claim());
});

function readPayload(data) {
  const fallback = { title: 'Club reminder', body: '', url: '/events', icon: '/icon-192.png' };
  if (!data) return fallback;
  try {
    const value = data.json();
    return {
      title: typeof value.title === 'string' ? value.title : fallback.title,
      body: typeof value.body === 'string' ? value.body : '',
      url: typeof value.url === 'string' ? value.url : fallback.url,
      icon: typeof value.icon === 'string' ? value.icon : fallback.icon,
    };
  } catch {
    return { ...fallback, body: data.text() };
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event.data);
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      icon: payload.icon,
      badge: payload.icon,
      tag: payload.url,
      data: { url: payload.url },
    }),
  );
});

/** Only pages of this site are opened: a payload cannot send the member elsewhere. */
function sameOriginUrl(url) {
  const target = new URL(typeof url === 'string' ? url : '/events', self.location.origin);
  return target.origin === self.location.origin ? target.href : new URL('/events', self.location.origin).href;
}

/** Focus is allowed only while handling a real click; the page opens even when it is refused. */
async function focusQuietly(client) {
  try {
    return await client.focus();
  } catch {
    return client;
  }
}

async function openPage(url) {
  const target = sameOriginUrl(url);
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = windows.find((client) => client.url === target);
  if (same) return focusQuietly(same);
  const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
  if (open) {
    const focused = await focusQuietly(open);
    // navigate() works for tabs this worker controls; any other tab is asked to open the page itself.
    const navigated = await focused.navigate(target).catch(() => null);
    if (navigated) return navigated;
    focused.postMessage({ type: 'open', url: target });
    return focused;
  }
  return self.clients.openWindow(target);
}

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  event.waitUntil(openPage(event.notification.data && event.notification.data.url));
});
