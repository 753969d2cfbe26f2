import { useState } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import './account.css';
import { useRequestPasswordReset } from './api/password.ts';

/** "Forgot your password?": asks for the address and e-mails a one-hour reset link. */
export function ForgotPassword({ isInitiallyOpen = false }: { isInitiallyOpen?: boolean }) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const request = useRequestPasswordReset();

  if (!isOpen) {
    return (
      <p>
        <button type="button" className="link-button" onClick={() => setIsOpen(true)}>
          Forgot your password?
        </button>
      </p>
    );
  }

  return (
    <section className="panel" aria-labelledby="forgot-password-heading">
      <h2 id="forgot-password-heading">Forgot your password?</h2>
      {sentTo === null ? (
        <>
          <p>Enter the e-mail address the club has on file for you, and we will e-mail you a link to choose a new password.</p>
          <Form
            aria-label="Request a password reset"
            submitLabel="E-mail me a link"
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
            An e-mail was sent to <strong>{sentTo}</strong> with a link to choose a new password, if that address is on
            the member list. The link works for one hour.
          </p>
          <p>If it has not arrived in a few minutes, please check your spam or junk folder.</p>
        </div>
      )}
    </section>
  );
}
