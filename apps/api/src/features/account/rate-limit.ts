import { addressKey } from '../../http/client-address.ts';

/**
 * A sliding-window counter per key, in memory, as the site runs as one process. Keys that are
 * client addresses are grouped (an IPv6 /64 counts as one); when the table is full, the keys
 * touched longest ago go first.
 */
export type RateLimit = {
  /** Counts one use of `key`; false when the key has used up its allowance for the window. */
  tryTake(key: string): boolean;
};

const MAX_KEYS = 10_000;

export function createRateLimit({ windowMs, max }: { windowMs: number; max: number }, now: () => number = Date.now): RateLimit {
  const uses = new Map<string, number[]>();
  return {
    tryTake(rawKey) {
      const key = addressKey(rawKey);
      const recent = (uses.get(key) ?? []).filter((t) => t > now() - windowMs);
      const isAllowed = recent.length < max;
      if (isAllowed) recent.push(now());
      uses.delete(key);
      uses.set(key, recent);
      for (const oldest of uses.keys()) {
        if (uses.size <= MAX_KEYS) break;
        uses.delete(oldest);
      }
      return isAllowed;
    },
  };
}
