/**
 * Writes the club's two public PDFs into apps/web/public/documents/: the constitution and
 * by-laws, and the membership application, drawn with PDFKit. The PDFs are committed; run this
 * again only after changing the wording below:  pnpm club-pdfs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MARGIN, pdfBuffer, type PdfDocument, type PdfInfo } from '../src/demo/pdf-document.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const outDir = path.join(root, 'apps/web/public/documents');

// The demo club name (CLUB_NAME's default); the PDFs are static, so they carry it in print.
const CLUB = 'Gateway Region Classic Car Club';
const CHAPTER_OF = 'a regional chapter of the national Model A restorers\u2019 club';

/** What a document is made of, top to bottom. */
type Block =
  | { type: 'title'; kicker?: string; text: string; subtitle?: string }
  | { type: 'heading'; text: string }
  | { type: 'para'; text: string; label?: string }
  | { type: 'item'; text: string; label?: string }
  /** One row of labelled blanks to fill in by hand, e.g. City / State / ZIP; shares set the widths. */
  | { type: 'fields'; fields: { label: string; share: number }[] }
  | { type: 'checks'; options: string[] }
  | { type: 'space'; points: number };

const INK = '#1f1f1f';

/** Draws blocks top to bottom; PDFKit starts a new page when text would run past the bottom margin. */
function draw(doc: PdfDocument, blocks: Block[]): void {
  const width = doc.page.width - 2 * MARGIN;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  /** Starts a new page unless this much room is left. */
  const ensure = (points: number) => {
    if (doc.y + points > bottom()) doc.addPage();
  };
  const rule = (x1: number, x2: number, y: number, weight = 0.6) => doc.moveTo(x1, y).lineTo(x2, y).lineWidth(weight).stroke(INK);
  doc.fillColor(INK);

  for (const block of blocks) {
    switch (block.type) {
      case 'title':
        if (block.kicker) doc.font('Helvetica-Bold').fontSize(11).text(block.kicker, MARGIN, doc.y, { width, align: 'center' }).moveDown(0.3);
        doc.font('Times-Bold').fontSize(20).text(block.text, MARGIN, doc.y, { width, align: 'center' });
        if (block.subtitle)
          doc
            .font('Helvetica')
            .fontSize(11)
            .text(block.subtitle, MARGIN, doc.y + 4, { width, align: 'center', lineGap: 2 });
        rule(MARGIN, MARGIN + width, doc.y + 8, 1.2);
        doc.y += 18;
        break;
      case 'heading':
        ensure(60);
        doc
          .font('Helvetica-Bold')
          .fontSize(13)
          .text(block.text, MARGIN, doc.y + 12, { width });
        doc.y += 3;
        break;
      case 'para':
      case 'item': {
        const indent = block.type === 'item' ? 22 : 0;
        ensure(28);
        const top = doc.y;
        if (block.label) doc.font('Helvetica-Bold').fontSize(10.5).text(block.label, MARGIN, top, { lineBreak: false });
        doc
          .font('Helvetica')
          .fontSize(10.5)
          .text(block.text, MARGIN + indent, top, { width: width - indent, lineGap: 3 });
        doc.y += 6;
        break;
      }
      case 'fields': {
        ensure(34);
        const gap = 14;
        const total = block.fields.reduce((sum, field) => sum + field.share, 0);
        const y = doc.y + 20;
        let x = MARGIN;
        for (const field of block.fields) {
          const fieldWidth = ((width - gap * (block.fields.length - 1)) * field.share) / total;
          rule(x, x + fieldWidth, y);
          doc
            .font('Helvetica')
            .fontSize(8)
            .fillColor(INK)
            .text(field.label, x, y + 3, { width: fieldWidth, lineBreak: false });
          x += fieldWidth + gap;
        }
        doc.y = y + 11;
        break;
      }
      case 'checks': {
        ensure(22);
        const y = doc.y + 6;
        let x = MARGIN;
        doc.font('Helvetica').fontSize(10.5);
        for (const label of block.options) {
          doc.rect(x, y, 9, 9).lineWidth(0.8).stroke(INK);
          doc.fillColor(INK).text(label, x + 14, y, { lineBreak: false });
          x += 14 + doc.widthOfString(label) + 24;
        }
        doc.y = y + 13;
        break;
      }
      case 'space':
        doc.y += block.points;
        break;
    }
  }
}

const article = (number: string, name: string, ...paragraphs: string[]): Block[] => [
  { type: 'heading', text: `Article ${number}. ${name}` },
  ...paragraphs.map((text): Block => ({ type: 'para', text })),
];
const section = (number: string, text: string): Block => ({ type: 'item', label: number, text });

