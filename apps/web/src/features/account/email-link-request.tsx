import { useId, useState, type ReactNode } from 'react';
import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import './account.css';

interface EmailLinkRequestProps {
  /** The link that opens the panel, and the panel's heading. */
  title: string;
  /** Names the form for assistive technology. */
  formLabel: string;
  intro: ReactNode;
  submitLabel: string;
  /** Sends the link; the same answer whether or not the address is a member's. */
  send: (email: string) => Promise<unknown>;
  /** What was sent, said of the address it went to. */
  sentText: (email: ReactNode) => ReactNode;
  isInitiallyOpen?: boolean;
  /** The address to start from when the panel opens: the one typed into the login form above it. */
  initialEmail?: string;
}

/**
 * A link-button that opens a panel asking for the member's address and e-mails them a link (a
 * password reset, a sign-in link). The answer never tells whether the address is on file.
 */
export function EmailLinkRequest({ title, formLabel, intro, submitLabel, send, sentText, isInitiallyOpen = false, initialEmail }: EmailLinkRequestProps) {
  const [isOpen, setIsOpen] = useState(isInitiallyOpen);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const headingId = useId();

  if (!isOpen) {
    return (
      <p>
        <button type="button" className="link-button" onClick={() => setIsOpen(true)}>
          {title}
        </button>
      </p>
    );
  }

  return (
    <section className="panel" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {sentTo === null ? (
        <>
          <p>{intro}</p>
          <Form
            aria-label={formLabel}
            submitLabel={submitLabel}
            successMessage={null}
            onSubmit={async (data) => {
              const { e: email } = readForm(data, { e: 'text' });
              await send(email);
              return email;
            }}
            onSuccess={setSentTo}
            actions={
              <button type="button" className="button" onClick={() => setIsOpen(false)}>
                Cancel
              </button>
            }
          >
            <FormField label="E-mail address" name="e" type="email" autoComplete="email" required autoFocus defaultValue={initialEmail} />
          </Form>
        </>
      ) : (
        <div className="form__message form__message--success" role="status">
          <p>{sentText(<strong>{sentTo}</strong>)}</p>
          <p>If it has not arrived in a few minutes, please check your spam or junk folder.</p>
        </div>
      )}
    </section>
  );
}
