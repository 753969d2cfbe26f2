import fs from 'node:fs';
import path from 'node:path';
import { FOUNDING_PRESIDENTS, FOUNDING_YEAR } from '@club/contracts/plain';
import type { Db } from '../db/client.ts';
import { boardSeats, boardYears, ideas, presidents, shaftAwardWinners, startupParties } from '../db/schema/index.ts';
import { loadSharp } from '../services/images.ts';
import type { DemoContext } from './context.ts';

/**
 * Presidents after the founding era (FOUNDING_PRESIDENTS, shared with the web pages), oldest
 * first, each serving the given number of one-year terms. Fictional people. The list is laid
 * out backwards from the current year, so the newest names are always the latest presidents.
 */
const LATER_PRESIDENT_TERMS: [name: string, terms: number][] = [
  ['Arnold Fichtner', 1],
  ['Russell Bergfeld', 2],
  ['Chester Lindqvist', 1],
  ['Warren Tebbe', 2],
  ['Irma Lueckenhoff', 1],
  ['Dale Kuechler', 1],
  ['Marvin Stoltz', 2],
  ['Loretta Schaefer', 2],
  ['Gene Abernathy', 1],
  ['Roy Pfeiffer', 2],
  ['Carl Wiedemann', 1],
  ['Bonnie Tackett', 2],
  ['Norman Fairchild', 2],
  ['Jerry Kampmann', 1],
  ['Duane Holtgrewe', 2],
  ['Patricia Vogt', 2],
  ['Larry Eckelkamp', 1],
  ['Glenn Brueggemann', 2],
  ['Sharon Mueller', 2],
  ['Dennis Kowalski', 1],
  ['Ron Hazelwood', 2],
  ['Judy Brockmeier', 2],
  ['Tom Schnitzler', 1],
  ['Mike Delaney', 2],
  ['Karen Hollenbeck', 2],
  ['Steve Rainwater', 2],
  ['Gary Ostendorf', 2],
  ['Linda Pruett', 2],
  ['Dave Steinkamp', 2],
  ['Paul Westerholt', 2],
  ['Nancy Gerdemann', 2],
  ['Rick Hagedorn', 2],
  ['Ann Marie Voelker', 2],
  ['Joe Buckner', 2],
];

/**
 * One row per year from the founding year to `currentYear`: the founding era as the History
 * and Founders pages tell it, then the later presidents, newest last.
 */
export function demoPresidents(currentYear: number): { year: number; name: string }[] {
  const founding = FOUNDING_PRESIDENTS.flatMap(({ name, firstYear, lastYear }) =>
    Array.from({ length: lastYear - firstYear + 1 }, (_, offset) => ({ year: firstYear + offset, name })),
  ).filter((row) => row.year <= currentYear);
  const firstLaterYear = (FOUNDING_PRESIDENTS.at(-1)?.lastYear ?? FOUNDING_YEAR - 1) + 1;
  const later: { year: number; name: string }[] = [];
  let year = currentYear;
  for (let index = LATER_PRESIDENT_TERMS.length - 1; index >= 0 && year >= firstLaterYear; index -= 1) {
    const [name, terms] = LATER_PRESIDENT_TERMS[index] as [string, number];
    for (let term = 0; term < terms && year >= firstLaterYear; term += 1) later.push({ year: year--, name });
  }
  // Should the list ever run short, the first later president serves the extra years.
  for (; year >= firstLaterYear; year -= 1) later.push({ year, name: LATER_PRESIDENT_TERMS[0]?.[0] ?? '' });
  return [...founding, ...later.reverse()];
}

/** Given each December, so this year's winner is not yet known. Newest first; the oldest two have no photo. */
const SHAFT_AWARD_NAMES = [
  'Ken Hollenbeck',
  'Marlene Stoltz',
  'Bud Eckelkamp',
  'Frank Ostendorf',
  'Earl Rainwater',
  'Doug Tackett',
  'Rita Kampmann',
  'Jim Brueggemann',
  'Howard Pfeiffer',
  'Ed Schnitzler',
  'Lou Marchetti',
  'Carol Delaney',
  'Walt Vogt',
  'Herb Kuechler',
];
const SHAFT_PHOTO_COUNT = 12;

