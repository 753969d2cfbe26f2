/**
 * Registers the site's service worker (public/sw.js, at the site root so it covers every page):
 * it shows pushed event reminders and opens the event when one is clicked. A tab the worker
 * cannot navigate is asked to open the page itself.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (event: MessageEvent<unknown>) => {
    const data = event.data as { type?: unknown; url?: unknown } | null;
    if (data?.type !== 'open' || typeof data.url !== 'string') return;
    const url = new URL(data.url, window.location.origin);
    if (url.origin !== window.location.origin) return;
    // The router listens to popstate, so this is an in-app navigation without a reload.
    window.history.pushState(null, '', `${url.pathname}${url.search}${url.hash}`);
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  const register = () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => {
      console.warn('The service worker could not be registered; push notifications will not show.', error);
    });
  };
  // This module may arrive after the page has loaded (main.tsx imports it lazily).
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
}
