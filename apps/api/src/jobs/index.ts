import type { AppDeps } from '../deps.ts';
import { createBackup } from '../services/backup.ts';
import { createJobRunner, type Job, type JobRunner } from './runner.ts';

/** How often the outbox and the push queue are polled for messages due (a retry, or one queued while sending failed). */
const MAIL_POLL = '*/30 * * * * *';

/** Just after midnight club time, every day. */
const SERIES_CRON = '5 0 * * *';

/** Every job of the site; `pnpm <name>` (node dist/cli.js <name>) runs the same one once. */
function siteJobs({ db, services, config }: Pick<AppDeps, 'db' | 'services' | 'config'>): Job[] {
  return [
    { name: 'mail', schedule: MAIL_POLL, quiet: true, run: () => services.mail.deliverDue() },
    {
      name: 'backup',
      schedule: config.backupCron,
      run: async () => {
        const { path, manifest, pruned } = await createBackup(db, config);
        return { backup: path, bytes: manifest.bytes, files: manifest.files, pruned };
      },
    },
    // Retries and anything queued while a round was running; a new push kicks a round at once.
    { name: 'push', schedule: MAIL_POLL, quiet: true, run: () => services.push.deliverDue() },
    // Repeating events: each series' occurrences made SERIES_HORIZON_DAYS ahead, before the day's reminders.
    { name: 'series', schedule: SERIES_CRON, run: async () => services.eventSeries.extend() },
    { name: 'reminders', schedule: config.reminderCron, run: async () => services.reminders.run() },
    // The classifieds' "still for sale?" e-mails go out with the morning's reminders.
    { name: 'listing-notices', schedule: config.reminderCron, run: async () => services.listingNotices.sendRenewalNotices() },
    { name: 'digest', schedule: config.digestCron, run: async () => services.digest.run() },
  ];
}

/** A runner with every site job registered, in CLUB_TIMEZONE; the server starts it, the CLI runs one job. */
export function createSiteJobRunner(deps: Pick<AppDeps, 'db' | 'services' | 'config' | 'logger'>): JobRunner {
  const runner = createJobRunner({ logger: deps.logger, timeZone: deps.config.timeZone });
  for (const job of siteJobs(deps)) runner.register(job);
  return runner;
}
