import { useUnsubscribeDigest } from './api/digest.ts';
import { OneClickOptOut } from './one-click-opt-out.tsx';

/** The "Stop the weekly digest" link from a digest; event reminders stay on. */
export function DigestOptOut({ token }: { token: string }) {
  return (
    <OneClickOptOut
      optOut={useUnsubscribeDigest()}
      token={token}
      question="Stop the weekly digest e-mail? Event reminders are not affected. You can switch the digest back on at any time from your Account page."
      doneText={(email) => <>the weekly digest is now off for {email}. Event reminders still come as before.</>}
      undoText="switch it back on"
      actionLabel="Stop the weekly digest"
      pendingLabel="Turning the digest off…"
    />
  );
}
