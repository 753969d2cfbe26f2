import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** Sends a reset link to the address given (the answer is the same whether it is known or not). */
export const useRequestPasswordReset = () => useCallMutation('password.request');

/** Changes the logged-in member's password. */
export const useChangePassword = () => useCallMutation('password.change');

/** Whether a reset link is still good, asked once: a dead link shows its message at once. */
export const useResetLink = (resetGuid: string) => useCallQuery('password.reset', { g: resetGuid }, { retry: false });

/** Sets a new password through a reset link. */
export const useResetPassword = () => useCallMutation('password.reset');
