import { useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import './account.css';
import { useRequestSignInLink } from './api/sign-in-link.ts';

/** How long a sign-in link works; the server's lifetime (SIGN_IN_LINK_MINUTES) says the same. */
const LINK_MINUTES = 15;

/** "E-mail me a sign-in link" beside the password form: for members without (or without their) password. */
export function SignInLinkRequest() {
  const [isOpen, setIsOpen] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestSignInLink();

  if (!isOpen) {
    return (
      <p>
        <button type="button" className="link-button" onClick={() => setIsOpen(true)}>
          E-mail me a sign-in link
        </button>
      </p>
    );
  }

  return (
    <section className="panel" aria-labelledby="sign-in-link-heading">
      <h2 id="sign-in-link-heading">E-mail me a sign-in link</h2>
      {sentTo === null ? (
        <>
          <p>
            No password needed: enter the e-mail address the club has on file for you, and open the link we send in this
            browser to be logged in.
          </p>
          <Form
            aria-label="Request a sign-in link"
            submitLabel="E-mail me a sign-in link"
            successMessage={null}
            onSubmit={async (data) => {
              const { e: email } = readForm(data, { e: 'text' });
              await request.mutateAsync({ body: { e: email } });
              return email;
            }}
            onSuccess={setSentTo}
            actions={
              <button type="button" className="button" onClick={() => setIsOpen(false)}>
                Cancel
              </button>
            }
          >
            <FormField label="E-mail address" name="e" type="email" autoComplete="email" required autoFocus />
          </Form>
        </>
      ) : (
        <div className="form__message form__message--success" role="status">
          <p>
            An e-mail was sent to <strong>{sentTo}</strong> with a sign-in link, if that address is on the member list.
            The link works once, for {LINK_MINUTES} minutes.
          </p>
          <p>If it has not arrived in a few minutes, please check your spam or junk folder.</p>
        </div>
      )}
    </section>
  );
}
