import { useUnsubscribeEmail } from './api/notifications.ts';
import { OneClickOptOut } from './one-click-opt-out.tsx';

/** The link from a reminder e-mail: event reminders by e-mail off. */
export function EmailOptOut({ token }: { token: string }) {
  return (
    <OneClickOptOut
      optOut={useUnsubscribeEmail()}
      token={token}
      question="Turn off event reminders by e-mail? You can switch them back on at any time from your Account page."
      doneText={(email) => <>e-mail notifications are now off for {email}. You will get no more event reminders by e-mail.</>}
      undoText="switch them back on"
      actionLabel="Turn e-mail notifications off"
      pendingLabel="Turning e-mail notifications off…"
    />
  );
}
