import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { errorMessageOf } from '../../api/client.ts';
import { PATHS } from '../../lib/paths.ts';
import { Loading } from '../../components/loading.tsx';
import { useUnsubscribeEmail } from './api/notifications.ts';

/**
 * The one-click link from a reminder e-mail: turns that member's e-mail notifications off as the
 * page opens (the link is signed; no login needed) and says so.
 */
export function EmailOptOut({ token }: { token: string }) {
  const optOut = useUnsubscribeEmail();
  const hasAsked = useRef(false);
  const { mutate } = optOut;
  useEffect(() => {
    if (hasAsked.current) return;
    hasAsked.current = true;
    mutate({ body: { t: token } });
  }, [mutate, token]);

  if (optOut.isError) {
    return (
      <div className="notice notice--error" role="alert">
        <p>{errorMessageOf(optOut.error)}</p>
        <p>
          <Link to={PATHS.account}>Go to your Account page</Link>
        </p>
      </div>
    );
  }
  if (!optOut.isSuccess) return <Loading label="Turning e-mail notifications off…" />;
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
