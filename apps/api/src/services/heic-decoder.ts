import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/** Decoded pixels of a HEIC's primary image: RGBA, row by row, upright (libheif applies rotation and mirroring). */
export type HeicPixels = { width: number; height: number; data: Buffer };

/** Why a HEIC gave no pixels: libheif could not read it, or it has more pixels than the limit. */
export type HeicFailure = 'unreadable' | 'too-large';

export class HeicDecodeError extends Error {
  constructor(readonly reason: HeicFailure) {
    super(`HEIC not decoded: ${reason}`);
  }
}

type WorkerAnswer = { kind: 'decoded'; width: number; height: number; data: Uint8Array } | { kind: HeicFailure };

/** Far more than a phone photo takes (about a second for 12 MP); a file that takes longer is not one. */
const DECODE_LIMIT_MS = 30_000;

/**
 * The worker's code, plain CommonJS run with `eval` (so the production bundle needs no file of its
 * own for it): it loads heic-decode (libheif compiled to WebAssembly) from the path it is given,
 * checks the primary image's size before decoding, and hands the pixels back without a copy.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const decode = require(workerData.decoderPath);
(async () => {
  const images = await decode.all({ buffer: workerData.file });
  try {
    const primary = images[0];
    if (!primary) return parentPort.postMessage({ kind: 'unreadable' });
    if (primary.width * primary.height > workerData.maxPixels) return parentPort.postMessage({ kind: 'too-large' });
    const { width, height, data } = await primary.decode();
    const pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
    parentPort.postMessage({ kind: 'decoded', width, height, data: pixels }, [pixels.buffer]);
  } finally {
    images.dispose();
  }
})().catch(() => parentPort.postMessage({ kind: 'unreadable' }));
`;

/** The major brands heic-decode checks before it hands a file to libheif (which reads every brand itself). */
const DECODER_MAJOR_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'mif1', 'msf1']);

/**
 * Decodes a HEIC photo (sharp's prebuilt libvips has no HEVC decoder) in a worker thread of its
 * own, started for this photo and ended after it: libheif's WebAssembly runs synchronously, so on
 * the main thread a 12 MP photo would hold up every other request for about a second, and its
 * memory (WebAssembly memory never shrinks) would stay with the server. Here neither the decoder
 * nor its memory outlives the upload, and a server that never receives a HEIC never loads it.
 * Rejects with HeicDecodeError.
 */
export async function decodeHeic(file: Buffer, maxPixels: number): Promise<HeicPixels> {
  // heic-decode refuses the rarer major brands (heim, heis, hevm, hevs) without asking libheif.
  let sent = file;
  if (!DECODER_MAJOR_BRANDS.has(file.toString('latin1', 8, 12))) {
    sent = Buffer.from(file);
    sent.write('mif1', 8, 'latin1');
  }
  const decoderPath = createRequire(import.meta.url).resolve('heic-decode');
  const answer = await new Promise<WorkerAnswer>((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { decoderPath, file: sent, maxPixels }, env: {}, stdout: true, stderr: true });
    // libheif's warnings are no business of the server's log.
    worker.stdout.resume();
    worker.stderr.resume();
    const timer = setTimeout(() => void worker.terminate(), DECODE_LIMIT_MS);
    let isAnswered = false;
    worker.once('message', (message: WorkerAnswer) => {
      isAnswered = true;
      resolve(message);
      void worker.terminate();
    });
    worker.once('error', () => {
      if (!isAnswered) resolve({ kind: 'unreadable' });
    });
    worker.once('exit', () => {
      clearTimeout(timer);
      if (!isAnswered) resolve({ kind: 'unreadable' });
    });
  });
  if (answer.kind !== 'decoded') throw new HeicDecodeError(answer.kind);
  return { width: answer.width, height: answer.height, data: Buffer.from(answer.data.buffer, answer.data.byteOffset, answer.data.byteLength) };
}
