import { FormField } from '../../components/form-field.tsx';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from './password-rules.ts';

/** New and confirm, named n and confirm, as both the change and the reset form ask for them. */
export function NewPasswordFields() {
  return (
    <>
      <FormField
        label="New Password"
        name="n"
        type="password"
        autoComplete="new-password"
        minLength={MIN_PASSWORD_LENGTH}
        maxLength={MAX_PASSWORD_LENGTH}
        hint={`At least ${MIN_PASSWORD_LENGTH} characters. A few unrelated words make a strong password that is easy to remember.`}
        required
      />
      <FormField label="Confirm Password" name="confirm" type="password" autoComplete="new-password" maxLength={MAX_PASSWORD_LENGTH} required />
    </>
  );
}
