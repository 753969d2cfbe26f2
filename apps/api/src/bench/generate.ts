/**
 * Fills a club database with synthetic data at a multiple of the club's real scale, straight
 * through the Drizzle schema in multi-row inserts, so ten times the club (1,500 members, 15 years:
 * 6,000 events with attendance, 3,000 photo posts, 20,000 forum posts, 180 newsletters) takes
 * seconds. Deterministic for a given seed. Used by `pnpm bench`, the size budgets and load tests.
 *
 *   const data = generateClubData(db);            // ten times the club, sessions for the bench
 *   data.tokens.admin / data.tokens.member        // live session tokens (`g`)
 */
import { eventPath } from '@club/contracts/plain';
import type { Permission } from '@club/contracts';
import type Database from 'better-sqlite3';
import { eq, getTableColumns, getTableName } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db, DbOrTx } from '../db/client.ts';
import * as schema from '../db/schema/index.ts';
import { hashToken } from '../lib/tokens.ts';
import { createSiteSearch } from '../site-search.ts';

/** The club's real size (scale 1): members, events and posts over 15 years. */
const CLUB_SCALE = {
  members: 150,
  years: 15,
  events: 600,
  photoPosts: 300,
  forumPosts: 2_000,
  /** Valley News is monthly whatever the club's size: 180 issues at ten times. */
  newsletters: 18,
  linkGroups: 6,
  presidents: 60,
  shaftAwardWinners: 30,
  startupParties: 20,
  /** The garage: members' cars in the registry and their photos. */
  cars: 150,
  carPhotos: 400,
  /** The classifieds: listings over the last two months, most running, some sold or ended. */
  listings: 200,
  /** Route books: the library of drives; each route has 100 steps and an imported track. */
  routes: 30,
  stepsPerRoute: 100,
  trackPointsPerRoute: 1500,
  /** Pages of text in each newsletter, and words on a page (a printed page of small type). */
  newsletterPages: 12,
  newsletterPageWords: 450,
  /** E-mails kept in the outbox per event (reminders, sign-up notes; never pruned), and pushes. */
  outboxPerEvent: 10,
  pushesPerEvent: 4,
  /** Members with a browser registered for pushes, in a hundred. */
  pushSubscribersPercent: 30,
} as const;

type GeneratedCounts = {
  members: number;
  events: number;
  attendance: number;
  photoPosts: number;
  forumThreads: number;
  forumPosts: number;
  newsletters: number;
  links: number;
  presidents: number;
  shaftAwardWinners: number;
  startupParties: number;
  boardYears: number;
  cars: number;
  carPhotos: number;
  listings: number;
  routes: number;
  routeSteps: number;
  newsletterPages: number;
  /** E-mails in the outbox (sent or saved, a few failed) and pushes in the push queue. */
  outbox: number;
  pushes: number;
};

/** The site search over the generated data: its entries, and what it adds to the database file. */
type SearchIndexSize = { entries: number; indexBytes: number; dataBytes: number; millis: number };

export type GeneratedData = {
  counts: GeneratedCounts;
  /**
   * Live session tokens, an administrator and a plain member (no permissions); the member's
   * private calendar feed token, a sign-in link e-mailed to the member (not used), and the push
   * subscription the member's browser registered (what `token.get` sends as `t`).
   */
  tokens: { admin: string; member: string; feed: string; signIn: string; push: string };
  /** The first and last event months (YYYY-MM), for window queries. */
  eventMonths: { first: string; last: string };
  millis: number;
  search: SearchIndexSize;
};

export type GenerateOptions = {
  /** Multiple of the club's real size; 10 by default (the performance issue's figure). */
  scale?: number;
  seed?: number;
  /** The generated 15 years end one year after this date (so the calendar has upcoming events). */
  now?: Date;
};

