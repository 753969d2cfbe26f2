import { useEffect } from 'react';
import { isRouteErrorResponse, Link, useRouteError } from 'react-router';
import { reportError } from '../error-reporting.ts';
import { PATHS } from '../paths.ts';
import { PageFrame } from './page-frame.tsx';

/** Shown inside the layout when a page fails to load or throws while rendering. */
export function RouteError() {
  const error = useRouteError();
  const isMissingPage = isRouteErrorResponse(error) && error.status === 404;
  useEffect(() => {
    if (!isMissingPage) reportError(error);
  }, [error, isMissingPage]);
  return (
    <PageFrame title={isMissingPage ? 'Page Not Found' : 'Error'}>
      <div className="notice notice--error" role="alert">
        <p>
          {isMissingPage
            ? 'There is no page at this address.'
            : 'This page could not be shown. If the site was just updated, reloading usually helps.'}
        </p>
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
