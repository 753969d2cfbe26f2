import { useCallMutation } from '../../../api/call-query.ts';

/** Sends the contact form to the club. */
export const useSubmitContact = () => useCallMutation('contact.submit');