const constitution: Block[] = [
  {
    type: 'title',
    kicker: CLUB,
    text: 'Constitution and By-Laws',
    subtitle: `Adopted November 5, 1963; last amended November 5, 2019. The club is ${CHAPTER_OF}.`,
  },
  { type: 'heading', text: 'Part One: Constitution' },
  ...article(
    'I',
    'Name',
    `The name of this organization shall be the ${CLUB} (hereinafter "the Chapter"). The Chapter is ${CHAPTER_OF} and abides by the national club's charter requirements.`,
  ),
  ...article(
    'II',
    'Purpose',
    'The Chapter exists to encourage the restoration, preservation and enjoyable use of the Ford Model A and Model AA built from 1928 through 1931; to share technical knowledge among its members; to foster fellowship among Model A owners and admirers in the greater St. Louis region; and to present these cars to the public as a living part of American history.',
    'The Chapter is a not-for-profit organization. No part of its funds shall benefit any member, except as reasonable reimbursement for expenses approved by the Board.',
  ),
  ...article(
    'III',
    'Membership',
    'Membership is open to any person interested in the Model A Ford, whether or not they own one. Every member of the Chapter shall also hold a current membership in the national club.',
    'A family membership covers two adults at one address and their children under eighteen, with one vote per adult.',
  ),
  ...article(
    'IV',
    'Officers and Board of Directors',
    'The officers of the Chapter shall be a President, a Vice President, a Secretary and a Treasurer. Together with three Directors at large and the immediate Past President, they form the Board of Directors, which manages the affairs of the Chapter between general meetings.',
  ),
  ...article(
    'V',
    'Meetings',
    'General meetings shall be held monthly as set out in the By-Laws. Twelve members in good standing constitute a quorum at a general meeting; four members of the Board constitute a quorum of the Board.',
  ),
  ...article(
    'VI',
    'Amendments',
    'This Constitution may be amended by a two-thirds vote of the members present at a general meeting, provided the proposed amendment was read at the preceding general meeting and printed in Valley News at least two weeks before the vote.',
  ),
  ...article(
    'VII',
    'Dissolution',
    'Should the Chapter dissolve, its remaining assets shall be given, after payment of its debts, to the national club or to another not-for-profit organization devoted to the preservation of the Model A, as the members then decide.',
  ),
  { type: 'heading', text: 'Part Two: By-Laws' },
  { type: 'heading', text: 'Section 1. Dues' },
  section('1.1', 'Regional dues are thirty dollars ($30.00) per year, payable on joining and each year thereafter on the anniversary of joining.'),
  section('1.2', 'National dues of fifty dollars ($50.00) per calendar year are paid directly to the national club.'),
  section(
    '1.3',
    'A member whose regional dues are more than sixty days overdue is no longer in good standing and shall not vote or hold office until the dues are paid.',
  ),
  { type: 'heading', text: 'Section 2. Meetings' },
  section(
    '2.1',
    'General meetings are held on the first Tuesday of each month at 7:00 p.m., except in January, when no meeting is held. The Board may move a meeting for a holiday or bad weather, with notice in Valley News or by e-mail.',
  ),
  section('2.2', 'The Board meets at least four times a year, and at the call of the President or of any three Directors.'),
  section('2.3', "Meetings are conducted according to Robert's Rules of Order where these By-Laws are silent."),
  { type: 'heading', text: 'Section 3. Elections and Terms' },
  section(
    '3.1',
    'Officers and Directors are elected at the November general meeting by a majority of the members present and take office on February 1 of the following year.',
  ),
  section(
    '3.2',
    'Officers serve for one year and may serve no more than three consecutive terms in the same office. Directors serve staggered terms of two years.',
  ),
  section(
    '3.3',
    'The President appoints a Nominating Committee of three members in September, which reports its slate at the October general meeting; further nominations may be made from the floor.',
  ),
  section('3.4', 'A vacancy among the officers or Directors is filled by the Board until the next election.'),
  { type: 'heading', text: 'Section 4. Duties of Officers' },
  section('4.1', 'The President presides at general and Board meetings, appoints committee chairs, and represents the Chapter to the national club.'),
  section('4.2', 'The Vice President assists the President, presides in the President\u2019s absence, and arranges the programs for general meetings.'),
  section('4.3', 'The Secretary keeps the minutes, the membership roster and the Chapter\u2019s correspondence, and sends notices of meetings.'),
  section(
    '4.4',
    'The Treasurer receives and deposits all funds, pays bills approved by the Board, reports at each general meeting, and presents the books for review by two members appointed by the President each January.',
  ),
  { type: 'heading', text: 'Section 5. Committees and Publications' },
  section(
    '5.1',
    'Standing committees are Tours, Technical, Membership, Sunshine, and Publications. Other committees may be formed by the President with the consent of the Board.',
  ),
  section('5.2', 'The Chapter publishes a newsletter, Valley News, at least ten times a year, and keeps a website for members and the public.'),
  section('5.3', 'The Chapter\u2019s member list is for club business only and shall not be sold or given to anyone outside the Chapter.'),
  { type: 'heading', text: 'Section 6. Awards' },
  section(
    '6.1',
    'The Shaft Award is presented each year at the holiday banquet to the member whose misfortune on the road or in the garage, borne with good humor, has most amused the membership. The previous recipient chooses the winner.',
  ),
  section('6.2', 'Start-up parties, at which members help bring a long-idle Model A back to running order, are recorded in the Chapter\u2019s history.'),
  { type: 'heading', text: 'Section 7. Amendment of the By-Laws' },
  section(
    '7.1',
    'These By-Laws may be amended by a majority of the members present at a general meeting, provided the proposed change was printed in Valley News before that meeting.',
  ),
];