const shaftPhotoFile = (n: number) => `demo-shaft-award-${n}.jpg`;
const BOARD_IMAGE = 'demo-board-background.jpg';

type DemoParty = {
  name: string;
  owner: string;
  model: string;
  idleYears: number | null;
  yearsAgo: number;
  monthDay: string;
  extra: string;
};

/** Oldest first, as the page numbers them. */
const STARTUP_PARTIES: DemoParty[] = [
  {
    name: 'Old Faithful',
    owner: 'Warren Tebbe',
    model: '1929 Tudor Sedan',
    idleYears: 31,
    yearsAgo: 14,
    monthDay: '04-14',
    extra: 'Ran on the fourth crank after a new set of points and a cleaned-out sediment bowl.',
  },
  {
    name: 'Henrietta',
    owner: 'Bonnie Tackett',
    model: '1930 Town Sedan',
    idleYears: 22,
    yearsAgo: 13,
    monthDay: '05-04',
    extra: 'The mice had made a nest in the air cleaner. Twenty members and two pans of brownies.',
  },
  {
    name: 'The Barn Find',
    owner: 'Gene Abernathy',
    model: '1928 Roadster Pickup',
    idleYears: 45,
    yearsAgo: 12,
    monthDay: '09-21',
    extra: 'Pulled out of a hay barn near Hermann the month before. Needed a new fuel line and a lot of patience.',
  },
  { name: 'Miss Daisy', owner: 'Sharon Mueller', model: '1931 Victoria', idleYears: 17, yearsAgo: 10, monthDay: '04-27', extra: '' },
  {
    name: 'Tin Lizzie Jr.',
    owner: 'Dennis Kowalski',
    model: '1930 Coupe',
    idleYears: 38,
    yearsAgo: 9,
    monthDay: '06-08',
    extra: 'Stuck valves freed with Marvel Mystery Oil over two weeks. Drove around the block under her own power.',
  },
  {
    name: 'Grandpa\u2019s Car',
    owner: 'Judy Brockmeier',
    model: '1929 Fordor Sedan',
    idleYears: 26,
    yearsAgo: 7,
    monthDay: '05-19',
    extra: 'Bought new by Judy\u2019s grandfather in Washington, Missouri.',
  },
  {
    name: 'Rusty',
    owner: 'Tom Schnitzler',
    model: '1931 Deluxe Roadster',
    idleYears: 12,
    yearsAgo: 6,
    monthDay: '10-03',
    extra: 'Fired right up. Lunch lasted longer than the repairs.',
  },
  {
    name: 'The Professor',
    owner: 'Karen Hollenbeck',
    model: '1930 Sport Coupe',
    idleYears: 19,
    yearsAgo: 4,
    monthDay: '04-23',
    extra: 'Rebuilt carburetor and a new six-volt battery. The rumble seat still had a 1958 road map in it.',
  },
  {
    name: 'Bluebell',
    owner: 'Gary Ostendorf',
    model: '1928 Phaeton',
    idleYears: 33,
    yearsAgo: 3,
    monthDay: '05-11',
    extra: 'Needed a new coil; one was found in a member\u2019s spares box the same afternoon.',
  },
  { name: 'Ol\u2019 Blue', owner: 'Linda Pruett', model: '1929 Closed Cab Pickup', idleYears: 8, yearsAgo: 2, monthDay: '09-14', extra: '' },
  {
    name: 'Lucky Penny',
    owner: 'Dave Steinkamp',
    model: '1931 Slant Window Fordor',
    idleYears: 41,
    yearsAgo: 1,
    monthDay: '04-12',
    extra: 'A 1931 penny was found under the seat. Water pump rebuilt on the spot; she idles like a sewing machine.',
  },
  {
    name: '',
    owner: 'Ray Holtgrewe',
    model: '1930 Cabriolet',
    idleYears: null,
    yearsAgo: 0,
    monthDay: '05-17',
    extra: 'The car has no name yet; suggestions welcome at the next meeting.',
  },
];

