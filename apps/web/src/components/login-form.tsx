import type { LinkPerson, SessionUser } from '@club/contracts';
import { lazy, Suspense, useState } from 'react';
import { useSession } from '../session/index.ts';
import { FormField } from './form-field.tsx';
import { readForm } from './form-values.ts';
import { Form, SUBMIT_CANCELLED } from './form.tsx';

/**
 * Dialog's focus mark (dialog.tsx), spelled out rather than imported: the dialog's code would
 * otherwise load with every members' page that shows this form, dialog or not.
 */
const AUTOFOCUS_ATTRIBUTE = 'data-autofocus';

/** Loaded only when partners sharing an address use the same password, as this form is on every members' page. */
const PersonChoice = lazy(() => import('./person-choice.tsx').then((m) => ({ default: m.PersonChoice })));

export type LoginFormProps = {
  onSuccess?: (user: SessionUser) => void;
  /** True in a dialog: the e-mail field takes focus when it opens. */
  isAutofocused?: boolean;
  /** Told the address as it is typed (or filled in by the browser), for the link requests below the form. */
  onEmailInput?: (email: string) => void;
  /** The address already typed elsewhere (a members' page's login form, on the way to /login). */
  initialEmail?: string;
};

/** What a link to /login carries in its history entry (not in the URL, where logs would keep it): the address typed so far. */
export type LoginLinkState = { email: string };

/** The address a link to /login carried, or '' (none, or another page's state). */
export function typedEmailOf(state: unknown): string {
  return typeof state === 'object' && state !== null && 'email' in state && typeof state.email === 'string' ? state.email : '';
}

/**
 * Members log in with their e-mail address; the server's message is shown on failure. Partners
 * who share the address and chose the same password are asked who they are, then log in again.
 */
export function LoginForm({ onSuccess, isAutofocused = false, onEmailInput, initialEmail }: LoginFormProps) {
  const { login } = useSession();
  const [people, setPeople] = useState<LinkPerson[] | null>(null);
  return (
    <Form<SessionUser>
      aria-label="Member login"
      className="login-form"
      submitLabel="Log in"
      successMessage={null}
      onSubmit={async (data) => {
        const { u, p, i } = readForm(data, { u: 'secret', p: 'secret', i: 'text' });
        const result = await login(u, p, people ? { memberId: i === '' ? undefined : Number(i) } : undefined);
        if (!('people' in result)) return result;
        setPeople(result.people);
        return SUBMIT_CANCELLED;
      }}
      onSuccess={onSuccess}
    >
      <FormField
        label="E-mail address"
        name="u"
        type="email"
        autoComplete="username"
        required
        defaultValue={initialEmail}
        onChange={onEmailInput && ((event) => onEmailInput(event.currentTarget.value.trim()))}
        {...(isAutofocused ? { [AUTOFOCUS_ATTRIBUTE]: true } : {})}
      />
      <FormField label="Password" name="p" type="password" autoComplete="current-password" required />
      {people && (
        <Suspense fallback={null}>
          <PersonChoice people={people} reason="password" />
        </Suspense>
      )}
    </Form>
  );
}
