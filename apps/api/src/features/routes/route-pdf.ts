import type PDFKitDocument from 'pdfkit';
import type { CallResponse, LatLon, RouteStep } from '@club/contracts';
// The zod-free files only: route-pdf-worker.ts bundles this file, and the whole contracts package
// would bring every schema into that child.
import { STOP_KIND_LABELS } from '@club/contracts/route-constants';
import { formatDistance, milesText } from '@club/contracts/route-distance';

/**
 * The route book as a PDF for the glovebox, drawn on the server with PDFKit (the container has no
 * browser to print the page): US Letter, all text in 14 pt and up, the map as vector graphics (the
 * route's line and numbered markers, no tiles), the numbered steps with both distances, the stops
 * and, when the book carries one, the phone list. A day's tour of about 30 steps fits on two pages;
 * a longer route runs on, the table's header repeated on each page.
 */

type Book = CallResponse<'route.get'>;
type Doc = PDFKit.PDFDocument;

const PAGE = { width: 612, height: 792 } as const;
const MARGIN = 36;
const WIDTH = PAGE.width - 2 * MARGIN;
const BOTTOM = PAGE.height - MARGIN;
const TEXT_SIZE = 14;
const HEADING_SIZE = 17;
const TITLE_SIZE = 22;
const INK = '#111111';
const MUTED = '#555555';
const LINE = '#1d4e89';
const STOP = '#a4161a';
const SHADE = '#eeeeee';

/** The standard PDF fonts speak Windows-1252; anything else prints as "?" instead of a wrong glyph. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');
function printable(text: string): string {
  return [...text.normalize('NFC')]
    .map((char) => {
      const code = char.codePointAt(0) ?? 0;
      if (char === '\n' || (code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char)) return char;
      return code < 0x20 ? ' ' : '?';
    })
    .join('');
}

/** "October 10, 2026, 9:00 am" from a club-time YYYY-MM-DDTHH:MM, as stored (never the server's zone). */
function formatEventStart(local: string): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const [year, month, day] = local.slice(0, 10).split('-').map(Number);
  const date = `${months[(month ?? 1) - 1] ?? ''} ${day ?? ''}, ${year ?? ''}`;
  const [hour, minute] = local.slice(11, 16).split(':').map(Number);
  if (hour === undefined || minute === undefined || Number.isNaN(hour)) return date;
  return `${date}, ${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'am' : 'pm'}`;
}

/** A cell's distance: "12.4", or "12.4 mi (20 km)" where the club shows kilometres. */
const distanceCell = (miles: number, showKilometres: boolean) => (showKilometres ? formatDistance(miles, true) : milesText(miles).replace(' mi', ''));

/** Starts a new page when `height` does not fit below the cursor; says whether it did. */
function ensureRoom(doc: Doc, height: number, onNewPage?: () => void): boolean {
  if (doc.y + height <= BOTTOM) return false;
  doc.addPage();
  onNewPage?.();
  return true;
}

/** A section's heading, kept on one page with the first lines below it (`keepWith` points). */
function heading(doc: Doc, text: string, keepWith = TEXT_SIZE * 2): void {
  ensureRoom(doc, HEADING_SIZE * 2 + keepWith);
  doc.moveDown(0.4).font('Helvetica-Bold').fontSize(HEADING_SIZE).fillColor(INK).text(printable(text), MARGIN, doc.y, { width: WIDTH });
  doc.moveDown(0.2);
}

/** The points the map fits: the imported line, else the steps' own coordinates. */
function mapPoints(book: Book): { line: LatLon[]; markers: { number: number; point: LatLon; isStop: boolean }[] } {
  const markers = book.route.steps.flatMap((step, index) =>
    step.lat !== null && step.lon !== null ? [{ number: index + 1, point: { lat: step.lat, lon: step.lon }, isStop: step.stop !== '' }] : [],
  );
  const line = book.route.track.length >= 2 ? book.route.track : markers.map((marker) => marker.point);
  return { line, markers };
}

/** A round length for the scale bar near `miles`: 1, 2 or 5 times a power of ten. */
function roundScale(miles: number): number {
  const power = 10 ** Math.floor(Math.log10(miles));
  return [5, 2, 1].map((step) => step * power).find((candidate) => candidate <= miles) ?? power;
}

/**
 * The map: the line and numbered markers projected onto the box (longitude shrunk by the cosine
 * of the middle latitude, so the shape is true), north up, with a scale bar. Markers that would
 * cover one already drawn are left out (the start, the finish and the stops go first), so a dense
 * stretch stays readable.
 */
