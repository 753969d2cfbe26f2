import { contact } from '@club/contracts';

/** What the server accepts from the contact form: the contracts' request, checked here before anything is sent. */
const contactRequestSchema = contact['contact.submit'].request;

/** The contact form's fields by their wire names, in the order the form shows them. */
export const CONTACT_FIELDS = ['f', 'l', 'e', 'm'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

const isContactField = (key: unknown): key is ContactField => (CONTACT_FIELDS as readonly unknown[]).includes(key);

/** What is wrong with each field (the contracts' first message for it) before anything is sent; empty when the form may go. */
export function checkContactForm(values: ContactValues): ContactErrors {
  const errors: ContactErrors = {};
  const result = contactRequestSchema.safeParse(values);
  for (const issue of result.error?.issues ?? []) {
    const [field] = issue.path;
    if (isContactField(field) && errors[field] === undefined) errors[field] = issue.message;
  }
  return errors;
}
