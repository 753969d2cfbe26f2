/**
 * The demo newsletters and the club's two public PDFs are drawn with PDFKit (the route books'
 * library too): US Letter, the standard fonts, a footer on every page.
 */
import PDFDocument from 'pdfkit';

export type PdfDocument = PDFKit.PDFDocument;
export type PdfInfo = { title: string; author: string; producer: string; subject?: string };

export const MARGIN = 60;

/**
 * Draws a document and resolves with its bytes. The creation date is fixed, so that the same
 * content always makes the same file (the committed public PDFs change only when their words do).
 */
export function pdfBuffer(info: PdfInfo, draw: (doc: PdfDocument) => void, footer: (page: number, pages: number) => string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    bufferPages: true,
    info: {
      Title: info.title,
      Author: info.author,
      Producer: info.producer,
      Creator: info.producer,
      CreationDate: new Date(Date.UTC(2024, 0, 1)),
      ...(info.subject ? { Subject: info.subject } : {}),
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  draw(doc);
  const { start, count } = doc.bufferedPageRange();
  for (let index = start; index < start + count; index += 1) {
    const label = footer(index - start + 1, count);
    if (label === '') continue;
    doc.switchToPage(index);
    // Below the bottom margin: without zeroing it, PDFKit would start a new page for the footer.
    const bottom = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc
      .font('Helvetica')
      .fontSize(8)
      .fillColor('#4d4d4d')
      .text(label, MARGIN, doc.page.height - MARGIN + 24, { width: doc.page.width - 2 * MARGIN, align: 'center', lineBreak: false });
    doc.page.margins.bottom = bottom;
  }
  doc.end();
  return done;
}

/** A PDF with one line of text per page ('' for a page without text), for tests of reading a PDF's words. */
export function linesPdf(pages: string[]): Promise<Buffer> {
  return pdfBuffer(
    { title: 'Test edition', author: 'Tests', producer: 'Tests' },
    (doc) =>
      pages.forEach((line, index) => {
        if (index > 0) doc.addPage();
        if (line !== '') doc.fontSize(12).text(line, MARGIN, 80);
      }),
    () => '',
  );
}
