import type { SessionUser } from '@club/contracts';
import { useSession } from '../session/index.ts';
import { AUTOFOCUS_ATTRIBUTE } from './dialog.tsx';
import { FormField } from './form-field.tsx';
import { readForm } from './form-values.ts';
import { Form } from './form.tsx';

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

/** Members log in with their e-mail address; the server's message is shown on failure. */
export function LoginForm({ onSuccess, isAutofocused = false, onEmailInput, initialEmail }: LoginFormProps) {
  const { login } = useSession();
  return (
    <Form
      aria-label="Member login"
      className="login-form"
      submitLabel="Log in"
      successMessage={null}
      onSubmit={(data) => {
        const { u, p } = readForm(data, { u: 'secret', p: 'secret' });
        return login(u, p);
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
    </Form>
  );
}