/** mulberry32: small, fast and deterministic. */
function randomFrom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const FIRST = ['Ann', 'Bob', 'Carl', 'Dora', 'Ed', 'Fay', 'Gus', 'Hal', 'Ida', 'June', 'Karl', 'Lou', 'Mae', 'Ned', 'Opal', 'Pete'];
const LAST = ['Adams', 'Baker', 'Cole', 'Dietz', 'Engel', 'Fox', 'Grant', 'Hayes', 'Irwin', 'Jones', 'Klein', 'Lutz', 'Moore', 'Nash'];
/** Every generated event is a tour: 40 households answer, with guests, a car and a dinner choice per person. */
const HOUSEHOLDS_PER_EVENT = 40;
const DINNER = [{ question: 'Dinner', options: ['chicken', 'fish', 'none'] }];
const CARS = ['1928 Model A Tudor', '1929 Model A Roadster', '1930 Model A Coupe', '1931 Model A Pickup', '1930 Model A Phaeton'];
const WORDS = 'the club drove out to the lake and the old cars ran fine all day with a picnic after and a stop for pie on the way home'.split(' ');

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * Newsletter prose needs a real vocabulary for the index to be of a real size (a few thousand
 * distinct words, some frequent, most rare): made-up words from syllables, drawn Zipf-like,
 * with a few real ones the bench searches for.
 */
const SYLLABLES = ['ka', 'lo', 'mi', 'ter', 'ran', 'bu', 'sel', 'do', 'fin', 'gar', 'ho', 'ple', 'vis', 'ton', 'ard', 'wen', 'quo', 'rist'];
const VOCABULARY = Array.from({ length: 4000 }, (_, i) => {
  let word = '';
  for (let n = i + 7; word.length < 4 || n > 0; n = Math.floor(n / SYLLABLES.length)) word += SYLLABLES[n % SYLLABLES.length];
  return word;
});
const REAL_WORDS = ['carburetor', 'float', 'generator', 'tour', 'meeting', 'spark', 'radiator', 'wheel'];

/**
 * Inserts rows one prepared statement per table and set of columns, run row by row inside the
 * caller's transaction: a third of the CPU of Drizzle's multi-row inserts (which build the SQL and
 * map every value anew for each chunk), so thirty times the club generates in a reasonable time.
 * Columns left out get their SQL default, values go through the column's own mapping (JSON,
 * booleans) as Drizzle would.
 */
function rowInserter(client: Database.Database): <T extends SQLiteTable>(db: DbOrTx, table: T, rows: T['$inferInsert'][]) => void {
  const statements = new Map<string, Database.Statement>();
  return (_db, table, rows) => {
    const name = getTableName(table);
    const columns = getTableColumns(table) as Record<string, SQLiteColumn>;
    for (const row of rows as Record<string, unknown>[]) {
      const keys = Object.keys(row).filter((key) => row[key] !== undefined);
      const signature = `${name}:${keys.join(',')}`;
      let statement = statements.get(signature);
      if (!statement) {
        const names = keys.map((key) => `"${(columns[key] as SQLiteColumn).name}"`);
        statement = client.prepare(`INSERT INTO "${name}" (${names.join(', ')}) VALUES (${keys.map(() => '?').join(', ')})`);
        statements.set(signature, statement);
      }
      statement.run(keys.map((key) => (row[key] === null ? null : (columns[key] as SQLiteColumn).mapToDriverValue(row[key]))));
    }
  };
}

/** The secrets generateClubData stores for a seed and scale (the bench's lists are made before the data). */
export function generatedTokens(seed: number, scale: number): GeneratedData['tokens'] {
  return {
    admin: `bench-admin-${seed}-${scale}`,
    member: `bench-member-${seed}-${scale}`,
    feed: `bench-feed-${seed}-${scale}`,
    signIn: `bench-sign-in-${seed}-${scale}`,
    push: JSON.stringify({ endpoint: `https://fcm.googleapis.com/fcm/send/bench-member-${seed}-${scale}`, keys: { p256dh: 'BNbench', auth: 'bench' } }),
  };
}

