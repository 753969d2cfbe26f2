import { readForm } from '../../components/form-values.ts';

/** The spec's words, shown before any call when the two new-password fields differ. */
export const PASSWORD_MISMATCH = 'New Password and Confirm Password must match';

export const MIN_PASSWORD_LENGTH = 8;

/** A message when the new password and its confirmation are not the same, else null. */
export function checkNewPassword(data: FormData): string | null {
  const { n: next, confirm } = readForm(data, { n: 'secret', confirm: 'secret' });
  return next === confirm ? null : PASSWORD_MISMATCH;
}
