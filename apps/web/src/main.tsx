import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { installErrorReporting } from './api/error-reporting.ts';
import { AppRoutes, preloadPageAt, prefetchOtherPages } from './app/router.tsx';
import { ReplayHeldClick, takeHeldClick } from './lib/held-click.ts';
import { isPageSentForThisSession } from './lib/session-token.ts';
import { SessionProvider } from './session/index.ts';
import './styles/tokens.css';
import './styles/base.css';

const rootElement = document.getElementById('root');
if (rootElement === null) throw new Error('index.html lacks the #root element.');

installErrorReporting();
// The push worker is not needed for the first paint: it registers once the page has loaded.
void import('./app/service-worker.ts').then(({ registerServiceWorker }) => registerServiceWorker());

// TanStack Query is not here: it loads with the first page that makes a call (app/router.tsx's
// lazyPage) and with a stored session (session/session-provider.tsx), not on a visitor's first paint.
const site = (
  <StrictMode>
    <BrowserRouter>
      <SessionProvider>
        <AppRoutes />
      </SessionProvider>
    </BrowserRouter>
  </StrictMode>
);

/**
 * After `/`, the table of the other pages loads once the page has loaded and the browser is idle,
 * so the first click away waits for no more than that page's own chunk.
 */
function prefetchOtherPagesWhenIdle() {
  const preload = () => void prefetchOtherPages().catch(() => undefined);
  const whenIdle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(preload, { timeout: 2000 }) : setTimeout(preload, 200));
  if (document.readyState === 'complete') whenIdle();
  else window.addEventListener('load', whenIdle, { once: true });
}

/**
 * `/` arrives prerendered as a visitor sees it (src/prerender.tsx), and so do the data pages,
 * rendered by the server for whoever asked (a visitor, or the member whose session cookie came
 * with the request) from the answers it also sends as data blocks (api/first-answers.ts seeds the
 * cache with them when TanStack Query loads). A page sent for this browser's session is hydrated;
 * one sent for someone else (a visitor's markup while a session is stored, or the other way round
 * after a log in or out in another tab) is rendered afresh. Either way the page's chunk, which the
 * HTML preloads, is awaited first, and for a member the query cache with the page's answers (the
 * member is then known and the page drawn at once, not its loading state); hydration then starts
 * with no load pending (a pending one re-renders the layout, and an update reaching the page's
 * Suspense boundary before it has hydrated would put the loading state in place of the markup).
 */
if (rootElement.hasChildNodes()) {
  const { pathname } = window.location;
  if (pathname === '/') prefetchOtherPagesWhenIdle();
  const sentForThisSession = isPageSentForThisSession();
  const sentForMember = rootElement.dataset.viewer === 'member';
  void Promise.all([preloadPageAt(pathname), sentForMember ? import('./api/query-client.ts') : undefined]).then(
    async () => {
      // The page's modules (and the query cache with its answers) were evaluated in this task:
      // hydration starts in the next one, so that neither makes one long task on a phone.
      await new Promise((resolve) => setTimeout(resolve, 0));
      // In a transition, hydration yields to the browser every few milliseconds instead of
      // holding the main thread in one long task (the page is already painted meanwhile).
      // A button tapped before now is clicked once the page is hydrated (lib/held-click.ts).
      takeHeldClick();
      if (sentForThisSession) {
        startTransition(() => void hydrateRoot(rootElement, <ReplayHeldClick>{site}</ReplayHeldClick>));
      } else createRoot(rootElement).render(site);
    },
    () => {
      takeHeldClick();
      createRoot(rootElement).render(site);
    },
  );
} else {
  createRoot(rootElement).render(site);
}
