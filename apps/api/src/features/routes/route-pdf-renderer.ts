import { fork } from 'node:child_process';
import type { CallResponse } from '@club/contracts';
import { ApiError } from '../../errors.ts';
import { workerFile } from '../../lib/worker-file.ts';
import type { RouteBookOptions } from './route-pdf.ts';

/**
 * Route books are drawn in a child process (route-pdf-worker.ts) that lives while books are
 * waiting and exits after the last. Loaded in the site's own process, PDFKit (fontkit, the line
 * breaker's tables, the standard fonts' metrics) kept about 13 MiB resident for good after the
 * first download, the largest single step of the peak over the web app's reads (issue 28). A
 * download costs the child's start (about 0.2-0.3 s of CPU) instead; the routes service keeps
 * each book drawn (service.ts, `BookCache`), so that is once per route, kind of reader and version.
 */

export type RouteBookJob = { book: CallResponse<'route.get'>; options: RouteBookOptions };
export type RouteBookAnswer = { kind: 'ready' } | { kind: 'pdf'; pdf: Uint8Array } | { kind: 'failed'; message: string };

/** Starting Node and loading PDFKit takes well under a second; a busy host gets ample room. */
const STARTUP_LIMIT_MS = 30_000;
/** A book of a few hundred steps is drawn in well under a second. */
const DRAW_LIMIT_MS = 30_000;

/**
 * Books waiting for the renderer at most. A book takes up to a few seconds to draw: past this the
 * next is refused at once, so no one waits minutes behind a queue (the service draws each route
 * and version once, and limits how many books one address has drawn).
 */
const MAX_WAITING_BOOKS = 8;

type Waiting = RouteBookJob & { resolve: (pdf: Buffer) => void; reject: (error: Error) => void };
const queue: Waiting[] = [];
let isDrawing = false;

/** One child for the books waiting now, and those asked for while it draws; it ends when none is left. */
async function drawWaiting(): Promise<void> {
  const file = await workerFile(new URL('./route-pdf-worker.ts', import.meta.url), ['pdfkit']);
  await new Promise<void>((resolve) => {
    const child = fork(file, [], {
      // No secrets in the environment of a process that needs none.
      env: {},
      execArgv: ['--max-old-space-size=128'],
      serialization: 'advanced',
      stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    });
    let current: Waiting | undefined;
    let stopped: string | undefined;
    const stop = (why: string) => {
      stopped ??= why;
      child.kill('SIGKILL');
    };
    let timer = setTimeout(() => stop(`the route book renderer did not start within ${STARTUP_LIMIT_MS / 1000} s`), STARTUP_LIMIT_MS);
    const sendNext = () => {
      clearTimeout(timer);
      current = queue.shift();
      if (!current) {
        child.disconnect();
        return;
      }
      timer = setTimeout(() => stop(`the route book took longer than ${DRAW_LIMIT_MS / 1000} s to draw`), DRAW_LIMIT_MS);
      child.send({ book: current.book, options: current.options } satisfies RouteBookJob);
    };
    child.on('message', (message: RouteBookAnswer) => {
      if (message.kind === 'pdf') current?.resolve(Buffer.from(message.pdf));
      if (message.kind === 'failed') current?.reject(new Error(`The route book could not be drawn: ${message.message}`));
      sendNext();
    });
    let isFinished = false;
    const finish = (why: string) => {
      if (isFinished) return;
      isFinished = true;
      clearTimeout(timer);
      current?.reject(new Error(stopped ?? why));
      resolve();
    };
    child.on('error', (error) => {
      // A child that never started sends no 'exit'.
      if (child.pid === undefined) finish(`the route book renderer could not start (${error.message})`);
      else stop(`the route book renderer failed (${error.message})`);
    });
    child.on('exit', (code, signal) => finish(`the route book renderer stopped (${signal ?? `exit ${code}`})`));
  });
}

async function drain(): Promise<void> {
  isDrawing = true;
  try {
    while (queue.length > 0) {
      try {
        await drawWaiting();
      } catch (error) {
        // The worker's file could not be found or built: every waiting book fails alike.
        for (const waiting of queue.splice(0)) waiting.reject(error instanceof Error ? error : new Error(String(error)));
      }
    }
  } finally {
    isDrawing = false;
  }
}

/**
 * The route book as PDF bytes, drawn in the renderer's child process (one book at a time).
 * Rejects with a 503 at once when MAX_WAITING_BOOKS are already waiting.
 */
export function renderRouteBookPdf(book: CallResponse<'route.get'>, options: RouteBookOptions): Promise<Buffer> {
  return new Promise<Buffer>((resolve, reject) => {
    if (queue.length >= MAX_WAITING_BOOKS) {
      reject(new ApiError(503, 'Many route books are being drawn right now. Please try again in a minute.'));
      return;
    }
    queue.push({ book, options, resolve, reject });
    if (!isDrawing) void drain();
  });
}
