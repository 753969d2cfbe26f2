import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { callQueryKey, useCallMutation, useCallQuery } from '../../../api/call-query.ts';
import { useSessionToken } from '../../../lib/use-session-token.ts';

/** Switches the member's e-mail notifications; the reply holds the updated member, so the session needs no reload. */
export function useSaveEmailNotifications() {
  const queryClient = useQueryClient();
  const viewer = useSessionToken();
  return useCallMutation('user.settings.set', {
    onSuccess: (reply) => queryClient.setQueryData(callQueryKey('session.get', {}, viewer), { u: reply.u }),
  });
}

/** Turns e-mail notifications off from a reminder's one-click link; the session is reloaded. */
export const useUnsubscribeEmail = () => useCallMutation('email.unsubscribe', { invalidates: ['session.get'] });

/** Whether the server has this browser's push subscription (`t` is its JSON; '' asks nothing). */
export const usePushRegistration = (t: string) => useCallQuery('token.get', { t }, { enabled: t !== '' });

/** Registers (`e: 1`) or forgets (`e: 0`) a push subscription; the registration is asked again. */
export const useSavePushToken = () => useCallMutation('token.save', { invalidates: ['token.get'] });

/** Records a subscription just registered as on, rather than asking token.get again. */
export function useMarkPushRegistered(): (t: string) => void {
  const queryClient = useQueryClient();
  const viewer = useSessionToken();
  return useCallback((t: string) => queryClient.setQueryData(callQueryKey('token.get', { t }, viewer), { r: true }), [queryClient, viewer]);
}

/** The mail queue, for the webmaster. */
export const useOutbox = () => useCallQuery('outbox.get', {});

/** "Retry now": what waits in the outbox and push queue goes out at once; the outbox is read again. */
export const useRetryOutbox = () => useCallMutation('outbox.retry', { invalidates: ['outbox.get'] });
