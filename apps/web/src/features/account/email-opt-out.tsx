import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS } from '../../lib/paths.ts';
import { useUnsubscribeEmail } from './api/notifications.ts';

/**
 * The link from a reminder e-mail. Opening the page changes nothing (mail programs' link scanners
 * open every link): the member turns e-mail notifications off with one click, without logging in
 * (the link is signed). Mail programs' own one-click unsubscribe POSTs straight to the API.
 */
export function EmailOptOut({ token }: { token: string }) {
  const optOut = useUnsubscribeEmail();

  if (optOut.isSuccess) {
    return (
      <div className="panel" role="status">
        <p>
          <strong>Successfully Saved:</strong> e-mail notifications are now off for {optOut.data.m}. You will get no more event
          reminders by e-mail.
        </p>
        <p>
          Changed your mind? Log in and switch them back on from your <Link to={PATHS.account}>Account page</Link>.
        </p>
      </div>
    );
  }
  return (
    <div className="panel">
      <p>Turn off event reminders by e-mail? You can switch them back on at any time from your Account page.</p>
      {optOut.isError && (
        <div className="notice notice--error" role="alert">
          <p>{errorMessageOf(optOut.error)}</p>
          <p>
            <Link to={PATHS.account}>Go to your Account page</Link>
          </p>
        </div>
      )}
      <button type="button" className="button" disabled={optOut.isPending} onClick={() => optOut.mutate({ body: { t: token } })}>
        {optOut.isPending ? 'Turning e-mail notifications off…' : 'Turn e-mail notifications off'}
      </button>
    </div>
  );
}
