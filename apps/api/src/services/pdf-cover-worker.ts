/**
 * The child process that draws newsletters' first pages and reads their text for the site
 * search (see pdf-covers.ts, which starts one
 * per upload, or per batch, and stops it at its time limit or memory cap). It takes jobs over
 * IPC and exits when the site lets go, so whatever a hostile PDF made it allocate goes with it.
 *
 * MuPDF (WebAssembly) draws: it runs no scripts, fetches nothing, and decodes an image only at
 * the size it is drawn. The site's own process never parses the PDF.
 */
import * as mupdf from 'mupdf';

export type CoverJob = {
  /** Draw the first page (the cover), or read the text of every page (the site search). */
  task: 'cover' | 'text';
  pdf: Uint8Array;
  /** Width of the drawn page in pixels. */
  widthPx: number;
  /** Keeps a page with absurd proportions from asking for a huge canvas. */
  maxSidePx: number;
  /** An image on the page with more pixels than this is not drawn at all. */
  maxImagePixels: number;
  /** Text jobs: pages past this are not read, and each page's text is cut at `maxPageChars`. */
  maxPages: number;
  maxPageChars: number;
};

export type CoverAnswer =
  /** Sent first, once the renderer has loaded and listens for its job. */
  | { kind: 'ready' }
  | { kind: 'cover'; png: Uint8Array }
  | { kind: 'text'; pages: string[] }
  | { kind: 'unreadable'; reason: 'password' | 'damaged' | 'page' }
  | { kind: 'too-large'; detail: string };

/** Forms nested deeper than this are not searched for images (the memory cap still holds). */
const MAX_FORM_DEPTH = 8;

/** The largest image (width × height) named in a resource dictionary and the forms it holds. */
function largestImage(resources: mupdf.PDFObject, depth = 0, seen = new Set<number>()): number {
  if (depth > MAX_FORM_DEPTH || !resources.isDictionary()) return 0;
  const xobjects = resources.get('XObject');
  if (!xobjects.isDictionary()) return 0;
  let largest = 0;
  xobjects.forEach((value) => {
    if (value.isIndirect()) {
      const number = value.asIndirect();
      if (seen.has(number)) return;
      seen.add(number);
    }
    const subtype = value.get('Subtype');
    if (!subtype.isName()) return;
    if (subtype.asName() === 'Image') {
      largest = Math.max(largest, value.get('Width').asNumber() * value.get('Height').asNumber());
    } else if (subtype.asName() === 'Form') {
      largest = Math.max(largest, largestImage(value.get('Resources'), depth + 1, seen));
    }
  });
  return largest;
}

/** The document, or why it cannot be read. */
function openPdf(pdf: Uint8Array): mupdf.Document | CoverAnswer {
  let document: mupdf.Document;
  try {
    document = mupdf.Document.openDocument(pdf, 'application/pdf');
  } catch {
    return { kind: 'unreadable', reason: 'damaged' };
  }
  if (document.needsPassword()) return { kind: 'unreadable', reason: 'password' };
  return document;
}

/**
 * Each page's text, in reading order as MuPDF finds it (a scan without a text layer gives empty
 * pages). Only text is extracted: images are not decoded, so this is cheaper than drawing.
 */
function readText({ pdf, maxPages, maxPageChars }: CoverJob): CoverAnswer {
  const document = openPdf(pdf);
  if (!(document instanceof mupdf.Document)) return document;
  const pages: string[] = [];
  try {
    const count = Math.min(document.countPages(), maxPages);
    for (let index = 0; index < count; index += 1) {
      const page = document.loadPage(index);
      const text = page.toStructuredText('preserve-whitespace').asText();
      pages.push(text.replace(/\s+/g, ' ').trim().slice(0, maxPageChars));
    }
  } catch {
    return { kind: 'unreadable', reason: 'page' };
  }
  return { kind: 'text', pages };
}

function drawCover({ pdf, widthPx, maxSidePx, maxImagePixels }: CoverJob): CoverAnswer {
  const document = openPdf(pdf);
  if (!(document instanceof mupdf.Document)) return document;
  let page: mupdf.Page;
  try {
    if (document.countPages() < 1) return { kind: 'unreadable', reason: 'damaged' };
    page = document.loadPage(0);
  } catch {
    return { kind: 'unreadable', reason: 'damaged' };
  }
  try {
    if (page instanceof mupdf.PDFPage) {
      const pixels = largestImage(page.getObject().getInheritable('Resources'));
      if (pixels > maxImagePixels) {
        return { kind: 'too-large', detail: `an image of ${Math.round(pixels / 1_000_000)} megapixels` };
      }
    }
    const [x0, y0, x1, y1] = page.getBounds();
    const width = Math.max(1, x1 - x0);
    const height = Math.max(1, y1 - y0);
    const scale = Math.min(widthPx / width, maxSidePx / height);
    const pixmap = page.toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false, false);
    return { kind: 'cover', png: pixmap.asPNG() };
  } catch {
    return { kind: 'unreadable', reason: 'page' };
  }
}

// Started by pdf-covers.ts: says it is ready, answers each job in turn, and ends when the site
// disconnects (or stops it at a limit).
process.on('message', (job: CoverJob) => {
  const read = { ...job, pdf: new Uint8Array(job.pdf) };
  process.send?.(job.task === 'text' ? readText(read) : drawCover(read));
});
process.send?.({ kind: 'ready' } satisfies CoverAnswer);
