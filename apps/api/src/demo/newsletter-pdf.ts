/**
 * Writes a demo edition of Valley News as a multi-page PDF: a cover page with a coloured
 * masthead, a drawn Model A and the month's headlines, then pages of articles. The club's own
 * small PDF writer (pdf-writer.ts) serialises it, so the demo needs no PDF-writing dependency.
 */
import { MONTHS, newsletterTitle } from '@club/contracts/plain';
import type { NewsletterEdition } from '@club/contracts';
import { buildPdf, centred, COLUMN, f, PAGE, PageFlow, say, wrap } from './pdf-writer.ts';

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
  const flow = new PageFlow(PAGE.margin + 20);
  for (const article of articles) {
    const heading = wrap(article.heading, 16, 'F3', COLUMN);
    flow.ensure(heading.length * 20 + 60);
    flow.y -= 8;
    for (const line of heading) {
      flow.y -= 20;
      flow.ops.push(say(PAGE.margin, flow.y, line, 16, 'F3'));
    }
    flow.y -= 8;
    for (const paragraph of article.paragraphs) {
      for (const line of wrap(paragraph, 11, 'F1', COLUMN)) {
        flow.ensure(15);
        flow.y -= 15;
        flow.ops.push(say(PAGE.margin, flow.y, line, 11, 'F1'));
      }
      flow.y -= 8;
    }
    flow.y -= 60; // a generous gap, so that each edition runs to a few pages
  }
  return flow.pages;
}

/** One edition of Valley News: a cover page, then three or so pages of articles. */
export function makeNewsletterPdf(edition: NewsletterEdition, clubName = 'Gateway Region Classic Car Club'): Buffer {
  const { headlines, articles } = articlesFor(edition);
  const pages = [coverPage(edition, clubName, headlines), ...articlePages(articles)];
  pages.forEach((ops, index) => {
    const label = `Valley News  -  ${MONTHS[edition.month - 1] ?? ''} ${edition.year}  -  page ${index + 1} of ${pages.length}`;
    ops.push(fill([0.3, 0.3, 0.3]), centred(PAGE.margin - 30, label, 8, 'F1'));
  });
  return buildPdf(pages, { title: newsletterTitle(edition), author: clubName, producer: 'club demo data' });
}
