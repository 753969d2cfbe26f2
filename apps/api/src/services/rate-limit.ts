import { addressKey } from '../lib/client-address.ts';

/**
 * The one rate limiter: a sliding-window count of uses per key, in memory, as the site runs as
 * one process. Reset-link requests and error reports take from it directly; the login throttle
 * counts failures in it. Keys that are client addresses are grouped (an IPv6 /64 counts as one);
 * when the table is full, the keys touched longest ago go first, so a flood of fresh addresses
 * never frees a key that is used up.
 */
export type RateLimit = {
  /** Counts one use of `key`; false, counting nothing, when the key has used up its allowance. */
  tryTake(key: string): boolean;
  /** Whether `key` has used up its allowance for the window. */
  isSpent(key: string): boolean;
  /** Counts one use of `key` whether or not it is spent (a failed login). */
  add(key: string): void;
  /** Forgets every use of `key` (a successful login). */
  reset(key: string): void;
  /** The times (ms) of the key's uses within the window, oldest first. */
  recent(key: string): readonly number[];
};

export type ContactLimit = { maxMessages: number; windowMs: number };

/**
 * Messages one address (or member) may send through the site in the window: the contact form and
 * the classifieds' replies to sellers. Enough for a person with follow-ups; too few for a script.
 */
export const CONTACT_LIMIT: ContactLimit = { maxMessages: 5, windowMs: 60 * 60_000 };

/** Keys kept; past this the least recently touched go first. */
const MAX_KEYS = 10_000;

export function createRateLimit({ windowMs, max }: { windowMs: number; max: number }, now: () => number = Date.now): RateLimit {
  const uses = new Map<string, number[]>();
  const recent = (key: string) => (uses.get(addressKey(key)) ?? []).filter((t) => t > now() - windowMs);
  /** Stores the key's uses again, so the Map's order runs from least to most recently touched. */
  const touch = (key: string, list: number[]) => {
    uses.delete(key);
    uses.set(key, list);
    for (const oldest of uses.keys()) {
      if (uses.size <= MAX_KEYS) break;
      uses.delete(oldest);
    }
  };
  const add = (key: string) => {
    const list = recent(key);
    list.push(now());
    touch(addressKey(key), list);
  };
  const isSpent = (key: string) => recent(key).length >= max;
  return {
    tryTake(key) {
      const list = recent(key);
      const isAllowed = list.length < max;
      if (isAllowed) list.push(now());
      // A refused key is touched too: the one being hammered is the last to be evicted.
      touch(addressKey(key), list);
      return isAllowed;
    },
    isSpent,
    add,
    reset(key) {
      uses.delete(addressKey(key));
    },
    recent,
  };
}
