import cron, { type ScheduledTask } from 'node-cron';
import type { Logger } from 'pino';

/** What a run reports for the log, e.g. `{ reminders: 2, emails: 14 }`. */
type JobSummary = Record<string, unknown>;

export type Job = {
  name: string;
  /** A node-cron expression (seconds optional), in CLUB_TIMEZONE; empty: only run by hand (the CLI). */
  schedule: string;
  /** Does the work once. The same function runs on the schedule and from `node dist/cli.js <name>`. */
  run(): Promise<JobSummary>;
  /** A frequent job logs its successful runs at debug level, so the log is not a line every 30 seconds. */
  quiet?: boolean;
};

type JobOutcome = { ok: true; summary: JobSummary; durationMs: number } | { ok: false; error: unknown; durationMs: number };

export type JobRunner = {
  register(job: Job): void;
  /** Starts every registered job that has a schedule. */
  start(): void;
  /** Runs one job now, logging it like a scheduled run; never throws for the job's own failure. */
  runOnce(name: string): Promise<JobOutcome>;
  /** Stops the schedules and waits for runs in progress (on SIGTERM, before the database closes). */
  stop(): Promise<void>;
};

/**
 * The server's one job runner: mail polling, the daily backup and reminders (and push, later)
 * register here. Each run is logged with its start, duration and outcome, and a failing job is
 * logged and never takes the process down.
 */
export function createJobRunner({ logger, timeZone }: { logger: Logger; timeZone: string }): JobRunner {
  const jobs = new Map<string, Job>();
  const tasks: ScheduledTask[] = [];
  const running = new Set<Promise<JobOutcome>>();
  const log = logger.child({ component: 'jobs' });

  const execute = async (job: Job): Promise<JobOutcome> => {
    const started = Date.now();
    log[job.quiet ? 'debug' : 'info']({ job: job.name }, `job ${job.name} started`);
    try {
      const summary = await job.run();
      const durationMs = Date.now() - started;
      log[job.quiet ? 'debug' : 'info']({ job: job.name, durationMs, outcome: 'done', ...summary }, `job ${job.name} done`);
      return { ok: true, summary, durationMs };
    } catch (error) {
      const durationMs = Date.now() - started;
      log.error({ job: job.name, durationMs, outcome: 'failed', err: error }, `job ${job.name} failed`);
      return { ok: false, error, durationMs };
    }
  };

  const track = (job: Job): Promise<JobOutcome> => {
    const run = execute(job);
    running.add(run);
    void run.finally(() => running.delete(run));
    return run;
  };

  return {
    register(job) {
      if (jobs.has(job.name)) throw new Error(`The job ${job.name} is registered twice.`);
      if (job.schedule && !cron.validate(job.schedule)) throw new Error(`The job ${job.name} has an invalid schedule: ${job.schedule}`);
      jobs.set(job.name, job);
    },

    start() {
      for (const job of jobs.values()) {
        if (!job.schedule) continue;
        tasks.push(cron.schedule(job.schedule, () => track(job).then(() => undefined), { name: job.name, timezone: timeZone, noOverlap: true }));
        log.info({ job: job.name, schedule: job.schedule, timeZone }, `job ${job.name} scheduled`);
      }
    },

    runOnce(name) {
      const job = jobs.get(name);
      if (!job) throw new Error(`There is no job called ${name}.`);
      return track(job);
    },

    async stop() {
      await Promise.all(tasks.splice(0).map((task) => task.destroy()));
      await Promise.all(running);
    },
  };
}
