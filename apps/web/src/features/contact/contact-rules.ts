import { loadContractCheck } from '../../components/load-contract-check.ts';

/** The contact form's fields by their wire names, in the order the form shows them. */
const CONTACT_FIELDS = ['f', 'l', 'e', 'm'] as const;

export type ContactField = (typeof CONTACT_FIELDS)[number];
export type ContactErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

/**
 * What is wrong with each field (the contracts' first message for it, as the server would say)
 * before anything is sent; empty when the form may go. The check loads zod when the form is sent
 * (and its own code once a field changes, `loadContractCheck`).
 */
export async function checkContactForm(values: ContactValues): Promise<ContactErrors> {
  const byField = await (await loadContractCheck()).contractFieldErrors('contact.submit', values);
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) if (byField[field] !== undefined) errors[field] = byField[field];
  return errors;
}
