import { useRequestPasswordReset } from './api/password.ts';
import { EmailLinkRequest } from './email-link-request.tsx';

/** "Forgot your password?": asks for the address and e-mails a one-hour reset link. */
export function ForgotPassword({ isInitiallyOpen = false, initialEmail }: { isInitiallyOpen?: boolean; initialEmail?: string }) {
  const request = useRequestPasswordReset();
  return (
    <EmailLinkRequest
      title="Forgot your password?"
      formLabel="Request a password reset"
      intro="Enter the e-mail address the club has on file for you, and we will e-mail you a link to choose a new password."
      submitLabel="E-mail me a link"
      send={(email) => request.mutateAsync({ body: { e: email } })}
      sentText={(email) => (
        <>An e-mail was sent to {email} with a link to choose a new password, if that address is on the member list. The link works for one hour.</>
      )}
      isInitiallyOpen={isInitiallyOpen}
      initialEmail={initialEmail}
    />
  );
}