/** The current officers and directors; a post may be held by several people. */
const BOARD_SEATS: [post: string, member: string][] = [
  ['President', ''],
  ['Vice President', 'Linda Pruett'],
  ['Secretary', 'Carol Delaney'],
  ['Treasurer', 'Frank Ostendorf'],
  ['Membership', 'Marlene Stoltz'],
  ['Tour Directors', 'Earl Rainwater'],
  ['Tour Directors', 'Rita Kampmann'],
  ['Newsletter Editor', 'Jim Brueggemann'],
  ['Historian', 'Eleanor Vance'],
  ['Directors', 'Gary Ostendorf'],
  ['Directors', 'Doug Tackett'],
  ['Directors', 'Howard Pfeiffer'],
];

const PREVIOUS_BOARD_SEATS: [post: string, member: string][] = [
  ['President', ''],
  ['Vice President', 'Dave Steinkamp'],
  ['Secretary', 'Carol Delaney'],
  ['Treasurer', 'Ed Schnitzler'],
  ['Membership', 'Marlene Stoltz'],
  ['Tour Director', 'Earl Rainwater'],
  ['Newsletter Editor', 'Jim Brueggemann'],
  ['Directors', 'Gary Ostendorf'],
  ['Directors', 'Bud Eckelkamp'],
];

/** A wooden plaque with a broken axle shaft on it, on a workshop wall, varied per winner. */
function shaftAwardSvg(n: number): string {
  const walls = ['#b9a68a', '#9fb0a5', '#c4b49c', '#a7a9b6', '#c9ad8f', '#aab79d'];
  const wood = ['#7a4a26', '#8b5a2b', '#6e4226', '#94663a'];
  const wall = walls[n % walls.length] as string;
  const plaque = wood[n % wood.length] as string;
  const tilt = ((n * 7) % 9) - 4;
  const crack = 420 + ((n * 23) % 80);
  return `<svg xmlns="http://www.w3.org/2000/svg" width="900" height="675" viewBox="0 0 900 675">
  <defs>
    <linearGradient id="steel" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0%" stop-color="#e6e8ea"/><stop offset="45%" stop-color="#8d9296"/><stop offset="100%" stop-color="#3d4144"/>
    </linearGradient>
    <radialGradient id="light" cx="50%" cy="35%" r="75%">
      <stop offset="0%" stop-color="#ffffff" stop-opacity="0.35"/><stop offset="100%" stop-color="#000000" stop-opacity="0.35"/>
    </radialGradient>
  </defs>
  <rect width="900" height="675" fill="${wall}"/>
  ${Array.from({ length: 9 }, (_, i) => `<rect x="0" y="${i * 75}" width="900" height="2" fill="#000" opacity="0.08"/>`).join('')}
  <g transform="rotate(${tilt} 450 330)">
    <rect x="150" y="190" width="600" height="280" rx="22" fill="#000" opacity="0.25" transform="translate(10 12)"/>
    <rect x="150" y="190" width="600" height="280" rx="22" fill="${plaque}"/>
    <rect x="170" y="210" width="560" height="240" rx="14" fill="none" stroke="#000" stroke-opacity="0.2" stroke-width="4"/>
    <rect x="210" y="300" width="${crack - 210}" height="34" rx="6" fill="url(#steel)"/>
    <rect x="${crack + 14}" y="304" width="${690 - crack - 14}" height="34" rx="6" fill="url(#steel)" transform="rotate(3 ${crack} 320)"/>
    <rect x="196" y="286" width="34" height="62" rx="8" fill="#5c6266"/>
    <rect x="384" y="392" width="132" height="38" rx="4" fill="#c9a545"/>
    <rect x="394" y="404" width="112" height="4" fill="#7a5f1c" opacity="0.6"/>
    <rect x="394" y="414" width="80" height="4" fill="#7a5f1c" opacity="0.6"/>
  </g>
  <rect width="900" height="675" fill="url(#light)"/>
</svg>`;
}

