import { afterEach, describe, expect, it } from 'vitest';
import { createLogger } from '../logger.ts';
import { createJobRunner, type JobRunner } from './runner.ts';

type LogLine = { level: string; msg: string; job?: string; durationMs?: number; outcome?: string; [key: string]: unknown };

let lines: LogLine[];
let runner: JobRunner | undefined;

function newRunner() {
  lines = [];
  const logger = createLogger('debug', { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  runner = createJobRunner({ logger, timeZone: 'America/Chicago' });
  return runner;
}

const waitFor = async (condition: () => boolean, ms = 4000) => {
  const deadline = Date.now() + ms;
  while (!condition() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
};

afterEach(async () => {
  await runner?.stop();
  runner = undefined;
});

describe('the job runner', () => {
  it('runs a job on its schedule, logging start, duration and outcome, until stopped', async () => {
    const jobs = newRunner();
    let runs = 0;
    jobs.register({ name: 'tick', schedule: '* * * * * *', run: async () => ({ runs: ++runs }) });
    jobs.start();
    await waitFor(() => runs >= 1);
    await jobs.stop();
    const stoppedAt = runs;
    expect(stoppedAt).toBeGreaterThanOrEqual(1);
    expect(lines.find((l) => l.msg === 'job tick scheduled')).toMatchObject({ job: 'tick', schedule: '* * * * * *', timeZone: 'America/Chicago' });
    expect(lines.find((l) => l.msg === 'job tick started')).toMatchObject({ job: 'tick', level: 'info' });
    const done = lines.find((l) => l.msg === 'job tick done');
    expect(done).toMatchObject({ job: 'tick', outcome: 'done', runs: 1, level: 'info' });
    expect(typeof done?.durationMs).toBe('number');
    await new Promise((resolve) => setTimeout(resolve, 1300));
    expect(runs).toBe(stoppedAt);
  });

  it('logs a failing job and keeps running it and the others', async () => {
    const jobs = newRunner();
    let failures = 0;
    let others = 0;
    jobs.register({
      name: 'broken',
      schedule: '* * * * * *',
      run: async () => {
        failures += 1;
        throw new Error('the disk is full');
      },
    });
    jobs.register({ name: 'fine', schedule: '* * * * * *', run: async () => ({ others: ++others }) });
    jobs.start();
    await waitFor(() => failures >= 2 && others >= 2, 5000);
    expect(failures).toBeGreaterThanOrEqual(2);
    expect(others).toBeGreaterThanOrEqual(2);
    const failed = lines.find((l) => l.msg === 'job broken failed');
    expect(failed).toMatchObject({ job: 'broken', outcome: 'failed', level: 'error', err: { message: 'the disk is full' } });
  });

  it('runs one job once by name and reports its outcome, failures included', async () => {
    const jobs = newRunner();
    jobs.register({ name: 'once', schedule: '', run: async () => ({ sent: 3 }) });
    jobs.register({ name: 'fails', schedule: '', run: () => Promise.reject(new Error('no route to host')) });
    jobs.start();
    expect(lines.some((l) => l.msg.endsWith('scheduled'))).toBe(false);
    await expect(jobs.runOnce('once')).resolves.toMatchObject({ ok: true, summary: { sent: 3 } });
    const failed = await jobs.runOnce('fails');
    expect(failed.ok).toBe(false);
    expect(lines.find((l) => l.msg === 'job once done')).toMatchObject({ sent: 3 });
    expect(lines.find((l) => l.msg === 'job fails failed')).toMatchObject({ err: { message: 'no route to host' } });
    expect(() => jobs.runOnce('nothing')).toThrow('There is no job called nothing.');
  });

  it('logs a quiet job at debug level, and refuses a bad schedule or a second job of one name', () => {
    const jobs = newRunner();
    expect(() => jobs.register({ name: 'bad', schedule: 'every day', run: async () => ({}) })).toThrow('invalid schedule');
    jobs.register({ name: 'mail', schedule: '', quiet: true, run: async () => ({ sent: 0 }) });
    expect(() => jobs.register({ name: 'mail', schedule: '', run: async () => ({}) })).toThrow('registered twice');
    return jobs.runOnce('mail').then(() => {
      expect(lines.filter((l) => l.job === 'mail').map((l) => l.level)).toEqual(['debug', 'debug']);
    });
  });
});
