import { addressKey } from '../http/client-address.ts';

/**
 * Slows password guessing, in memory as the site runs as one process:
 * - from one address (an IPv6 /64 counts as one): 8 failures for one account, 40 in all;
 * - for one account from anywhere: after 5 failures, each further attempt waits longer
 *   (5 s, 10 s, 20 s, ... up to 15 minutes), so spreading guesses over addresses does not help.
 * When the table is full the entries touched longest ago go first.
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
const MAX_ENTRIES = 10_000;

export function createLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => (failures.get(key) ?? []).filter((t) => t > now() - WINDOW_MS);
  const add = (key: string) => {
    const list = recent(key);
    list.push(now());
    // Re-inserted, so the Map's order runs from least to most recently touched.
    failures.delete(key);
    failures.set(key, list);
    for (const oldest of failures.keys()) {
      if (failures.size <= MAX_ENTRIES) break;
      failures.delete(oldest);
    }
  };
  const accountKey = (email: string) => `account|${email.toLowerCase()}`;
  const isAccountBackingOff = (email: string) => {
    const list = recent(accountKey(email));
    const extra = list.length - FREE_ACCOUNT_FAILURES;
    if (extra <= 0) return false;
    const wait = Math.min(WINDOW_MS, FIRST_BACKOFF_MS * 2 ** (extra - 1));
    return now() - (list.at(-1) ?? 0) < wait;
  };
  return {
    isBlocked: (ip, email) => {
      const address = addressKey(ip);
      return (
        recent(`${address}|${email.toLowerCase()}`).length >= MAX_PER_ACCOUNT_FROM_ONE_ADDRESS ||
        recent(address).length >= MAX_PER_ADDRESS ||
        isAccountBackingOff(email)
      );
    },
    recordFailure: (ip, email) => {
      const address = addressKey(ip);
      add(`${address}|${email.toLowerCase()}`);
      add(address);
      add(accountKey(email));
    },
    recordSuccess: (ip, email) => {
      failures.delete(`${addressKey(ip)}|${email.toLowerCase()}`);
      failures.delete(accountKey(email));
    },
  };
}
