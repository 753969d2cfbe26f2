/**
 * The one rate limiter: a sliding-window count of uses per key, in memory, as the site runs as
 * one process. Reset-link requests take from it directly; the login throttle counts failures in it.
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
};

/** Keys kept before the whole table is dropped, so a flood of addresses cannot exhaust memory. */
const MAX_KEYS = 10_000;

export function createRateLimit({ windowMs, max }: { windowMs: number; max: number }, now: () => number = Date.now): RateLimit {
  const uses = new Map<string, number[]>();
  const recent = (key: string) => (uses.get(key) ?? []).filter((t) => t > now() - windowMs);
  const add = (key: string) => {
    const list = recent(key);
    list.push(now());
    uses.set(key, list);
    if (uses.size > MAX_KEYS) uses.clear();
  };
  const isSpent = (key: string) => recent(key).length >= max;
  return {
    tryTake(key) {
      if (isSpent(key)) return false;
      add(key);
      return true;
    },
    isSpent,
    add,
    reset(key) {
      uses.delete(key);
    },
  };
}
