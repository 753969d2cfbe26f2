import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Contact-form messages whose e-mail to the club failed for good, for the webmaster. */
export const useFailedContactMessages = () => useCallQuery('contact.failed', {});

/** Queues a failed contact message's e-mail again; the list and the outbox are read again. */
export const useResendContactMessage = () => useCallMutation('contact.resend', { invalidates: ['contact.failed', 'outbox.get'] });
