import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS } from '../../lib/paths.ts';
import { useUnsubscribeDigest } from './api/digest.ts';

/**
 * The "Stop the weekly digest" link from a digest. Opening the page changes nothing (mail
 * programs' link scanners open every link): one click turns the digest off, without logging in
 * (the link is signed). Event reminders stay on. Mail programs' own one-click unsubscribe POSTs
 * straight to the API.
 */
export function DigestOptOut({ token }: { token: string }) {
  const optOut = useUnsubscribeDigest();

  if (optOut.isSuccess) {
    return (
      <div className="panel" role="status">
        <p>
          <strong>Successfully Saved:</strong> the weekly digest is now off for {optOut.data.m}. Event reminders still come as before.
        </p>
        <p>
          Changed your mind? Log in and switch it back on from your <Link to={PATHS.account}>Account page</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="panel">
      <p>Stop the weekly digest e-mail? Event reminders are not affected. You can switch the digest back on at any time from your Account page.</p>
      {optOut.isError && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessageOf(optOut.error)}</p>
          <p>
            <Link to={PATHS.account}>Go to your Account page</Link>
          </p>
        </div>
      )}
      <button type="button" className="button" disabled={optOut.isPending} onClick={() => optOut.mutate({ body: { t: token } })}>
        {optOut.isPending ? 'Turning the digest off…' : 'Stop the weekly digest'}
      </button>
    </div>
  );
}