/** Rolling Missouri hills at dusk with a two-lane road: calm enough to read names over. */
function boardBackgroundSvg(): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1920" height="1080" viewBox="0 0 1920 1080">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0%" stop-color="#3d5a80"/><stop offset="55%" stop-color="#98a9b8"/><stop offset="100%" stop-color="#e8c39e"/>
    </linearGradient>
  </defs>
  <rect width="1920" height="1080" fill="url(#sky)"/>
  <circle cx="1450" cy="640" r="90" fill="#f6dcb0" opacity="0.8"/>
  <path d="M0 640 Q300 560 620 630 T1260 610 T1920 600 V1080 H0 Z" fill="#6f7f6a"/>
  <path d="M0 760 Q420 660 900 740 T1920 700 V1080 H0 Z" fill="#52654f"/>
  <path d="M0 880 Q500 800 1000 870 T1920 840 V1080 H0 Z" fill="#3e503d"/>
  <path d="M820 1080 Q900 900 1010 760 L1030 760 Q980 900 1060 1080 Z" fill="#8a857a"/>
  <path d="M935 1080 Q960 930 1018 770" stroke="#e9e1c8" stroke-width="6" stroke-dasharray="30 26" fill="none"/>
  ${Array.from({ length: 14 }, (_, i) => {
    const x = 60 + i * 137;
    const y = 760 + ((i * 53) % 90);
    return `<ellipse cx="${x}" cy="${y}" rx="46" ry="60" fill="#2f3f2e" opacity="0.85"/><rect x="${x - 5}" y="${y + 40}" width="10" height="40" fill="#2a2520"/>`;
  }).join('')}
</svg>`;
}

/** Renders the Shaft Award photos and the board background as real JPEGs. */
export async function makeDemoHistoryPictures({ uploadsDir }: DemoContext): Promise<void> {
  const sharp = await loadSharp();
  const shaftDir = path.join(uploadsDir, 'shaft-award');
  const boardDir = path.join(uploadsDir, 'board');
  fs.mkdirSync(shaftDir, { recursive: true });
  fs.mkdirSync(boardDir, { recursive: true });
  for (let n = 0; n < SHAFT_PHOTO_COUNT; n += 1) {
    const jpeg = await sharp(Buffer.from(shaftAwardSvg(n)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    fs.writeFileSync(path.join(shaftDir, shaftPhotoFile(n)), jpeg);
  }
  const background = await sharp(Buffer.from(boardBackgroundSvg())).jpeg({ quality: 78, mozjpeg: true }).toBuffer();
  fs.writeFileSync(path.join(boardDir, BOARD_IMAGE), background);
}

/** Sixty-odd years of presidents, a dozen Shaft Award winners, start-up parties, two boards and an idea. */
export function seedDemoHistory(db: Db): void {
  const currentYear = new Date().getFullYear();
  const presidentRows = demoPresidents(currentYear);
  for (const row of presidentRows) db.insert(presidents).values(row).run();
  const presidentOf = (year: number) => presidentRows.find((row) => row.year === year)?.name ?? '';

  SHAFT_AWARD_NAMES.forEach((name, index) => {
    const imagePath = index < SHAFT_PHOTO_COUNT ? `/uploads/shaft-award/${shaftPhotoFile(index)}` : '';
    db.insert(shaftAwardWinners)
      .values({ year: currentYear - 1 - index, name, imagePath })
      .run();
  });

  for (const party of STARTUP_PARTIES) {
    const { yearsAgo, monthDay, ...fields } = party;
    db.insert(startupParties)
      .values({ ...fields, dateStarted: `${currentYear - yearsAgo}-${monthDay}` })
      .run();
  }

  const boards: [number, string, [string, string][]][] = [
    [currentYear - 1, '', PREVIOUS_BOARD_SEATS],
    [currentYear, `/uploads/board/${BOARD_IMAGE}`, BOARD_SEATS],
  ];
  for (const [year, imagePath, seats] of boards) {
    db.insert(boardYears).values({ year, imagePath }).run();
    seats.forEach(([post, member], position) => {
      const memberName = post === 'President' ? presidentOf(year) : member;
      db.insert(boardSeats).values({ year, position, post, memberName }).run();
    });
  }

  db.insert(ideas)
    .values({
      id: 1,
      title: 'A spring run to Hermann',
      content:
        'How about a Saturday drive out Highway 100 to Hermann when the dogwoods bloom? Back roads all the way, ' +
        'never over 45 miles an hour, a picnic by the river and home before dark. Perfect Model A country. ' +
        'Bring your ideas for the route to the next meeting.',
      author: 'Earl Rainwater',
    })
    .run();
}
