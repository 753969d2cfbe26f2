import { useEffect } from 'react';
import { Link } from 'react-router';
import { reportError } from '../../api/error-reporting.ts';
import { PATHS } from '../../lib/paths.ts';
import { PageFrame } from '../../components/page-frame.tsx';

/** Shown inside the layout when a page fails to load or throws while rendering. */
export function RouteError({ error }: { error: unknown }) {
  useEffect(() => {
    reportError(error);
  }, [error]);
  return (
    <PageFrame title="Error">
      <div className="notice notice--error" role="alert">
        <p>This page could not be shown. If the site was just updated, reloading usually helps.</p>
      </div>
      <p className="button-row">
        <button type="button" className="button button--primary" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        <Link className="button" to={PATHS.home}>
          Go to the home page
        </Link>
      </p>
    </PageFrame>
  );
}
