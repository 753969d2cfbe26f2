import { Link, useLocation } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS, searchPath } from '../lib/paths.ts';

/** The words of a missing address, as a search: "/our-tudor_restoration.html" → "our tudor restoration html". */
export function wordsOfPath(pathname: string): string {
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    // A malformed escape: its letters still make words.
  }
  return (decoded.match(/[\p{L}\p{N}]+/gu) ?? []).join(' ').slice(0, 200);
}

export function NotFoundPage() {
  const words = wordsOfPath(useLocation().pathname);
  return (
    <PageFrame title="Page Not Found" lede="There is no page at this address. It may have moved, or the link may be mistyped.">
      <ul className="link-list">
        <li>
          <Link to={PATHS.home}>Go to the home page</Link>
        </li>
        <li>{words === '' ? <Link to={PATHS.search}>Search the site</Link> : <Link to={searchPath(words)}>Search the site for “{words}”</Link>}</li>
      </ul>
    </PageFrame>
  );
}
