import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJsModule from 'pdfjs-dist/legacy/build/pdf.mjs';
import { lazyImport } from '../../lazy-import.ts';

/** A PDF that cannot be opened or drawn; the message says why, for the person who uploaded it. */
export class UnreadablePdfError extends Error {}

/** Width of the rendered first page in pixels; covers are shown at most about 400 px wide. */
const COVER_WIDTH_PX = 800;
/** Keeps a page with absurd dimensions from asking for a huge canvas. */
const MAX_SIDE_PX = 2400;

const require = createRequire(import.meta.url);

/** pdf.js's data folders, found beside its package wherever it is installed (source, tests, dist). */
function pdfjsFolder(name: string): string {
  return `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), name)}${path.sep}`;
}

/** pdf.js types its canvas as the DOM's; the Skia canvas implements the part it uses. */
type RenderParameters = Parameters<PdfJsModule.PDFPageProxy['render']>[0];

/**
 * pdf.js and the Skia canvas (together about 60 MB resident) are loaded on the first cover drawn,
 * not at start: most requests never render a page.
 */
const loadRenderer = lazyImport('pdfjs-dist and @napi-rs/canvas', async () => {
  const [pdfjs, { createCanvas }] = await Promise.all([import('pdfjs-dist/legacy/build/pdf.mjs'), import('@napi-rs/canvas')]);
  return { getDocument: pdfjs.getDocument, createCanvas };
});

/**
 * Draws the first page of a PDF as a PNG, with pdf.js (the legacy build, which runs on Node 20)
 * on a Skia canvas from @napi-rs/canvas: no system packages, no browser. Scripts in the PDF are
 * never run (`isEvalSupported: false`, no XFA) and nothing is fetched but pdf.js's own fonts.
 */
export async function renderFirstPage(pdf: Buffer): Promise<Buffer> {
  const { getDocument, createCanvas } = await loadRenderer();
  const task = getDocument({
    // pdf.js takes ownership of (detaches) the buffer it is given, so it gets a copy.
    data: new Uint8Array(pdf),
    isEvalSupported: false,
    enableXfa: false,
    disableFontFace: true,
    useSystemFonts: false,
    standardFontDataUrl: pdfjsFolder('standard_fonts'),
    cMapUrl: pdfjsFolder('cmaps'),
    cMapPacked: true,
    wasmUrl: pdfjsFolder('wasm'),
    verbosity: 0,
  });
  try {
    let document;
    try {
      document = await task.promise;
    } catch (error) {
      if (error instanceof Error && error.name === 'PasswordException') {
        throw new UnreadablePdfError('That PDF is protected by a password. Please save a copy without the password and upload that.');
      }
      throw new UnreadablePdfError('That PDF could not be read; it may be damaged. Please check that it opens on your computer, save it again as PDF, and upload it again.');
    }
    try {
      const page = await document.getPage(1);
      const unscaled = page.getViewport({ scale: 1 });
      const scale = Math.min(COVER_WIDTH_PX / unscaled.width, MAX_SIDE_PX / unscaled.height);
      const viewport = page.getViewport({ scale });
      const canvas = createCanvas(Math.max(1, Math.round(viewport.width)), Math.max(1, Math.round(viewport.height)));
      const context = canvas.getContext('2d');
      await page.render({
        canvas: canvas as unknown as RenderParameters['canvas'],
        canvasContext: context as unknown as RenderParameters['canvasContext'],
        viewport,
      }).promise;
      return canvas.toBuffer('image/png');
    } catch (error) {
      if (error instanceof UnreadablePdfError) throw error;
      throw new UnreadablePdfError('The first page of that PDF could not be drawn. Please save it again as PDF and upload it again, or upload a picture of the cover instead.');
    }
  } finally {
    await task.destroy();
  }
}
