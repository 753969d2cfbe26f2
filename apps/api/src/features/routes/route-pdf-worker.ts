/**
 * The child process that draws route books (see route-pdf-renderer.ts, which starts it when a
 * book is asked for and lets it go once none is waiting). PDFKit, its fonts' metrics and its
 * dependencies load here, never in the site's own process, and leave with the child.
 */
import PDFDocument from 'pdfkit';
import { drawRouteBook } from './route-pdf.ts';
import type { RouteBookAnswer, RouteBookJob } from './route-pdf-renderer.ts';

const answer = (message: RouteBookAnswer) => process.send?.(message);

process.on('message', (job: RouteBookJob) => {
  try {
    answer({ kind: 'pdf', pdf: drawRouteBook(PDFDocument, job.book, job.options) });
  } catch (error) {
    answer({ kind: 'failed', message: error instanceof Error ? error.message : String(error) });
  }
});
answer({ kind: 'ready' });
