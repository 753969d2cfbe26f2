import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { createClassifiedsService, type ClassifiedsService } from './features/classifieds/service.ts';
import { createWeeklyDigest, type WeeklyDigest } from './features/digest/weekly.ts';
import { createReminderService, type ReminderService } from './features/events/reminders.ts';
import { createSeriesJob, type SeriesJob } from './features/events/series.ts';
import { routeBookLinkOfEvent } from './features/routes/service.ts';
import { createSignupService, type SignupService } from './features/signups/service.ts';
import type { SearchIndex } from './services/search-index.ts';
import { createSiteSearch } from './site-search.ts';
import { createCoreServices, type CoreServices, type ServiceOptions } from './services/index.ts';

/**
 * Everything the app, the CLI and the jobs share: the side-effect services plus the jobs that
 * belong to a feature (services/ never imports a feature, so they are put together here).
 */
export type Services = CoreServices & {
  /** Event reminders; an event save calls `reminders.sendNow()` after commit so "now" goes out at once. */
  reminders: ReminderService;
  /** The classifieds' daily "still for sale?" e-mails, a week before each listing ends. */
  listingNotices: Pick<ClassifiedsService, 'sendRenewalNotices'>;
  /** Repeating events: the daily job that makes each series' occurrences ahead. */
  eventSeries: SeriesJob;
  /** The site search's index: every feature's write calls `search.reindex(tx, kind, ids)` (docs/SEARCH.md). */
  search: SearchIndex;
  /** The weekly digest: the job's run, and the admin's preview. */
  digest: WeeklyDigest;
  /** Sign-ups (capacity, waiting list, roster, check-in): one for the app, shared by events, the digest's RSVP links and route books. */
  signups: SignupService;
};

export function createServices(config: Config, db: Db, logger: Logger, options: ServiceOptions = {}): Services {
  const core = createCoreServices(config, db, logger, options);
  const search = createSiteSearch(db);
  return {
    ...core,
    reminders: createReminderService({
      db,
      config,
      keys: core.keys,
      mail: core.mail,
      push: core.push,
      logger,
      routeLinkOf: (tx, eventId) => routeBookLinkOfEvent(tx, config.baseUrl, eventId),
    }),
    listingNotices: createClassifiedsService({ db, config, services: { ...core, search } }),
    search,
    eventSeries: createSeriesJob({ db, config, search }),
    digest: createWeeklyDigest({ db, config, keys: core.keys, mail: core.mail, logger }),
    signups: createSignupService({ db, config, mail: core.mail }),
  };
}
