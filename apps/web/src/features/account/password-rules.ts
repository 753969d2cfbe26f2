/** The spec's words, shown before any call when the two new-password fields differ. */
export const PASSWORD_MISMATCH = 'New Password and Confirm Password must match';

export const MIN_PASSWORD_LENGTH = 8;

/** A message when the new password and its confirmation are not the same, else null. */
export function checkNewPassword(data: FormData): string | null {
  const next = String(data.get('n') ?? '');
  const confirm = String(data.get('confirm') ?? '');
  return next === confirm ? null : PASSWORD_MISMATCH;
}
