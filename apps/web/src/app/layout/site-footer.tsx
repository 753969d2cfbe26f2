import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { getClubName } from '../../lib/page-title.ts';
import { PATHS } from '../../lib/paths.ts';

const neverChanges = () => () => {};

/**
 * This year; while hydrating the prerendered `/` (src/prerender.tsx), the year it was built in,
 * which its markup shows, so a build from December hydrates cleanly in January and then updates.
 */
function useYear(): number {
  return useSyncExternalStore(
    neverChanges,
    () => new Date().getFullYear(),
    () => __BUILD_YEAR__,
  );
}

export function SiteFooter() {
  const year = useYear();
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <p className="site-footer__blurb">
          © {year} {getClubName()}. A regional chapter of a national club of vintage car restorers. Guests are always welcome at our monthly meetings.
        </p>
        <ul className="site-footer__links">
          <li>
            <Link to={PATHS.meetings}>Monthly Meetings</Link>
          </li>
          <li>
            <Link to={PATHS.membership}>Membership</Link>
          </li>
          <li>
            <Link to={PATHS.contact}>Contact</Link>
          </li>
          <li>
            <Link to={PATHS.accessibility}>Accessibility</Link>
          </li>
        </ul>
      </div>
    </footer>
  );
}
