/**
 * A small hand-rolled PDF writer: US Letter pages, the three standard Type 1 fonts, WinAnsi
 * text and no compression, so the project needs no PDF-writing dependency (docs/PERFORMANCE.md
 * compares it with pdf-lib). It writes the demo editions
 * of Valley News (newsletter-pdf.ts) and the club's two public PDFs
 * (apps/api/scripts/make-club-pdfs.ts).
 */

export const PAGE = { width: 612, height: 792, margin: 60 } as const;
export const COLUMN = PAGE.width - 2 * PAGE.margin;

/** F1 Helvetica, F2 Helvetica-Bold, F3 Times-Bold. */
export type Font = 'F1' | 'F2' | 'F3';

// Helvetica advance widths (1/1000 em) for ASCII 32-126, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

/** Where WinAnsi puts the typographic characters that Latin-1 lacks (dashes, curly quotes, bullet). */
const WIN_ANSI: Readonly<Record<string, number>> = {
  '\u2013': 0x96,
  '\u2014': 0x97,
  '\u2018': 0x91,
  '\u2019': 0x92,
  '\u201c': 0x93,
  '\u201d': 0x94,
  '\u00a7': 0xa7,
  '\u2022': 0x95,
};

const charWidth = (ch: string): number => {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code <= 126) return HELVETICA[code - 32] ?? 556;
  return ch === '\u2014' ? 1000 : 556;
};

/** Width in points; bold runs about 6% wider, serif about 5% narrower: close enough for wrapping. */
export const textWidth = (text: string, size: number, font: Font): number =>
  ([...text].reduce((sum, ch) => sum + charWidth(ch), 0) * size * (font === 'F2' ? 1.06 : font === 'F3' ? 0.95 : 1)) / 1000;

/** A PDF string's contents: ASCII as it is, the rest as WinAnsi octal escapes ('?' when WinAnsi lacks it). */
export const encode = (text: string): string =>
  [...text]
    .map((ch) => {
      if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`;
      const code = ch.charCodeAt(0);
      if (code >= 32 && code <= 126) return ch;
      const mapped = WIN_ANSI[ch] ?? (code < 256 ? code : 0x3f);
      return `\\${mapped.toString(8).padStart(3, '0')}`;
    })
    .join('');

/** Breaks text into lines no wider than `width` points, at white space. */
export function wrap(text: string, size: number, font: Font, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const candidate = line ? `${line} ${word}` : word;
    if (line && textWidth(candidate, size, font) > width) {
      lines.push(line);
      line = word;
    } else {
      line = candidate;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** A coordinate as the content streams write it. */
export const f = (n: number): string => n.toFixed(2);
/** Shows one line of text with its baseline starting at (x, y). */
export const say = (x: number, y: number, text: string, size: number, font: Font): string =>
  `BT /${font} ${size} Tf ${f(x)} ${f(y)} Td (${encode(text)}) Tj ET`;
/** Shows one line of text centred in the column. */
export const centred = (y: number, text: string, size: number, font: Font): string =>
  say(PAGE.margin + (COLUMN - textWidth(text, size, font)) / 2, y, text, size, font);

/**
 * Pages filled top to bottom: `ops` takes the current page's operators and `y` is the baseline
 * reached so far; a new page starts when the next piece would run below `bottom`.
 */
export class PageFlow {
  readonly pages: string[][] = [];
  ops: string[] = [];
  y = 0;

  constructor(private readonly bottom: number) {
    this.newPage();
  }

  newPage(): void {
    this.ops = [];
    this.pages.push(this.ops);
    this.y = PAGE.height - PAGE.margin;
  }

  /** Starts a new page unless `height` more points fit above the bottom. */
  ensure(height: number): void {
    if (this.y - height < this.bottom) this.newPage();
  }
}

/** The document information dictionary. */
export type PdfInfo = { title: string; subject?: string; author: string; producer: string };

/** Serialises pages (each a list of content-stream operators) into a PDF 1.4 file with a correct cross-reference table. */
export function buildPdf(pages: string[][], info: PdfInfo): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(''); // 1: catalog
  add(''); // 2: pages
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'); // 3: F1
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'); // 4: F2
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>'); // 5: F3
  const kids = pages.map((ops) => {
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${content} 0 R >>`);
  });
  objects[0] = '<< /Type /Catalog /Pages 2 0 R /Lang (en-US) >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const subject = info.subject === undefined ? '' : ` /Subject (${encode(info.subject)})`;
  const infoId = add(`<< /Title (${encode(info.title)})${subject} /Author (${encode(info.author)}) /Producer (${encode(info.producer)}) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoId} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