/** Fills an empty, migrated database. Returns what it made and two live session tokens. */
export function generateClubData(db: Db, { scale = 10, seed = 1, now = new Date() }: GenerateOptions = {}): GeneratedData {
  const started = performance.now();
  const insertMany = rowInserter(db.$client);
  const random = randomFrom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const between = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const sentence = (words: number) => Array.from({ length: words }, () => pick(WORDS)).join(' ');
  const count = (base: number) => Math.max(1, Math.round(base * scale));
  /** A page of newsletter prose: Zipf-like over the vocabulary, one real word in twenty. */
  const prose = (words: number) =>
    Array.from({ length: words }, () => (random() < 0.05 ? pick(REAL_WORDS) : (VOCABULARY[Math.floor(VOCABULARY.length ** random()) - 1] as string))).join(' ');

  const lastYear = now.getUTCFullYear() + 1;
  const firstYear = lastYear - CLUB_SCALE.years + 1;
  const stamp = now.toISOString();
  const counts: GeneratedCounts = {
    members: count(CLUB_SCALE.members),
    events: count(CLUB_SCALE.events),
    attendance: 0,
    photoPosts: count(CLUB_SCALE.photoPosts),
    forumThreads: 0,
    forumPosts: 0,
    newsletters: Math.min(count(CLUB_SCALE.newsletters), 12 * 200),
    links: 0,
    presidents: count(CLUB_SCALE.presidents),
    shaftAwardWinners: count(CLUB_SCALE.shaftAwardWinners),
    startupParties: count(CLUB_SCALE.startupParties),
    boardYears: CLUB_SCALE.years,
    cars: count(CLUB_SCALE.cars),
    carPhotos: count(CLUB_SCALE.carPhotos),
    listings: count(CLUB_SCALE.listings),
    routes: count(CLUB_SCALE.routes),
    routeSteps: count(CLUB_SCALE.routes) * CLUB_SCALE.stepsPerRoute,
    newsletterPages: 0,
    outbox: count(CLUB_SCALE.events) * CLUB_SCALE.outboxPerEvent,
    pushes: count(CLUB_SCALE.events) * CLUB_SCALE.pushesPerEvent,
  };
  const tokens = generatedTokens(seed, scale);

  /** Each member's own cars, for the cars they bring to a tour. */
  const carsOf: string[][] = [];
  db.transaction((tx) => {
    insertMany(
      tx,
      schema.members,
      Array.from({ length: counts.members }, (_, i) => {
        const cars = Array.from({ length: between(0, 3) }, () => pick(CARS));
        carsOf[i + 1] = cars;
        const first = pick(FIRST);
        const last = pick(LAST);
        return {
          firstName: first,
          lastName: `${last}${i}`,
          displayName: random() < 0.3 ? `${first} ${last[0]}.` : '',
          email: `member${i + 1}@example.test`,
          address: `${between(1, 9999)} Main St`,
          city: 'Kirkwood',
          state: 'MO',
          zip: '63122',
          phone: `(314) 555-${String(between(0, 9999)).padStart(4, '0')}`,
          imagePath: random() < 0.6 ? `/uploads/members/${i + 1}.jpg` : '',
          emailNotifications: random() < 0.8,
          created: stamp,
          modified: stamp,
        };
      }),
    );
    const grants: { memberId: number; permission: Permission }[] = [{ memberId: 1, permission: 'admin' }];
    for (let id = 2; id <= counts.members; id += 1) {
      if (random() < 0.05) grants.push({ memberId: id, permission: 'event' });
      if (random() < 0.05) grants.push({ memberId: id, permission: 'blog' });
      if (random() < 0.5) grants.push({ memberId: id, permission: 'forum' });
    }
    insertMany(tx, schema.memberPermissions, grants);
    const expires = new Date(now.getTime() + 365 * 86_400_000).toISOString();
    insertMany(tx, schema.sessions, [
      { memberId: 1, tokenHash: hashToken(tokens.admin), expires },
      // Member 2 has no permissions of its own unless the draw above gave some; either way it is no admin.
      { memberId: 2, tokenHash: hashToken(tokens.member), expires },
    ]);

    // Events: evenly over the 15 years, each a tour with 40 households signed up (guests, cars, dinner).
    const months = CLUB_SCALE.years * 12;
    const eventRows: (typeof schema.events.$inferInsert)[] = [];
    for (let i = 0; i < counts.events; i += 1) {
      const month = Math.floor((i / counts.events) * months);
      const year = firstYear + Math.floor(month / 12);
      const day = `${year}-${pad((month % 12) + 1)}-${pad(between(1, 28))}`;
      const hour = between(8, 17);
      eventRows.push({
        title: `${pick(['Spring', 'Summer', 'Fall', 'Winter'])} run ${i + 1}`,
        start: `${day}T${pad(hour)}:00`,
        end: `${day}T${pad(Math.min(hour + between(1, 6), 23))}:00`,
        venue: `${pick(LAST)} Park`,
        addressLine1: `${between(1, 9999)} Lake Rd`,
        addressLine2: 'Kirkwood, MO 63122',
        description: sentence(between(20, 80)),
        notifyDaysOut: [1, 5],
        capacity: i % 2 === 0 ? 100 : null,
        signupChoices: DINNER,
        imagePath: random() < 0.5 ? `/uploads/events/${i + 1}.jpg` : '',
        createdBy: 1,
        created: stamp,
        modified: stamp,
      });
    }
    insertMany(tx, schema.events, eventRows);
    // Event 2 is an occurrence of a repeating series (issue 23): its page also reads the series.
    const occurrence = eventRows[1];
    if (occurrence) {
      const seriesDate = occurrence.start.slice(0, 10);
      const seriesId = tx
        .insert(schema.eventSeries)
        .values({
          rule: { frequency: 'monthlyByWeekday', interval: 1, weekday: 2, week: 3, day: 1, monthsOff: [7, 8], until: '', count: null },
          firstDate: seriesDate,
          startTime: occurrence.start.slice(11, 16),
          durationMinutes: 90,
          template: {
            title: occurrence.title,
            location: '',
            addressLine1: '',
            addressLine2: '',
            country: 'United States',
            text: '',
            notifyDaysOut: [1],
            imageUrl: '',
            capacity: null,
            choices: [],
            deadlineMinutesBefore: null,
          },
          madeThrough: seriesDate,
        })
        .returning({ id: schema.eventSeries.id })
        .get().id;
      tx.update(schema.events).set({ seriesId, seriesDate }).where(eq(schema.events.id, 2)).run();
    }
    const answers: (typeof schema.attendance.$inferInsert)[] = [];
    const carRows: (typeof schema.attendanceCars.$inferInsert)[] = [];
    for (let eventId = 1; eventId <= counts.events; eventId += 1) {
      const seen = new Set<number>();
      while (seen.size < Math.min(HOUSEHOLDS_PER_EVENT, counts.members)) {
        const memberId = between(1, counts.members);
        if (seen.has(memberId)) continue;
        seen.add(memberId);
        const isAttending = random() < 0.8;
        const guests = isAttending ? Array.from({ length: between(0, 3) }, () => `${pick(FIRST)} ${pick(LAST)}`) : [];
        const total = isAttending ? guests.length + 1 : 0;
        answers.push({
          eventId,
          memberId,
          isAttending,
          total,
          guests,
          choiceAnswers: isAttending ? [{ question: 'Dinner', answers: Array.from({ length: total }, () => pick(DINNER[0]?.options ?? [''])) }] : [],
          comments: random() < 0.2 ? sentence(6) : '',
          modified: stamp,
        });
        const car = carsOf[memberId]?.[0];
        if (isAttending && car !== undefined) carRows.push({ eventId, memberId, position: 0, carId: null, label: car });
      }
    }
    counts.attendance = answers.length;
    insertMany(tx, schema.attendance, answers);
    insertMany(tx, schema.attendanceCars, carRows);

    // Photo posts: text and a gallery of 4-12 photos each.
    insertMany(
      tx,
      schema.blogPosts,
      Array.from({ length: counts.photoPosts }, (_, i) => {
        const date = new Date(Date.UTC(firstYear, 0, 1) + (i / counts.photoPosts) * CLUB_SCALE.years * 365 * 86_400_000);
        return {
          title: `Photos from the ${pick(['lake', 'swap meet', 'parade', 'picnic', 'tour'])} ${i + 1}`,
          date: date.toISOString().slice(0, 10),
          htmlData: [
            { h: `<p>${sentence(between(30, 90))}</p>` },
            { s: Array.from({ length: between(4, 12) }, (_, p) => `/uploads/blog/${i + 1}-${p + 1}.jpg`) },
          ],
          modifiedKey: i + 1,
          createdBy: 1,
          created: stamp,
        };
      }),
    );

    // Forum: threads of about ten posts; every 15th post waits for approval.
    const totalPosts = count(CLUB_SCALE.forumPosts);
    counts.forumThreads = Math.max(1, Math.round(totalPosts / 10));
    insertMany(
      tx,
      schema.forumThreads,
      Array.from({ length: counts.forumThreads }, (_, i) => ({
        title: `Question ${i + 1}: ${sentence(5)}`,
        description: sentence(between(10, 40)),
        imagePaths: random() < 0.2 ? [`/uploads/forum/${i + 1}.jpg`] : [],
        authorId: between(1, counts.members),
        approved: i % 25 !== 24,
        created: stamp,
      })),
    );
    counts.forumPosts = totalPosts - counts.forumThreads;
    insertMany(
      tx,
      schema.forumPosts,
      Array.from({ length: counts.forumPosts }, (_, i) => ({
        threadId: 1 + (i % counts.forumThreads),
        content: sentence(between(8, 60)),
        authorId: between(1, counts.members),
        approved: i % 15 !== 14,
        created: stamp,
      })),
    );

    insertMany(
      tx,
      schema.newsletters,
      Array.from({ length: counts.newsletters }, (_, i) => {
        const year = lastYear - Math.floor(i / 12);
        const month = 12 - (i % 12);
        return { fileName: `Valley News ${year}-${pad(month)} ${i}.pdf`, year, month, created: stamp, textStatus: 'text' as const };
      }),
    );
    // Their text, page by page, as read at upload (the site search indexes each page).
    counts.newsletterPages = counts.newsletters * CLUB_SCALE.newsletterPages;
    insertMany(
      tx,
      schema.newsletterPages,
      Array.from({ length: counts.newsletterPages }, (_, i) => ({
        newsletterId: 1 + Math.floor(i / CLUB_SCALE.newsletterPages),
        page: 1 + (i % CLUB_SCALE.newsletterPages),
        text: prose(CLUB_SCALE.newsletterPageWords),
      })),
    );

    const groups = count(CLUB_SCALE.linkGroups);
    insertMany(
      tx,
      schema.linkGroups,
      Array.from({ length: groups }, (_, g) => ({ name: `Links ${g + 1}`, position: g })),
    );
    const linkRows = Array.from({ length: groups * 8 }, (_, l) => ({
      groupId: 1 + Math.floor(l / 8),
      url: `https://example.org/${l}`,
      label: `Link ${l + 1}`,
      position: l % 8,
    }));
    counts.links = linkRows.length;
    insertMany(tx, schema.links, linkRows);

    insertMany(
      tx,
      schema.presidents,
      Array.from({ length: counts.presidents }, (_, i) => ({ year: lastYear - (i % 66), name: `${pick(FIRST)} ${pick(LAST)}` })),
    );
    insertMany(
      tx,
      schema.shaftAwardWinners,
      Array.from({ length: counts.shaftAwardWinners }, (_, i) => ({ year: lastYear - (i % 56), name: `${pick(FIRST)} ${pick(LAST)}`, imagePath: '' })),
    );
    insertMany(
      tx,
      schema.startupParties,
      Array.from({ length: counts.startupParties }, (_, i) => ({
        name: `${pick(CARS)} ${i + 1}`,
        owner: `${pick(FIRST)} ${pick(LAST)}`,
        model: 'Tudor',
        idleYears: between(1, 40),
        dateStarted: `${between(firstYear, lastYear - 1)}-05-04`,
      })),
    );
    insertMany(
      tx,
      schema.boardYears,
      Array.from({ length: counts.boardYears }, (_, i) => ({ year: firstYear + i })),
    );
    insertMany(
      tx,
      schema.boardSeats,
      Array.from({ length: counts.boardYears * 6 }, (_, i) => ({
        year: firstYear + Math.floor(i / 6),
        position: i % 6,
        post: ['President', 'Vice President', 'Secretary', 'Treasurer', 'Director', 'Editor'][i % 6] as string,
        memberName: `${pick(FIRST)} ${pick(LAST)}`,
      })),
    );
    // The garage: cars of random members (a few of former members), every visibility, the photos
    // spread over them (at most 12 each), and an earlier owner for every third car.
    const photosOf: string[][] = Array.from({ length: counts.cars }, () => []);
    for (let k = 0; k < counts.carPhotos; k += 1) {
      let at = between(0, counts.cars - 1);
      while ((photosOf[at] as string[]).length >= 12) at = (at + 1) % counts.cars;
      (photosOf[at] as string[]).push(`/uploads/cars/${k + 1}_1200x800.jpg`);
    }
    insertMany(
      tx,
      schema.cars,
      photosOf.map((photos, i) => ({
        ownerId: random() < 0.03 ? null : between(1, counts.members),
        year: between(1928, 1931),
        bodyStyle: pick(['Roadster', 'Phaeton', 'Coupe', 'Sport Coupe', 'Cabriolet', 'Tudor', 'Fordor', 'Town Sedan', 'Victoria', 'Pickup', 'Truck']),
        colour: pick(['Black', 'Brewster Green', 'Niagara Blue', 'Copra Drab', 'Rose Beige']),
        name: random() < 0.3 ? pick(FIRST) : '',
        story: sentence(between(0, 120)),
        engineNumber: `A${1_000_000 + i}`,
        visibility: pick(['members', 'public', 'public-named'] as const),
        photos,
        created: stamp,
        modified: stamp,
      })),
    );
    insertMany(
      tx,
      schema.carOwners,
      Array.from({ length: Math.floor(counts.cars / 3) }, (_, i) => ({
        carId: i * 3 + 1,
        position: 0,
        owner: `${pick(FIRST)} ${pick(LAST)}`,
        fromYear: 1929,
        toYear: between(1940, 2000),
      })),
    );
    // The classifieds: placed over the last 60 days, most running; a tenth sold, a tenth ended,
    // a few hidden; every 100th is member 2's (the bench's member reads "my listings").
    insertMany(
      tx,
      schema.listings,
      Array.from({ length: counts.listings }, (_, i) => {
        const placed = now.getTime() - between(0, 60 * 24) * 3_600_000;
        const fate = random();
        const kind = random() < 0.75 ? ('sale' as const) : ('wanted' as const);
        return {
          sellerId: i % 100 === 0 ? 2 : between(1, counts.members),
          kind,
          category: pick(['car', 'part', 'part', 'part', 'tools', 'literature'] as const),
          title: `${pick(['Zenith carburetor', 'Ruckstell axle', 'Headlamp pair', 'Radiator shell', 'Owner’s manual', 'Valve grinder', 'Running boards', 'Spare tire'])} ${sentence(between(1, 4))}`,
          body: sentence(between(10, 120)),
          priceCents: kind === 'sale' && random() < 0.85 ? between(5, 20_000) * 100 : null,
          isOffers: kind === 'sale' && random() < 0.3,
          condition: pick(['', 'new', 'nos', 'excellent', 'good', 'fair', 'poor', 'restorable'] as const),
          city: 'Kirkwood',
          state: 'MO',
          visibility: pick(['members', 'public'] as const),
          carId: i % 20 === 0 ? between(1, counts.cars) : null,
          photos: Array.from({ length: between(0, 4) }, (_, p) => `/uploads/classifieds/${i + 1}-${p}_1200x800.jpg`),
          expiresAt: new Date(fate < 0.1 ? now.getTime() - 86_400_000 : placed + 60 * 86_400_000).toISOString(),
          soldAt: fate > 0.9 ? new Date(placed + 86_400_000).toISOString() : null,
          hiddenAt: fate > 0.1 && fate < 0.12 ? stamp : null,
          created: new Date(placed).toISOString(),
          modified: stamp,
        };
      }),
    );
    // Route books: 100 steps each over 40-120 miles, with coordinates, notes and stops, and a
    // track from a GPX; every twentieth event (event 1 among them) drove one of them.
    const instructions = ['L on Old State Rd', 'R on Hwy 109', 'Straight at the 4-way stop', 'Bear left at the church', 'R at the red barn'];
    const stopKinds = ['fuel', 'food', 'restroom', 'sight', 'garage'] as const;
    for (let r = 0; r < counts.routes; r += 1) {
      const miles = between(40, 120);
      const startLat = 38 + random();
      const startLon = -91 + random();
      tx.insert(schema.routes)
        .values({
          title: `${pick(['Meramec', 'Missouri River', 'Hermann', 'Ozark', 'Mississippi'])} tour ${r + 1}`,
          description: sentence(between(10, 60)),
          startLabel: 'Kirkwood church lot',
          finishLabel: pick(['Hermann', 'Washington', 'Eureka', 'Grafton']),
          region: pick(['Franklin County', 'St. Charles County', 'Jefferson County']),
          visibility: r % 3 === 0 ? 'members' : 'public',
          track: Array.from({ length: CLUB_SCALE.trackPointsPerRoute }, (_, k) => ({
            lat: Number((startLat + k * 0.0009).toFixed(6)),
            lon: Number((startLon + k * 0.0004).toFixed(6)),
          })),
          trackMiles: miles,
          created: stamp,
          modified: stamp,
        })
        .run();
      insertMany(
        tx,
        schema.routeSteps,
        Array.from({ length: CLUB_SCALE.stepsPerRoute }, (_, k) => ({
          routeId: r + 1,
          position: k,
          instruction: `${pick(instructions)} (${sentence(between(2, 8))})`,
          atMiles: Math.round((miles * k * 100) / (CLUB_SCALE.stepsPerRoute - 1)) / 100,
          note: random() < 0.3 ? sentence(between(3, 10)) : '',
          stopKind: random() < 0.08 ? pick(stopKinds) : '',
          lat: Number((startLat + k * 0.013).toFixed(6)),
          lon: Number((startLon + k * 0.006).toFixed(6)),
        })),
      );
    }
    insertMany(
      tx,
      schema.eventRoutes,
      Array.from({ length: Math.floor(counts.events / 20) }, (_, i) => ({ eventId: i * 20 + 1, routeId: (i % counts.routes) + 1 })),
    );
    tx.insert(schema.ideas)
      .values({ id: 1, title: 'A spring tour', content: sentence(40), author: 'The board' })
      .run();

    // The member's private calendar feed and an e-mailed sign-in link, neither used yet.
    insertMany(tx, schema.calendarFeeds, [{ memberId: 2, tokenHash: hashToken(tokens.feed) }]);
    insertMany(tx, schema.passwordResets, [{ memberId: 2, tokenHash: hashToken(tokens.signIn), purpose: 'signin', expires }]);
    // The outbox keeps every e-mail (its text dropped once sent): reminders and notes over the
    // years, one in a thousand given up on; no SMTP in the bench, so none is left waiting.
    const sentAt = new Date(now.getTime() - 86_400_000).toISOString();
    const emails: (typeof schema.outbox.$inferInsert)[] = [];
    for (let i = 0; i < counts.outbox; i += 1) {
      const isFailed = i % 1000 === 999;
      emails.push({
        to: `member${between(1, counts.members)}@example.test`,
        subject: `Reminder: ${pick(['Spring', 'Summer', 'Fall', 'Winter'])} run ${1 + Math.floor(i / CLUB_SCALE.outboxPerEvent)}`,
        text: isFailed ? sentence(between(30, 80)) : '(not kept after sending)',
        priority: 1,
        status: isFailed ? 'failed' : i % 3 === 0 ? 'saved' : 'sent',
        attempts: isFailed ? 9 : 1,
        lastError: isFailed ? '550 mailbox unavailable' : null,
        created: sentAt,
        nextAttempt: sentAt,
        sent: isFailed ? null : sentAt,
      });
    }
    insertMany(tx, schema.outbox, emails);
    // Browsers registered for pushes (member 2's among them), and pushes sent to them.
    const subscribers = [
      2,
      ...Array.from({ length: counts.members }, (_, i) => i + 1).filter((id) => id !== 2 && random() * 100 < CLUB_SCALE.pushSubscribersPercent),
    ];
    insertMany(
      tx,
      schema.pushSubscriptions,
      subscribers.map((memberId, i) => {
        const subscription =
          i === 0
            ? tokens.push
            : JSON.stringify({
                endpoint: `https://fcm.googleapis.com/fcm/send/bench-${seed}-${scale}-${memberId}`,
                keys: { p256dh: 'BNbench', auth: 'bench' },
              });
        return { memberId, endpoint: (JSON.parse(subscription) as { endpoint: string }).endpoint, subscription };
      }),
    );
    insertMany(
      tx,
      schema.pushQueue,
      Array.from({ length: counts.pushes }, (_, i) => ({
        subscriptionId: between(1, subscribers.length),
        eventId: 1 + Math.floor(i / CLUB_SCALE.pushesPerEvent),
        payload: {
          title: `Run ${1 + Math.floor(i / CLUB_SCALE.pushesPerEvent)} tomorrow`,
          body: sentence(8),
          url: eventPath(1 + Math.floor(i / CLUB_SCALE.pushesPerEvent)),
          icon: '',
        },
        status: 'sent' as const,
        attempts: 1,
        created: sentAt,
        nextAttempt: sentAt,
        sent: sentAt,
      })),
    );
  });
  const millis = Math.round(performance.now() - started);
  const fileBytes = () => Number(db.$client.pragma('page_count', { simple: true })) * Number(db.$client.pragma('page_size', { simple: true }));
  // The site search, filled as a start after the migration does; what it adds is its size.
  const dataBytes = fileBytes();
  const indexStarted = performance.now();
  const { entries } = createSiteSearch(db).rebuild();
  const search = { entries, indexBytes: fileBytes() - dataBytes, dataBytes, millis: Math.round(performance.now() - indexStarted) };
  db.$client.pragma('optimize');

  return {
    counts,
    tokens,
    eventMonths: { first: `${firstYear}-01`, last: `${lastYear}-12` },
    millis,
    search,
  };
}
