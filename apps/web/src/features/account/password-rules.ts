import { NEW_PASSWORD_LENGTH } from '@club/contracts/plain';
import { readForm } from '../../components/form-values.ts';

/** The spec's words, shown before any call when the two new-password fields differ. */
export const PASSWORD_MISMATCH = 'New Password and Confirm Password must match';

/** The contracts' bounds, for the fields' minLength and maxLength. */
export const MIN_PASSWORD_LENGTH = NEW_PASSWORD_LENGTH.min;
export const MAX_PASSWORD_LENGTH = NEW_PASSWORD_LENGTH.max;

/** A message when the new password and its confirmation are not the same, else null. */
export function checkNewPassword(data: FormData): string | null {
  const { n: next, confirm } = readForm(data, { n: 'secret', confirm: 'secret' });
  return next === confirm ? null : PASSWORD_MISMATCH;
}
