/**
 * The worker thread that reads an imported GPX file (see gpx-reader.ts, which starts one per
 * import and stops it at its time limit). Reading a phone's 5 MB track with hundreds of waypoints
 * takes seconds of CPU; here it never holds up the site's own requests.
 */
import { parentPort } from 'node:worker_threads';
import { GpxError, parseGpx } from './gpx.ts';
import type { GpxAnswer, GpxJob } from './gpx-reader.ts';

parentPort?.once('message', ({ file }: GpxJob) => {
  let answer: GpxAnswer;
  try {
    answer = { kind: 'parsed', parsed: parseGpx(Buffer.from(file.buffer, file.byteOffset, file.byteLength)) };
  } catch (error) {
    answer =
      error instanceof GpxError
        ? { kind: 'refused', message: error.message }
        : { kind: 'failed', message: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
