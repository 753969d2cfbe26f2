import { useCallMutation, useCallQuery } from '../../../api/call-query.ts';

/** E-mails a sign-in link to the address given (the answer is the same whether it is known or not). */
export const useRequestSignInLink = () => useCallMutation('signIn.request');

/** Whom a sign-in link is for, asked once without using it: a dead link shows its message at once. */
export const useSignInLink = (token: string) => useCallQuery('signIn.check', { t: token }, { retry: false });
