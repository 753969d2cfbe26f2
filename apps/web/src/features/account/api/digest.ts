import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Whether the weekly digest is on for the logged-in member. */
export const useDigestSetting = () => useCallQuery('digest.get', {});

/** Switches the member's weekly digest on or off; the setting is read again. */
export const useSaveDigestSetting = () => useCallMutation('digest.set', { invalidates: ['digest.get'] });

/** Turns the digest off from its one-click link (no login needed). */
export const useUnsubscribeDigest = () => useCallMutation('digest.unsubscribe', { invalidates: ['digest.get'] });

/** What an "I'm coming" link is for, asked once: a used or expired link shows its message at once. */
export const useRsvpLink = (t: string) => useCallQuery('rsvp.get', { t }, { retry: false });

/** Records "I'm coming" from the link; the event reads are loaded again. */
export const useConfirmRsvp = () => useCallMutation('rsvp.confirm', { invalidates: ['event.get', 'attended.mine'] });

/** The admin's preview of the next weekly digest. */
export const useDigestPreview = (isEnabled: boolean) => useCallQuery('digest.preview', {}, { enabled: isEnabled });

/** E-mails the preview to the admin alone; the outbox is read again. */
export const useSendDigestPreview = () => useCallMutation('digest.sendMe', { invalidates: ['outbox.get'] });
