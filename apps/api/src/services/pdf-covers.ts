import { fork } from 'node:child_process';
import fs from 'node:fs';
import { workerFile } from '../lib/worker-file.ts';
import { createJobLimiter } from './images.ts';
import type { CoverAnswer, CoverJob } from './pdf-cover-worker.ts';

/** A PDF that cannot be opened or drawn; the message says why, for the person who uploaded it. */
export class UnreadablePdfError extends Error {}

/** A PDF too costly to draw within the limits: the edition is stored with a plain cover. */
export class CoverNotDrawnError extends Error {}

export type PdfCoverLimits = {
  /** From handing the PDF to the renderer to its answer (starting it is timed apart: STARTUP_LIMIT_MS). */
  timeLimitMs: number;
  /** The renderer's resident memory (Linux, where /proc tells it; elsewhere the time limit alone holds). */
  memoryLimitMb: number;
  /** An image on the first page with more pixels than this is not drawn. */
  maxImagePixels: number;
};

/**
 * An ordinary cover takes 0.2-0.6 s and about 110 MB (Node and MuPDF loading included); a 600 dpi
 * scan of a letter page is 34 megapixels. The site itself runs in about 100 MB of a 1 GB host.
 */
const PDF_COVER_LIMITS: PdfCoverLimits = { timeLimitMs: 20_000, memoryLimitMb: 320, maxImagePixels: 100_000_000 };

/** Width of the drawn first page in pixels; covers are shown at most about 400 px wide. */
const COVER_WIDTH_PX = 800;
/** Keeps a page with absurd dimensions from asking for a huge canvas (800 × 2400 at most). */
const MAX_SIDE_PX = 2400;
/** How often the renderer's memory is read. */
const MEMORY_CHECK_MS = 50;
/** Starting Node and loading MuPDF takes well under a second; a busy host gets ample room. */
const STARTUP_LIMIT_MS = 30_000;

export type PdfCoverService = {
  /**
   * The first page of a PDF as a PNG. Throws UnreadablePdfError for a damaged or locked PDF and
   * CoverNotDrawnError when drawing it would pass a limit.
   */
  renderFirstPage(pdf: Buffer): Promise<Buffer>;
  /** The same for many PDFs in one renderer process (the demo, the covers command): a PNG or the error, for each. */
  renderFirstPages(pdfs: Buffer[]): Promise<(Buffer | Error)[]>;
  /**
   * An upload's cover and the text of each of its pages (for the site search), read in one child
   * within the same limits: each is the result or the error (as renderFirstPage would throw it).
   */
  readUpload(pdf: Buffer): Promise<{ cover: Buffer | Error; pages: string[] | Error }>;
  /** The text of each page of many PDFs (editions stored before the search), in one child. */
  readPageTexts(pdfs: Buffer[]): Promise<(string[] | Error)[]>;
};

/** A newsletter has a dozen pages; a few hundred is already a book. */
const MAX_TEXT_PAGES = 500;
/** A dense page of small type holds about 10,000 characters. */
const MAX_PAGE_CHARS = 20_000;

type Job = { task: CoverJob['task']; pdf: Buffer };

/** The resident memory of a process in MB, where /proc tells it. */
function residentMb(pid: number): number | undefined {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'latin1');
    const kb = /^VmRSS:\s+(\d+)/m.exec(status)?.[1];
    return kb === undefined ? undefined : Number(kb) / 1024;
  } catch {
    return undefined;
  }
}

const UNREADABLE: Record<Extract<CoverAnswer, { kind: 'unreadable' }>['reason'], string> = {
  password: 'That PDF is protected by a password. Please save a copy without the password and upload that.',
  damaged: 'That PDF could not be read; it may be damaged. Please check that it opens on your computer, save it again as PDF, and upload it again.',
  page: 'The first page of that PDF could not be drawn. Please save it again as PDF and upload it again, or upload a picture of the cover instead.',
};

/** What a renderer's answer (or its stopping) means for the one waiting for the cover. */
function outcomeOf(answer: CoverAnswer | undefined, stopped: string): Buffer | string[] | Error {
  if (answer?.kind === 'cover') return Buffer.from(answer.png);
  if (answer?.kind === 'text') return answer.pages;
  if (answer?.kind === 'unreadable') return new UnreadablePdfError(UNREADABLE[answer.reason]);
  if (answer?.kind === 'too-large') return new CoverNotDrawnError(`its first page holds ${answer.detail}`);
  return new CoverNotDrawnError(stopped);
}

/**
 * Draws the PDFs one after another in one child process, each within the time limit, the child
 * within the memory cap. A child stopped at a limit fails the PDF it was drawing; a new one
 * goes on with the rest.
 */
