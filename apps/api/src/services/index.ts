import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { createImageService, type ImageService } from './images.ts';
import { createLoginThrottle, type LoginThrottle } from './login-throttle.ts';
import { createMailService, type MailService } from './mail.ts';
import { createPdfCoverService, type PdfCoverLimits, type PdfCoverService } from './pdf-covers.ts';
import { createPushService, type PushService } from './push.ts';
import { loadSiteKeys, type SiteKeys } from './site-keys.ts';

/**
 * Side effects behind small interfaces; tests use the real ones against temp folders. The
 * site's whole set (with the feature-owned jobs such as reminders) is composed in ../site-services.ts.
 */
export type CoreServices = {
  loginThrottle: LoginThrottle;
  mail: MailService;
  images: ImageService;
  /** Newsletter covers: a PDF's first page drawn in a child process, within limits. */
  pdfCovers: PdfCoverService;
  push: PushService;
  /** VAPID keys and the secret signing e-mailed one-click links (env, else generated into DATA_DIR). */
  keys: SiteKeys;
};

export type ServiceOptions = {
  /** Tests shorten the cover limits to reach them quickly. */
  pdfCoverLimits?: Partial<PdfCoverLimits>;
};

export function createCoreServices(config: Config, db: Db, logger: Logger, { pdfCoverLimits }: ServiceOptions = {}): CoreServices {
  const keys = loadSiteKeys(config);
  const mail = createMailService(config, db, logger);
  const push = createPushService({ db, keys, logger });
  return {
    loginThrottle: createLoginThrottle(),
    mail,
    images: createImageService(config),
    pdfCovers: createPdfCoverService(pdfCoverLimits),
    push,
    keys,
  };
}
