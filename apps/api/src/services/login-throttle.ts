import { addressKey } from '../lib/client-address.ts';
import { createRateLimit } from './rate-limit.ts';

/**
 * Slows password guessing, in memory as the site runs as one process:
 * - from one address (an IPv6 /64 counts as one): 8 failures for one account, 40 in all;
 * - for one account from anywhere: after 5 failures, each further attempt waits longer
 *   (5 s, 10 s, 20 s, ... up to 15 minutes), so spreading guesses over addresses does not help.
 * Built on the shared rate limiter, whose tables drop the entries touched longest ago when full.
 */
export type LoginThrottle = {
  isBlocked(ip: string, email: string): boolean;
  recordFailure(ip: string, email: string): void;
  recordSuccess(ip: string, email: string): void;
};

const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT_FROM_ONE_ADDRESS = 8;
const MAX_PER_ADDRESS = 40;
const FREE_ACCOUNT_FAILURES = 5;
const FIRST_BACKOFF_MS = 5_000;

export function createLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const perAccountFromAddress = createRateLimit({ windowMs: WINDOW_MS, max: MAX_PER_ACCOUNT_FROM_ONE_ADDRESS }, now);
  const perAddress = createRateLimit({ windowMs: WINDOW_MS, max: MAX_PER_ADDRESS }, now);
  // Only its recent failures are read (for the back-off), never isSpent.
  const perAccount = createRateLimit({ windowMs: WINDOW_MS, max: Number.MAX_SAFE_INTEGER }, now);

  const pairKey = (ip: string, email: string) => `${addressKey(ip)}|${email.toLowerCase()}`;
  const accountKey = (email: string) => `account|${email.toLowerCase()}`;
  const isAccountBackingOff = (email: string) => {
    const failures = perAccount.recent(accountKey(email));
    const extra = failures.length - FREE_ACCOUNT_FAILURES;
    if (extra <= 0) return false;
    const wait = Math.min(WINDOW_MS, FIRST_BACKOFF_MS * 2 ** (extra - 1));
    return now() - (failures.at(-1) ?? 0) < wait;
  };

  return {
    isBlocked: (ip, email) => perAccountFromAddress.isSpent(pairKey(ip, email)) || perAddress.isSpent(ip) || isAccountBackingOff(email),
    recordFailure: (ip, email) => {
      perAccountFromAddress.add(pairKey(ip, email));
      perAddress.add(ip);
      perAccount.add(accountKey(email));
    },
    recordSuccess: (ip, email) => {
      perAccountFromAddress.reset(pairKey(ip, email));
      perAccount.reset(accountKey(email));
    },
  };
}
