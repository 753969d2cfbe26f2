/**
 * Writes a demo edition of Valley News as a multi-page PDF: a cover page with a coloured
 * masthead, a drawn Model A and the month's headlines, then pages of articles. It follows
 * scripts/make-club-pdfs.mjs: a small hand-rolled writer with the standard Type 1 fonts,
 * WinAnsi text and no compression, so the demo needs no PDF dependency.
 */
import { MONTHS, newsletterTitle, type NewsletterEdition } from '@club/contracts';

const PAGE = { width: 612, height: 792, margin: 60 } as const;
const COLUMN = PAGE.width - 2 * PAGE.margin;

type Font = 'F1' | 'F2' | 'F3';

// Helvetica advance widths (1/1000 em) for ASCII 32-126, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];

const charWidth = (ch: string): number => {
  const code = ch.charCodeAt(0);
  return code >= 32 && code <= 126 ? (HELVETICA[code - 32] ?? 556) : 556;
};

/** Width in points; bold runs about 6% wider, serif about 5% narrower: close enough for wrapping. */
const textWidth = (text: string, size: number, font: Font): number =>
  ([...text].reduce((sum, ch) => sum + charWidth(ch), 0) * size * (font === 'F2' ? 1.06 : font === 'F3' ? 0.95 : 1)) / 1000;

