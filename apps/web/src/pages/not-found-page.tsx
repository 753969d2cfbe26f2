import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';

export function NotFoundPage() {
  return (
    <PageFrame title="Page Not Found" lede="There is no page at this address. It may have moved, or the link may be mistyped.">
      <ul className="link-list">
        <li>
          <Link to={PATHS.home}>Go to the home page</Link>
        </li>
        <li>
          <Link to={PATHS.search}>Search the site</Link>
        </li>
      </ul>
    </PageFrame>
  );
}
