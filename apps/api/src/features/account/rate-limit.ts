/** A sliding-window counter per key, in memory, as the site runs as one process. */
export type RateLimit = {
  /** Counts one use of `key`; false when the key has used up its allowance for the window. */
  tryTake(key: string): boolean;
};

export function createRateLimit({ windowMs, max }: { windowMs: number; max: number }, now: () => number = Date.now): RateLimit {
  const uses = new Map<string, number[]>();
  return {
    tryTake(key) {
      const recent = (uses.get(key) ?? []).filter((t) => t > now() - windowMs);
      if (recent.length >= max) {
        uses.set(key, recent);
        return false;
      }
      recent.push(now());
      uses.set(key, recent);
      if (uses.size > 10_000) uses.clear();
      return true;
    },
  };
}