const encode = (text: string): string =>
  [...text]
    .map((ch) => {
      if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`;
      const code = ch.charCodeAt(0);
      return code >= 32 && code <= 126 ? ch : '?';
    })
    .join('');

function wrap(text: string, size: number, font: Font, width: number): string[] {
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

const f = (n: number) => n.toFixed(2);
const say = (x: number, y: number, text: string, size: number, font: Font) => `BT /${font} ${size} Tf ${f(x)} ${f(y)} Td (${encode(text)}) Tj ET`;
const centred = (y: number, text: string, size: number, font: Font) => say(PAGE.margin + (COLUMN - textWidth(text, size, font)) / 2, y, text, size, font);
const fill = (rgb: [number, number, number]) => `${rgb.map(f).join(' ')} rg`;
const rect = (x: number, y: number, w: number, h: number) => `${f(x)} ${f(y)} ${f(w)} ${f(h)} re f`;
/** A filled circle from four Bezier quarters. */
const circle = (cx: number, cy: number, r: number) => {
  const k = r * 0.5523;
  return [
    `${f(cx + r)} ${f(cy)} m`,
    `${f(cx + r)} ${f(cy + k)} ${f(cx + k)} ${f(cy + r)} ${f(cx)} ${f(cy + r)} c`,
    `${f(cx - k)} ${f(cy + r)} ${f(cx - r)} ${f(cy + k)} ${f(cx - r)} ${f(cy)} c`,
    `${f(cx - r)} ${f(cy - k)} ${f(cx - k)} ${f(cy - r)} ${f(cx)} ${f(cy - r)} c`,
    `${f(cx + k)} ${f(cy - r)} ${f(cx + r)} ${f(cy - k)} ${f(cx + r)} ${f(cy)} c f`,
  ].join('\n');
};

/** Masthead colours, one per month, in the sober tones of a printed club newsletter. */
const MASTHEADS: [number, number, number][] = [
  [0.42, 0.11, 0.16], [0.13, 0.27, 0.45], [0.16, 0.36, 0.24], [0.45, 0.29, 0.09],
  [0.3, 0.18, 0.4], [0.1, 0.35, 0.38], [0.5, 0.16, 0.1], [0.2, 0.25, 0.3],
  [0.36, 0.3, 0.1], [0.45, 0.2, 0.05], [0.25, 0.15, 0.12], [0.1, 0.2, 0.35],
];

/** A side view of a Model A coupe, drawn with rectangles and circles. */
function drawCar(x: number, y: number, body: [number, number, number]): string[] {
  return [
    fill([0.12, 0.12, 0.12]),
    rect(x, y + 22, 300, 10), // running board and frame
    fill(body),
    rect(x + 10, y + 32, 280, 46), // body
    rect(x + 120, y + 78, 120, 52), // cab
    rect(x + 10, y + 78, 90, 14), // hood top
    fill([0.85, 0.9, 0.95]),
    rect(x + 132, y + 88, 44, 32), // windows
    rect(x + 184, y + 88, 44, 32),
    fill([0.12, 0.12, 0.12]),
    rect(x - 4, y + 40, 14, 44), // radiator
    circle(x + 60, y + 22, 30), // wheels
    circle(x + 240, y + 22, 30),
    fill([0.75, 0.75, 0.72]),
    circle(x + 60, y + 22, 12),
    circle(x + 240, y + 22, 12),
    fill([0.95, 0.85, 0.4]),
    circle(x + 2, y + 92, 8), // headlamp
  ];
}

type Article = { heading: string; paragraphs: string[] };

function articlesFor({ year, month, isSpecial }: NewsletterEdition): { headlines: string[]; articles: Article[] } {
  const monthName = MONTHS[month - 1] ?? '';
  const seed = year * 12 + month;
  const tours = ['the Meramec River bluffs', 'Hermann wine country', 'the Great River Road to Grafton', 'Washington State Park', 'the covered bridge at Sandy Creek', 'Defiance and the Katy Trail'];
  const tips = ['adjusting the carburetor float level', 'setting the timing by ear and by light', 'repacking the water pump', 'relining mechanical brakes', 'tuning the distributor points', 'keeping the generator cutout honest'];
  const tour = tours[seed % tours.length] ?? 'the back roads';
  const tip = tips[(seed + 2) % tips.length] ?? 'routine maintenance';
  const headlines = isSpecial
    ? [`Special edition: the ${year} national meet`, 'Photos and results from the show field', 'Who drove the farthest']
    : [`${monthName} tour to ${tour}`, `Tech tip: ${tip}`, 'Meeting notes and the calendar'];
  const articles: Article[] = [
    {
      heading: isSpecial ? `Our ${year} national meet` : `${monthName} tour: ${tour}`,
      paragraphs: [
        `Fourteen cars met at the church lot at nine sharp and set off for ${tour}. The weather held, the roads were kind, and only one car needed a push, which the Shaft Award committee has duly noted.`,
        'We stopped for lunch at a family diner that still remembers the club from our visit years ago. The owner came out to look at every car and asked, as they always do, whether we drive them in the rain. We do.',
        'Thanks to the tour leaders for the route sheets and to everyone who brought a folding chair. Photos are on the club website under Photos.',
      ],
    },
    {
      heading: `Tech tip: ${tip}`,
      paragraphs: [
        `This month our technical chair explains ${tip}. Read the whole procedure before you start, lay out your tools, and keep the service manual open at the right page.`,
        'Work slowly and write down every setting before you change it, so that you can always go back. If something does not feel right, call a member from the list: someone has done it before and will be glad to help.',
        'Bring your questions to the next meeting; the tech table is open for half an hour before we start.',
      ],
    },
    {
      heading: 'From the president',
      paragraphs: [
        'Thank you to everyone who helped at last month\'s events. A club like ours runs on volunteers, and this year we have had more of them than ever.',
        'Dues for the coming year are still thirty dollars for the region. Please see the membership chair at the next meeting, and remember that national dues are paid to the national club.',
      ],
    },
    {
      heading: 'Calendar',
      paragraphs: [
        'Monthly meeting: first Tuesday of the month, 7:00 p.m., at the church hall in Kirkwood. Guests are always welcome.',
        'Board meeting: the Thursday after the monthly meeting. Tech session: the third Saturday, weather permitting.',
      ],
    },
  ];
  return { headlines, articles };
}

function coverPage(edition: NewsletterEdition, clubName: string, headlines: string[]): string[] {
  const masthead = MASTHEADS[(edition.month - 1) % MASTHEADS.length] ?? [0.4, 0.1, 0.15];
  const top = PAGE.height - 40;
  const ops = [
    fill(masthead),
    rect(40, top - 150, PAGE.width - 80, 150),
    fill([1, 1, 1]),
    centred(top - 40, clubName.toUpperCase(), 11, 'F2'),
    centred(top - 100, 'Valley News', 54, 'F3'),
    centred(top - 132, `${edition.isSpecial ? 'Special Edition  -  ' : ''}${MONTHS[edition.month - 1] ?? ''} ${edition.year}`, 16, 'F2'),
    fill([0, 0, 0]),
    ...drawCar(PAGE.margin + 96, 380, masthead),
    fill([0.2, 0.2, 0.2]),
    rect(PAGE.margin, 350, COLUMN, 1.5),
    centred(318, 'In this issue', 14, 'F2'),
  ];
  headlines.forEach((headline, index) => ops.push(centred(290 - index * 26, headline, 13, 'F1')));
  ops.push(fill([0.2, 0.2, 0.2]), rect(PAGE.margin, 190, COLUMN, 1.5));
  ops.push(centred(160, 'The monthly newsletter of the club, for members.', 10, 'F1'));
  return ops;
}

function articlePages(articles: Article[]): string[][] {
  const pages: string[][] = [];
  let ops: string[] = [];
  let y = 0;
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE.height - PAGE.margin;
  };
  newPage();
  for (const article of articles) {
    const heading = wrap(article.heading, 16, 'F3', COLUMN);
    if (y - heading.length * 20 - 60 < PAGE.margin + 20) newPage();
    y -= 8;
    for (const line of heading) {
      y -= 20;
      ops.push(say(PAGE.margin, y, line, 16, 'F3'));
    }
    y -= 8;
    for (const paragraph of article.paragraphs) {
      for (const line of wrap(paragraph, 11, 'F1', COLUMN)) {
        if (y - 15 < PAGE.margin + 20) newPage();
        y -= 15;
        ops.push(say(PAGE.margin, y, line, 11, 'F1'));
      }
      y -= 8;
    }
    y -= 60; // a generous gap, so that each edition runs to a few pages
  }
  return pages;
}

/** Serialises pages into a PDF 1.4 file with a correct cross-reference table. */
function buildPdf(pages: string[][], title: string, author: string): Buffer {
  const objects: string[] = [];
  const add = (body: string) => objects.push(body);
  add(''); // 1: catalog
  add(''); // 2: pages
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'); // 3
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'); // 4
  add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>'); // 5
  const kids = pages.map((ops) => {
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R /F3 5 0 R >> >> /Contents ${content} 0 R >>`);
  });
  objects[0] = '<< /Type /Catalog /Pages 2 0 R /Lang (en-US) >>';
  objects[1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title (${encode(title)}) /Author (${encode(author)}) /Producer (club demo data) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** One edition of Valley News: a cover page, then three or so pages of articles. */
export function makeNewsletterPdf(edition: NewsletterEdition, clubName = 'Gateway Region Classic Car Club'): Buffer {
  const { headlines, articles } = articlesFor(edition);
  const pages = [coverPage(edition, clubName, headlines), ...articlePages(articles)];
  pages.forEach((ops, index) => {
    const label = `Valley News  -  ${MONTHS[edition.month - 1] ?? ''} ${edition.year}  -  page ${index + 1} of ${pages.length}`;
    ops.push(fill([0.3, 0.3, 0.3]), centred(PAGE.margin - 30, label, 8, 'F1'));
  });
  return buildPdf(pages, newsletterTitle(edition), clubName);
}
