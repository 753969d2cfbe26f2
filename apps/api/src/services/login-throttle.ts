/**
 * Slows password guessing: after too many failures for one address from one IP, or from one IP
 * overall, logins are refused for a while. In memory, as the site runs as one process.
 */
export type LoginThrottle = {
  isBlocked(ip: string, email: string): boolean;
  recordFailure(ip: string, email: string): void;
  recordSuccess(ip: string, email: string): void;
};

const WINDOW_MS = 15 * 60_000;
const MAX_PER_ACCOUNT = 8;
const MAX_PER_IP = 40;

export function createLoginThrottle(now: () => number = Date.now): LoginThrottle {
  const failures = new Map<string, number[]>();
  const recent = (key: string) => (failures.get(key) ?? []).filter((t) => t > now() - WINDOW_MS);
  const add = (key: string) => {
    const list = recent(key);
    list.push(now());
    failures.set(key, list);
  };
  return {
    isBlocked: (ip, email) =>
      recent(`${ip}|${email}`).length >= MAX_PER_ACCOUNT || recent(ip).length >= MAX_PER_IP,
    recordFailure: (ip, email) => {
      add(`${ip}|${email}`);
      add(ip);
      if (failures.size > 10_000) failures.clear();
    },
    recordSuccess: (ip, email) => {
      failures.delete(`${ip}|${email}`);
    },
  };
}