async function drawInChild(jobs: Job[], limits: PdfCoverLimits): Promise<(Buffer | string[] | Error)[]> {
  const file = await workerFile(new URL('./pdf-cover-worker.ts', import.meta.url), ['mupdf']);
  const outcomes: (Buffer | string[] | Error)[] = [];
  while (outcomes.length < jobs.length) {
    const first = outcomes.length;
    const drawn = await new Promise<(Buffer | string[] | Error)[]>((resolve) => {
      const child = fork(file, [], {
        // No secrets in the environment of a process that reads uploads.
        env: {},
        execArgv: ['--max-old-space-size=96'],
        serialization: 'advanced',
        stdio: ['ignore', 'ignore', 'ignore', 'ipc'],
      });
      const done: (Buffer | string[] | Error)[] = [];
      let stopped: string | undefined;
      const stop = (why: string) => {
        stopped ??= why;
        child.kill('SIGKILL');
      };
      let timer = setTimeout(() => stop(`the renderer did not start within ${STARTUP_LIMIT_MS / 1000} s`), STARTUP_LIMIT_MS);
      const watch = setInterval(() => {
        const mb = child.pid === undefined ? undefined : residentMb(child.pid);
        if (mb !== undefined && mb > limits.memoryLimitMb) stop(`it needed more than ${limits.memoryLimitMb} MB of memory`);
      }, MEMORY_CHECK_MS);
      const sendNext = () => {
        clearTimeout(timer);
        const next = jobs[first + done.length];
        if (!next) {
          child.disconnect();
          return;
        }
        timer = setTimeout(() => stop(`it took longer than ${limits.timeLimitMs / 1000} s`), limits.timeLimitMs);
        const job: CoverJob = {
          task: next.task,
          pdf: next.pdf,
          widthPx: COVER_WIDTH_PX,
          maxSidePx: MAX_SIDE_PX,
          maxImagePixels: limits.maxImagePixels,
          maxPages: MAX_TEXT_PAGES,
          maxPageChars: MAX_PAGE_CHARS,
        };
        child.send(job);
      };
      child.on('message', (message: CoverAnswer) => {
        if (message.kind !== 'ready') done.push(outcomeOf(message, ''));
        sendNext();
      });
      let isFinished = false;
      const finish = (why: string) => {
        if (isFinished) return;
        isFinished = true;
        clearTimeout(timer);
        clearInterval(watch);
        if (first + done.length < jobs.length) done.push(outcomeOf(undefined, stopped ?? why));
        resolve(done);
      };
      child.on('error', (error) => {
        // A child that never started sends no 'exit'.
        if (child.pid === undefined) finish(`the renderer could not start (${error.message})`);
        else stop(`the renderer failed (${error.message})`);
      });
      child.on('exit', (code, signal) => finish(`the renderer stopped (${signal ?? `exit ${code}`})`));
    });
    outcomes.push(...drawn);
  }
  return outcomes;
}

/** Covers are rare (one upload a month) and each may use its whole memory cap: one at a time. */
const coverJobs = createJobLimiter(1);

export function createPdfCoverService(limits: Partial<PdfCoverLimits> = {}): PdfCoverService {
  const all = { ...PDF_COVER_LIMITS, ...limits };
  const run = (jobs: Job[]) => coverJobs(() => drawInChild(jobs, all));
  const asCover = (outcome: Buffer | string[] | Error | undefined): Buffer | Error =>
    outcome instanceof Buffer || outcome instanceof Error ? outcome : new CoverNotDrawnError('the renderer gave no answer');
  const asPages = (outcome: Buffer | string[] | Error | undefined): string[] | Error =>
    Array.isArray(outcome) || outcome instanceof Error ? outcome : new CoverNotDrawnError('the renderer gave no answer');
  const renderFirstPages = async (pdfs: Buffer[]) => (await run(pdfs.map((pdf) => ({ task: 'cover' as const, pdf })))).map(asCover);
  return {
    renderFirstPages,
    async readUpload(pdf) {
      const [cover, pages] = await run([
        { task: 'cover', pdf },
        { task: 'text', pdf },
      ]);
      return { cover: asCover(cover), pages: asPages(pages) };
    },
    readPageTexts: async (pdfs) => (await run(pdfs.map((pdf) => ({ task: 'text' as const, pdf })))).map(asPages),
    async renderFirstPage(pdf) {
      const [outcome] = await renderFirstPages([pdf]);
      if (outcome instanceof Buffer) return outcome;
      throw outcome ?? new CoverNotDrawnError('the renderer gave no answer');
    },
  };
}
