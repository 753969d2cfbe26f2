import { Component, Suspense, useEffect, useLayoutEffect, useRef, type ReactNode } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { Loading } from '../../components/loading.tsx';
import { SessionRenewalDialog } from '../../components/session-renewal-dialog.tsx';
import { useIsLoadingPage, useIsSlowPageLoad } from './page-loads.ts';
import { RouteError } from './route-error.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layout.css';

const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const isNavigating = useIsLoadingPage();
  const isSlow = useIsSlowPageLoad();
  const { pathname } = useLocation();
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <SiteHeader />
      {/* A page's code loads on first visit; the bar shows that the click was heard. */}
      <div className={`route-progress${isNavigating ? ' is-active' : ''}`} aria-hidden="true" />
      {/* On a slow line the bar alone is easy to miss: the page being left dims under a "Loading…" status. */}
      <div className="page-loading" role="status">
        {isSlow && (
          <span className="page-loading__message">
            <span className="loading__spinner" aria-hidden="true" />
            Loading the page…
          </span>
        )}
      </div>
      <main id={MAIN_CONTENT_ID} className={`site-main${isSlow ? ' site-main--leaving' : ''}`} tabIndex={-1} aria-busy={isNavigating}>
        {/* The header and footer stay on screen when a page fails. */}
        <PageErrorBoundary resetKey={pathname}>
          <Suspense fallback={<Loading />}>
            <Outlet />
            <ScrollRestoration />
          </Suspense>
        </PageErrorBoundary>
      </main>
      <SiteFooter />
      <SessionRenewalDialog />
    </div>
  );
}

type BoundaryProps = { resetKey: string; children: ReactNode };
type BoundaryState = { error: unknown; resetKey: string };

/** Shows RouteError when a page fails to load or throws while rendering; another page clears it. */
class PageErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error: error ?? new Error('Unknown error') };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { error: null, resetKey: props.resetKey };
  }

  override render() {
    return this.state.error ? <RouteError error={this.state.error} /> : this.props.children;
  }
}

/** Where each history entry was scrolled to, so Back and Forward return there. */
const scrollPositions = new Map<string, number>();

/**
 * New pages start at the top (or at their #hash); Back and Forward restore the position the
 * entry was left at. Rendered after the page inside its Suspense boundary, so it runs once the
 * page's content is on screen.
 */
function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const currentKey = useRef(location.key);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => scrollPositions.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    const saved = scrollPositions.get(location.key);
    if (navigationType === 'POP' && saved !== undefined) {
      window.scrollTo(0, saved);
    } else if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
    } else if (navigationType !== 'POP') {
      window.scrollTo(0, 0);
    }
  }, [location.key, location.hash, navigationType]);

  useFocusOnNewPage(location.pathname, location.search);
  return null;
}

/**
 * As accessible routers do: on a new page, focus goes to its heading, so a screen reader says
 * where the member landed and Tab starts from the page rather than from the link clicked. A page
 * that placed focus inside itself (a thread's heading, a field to fix) keeps it. Within a page
 * (the next page of cars, a filter applied) focus stays where it is, unless the control that had
 * it went away with the old results: then it goes to the heading too, not to the top of the
 * document.
 */
function useFocusOnNewPage(pathname: string, search: string) {
  const previous = useRef({ pathname, search });
  useEffect(() => {
    const before = previous.current;
    if (before.pathname === pathname && before.search === search) return;
    previous.current = { pathname, search };
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (!main || main.contains(document.activeElement)) return;
    const isFocusLost = document.activeElement === null || document.activeElement === document.body;
    if (before.pathname === pathname && !isFocusLost) return;
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
    heading.focus({ preventScroll: true });
  }, [pathname, search]);
}
