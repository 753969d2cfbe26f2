import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createImageService, type ImageService } from './images.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { createMailService, type MailService } from './mail.ts';

/** Side effects behind small interfaces; tests use the real ones against temp folders. */
export type Services = { loginThrottle: LoginThrottle; mail: MailService; images: ImageService };

export function createServices(config: Config, db: Db, logger: Logger): Services {
  return {
    loginThrottle: createLoginThrottle(),
    mail: createMailService(config, db, logger),
    images: createImageService(config),
  };
}
