/**
 * Writes a demo edition of Valley News as a multi-page PDF with PDFKit: a cover page with a
 * coloured masthead, a drawn Model A and the month's headlines, then pages of articles.
 */
import { MONTHS, newsletterTitle } from '@club/contracts/plain';
import type { NewsletterEdition } from '@club/contracts';
import { pdfBuffer, type PdfDocument } from './pdf-document.ts';

/** Masthead colours, one per month, in the sober tones of a printed club newsletter. */
const MASTHEADS = ['#6b1c29', '#214573', '#295c3d', '#734a17', '#4d2e66', '#1a5961', '#80291a', '#33404d', '#5c4d1a', '#73330d', '#40261f', '#1a3359'];
const INK = '#1f1f1f';

/** A side view of a Model A coupe, drawn with rectangles and circles; (x, y) is the running board's top left. */
function drawCar(doc: PdfDocument, x: number, y: number, body: string): void {
  doc.rect(x, y, 300, 10).fill(INK); // running board and frame
  doc
    .rect(x + 10, y - 46, 280, 46)
    .rect(x + 120, y - 98, 120, 52)
    .rect(x + 10, y - 60, 90, 14)
    .fill(body); // body, cab, hood top
  doc
    .rect(x + 132, y - 88, 44, 32)
    .rect(x + 184, y - 88, 44, 32)
    .fill('#d9e6f2'); // windows
  doc.rect(x - 4, y - 52, 14, 44).fill(INK); // radiator
  doc
    .circle(x + 60, y + 10, 30)
    .circle(x + 240, y + 10, 30)
    .fill(INK); // wheels
  doc
    .circle(x + 60, y + 10, 12)
    .circle(x + 240, y + 10, 12)
    .fill('#bfbfb8');
  doc.circle(x + 2, y - 60, 8).fill('#f2d966'); // headlamp
}

type Article = { heading: string; paragraphs: string[] };

function articlesFor({ year, month, isSpecial }: NewsletterEdition): { headlines: string[]; articles: Article[] } {
  const monthName = MONTHS[month - 1] ?? '';
  const seed = year * 12 + month;
  const tours = [
    'the Meramec River bluffs',
    'Hermann wine country',
    'the Great River Road to Grafton',
    'Washington State Park',
    'the covered bridge at Sandy Creek',
    'Defiance and the Katy Trail',
  ];
  const tips = [
    'adjusting the carburetor float level',
    'setting the timing by ear and by light',
    'repacking the water pump',
    'relining mechanical brakes',
    'tuning the distributor points',
    'keeping the generator cutout honest',
  ];
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
        "Thank you to everyone who helped at last month's events. A club like ours runs on volunteers, and this year we have had more of them than ever.",
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

function drawCover(doc: PdfDocument, edition: NewsletterEdition, clubName: string, headlines: string[]): void {
  const masthead = MASTHEADS[(edition.month - 1) % MASTHEADS.length] ?? MASTHEADS[0] ?? INK;
  const { left, right } = doc.page.margins;
  const width = doc.page.width - left - right;
  const centred = (text: string, y: number, size: number, font: string) =>
    doc.font(font).fontSize(size).text(text, left, y, { width, align: 'center', lineBreak: false });
  doc.rect(40, 40, doc.page.width - 80, 150).fill(masthead);
  doc.fillColor('white');
  centred(clubName.toUpperCase(), 70, 11, 'Helvetica-Bold');
  centred('Valley News', 95, 54, 'Times-Bold');
  centred(`${edition.isSpecial ? 'Special Edition  -  ' : ''}${MONTHS[edition.month - 1] ?? ''} ${edition.year}`, 158, 16, 'Helvetica-Bold');
  drawCar(doc, left + 96, 390, masthead);
  doc.rect(left, 442, width, 1.5).fill('#333333');
  doc.fillColor(INK);
  centred('In this issue', 462, 14, 'Helvetica-Bold');
  headlines.forEach((headline, index) => centred(headline, 492 + index * 26, 13, 'Helvetica'));
  doc.rect(left, 602, width, 1.5).fill('#333333');
  doc.fillColor(INK);
  centred('The monthly newsletter of the club, for members.', 622, 10, 'Helvetica');
}

function drawArticles(doc: PdfDocument, articles: Article[]): void {
  doc.addPage();
  for (const article of articles) {
    // Keep a heading with the start of its first paragraph.
    if (doc.y > doc.page.height - doc.page.margins.bottom - 100) doc.addPage();
    doc.font('Times-Bold').fontSize(16).fillColor(INK).text(article.heading, { paragraphGap: 8 });
    for (const paragraph of article.paragraphs) doc.font('Helvetica').fontSize(11).text(paragraph, { lineGap: 2, paragraphGap: 8 });
    doc.moveDown(4);
  }
}

/** One edition of Valley News: a cover page, then the articles. */
export function makeNewsletterPdf(edition: NewsletterEdition, clubName = 'Gateway Region Classic Car Club'): Promise<Buffer> {
  const { headlines, articles } = articlesFor(edition);
  const editionName = `${MONTHS[edition.month - 1] ?? ''} ${edition.year}`;
  return pdfBuffer(
    { title: newsletterTitle(edition), author: clubName, producer: 'club demo data' },
    (doc) => {
      drawCover(doc, edition, clubName, headlines);
      drawArticles(doc, articles);
    },
    (page, pages) => `Valley News  -  ${editionName}  -  page ${page} of ${pages}`,
  );
}
