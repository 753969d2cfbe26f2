// Writes the club's two public PDFs into apps/web/public/documents/: the constitution and
// by-laws, and the membership application. The PDFs are committed; run this again only after
// changing the wording below:  node scripts/make-club-pdfs.mjs
//
// A small hand-rolled PDF writer (standard Type 1 fonts, WinAnsi text, no compression) keeps
// the project free of a PDF dependency for two static documents.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outDir = path.join(root, 'apps/web/public/documents');

// The demo club name (CLUB_NAME's default); the PDFs are static, so they carry it in print.
const CLUB = 'Gateway Region Classic Car Club';
const CHAPTER_OF = 'a regional chapter of the national Model A restorers\u2019 club';

// Helvetica advance widths (1/1000 em) for ASCII 32-126, from the standard AFM.
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833,
  722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556, 556, 500, 556,
  556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334,
  260, 334, 584,
];
const WIN_ANSI = { '\u2013': 0x96, '\u2014': 0x97, '\u2018': 0x91, '\u2019': 0x92, '\u201c': 0x93, '\u201d': 0x94, '\u00a7': 0xa7, '\u2022': 0x95 };

const charWidth = (ch) => {
  const code = ch.charCodeAt(0);
  if (code >= 32 && code <= 126) return HELVETICA[code - 32];
  return ch === '\u2014' ? 1000 : 556;
};
/** Width in points; bold runs about 6% wider, serif about 5% narrower, which is close enough for wrapping. */
const textWidth = (text, size, font) =>
  ([...text].reduce((sum, ch) => sum + charWidth(ch), 0) * size * (font === 'F2' ? 1.06 : font === 'F3' ? 0.95 : 1)) / 1000;

const encode = (text) =>
  [...text]
    .map((ch) => {
      if (ch === '(' || ch === ')' || ch === '\\') return `\\${ch}`;
      const code = ch.charCodeAt(0);
      if (code >= 32 && code <= 126) return ch;
      const mapped = WIN_ANSI[ch] ?? (code < 256 ? code : 0x3f);
      return `\\${mapped.toString(8).padStart(3, '0')}`;
    })
    .join('');

