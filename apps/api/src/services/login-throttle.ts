import { createRateLimit } from './rate-limit.ts';

/**
 * Slows password guessing: after too many failures for one address from one IP, or from one IP
 * overall, logins are refused for a while.
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
  const perAccount = createRateLimit({ windowMs: WINDOW_MS, max: MAX_PER_ACCOUNT }, now);
  const perIp = createRateLimit({ windowMs: WINDOW_MS, max: MAX_PER_IP }, now);
  return {
    isBlocked: (ip, email) => perAccount.isSpent(`${ip}|${email}`) || perIp.isSpent(ip),
    recordFailure: (ip, email) => {
      perAccount.add(`${ip}|${email}`);
      perIp.add(ip);
    },
    recordSuccess: (ip, email) => {
      perAccount.reset(`${ip}|${email}`);
    },
  };
}
