import { FormField } from '../../components/form-field.tsx';
import { readForm } from '../../components/form-values.ts';
import { Form } from '../../components/form.tsx';
import { NewPasswordFields } from './new-password-fields.tsx';
import { checkNewPassword } from './password-rules.ts';
import { useChangePassword } from './api/password.ts';

/** Old, new and confirm; the server keeps this session and ends the member's others. */
export function ChangePasswordForm() {
  const change = useChangePassword();
  return (
    <section className="panel" aria-labelledby="change-password-heading">
      <h2 id="change-password-heading">Change Password</h2>
      <Form
        aria-label="Change password"
        submitLabel="Change Password"
        successMessage="Your password was changed. You stay logged in here; any other devices were logged out."
        resetOnSuccess
        validate={checkNewPassword}
        onSubmit={(data) => change.mutateAsync({ body: readForm(data, { o: 'secret', n: 'secret' }) })}
      >
        <FormField label="Old Password" name="o" type="password" autoComplete="current-password" required />
        <NewPasswordFields />
      </Form>
    </section>
  );
}