const application: Block[] = [
  {
    type: 'title',
    kicker: CLUB,
    text: 'Membership Application',
    subtitle:
      'Open to anyone who enjoys the Model A Ford, whether or not you own one. We meet on the first Tuesday of each month except January, at 7:00 p.m., at Meadowbrook Community Church, 340 North Clay Avenue, Kirkwood, Missouri 63122. Guests are always welcome.',
  },
  { type: 'heading', text: 'About you' },
  {
    type: 'fields',
    fields: [
      { label: 'First name', share: 1 },
      { label: 'Last name', share: 1 },
    ],
  },
  { type: 'fields', fields: [{ label: 'Street address', share: 1 }] },
  {
    type: 'fields',
    fields: [
      { label: 'City', share: 3 },
      { label: 'State', share: 1 },
      { label: 'ZIP code', share: 1.5 },
    ],
  },
  {
    type: 'fields',
    fields: [
      { label: 'Phone', share: 1 },
      { label: 'E-mail address', share: 1.6 },
    ],
  },
  {
    type: 'fields',
    fields: [
      { label: 'Spouse or partner (family membership)', share: 1.3 },
      { label: 'National club member number, if any', share: 1 },
    ],
  },
  { type: 'heading', text: 'Your Model A (leave blank if you do not own one yet)' },
  {
    type: 'fields',
    fields: [
      { label: 'Year', share: 0.6 },
      { label: 'Body style (e.g. Tudor Sedan, Roadster, Pickup)', share: 2.4 },
      { label: 'Condition', share: 1.2 },
    ],
  },
  { type: 'heading', text: 'How would you like to take part?' },
  { type: 'checks', options: ['Tours', 'Technical sessions', 'Shows', 'Start-up parties', 'Newsletter'] },
  { type: 'heading', text: 'Dues' },
  {
    type: 'para',
    text: `Regional dues are $30.00 per year. Please make your check payable to the ${CLUB} and bring it to any monthly meeting, or mail it with this form to the Membership Chair at the address printed in Valley News.`,
  },
  {
    type: 'para',
    text: 'Every member also belongs to the national club. National dues of $50.00 per calendar year are paid directly to the national club, which sends its magazine to every member.',
  },
  { type: 'checks', options: ['New member', 'Renewal', 'National membership is current'] },
  { type: 'heading', text: 'Signature' },
  {
    type: 'fields',
    fields: [
      { label: 'Signature', share: 2.2 },
      { label: 'Date', share: 1 },
    ],
  },
  { type: 'space', points: 6 },
  { type: 'para', text: 'For club use: received ________  dues paid ________  entered in roster ________' },
];

fs.mkdirSync(outDir, { recursive: true });
const write = async (file: string, blocks: Block[], meta: Pick<PdfInfo, 'title' | 'subject'>, footer: string) => {
  const target = path.join(outDir, file);
  const pdf = await pdfBuffer(
    { ...meta, author: CLUB, producer: 'apps/api/scripts/make-club-pdfs.ts' },
    (doc) => draw(doc, blocks),
    (page, pages) => `${footer}  \u2014  page ${page} of ${pages}`,
  );
  fs.writeFileSync(target, pdf);
  console.log(`wrote ${path.relative(root, target)}`);
};
await write(
  'constitution-and-by-laws.pdf',
  constitution,
  { title: `${CLUB} Constitution and By-Laws`, subject: 'Constitution and by-laws of the Chapter' },
  `${CLUB}  \u2014  Constitution and By-Laws`,
);
await write(
  'membership-application.pdf',
  application,
  { title: `${CLUB} Membership Application`, subject: 'Application for membership' },
  `${CLUB}  \u2014  Membership Application`,
);
