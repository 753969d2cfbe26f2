/** The contact form's fields by their wire names, with the server's own wording for a missing value. */
export const CONTACT_FIELDS = {
  f: 'first name',
  l: 'last name',
  e: 'e-mail address',
  m: 'message',
} as const;

export type ContactField = keyof typeof CONTACT_FIELDS;
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

/** Close to what the server accepts; the server has the last word. */
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with each field before anything is sent; empty when the form may go. */
export function checkContactForm(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  for (const field of Object.keys(CONTACT_FIELDS) as ContactField[]) {
    if (values[field].trim() === '') errors[field] = `Please enter the ${CONTACT_FIELDS[field]}.`;
  }
  if (errors.e === undefined && !EMAIL_PATTERN.test(values.e.trim())) {
    errors.e = 'Please enter a valid e-mail address, like name@example.com.';
  }
  return errors;
}

/** One sentence for the top of the form, so a screen reader hears the whole problem at once. */
export function summarizeContactErrors(errors: ContactErrors): string | null {
  const missing = (Object.keys(CONTACT_FIELDS) as ContactField[]).filter((field) => errors[field] !== undefined);
  if (missing.length === 0) return null;
  if (missing.length === 1) return errors[missing[0] as ContactField] ?? null;
  return `Please fill in the ${missing.length} fields marked below.`;
}
