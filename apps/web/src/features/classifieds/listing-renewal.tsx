import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS, listingPath } from '../../lib/paths.ts';
import { useRenewByLink } from './api/classifieds-writes.ts';
import { dayOf } from './listing-text.ts';

/**
 * The link from the "still for sale?" e-mail. Opening the page changes nothing (mail programs'
 * link scanners open every link): one press of Renew does it, without logging in (the link is signed).
 */
export function ListingRenewal({ token }: { token: string }) {
  const renewal = useRenewByLink();
  if (renewal.isSuccess) {
    return (
      <div className="panel" role="status">
        <p>
          <strong>Successfully Saved:</strong> “{renewal.data.title}” now runs until {dayOf(renewal.data.expires)}.
        </p>
        <p>
          <Link to={listingPath(renewal.data.id)}>See the listing</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="panel">
      <p>Is it still for sale? Renew your listing for another 60 days. If it has sold, log in and mark it sold on its page instead.</p>
      {renewal.isError && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessageOf(renewal.error)}</p>
          <p>
            <Link to={PATHS.classifieds}>Go to the classifieds</Link>
          </p>
        </div>
      )}
      <button type="button" className="button button--primary" disabled={renewal.isPending} onClick={() => renewal.mutate({ body: { t: token } })}>
        {renewal.isPending ? 'Renewing…' : 'Renew'}
      </button>
    </div>
  );
}
