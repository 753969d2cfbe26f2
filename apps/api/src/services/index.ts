import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';

/** Side effects behind small interfaces; tests use the real ones against temp folders. */
export type Services = { loginThrottle: LoginThrottle };

export function createServices(_config: Config, _db: Db, _logger: Logger): Services {
  return { loginThrottle: createLoginThrottle() };
}
