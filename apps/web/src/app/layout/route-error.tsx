import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { reportError } from '../../api/error-reporting.ts';
import { PATHS } from '../../lib/paths.ts';
import { PageFrame } from '../../components/page-frame.tsx';

/** Why the page failed: the connection (the site cannot be reached), the site, or not known yet. */
type Cause = 'checking' | 'connection' | 'site';

/**
 * Whether the site answers at all. A page's code that failed to arrive looks the same to the
 * browser whether the line dropped or the server failed; asking /healthz tells the two apart.
 */
async function findCause(): Promise<Cause> {
  if (!navigator.onLine) return 'connection';
  try {
    await fetch('/healthz', { cache: 'no-store' });
    return 'site';
  } catch {
    return 'connection';
  }
}

/** Shown inside the layout when a page fails to load or throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  const [cause, setCause] = useState<Cause>(() => (navigator.onLine ? 'checking' : 'connection'));
  useEffect(() => {
    reportError(error);
    let isCurrent = true;
    void findCause().then((found) => isCurrent && setCause(found));
    return () => {
      isCurrent = false;
    };
  }, [error]);
  return (
    <PageFrame title="Error">
      <div className="notice notice--error" role="alert">
        {cause === 'connection' ? (
          <p>This page could not be loaded: the site could not be reached. Check your connection, then try again.</p>
        ) : (
          <p>This page could not be shown.{cause === 'site' && ' If the site was just updated, reloading usually helps.'}</p>
        )}
      </div>
      <p className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          {cause === 'connection' ? 'Try again' : 'Reload the page'}
        </button>
        <Link className="button" to={PATHS.home}>
          Go to the home page
        </Link>
      </p>
    </PageFrame>
  );
}