function drawMap(doc: Doc, book: Book, maxHeight: number): void {
  const { line, markers } = mapPoints(book);
  const all = [...line, ...markers.map((marker) => marker.point)];
  if (all.length === 0) return;
  const top = doc.y;
  const lats = all.map((p) => p.lat);
  const lons = all.map((p) => p.lon);
  const [minLat, maxLat, minLon, maxLon] = [Math.min(...lats), Math.max(...lats), Math.min(...lons), Math.max(...lons)];
  const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const pad = 22;
  const spanX = Math.max((maxLon - minLon) * shrink, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const scale = Math.min((WIDTH - 2 * pad) / spanX, (maxHeight - 2 * pad) / spanY);
  // A route running east-west leaves no empty band above and below it.
  const height = Math.max(150, Math.min(maxHeight, spanY * scale + 2 * pad + 24));
  const offsetX = MARGIN + (WIDTH - spanX * scale) / 2;
  const offsetY = top + (height - spanY * scale) / 2;
  const at = (p: LatLon): [number, number] => [offsetX + (p.lon - minLon) * shrink * scale, offsetY + (maxLat - p.lat) * scale];

  doc.save().lineWidth(1).rect(MARGIN, top, WIDTH, height).fillAndStroke('#f7f5ef', '#999999').restore();
  if (line.length >= 2) {
    const [first, ...rest] = line.map(at) as [[number, number], ...[number, number][]];
    doc.save().moveTo(...first);
    for (const point of rest) doc.lineTo(...point);
    doc.lineWidth(3).lineJoin('round').lineCap('round').strokeColor(LINE).stroke().restore();
  }

  const radius = 9;
  const drawn: [number, number][] = [];
  const last = book.route.steps.length;
  const rank = (marker: (typeof markers)[number]) => (marker.number === 1 || marker.number === last ? 0 : marker.isStop ? 1 : 2);
  const byPriority = [...markers].sort((a, b) => rank(a) - rank(b) || a.number - b.number);
  for (const marker of byPriority) {
    const [x, y] = at(marker.point);
    if (drawn.some(([dx, dy]) => Math.hypot(dx - x, dy - y) < radius * 2)) continue;
    drawn.push([x, y]);
    doc
      .save()
      .lineWidth(1.5)
      .circle(x, y, radius)
      .fillAndStroke(marker.isStop ? STOP : '#ffffff', marker.isStop ? STOP : INK)
      .restore();
    const label = String(marker.number);
    doc
      .font('Helvetica-Bold')
      .fontSize(label.length > 2 ? 7 : 9)
      .fillColor(marker.isStop ? '#ffffff' : INK);
    doc.text(label, x - radius, y - doc.currentLineHeight() / 2 + 0.5, { width: radius * 2, align: 'center', lineBreak: false });
  }

  // A degree of latitude is 69.05 miles.
  const barMiles = roundScale((WIDTH / 5 / scale) * 69.05);
  const barWidth = (barMiles / 69.05) * scale;
  const barY = top + height - 12;
  doc
    .save()
    .lineWidth(2)
    .strokeColor(INK)
    .moveTo(MARGIN + 10, barY)
    .lineTo(MARGIN + 10 + barWidth, barY)
    .stroke()
    .restore();
  doc
    .font('Helvetica')
    .fontSize(12)
    .fillColor(INK)
    .text(`${barMiles} mi`, MARGIN + 16 + barWidth, barY - 7, { lineBreak: false });
  const northX = MARGIN + WIDTH - 18;
  doc
    .save()
    .polygon([northX, top + 6], [northX - 6, top + 20], [northX + 6, top + 20])
    .fill(INK)
    .restore();
  doc
    .font('Helvetica-Bold')
    .fontSize(12)
    .text('N', northX - 6, top + 22, { width: 12, align: 'center', lineBreak: false });
  doc.x = MARGIN;
  doc.y = top + height + 8;
}

type Column = { label: string; width: number; align: 'left' | 'right' };

/** The turn-by-turn table; each row stays whole, and a new page repeats the header. */
function drawSteps(doc: Doc, steps: readonly RouteStep[], showKilometres: boolean): void {
  const unit = showKilometres ? '' : ' (mi)';
  const distanceWidth = showKilometres ? 124 : 76;
  const columns: Column[] = [
    { label: '#', width: 34, align: 'right' },
    { label: `At${unit}`, width: distanceWidth, align: 'right' },
    { label: 'Instruction', width: WIDTH - 34 - 2 * distanceWidth, align: 'left' },
    { label: `Leg${unit}`, width: distanceWidth, align: 'right' },
  ];
  const gap = 6;
  const cellWidth = (column: Column) => column.width - 2 * gap;

  const drawHeader = () => {
    const y = doc.y;
    doc.font('Helvetica-Bold').fontSize(TEXT_SIZE).fillColor(INK);
    let x = MARGIN;
    for (const column of columns) {
      doc.text(column.label, x + gap, y, { width: cellWidth(column), align: column.align, lineBreak: false });
      x += column.width;
    }
    const bottom = y + doc.currentLineHeight() + 4;
    doc
      .save()
      .lineWidth(1.5)
      .strokeColor(INK)
      .moveTo(MARGIN, bottom)
      .lineTo(MARGIN + WIDTH, bottom)
      .stroke()
      .restore();
    doc.x = MARGIN;
    doc.y = bottom + 3;
  };

  drawHeader();
  steps.forEach((step, index) => {
    const instruction = printable(step.stop ? `${STOP_KIND_LABELS[step.stop]}: ${step.instruction}` : step.instruction);
    const note = printable(step.note);
    const bold = step.stop ? 'Helvetica-Bold' : 'Helvetica';
    const instructionWidth = cellWidth(columns[2] as Column);
    doc.fontSize(TEXT_SIZE);
    const textHeight =
      doc.font(bold).heightOfString(instruction, { width: instructionWidth }) +
      (note ? doc.font('Helvetica-Oblique').heightOfString(note, { width: instructionWidth }) : 0);
    const rowHeight = textHeight + 6;
    ensureRoom(doc, rowHeight, drawHeader);
    const y = doc.y;
    if (index % 2 === 1)
      doc
        .save()
        .rect(MARGIN, y - 1, WIDTH, rowHeight)
        .fill(SHADE)
        .restore();
    const [numberColumn, atColumn, , legColumn] = columns as [Column, Column, Column, Column];
    let x = MARGIN;
    doc
      .fillColor(INK)
      .font('Helvetica-Bold')
      .text(String(index + 1), x + gap, y + 2, { width: cellWidth(numberColumn), align: 'right' });
    x += numberColumn.width;
    doc.font(bold).text(distanceCell(step.at, showKilometres), x + gap, y + 2, { width: cellWidth(atColumn), align: 'right' });
    x += atColumn.width;
    doc.font(bold).text(instruction, x + gap, y + 2, { width: instructionWidth });
    if (note)
      doc
        .font('Helvetica-Oblique')
        .fillColor(MUTED)
        .text(note, x + gap, doc.y, { width: instructionWidth })
        .fillColor(INK);
    x += instructionWidth + 2 * gap;
    doc.font(bold).text(distanceCell(step.leg, showKilometres), x + gap, y + 2, { width: cellWidth(legColumn), align: 'right' });
    doc.x = MARGIN;
    doc.y = y + rowHeight;
  });
}

function drawStops(doc: Doc, steps: readonly RouteStep[], showKilometres: boolean): void {
  const stops = steps.flatMap((step, index) => (step.stop ? [{ step, number: index + 1, kind: STOP_KIND_LABELS[step.stop] }] : []));
  if (stops.length === 0) return;
  heading(doc, 'Stops');
  for (const { step, number, kind } of stops) {
    const line = printable(`${kind}: ${step.instruction}, step ${number} at ${formatDistance(step.at, showKilometres)}${step.note ? ` (${step.note})` : ''}`);
    doc.font('Helvetica').fontSize(TEXT_SIZE);
    ensureRoom(doc, doc.heightOfString(line, { width: WIDTH - 16 }));
    doc.fillColor(INK).text(`•  ${line}`, MARGIN, doc.y, { width: WIDTH, indent: 0 });
  }
}

function drawPhoneList(doc: Doc, phoneList: NonNullable<Book['phoneList']>): void {
  heading(doc, 'Phone list for the day', TEXT_SIZE * 4);
  doc.font('Helvetica').fontSize(TEXT_SIZE).fillColor(INK);
  if (phoneList.length === 0) {
    doc.text('Nobody has signed up yet.', MARGIN, doc.y, { width: WIDTH });
    return;
  }
  const widths = [190, 130, 60, WIDTH - 380];
  const header = ['Name', 'Phone', 'People', 'Car'];
  const row = (cells: string[], font: string) => {
    doc.font(font).fontSize(TEXT_SIZE);
    const height = Math.max(...cells.map((cell, i) => doc.heightOfString(cell, { width: (widths[i] ?? 0) - 8 }))) + 6;
    // A new page starts with the column names again.
    if (ensureRoom(doc, height)) {
      row(header, 'Helvetica-Bold');
      doc.font(font).fontSize(TEXT_SIZE);
    }
    const y = doc.y;
    let x = MARGIN;
    cells.forEach((cell, i) => {
      doc.text(cell, x, y + 2, { width: (widths[i] ?? 0) - 8 });
      x += widths[i] ?? 0;
    });
    doc
      .save()
      .lineWidth(0.5)
      .strokeColor('#999999')
      .moveTo(MARGIN, y + height)
      .lineTo(MARGIN + WIDTH, y + height)
      .stroke()
      .restore();
    doc.x = MARGIN;
    doc.y = y + height + 2;
  };
  row(header, 'Helvetica-Bold');
  for (const entry of phoneList) row([entry.name, entry.phone || '-', String(entry.partySize), entry.cars.join(', ') || '-'].map(printable), 'Helvetica');
}

type PdfKit = typeof PDFKitDocument;

export type RouteBookOptions = { clubName: string; link: string };

/**
 * The route book as PDF bytes, drawn with the PDFKit class it is given. Only the renderer's child
 * process runs it (route-pdf-worker.ts): loading PDFKit and its font machinery kept about 13 MiB
 * in the site's own process for good (issue 28).
 */
export function drawRouteBook(PDFDocument: PdfKit, book: Book, { clubName, link }: RouteBookOptions): Buffer {
  const { route, event, phoneList, showKilometres } = book;
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: printable(route.title), Author: printable(clubName), Subject: 'Route book' },
    displayTitle: true,
    lang: 'en-US',
  });

  doc
    .font('Helvetica')
    .fontSize(TEXT_SIZE)
    .fillColor(MUTED)
    .text(printable(`${clubName} · Route book`), { width: WIDTH });
  doc.font('Helvetica-Bold').fontSize(TITLE_SIZE).fillColor(INK).text(printable(route.title), { width: WIDTH });
  doc.moveDown(0.2);
  const places = [route.start && `From ${route.start}`, route.finish && `to ${route.finish}`].filter(Boolean).join(' ');
  const facts = `${places ? `${places}. ` : ''}${formatDistance(route.miles, showKilometres)}, ${route.stepCount} steps${route.stopCount ? `, ${route.stopCount} stops` : ''}.`;
  if (event)
    doc
      .font('Helvetica-Bold')
      .fontSize(TEXT_SIZE)
      .text(printable(`${event.title}, ${formatEventStart(event.start)}`), { width: WIDTH });
  doc.font('Helvetica').fontSize(TEXT_SIZE).text(printable(facts), { width: WIDTH });
  if (route.description) doc.moveDown(0.3).text(printable(route.description), { width: WIDTH });
  doc.moveDown(0.5);

  // A short route keeps a large map; a long one gives the first page to its steps.
  drawMap(doc, book, route.steps.length <= 20 ? 270 : 220);
  if (route.steps.length === 0) {
    doc.font('Helvetica').fontSize(TEXT_SIZE).fillColor(INK).text('This route has no steps yet.', MARGIN, doc.y, { width: WIDTH });
  } else {
    heading(doc, 'Turn by turn', TEXT_SIZE * 4);
    drawSteps(doc, route.steps, showKilometres);
  }
  drawStops(doc, route.steps, showKilometres);
  if (phoneList) drawPhoneList(doc, phoneList);
  doc.moveDown(0.6);
  ensureRoom(doc, TEXT_SIZE * 2);
  doc
    .font('Helvetica')
    .fontSize(TEXT_SIZE)
    .fillColor(MUTED)
    .text(printable(`Map and GPX: ${link}`), MARGIN, doc.y, { width: WIDTH, link });
  doc.end();
  // PDFKit writes the whole file into the stream's buffer as it ends: read it out at once.
  const chunks: Buffer[] = [];
  for (let chunk = doc.read() as Buffer | null; chunk !== null; chunk = doc.read() as Buffer | null) chunks.push(chunk);
  const pdf = Buffer.concat(chunks);
  if (!pdf.subarray(-16).toString('latin1').includes('%%EOF')) throw new Error('The route book PDF was not written out completely.');
  return pdf;
}
