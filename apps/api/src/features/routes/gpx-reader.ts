import { Worker } from 'node:worker_threads';
import { workerFile } from '../../lib/worker-file.ts';
import { GpxError, type ParsedGpx } from './gpx.ts';

/**
 * Imported GPX files are read in a worker thread (gpx-worker.ts), one per import: a 4.6 MB track
 * of 118,000 points and 300 waypoints took 3-8 s of CPU, during which the site answered nothing
 * (`/healthz` waited as long). The thread starts in tens of milliseconds and ends with its file.
 */

export type GpxJob = { file: Uint8Array };
export type GpxAnswer = { kind: 'parsed'; parsed: ParsedGpx } | { kind: 'refused'; message: string } | { kind: 'failed'; message: string };

/** A file the limits let through is read in seconds; past this something is wrong with it. */
const READ_LIMIT_MS = 60_000;
/** A 5 MB file's points and text fit several times over. */
const HEAP_LIMIT_MB = 256;

/** The GPX file read into a line and steps; throws GpxError for a file that is not one the site takes. */
export async function readGpx(file: Buffer): Promise<ParsedGpx> {
  const script = await workerFile(new URL('./gpx-worker.ts', import.meta.url), []);
  return new Promise<ParsedGpx>((resolve, reject) => {
    const worker = new Worker(script, { env: {}, resourceLimits: { maxOldGenerationSizeMb: HEAP_LIMIT_MB } });
    let isSettled = false;
    const settle = (outcome: () => void) => {
      if (isSettled) return;
      isSettled = true;
      clearTimeout(timer);
      void worker.terminate();
      outcome();
    };
    const timer = setTimeout(
      () =>
        settle(() =>
          reject(new GpxError(`This GPX file took more than ${READ_LIMIT_MS / 1000} s to read. Save the route without extra detail, or split it in two.`)),
        ),
      READ_LIMIT_MS,
    );
    worker.once('message', (answer: GpxAnswer) =>
      settle(() => {
        if (answer.kind === 'parsed') resolve(answer.parsed);
        else if (answer.kind === 'refused') reject(new GpxError(answer.message));
        else reject(new Error(`The GPX file could not be read: ${answer.message}`));
      }),
    );
    worker.once('error', (error: Error & { code?: string }) =>
      settle(() =>
        reject(
          error.code === 'ERR_WORKER_OUT_OF_MEMORY'
            ? new GpxError('This GPX file holds more than the site can read at once. Save the route without extra detail, or split it in two.')
            : error,
        ),
      ),
    );
    worker.once('exit', (code) => settle(() => reject(new Error(`The GPX reader stopped (exit ${code})`))));
    const copy = Uint8Array.from(file);
    worker.postMessage({ file: copy } satisfies GpxJob, [copy.buffer]);
  });
}
