import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createImageService, type ImageService } from './images.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { createMailService, type MailService } from './mail.ts';
import { createPdfCoverService, type PdfCoverLimits, type PdfCoverService } from './pdf-covers.ts';
import { createPushService, type PushService } from './push.ts';
import { createReminderService, type ReminderService } from './reminders.ts';
import { loadSiteKeys, type SiteKeys } from './site-keys.ts';

/** Side effects behind small interfaces; tests use the real ones against temp folders. */
export type Services = {
  loginThrottle: LoginThrottle;
  mail: MailService;
  images: ImageService;
  /** Newsletter covers: a PDF's first page drawn in a child process, within limits. */
  pdfCovers: PdfCoverService;
  push: PushService;
  /** Event reminders; an event save calls `reminders.kick()` after commit so "now" goes out at once. */
  reminders: ReminderService;
  /** VAPID keys and the secret signing e-mailed one-click links (env, else generated into DATA_DIR). */
  keys: SiteKeys;
};

export type ServiceOptions = {
  clock?: () => Date;
  /** Tests shorten the cover limits to reach them quickly. */
  pdfCoverLimits?: Partial<PdfCoverLimits>;
};

export function createServices(config: Config, db: Db, logger: Logger, { clock, pdfCoverLimits }: ServiceOptions = {}): Services {
  const keys = loadSiteKeys(config);
  const mail = createMailService(config, db, logger);
  const push = createPushService({ db, keys, logger });
  return {
    loginThrottle: createLoginThrottle(),
    mail,
    images: createImageService(config),
    pdfCovers: createPdfCoverService(pdfCoverLimits),
    push,
    reminders: createReminderService({ db, config, keys, mail, push, logger, clock }),
    keys,
  };
}
