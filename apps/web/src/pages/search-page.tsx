import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS, blogPath } from '../lib/paths.ts';

export function SearchPage() {
  return (
    <PageFrame title="Search" lede="Searching the whole site is coming soon.">
      <div className="notice">
        <p>
          Until then, the menu at the top of every page leads to each part of the site. These are the pages visitors
          look for most:
        </p>
      </div>
      <ul className="link-list">
        <li>
          <Link to={PATHS.meetings}>Monthly Meetings</Link>: when and where we meet
        </li>
        <li>
          <Link to={PATHS.membership}>Membership</Link>: how to join, and the dues
        </li>
        <li>
          <Link to={PATHS.eventList}>Events</Link>: tours and gatherings
        </li>
        <li>
          <Link to={blogPath()}>Photos</Link>: pictures from our drives and shows
        </li>
        <li>
          <Link to={PATHS.tech}>Tech</Link>: Model A engine and oil specifications
        </li>
        <li>
          <Link to={PATHS.contact}>Contact</Link>: send the club a message
        </li>
      </ul>
    </PageFrame>
  );
}
