import { useRequestSignInLink } from './api/sign-in-link.ts';
import { EmailLinkRequest } from './email-link-request.tsx';

/** How long a sign-in link works; the server's lifetime (SIGN_IN_LINK_MINUTES) says the same. */
const LINK_MINUTES = 15;

/** "E-mail me a sign-in link" beside the password form: for members without (or without their) password. */
export function SignInLinkRequest({ isInitiallyOpen = false, initialEmail }: { isInitiallyOpen?: boolean; initialEmail?: string }) {
  const request = useRequestSignInLink();
  return (
    <EmailLinkRequest
      title="E-mail me a sign-in link"
      formLabel="Request a sign-in link"
      intro="No password needed: enter the e-mail address the club has on file for you, and open the link we send in this browser to be logged in."
      submitLabel="E-mail me a sign-in link"
      send={(email) => request.mutateAsync({ body: { e: email } })}
      sentText={(email) => (
        <>
          An e-mail was sent to {email} with a sign-in link, if that address is on the member list. The link works once, for {LINK_MINUTES} minutes.
        </>
      )}
      isInitiallyOpen={isInitiallyOpen}
      initialEmail={initialEmail}
    />
  );
}
