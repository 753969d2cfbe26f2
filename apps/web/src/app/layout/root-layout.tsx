import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import './layout.css';

export const MAIN_CONTENT_ID = 'main-content';

export function RootLayout() {
  const isNavigating = useNavigation().state === 'loading';
  return (
    <div className="site">
      <a className="skip-link" href={`#${MAIN_CONTENT_ID}`}>
        Skip to main content
      </a>
      <SiteHeader />
      {/* A page's code loads on first visit; the bar shows that the click was heard. */}
      <div className={`route-progress${isNavigating ? ' is-active' : ''}`} aria-hidden="true" />
      <main id={MAIN_CONTENT_ID} className="site-main" tabIndex={-1} aria-busy={isNavigating}>
        <Outlet />
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}
