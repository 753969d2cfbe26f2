import { Link } from 'react-router';
import { PageFrame } from '../components/page-frame.tsx';
import { PATHS } from '../lib/paths.ts';
import { LinkGroups } from '../features/links/link-groups.tsx';

export function LinksPage() {
  return (
    <PageFrame title="Links" width="wide" lede="Clubs, suppliers and resources our members have found useful. Links open in a new tab.">
      <LinkGroups />
      <aside className="notice">
        <p>
          <strong>The club does not solicit links.</strong> These are sites our members use and recommend; no one pays to be listed and we do not trade links.
          If you know a resource other Model A owners would value, mention it at a meeting or send it through the <Link to={PATHS.contact}>contact page</Link>.
        </p>
      </aside>
    </PageFrame>
  );
}