function wrap(text, size, font, width) {
  const lines = [];
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

const PAGE = { width: 612, height: 792, margin: 60 };
const COLUMN = PAGE.width - 2 * PAGE.margin;

/** Lays out blocks top to bottom, starting a new page when one would run past the bottom margin. */
function layout(blocks, footer) {
  const pages = [];
  let ops = [];
  let y = 0;
  const newPage = () => {
    ops = [];
    pages.push(ops);
    y = PAGE.height - PAGE.margin;
  };
  const ensure = (height) => {
    if (y - height < PAGE.margin + 18) newPage();
  };
  const text = (x, baseline, str, size, font) => ops.push(`BT /${font} ${size} Tf ${x.toFixed(2)} ${baseline.toFixed(2)} Td (${encode(str)}) Tj ET`);
  const rule = (x1, x2, at, weight = 0.6) => ops.push(`${weight} w ${x1.toFixed(2)} ${at.toFixed(2)} m ${x2.toFixed(2)} ${at.toFixed(2)} l S`);
  newPage();

  for (const block of blocks) {
    switch (block.type) {
      case 'title': {
        ensure(60);
        if (block.kicker) {
          y -= 12;
          text(PAGE.margin + (COLUMN - textWidth(block.kicker, 11, 'F2')) / 2, y, block.kicker, 11, 'F2');
          y -= 4;
        }
        for (const line of wrap(block.text, 20, 'F3', COLUMN)) {
          y -= 24;
          text(PAGE.margin + (COLUMN - textWidth(line, 20, 'F3')) / 2, y, line, 20, 'F3');
        }
        if (block.subtitle) {
          for (const line of wrap(block.subtitle, 11, 'F1', COLUMN)) {
            y -= 16;
            text(PAGE.margin + (COLUMN - textWidth(line, 11, 'F1')) / 2, y, line, 11, 'F1');
          }
        }
        y -= 12;
        rule(PAGE.margin, PAGE.margin + COLUMN, y, 1.2);
        y -= 10;
        break;
      }
      case 'heading': {
        const lines = wrap(block.text, 13, 'F2', COLUMN);
        ensure(18 + lines.length * 16 + 30);
        y -= 10;
        for (const line of lines) {
          y -= 16;
          text(PAGE.margin, y, line, 13, 'F2');
        }
        y -= 4;
        break;
      }
      case 'para':
      case 'item': {
        const indent = block.type === 'item' ? 22 : 0;
        const lines = wrap(block.text, 10.5, 'F1', COLUMN - indent);
        ensure(lines.length * 14 + 4);
        lines.forEach((line, index) => {
          y -= 14;
          if (index === 0 && block.label) text(PAGE.margin, y, block.label, 10.5, 'F2');
          text(PAGE.margin + indent, y, line, 10.5, 'F1');
        });
        y -= 6;
        break;
      }
      case 'fields': {
        // One row of labelled blanks to fill in by hand, e.g. City / State / ZIP.
        ensure(30);
        y -= 24;
        const gap = 14;
        const total = block.fields.reduce((sum, f) => sum + f.share, 0);
        let x = PAGE.margin;
        for (const field of block.fields) {
          const width = ((COLUMN - gap * (block.fields.length - 1)) * field.share) / total;
          rule(x, x + width, y);
          text(x, y - 10, field.label, 8, 'F1');
          x += width + gap;
        }
        y -= 10;
        break;
      }
      case 'checks': {
        ensure(22);
        y -= 18;
        let x = PAGE.margin;
        for (const label of block.options) {
          ops.push(`0.8 w ${x} ${y - 1} 9 9 re S`);
          text(x + 14, y, label, 10.5, 'F1');
          x += 14 + textWidth(label, 10.5, 'F1') + 24;
        }
        y -= 4;
        break;
      }
      case 'space':
        y -= block.points;
        break;
      default:
        throw new Error(`Unknown block type ${block.type}`);
    }
  }
  pages.forEach((pageOps, index) => {
    const label = `${footer}  \u2014  page ${index + 1} of ${pages.length}`;
    pageOps.push(`BT /F1 8 Tf ${(PAGE.margin + (COLUMN - textWidth(label, 8, 'F1')) / 2).toFixed(2)} ${PAGE.margin - 30} Td (${encode(label)}) Tj ET`);
  });
  return pages;
}

/** Serialises pages into a PDF 1.4 file with a correct cross-reference table. */
function buildPdf(pages, { title, subject }) {
  const objects = [];
  const add = (body) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add(null);
  const pagesId = add(null);
  const fonts = {
    F1: add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'),
    F2: add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>'),
    F3: add('<< /Type /Font /Subtype /Type1 /BaseFont /Times-Bold /Encoding /WinAnsiEncoding >>'),
  };
  const fontDict = Object.entries(fonts).map(([name, id]) => `/${name} ${id} 0 R`).join(' ');
  const kids = pages.map((ops) => {
    const stream = ops.join('\n');
    const content = add(`<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`);
    return add(
      `<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << ${fontDict} >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R /Lang (en-US) >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title (${encode(title)}) /Subject (${encode(subject)}) /Author (${encode(CLUB)}) /Producer (scripts/make-club-pdfs.mjs) >>`);

  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

const article = (number, name, ...paragraphs) => [
  { type: 'heading', text: `Article ${number}. ${name}` },
  ...paragraphs.map((text) => ({ type: 'para', text })),
];
const section = (number, text) => ({ type: 'item', label: `${number}`, text });

const constitution = [
  { type: 'title', kicker: CLUB, text: 'Constitution and By-Laws', subtitle: `Adopted November 5, 1963; last amended November 5, 2019. The club is ${CHAPTER_OF}.` },
  { type: 'heading', text: 'Part One: Constitution' },
  ...article('I', 'Name', `The name of this organization shall be the ${CLUB} (hereinafter "the Chapter"). The Chapter is ${CHAPTER_OF} and abides by the national club's charter requirements.`),
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
  ...article('V', 'Meetings', 'General meetings shall be held monthly as set out in the By-Laws. Twelve members in good standing constitute a quorum at a general meeting; four members of the Board constitute a quorum of the Board.'),
  ...article(
    'VI',
    'Amendments',
    'This Constitution may be amended by a two-thirds vote of the members present at a general meeting, provided the proposed amendment was read at the preceding general meeting and printed in Valley News at least two weeks before the vote.',
  ),
  ...article('VII', 'Dissolution', 'Should the Chapter dissolve, its remaining assets shall be given, after payment of its debts, to the national club or to another not-for-profit organization devoted to the preservation of the Model A, as the members then decide.'),
  { type: 'heading', text: 'Part Two: By-Laws' },
  { type: 'heading', text: 'Section 1. Dues' },
  section('1.1', 'Regional dues are thirty dollars ($30.00) per year, payable on joining and each year thereafter on the anniversary of joining.'),
  section('1.2', 'National dues of fifty dollars ($50.00) per calendar year are paid directly to the national club.'),
  section('1.3', 'A member whose regional dues are more than sixty days overdue is no longer in good standing and shall not vote or hold office until the dues are paid.'),
  { type: 'heading', text: 'Section 2. Meetings' },
  section('2.1', 'General meetings are held on the first Tuesday of each month at 7:00 p.m., except in January, when no meeting is held. The Board may move a meeting for a holiday or bad weather, with notice in Valley News or by e-mail.'),
  section('2.2', 'The Board meets at least four times a year, and at the call of the President or of any three Directors.'),
  section('2.3', "Meetings are conducted according to Robert's Rules of Order where these By-Laws are silent."),
  { type: 'heading', text: 'Section 3. Elections and Terms' },
  section('3.1', 'Officers and Directors are elected at the November general meeting by a majority of the members present and take office on February 1 of the following year.'),
  section('3.2', 'Officers serve for one year and may serve no more than three consecutive terms in the same office. Directors serve staggered terms of two years.'),
  section('3.3', 'The President appoints a Nominating Committee of three members in September, which reports its slate at the October general meeting; further nominations may be made from the floor.'),
  section('3.4', 'A vacancy among the officers or Directors is filled by the Board until the next election.'),
  { type: 'heading', text: 'Section 4. Duties of Officers' },
  section('4.1', 'The President presides at general and Board meetings, appoints committee chairs, and represents the Chapter to the national club.'),
  section('4.2', 'The Vice President assists the President, presides in the President\u2019s absence, and arranges the programs for general meetings.'),
  section('4.3', 'The Secretary keeps the minutes, the membership roster and the Chapter\u2019s correspondence, and sends notices of meetings.'),
  section('4.4', 'The Treasurer receives and deposits all funds, pays bills approved by the Board, reports at each general meeting, and presents the books for review by two members appointed by the President each January.'),
  { type: 'heading', text: 'Section 5. Committees and Publications' },
  section('5.1', 'Standing committees are Tours, Technical, Membership, Sunshine, and Publications. Other committees may be formed by the President with the consent of the Board.'),
  section('5.2', 'The Chapter publishes a newsletter, Valley News, at least ten times a year, and keeps a website for members and the public.'),
  section('5.3', 'The Chapter\u2019s member list is for club business only and shall not be sold or given to anyone outside the Chapter.'),
  { type: 'heading', text: 'Section 6. Awards' },
  section('6.1', 'The Shaft Award is presented each year at the holiday banquet to the member whose misfortune on the road or in the garage, borne with good humor, has most amused the membership. The previous recipient chooses the winner.'),
  section('6.2', 'Start-up parties, at which members help bring a long-idle Model A back to running order, are recorded in the Chapter\u2019s history.'),
  { type: 'heading', text: 'Section 7. Amendment of the By-Laws' },
  section('7.1', 'These By-Laws may be amended by a majority of the members present at a general meeting, provided the proposed change was printed in Valley News before that meeting.'),
];

const application = [
  { type: 'title', kicker: CLUB, text: 'Membership Application', subtitle: 'Open to anyone who enjoys the Model A Ford, whether or not you own one. We meet on the first Tuesday of each month except January, at 7:00 p.m., at Meadowbrook Community Church, 340 North Clay Avenue, Kirkwood, Missouri 63122. Guests are always welcome.' },
  { type: 'heading', text: 'About you' },
  { type: 'fields', fields: [{ label: 'First name', share: 1 }, { label: 'Last name', share: 1 }] },
  { type: 'fields', fields: [{ label: 'Street address', share: 1 }] },
  { type: 'fields', fields: [{ label: 'City', share: 3 }, { label: 'State', share: 1 }, { label: 'ZIP code', share: 1.5 }] },
  { type: 'fields', fields: [{ label: 'Phone', share: 1 }, { label: 'E-mail address', share: 1.6 }] },
  { type: 'fields', fields: [{ label: 'Spouse or partner (family membership)', share: 1.3 }, { label: 'National club member number, if any', share: 1 }] },
  { type: 'heading', text: 'Your Model A (leave blank if you do not own one yet)' },
  { type: 'fields', fields: [{ label: 'Year', share: 0.6 }, { label: 'Body style (e.g. Tudor Sedan, Roadster, Pickup)', share: 2.4 }, { label: 'Condition', share: 1.2 }] },
  { type: 'heading', text: 'How would you like to take part?' },
  { type: 'checks', options: ['Tours', 'Technical sessions', 'Shows', 'Start-up parties', 'Newsletter'] },
  { type: 'heading', text: 'Dues' },
  { type: 'para', text: `Regional dues are $30.00 per year. Please make your check payable to the ${CLUB} and bring it to any monthly meeting, or mail it with this form to the Membership Chair at the address printed in Valley News.` },
  { type: 'para', text: 'Every member also belongs to the national club. National dues of $50.00 per calendar year are paid directly to the national club, which sends its magazine to every member.' },
  { type: 'checks', options: ['New member', 'Renewal', 'National membership is current'] },
  { type: 'heading', text: 'Signature' },
  { type: 'fields', fields: [{ label: 'Signature', share: 2.2 }, { label: 'Date', share: 1 }] },
  { type: 'space', points: 6 },
  { type: 'para', text: 'For club use: received ________  dues paid ________  entered in roster ________' },
];

fs.mkdirSync(outDir, { recursive: true });
const write = (file, blocks, meta, footer) => {
  const target = path.join(outDir, file);
  fs.writeFileSync(target, buildPdf(layout(blocks, footer), meta));
  console.log(`wrote ${path.relative(root, target)}`);
};
write('constitution-and-by-laws.pdf', constitution, { title: `${CLUB} Constitution and By-Laws`, subject: 'Constitution and by-laws of the Chapter' }, `${CLUB}  \u2014  Constitution and By-Laws`);
write('membership-application.pdf', application, { title: `${CLUB} Membership Application`, subject: 'Application for membership' }, `${CLUB}  \u2014  Membership Application`);
