import fs from 'node:fs';
import {
  addDays,
  carLabelOf,
  DEFAULT_CLUB_TIME_ZONE,
  DEFAULT_MEETING,
  meetingCityLine,
  meetingRepeatRule,
  meetingVenue,
  minutesBetween,
  occurrenceTimes,
  SERIES_HORIZON_DAYS,
} from '@club/contracts/plain';
import path from 'node:path';
import { asc } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { attendance, attendanceCars, cars, eventSeries, events, members } from '../db/schema/index.ts';
import { loadSharp } from '../services/images.ts';
import type { DemoContext } from './context.ts';

type DemoEvent = {
  title: string;
  /** Month (1-12) and a rule for the day within it. */
  month: number;
  day: (year: number, month: number) => number;
  startTime: string;
  /** Extra days after the start day (multi-day events). */
  extraDays?: number;
  endTime: string;
  venue: string;
  addressLine1: string;
  addressLine2: string;
  description: string;
  notifyDaysOut: number[];
  /** Index into the demo pictures, if the event has one. */
  picture?: number;
};

/** The day of the month of the nth weekday (0 Sunday … 6 Saturday; n = 1.., or -1 for the last). */
export function nthWeekday(year: number, month: number, weekday: number, n: number): number {
  if (n > 0) {
    const first = new Date(Date.UTC(year, month - 1, 1)).getUTCDay();
    return 1 + ((weekday - first + 7) % 7) + (n - 1) * 7;
  }
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const last = new Date(Date.UTC(year, month - 1, lastDay)).getUTCDay();
  return lastDay - ((last - weekday + 7) % 7);
}

const saturday = (n: number) => (year: number, month: number) => nthWeekday(year, month, 6, n);
const sunday = (n: number) => (year: number, month: number) => nthWeekday(year, month, 0, n);
const friday = (n: number) => (year: number, month: number) => nthWeekday(year, month, 5, n);
const tuesday = (n: number) => (year: number, month: number) => nthWeekday(year, month, 2, n);

/** A year of club outings, fictional places aside from real towns; repeated for last year and this one. */
const YEAR_OF_EVENTS: DemoEvent[] = [
  {
    title: 'Winter Tech Session: Carburetor Rebuild',
    month: 1,
    day: saturday(3),
    startTime: '09:00',
    endTime: '13:00',
    venue: "Fred Albers' Garage",
    addressLine1: '412 Argonne Dr',
    addressLine2: 'Kirkwood, MO 63122',
    description: 'Bring your Zenith carburetor and a coffee. Kits at cost. Parts list: [u]https://www.example.org/zenith-kit[/u]',
    notifyDaysOut: [3],
    picture: 0,
  },
  {
    title: 'Valentine Dinner',
    month: 2,
    day: saturday(2),
    startTime: '18:00',
    endTime: '21:00',
    venue: 'Grant’s Farm Bauernhof',
    addressLine1: '10501 Gravois Rd',
    addressLine2: 'St. Louis, MO 63123',
    description: 'Dinner for members and their sweethearts. $32 per person, pay at the door.',
    notifyDaysOut: [5, 1],
  },
  {
    title: 'Spring Swap Meet',
    month: 3,
    day: saturday(4),
    startTime: '07:00',
    endTime: '14:00',
    venue: 'St. Charles County Fairgrounds',
    addressLine1: '2751 Fairgrounds Rd',
    addressLine2: 'Wentzville, MO 63385',
    description: 'Vendor spaces $15. Early birds welcome from 6 a.m. Bring cash.',
    notifyDaysOut: [3],
    picture: 1,
  },
  {
    title: 'Wildflower Tour to Hermann',
    month: 4,
    day: saturday(3),
    startTime: '08:30',
    endTime: '17:00',
    venue: 'Hermann Riverfront Park',
    addressLine1: '1 Wharf St',
    addressLine2: 'Hermann, MO 65041',
    description: 'Meet at the Shell station on Hwy 100 at 8:30. Lunch at a winery. Route: [u]https://maps.example.com/hermann-tour[/u]',
    notifyDaysOut: [5, 1],
    picture: 2,
  },
  {
    title: 'Mother’s Day Drive and Picnic',
    month: 5,
    day: sunday(2),
    startTime: '11:00',
    endTime: '15:00',
    venue: 'Queeny Park, Pavilion 3',
    addressLine1: '550 Weidman Rd',
    addressLine2: 'Ballwin, MO 63011',
    description: 'Potluck picnic. The club provides drinks and the grill.',
    notifyDaysOut: [3],
  },
  {
    title: 'Model A Regional Meet, Branson',
    month: 6,
    day: friday(2),
    startTime: '09:00',
    extraDays: 2,
    endTime: '16:00',
    venue: 'Branson Convention Center',
    addressLine1: '200 S Sycamore St',
    addressLine2: 'Branson, MO 65616',
    description: 'Three days of judging, tours and a parts fair. Book rooms by May 15 under "Model A Club".',
    notifyDaysOut: [5, 1],
    picture: 3,
  },
  {
    title: 'Independence Day Parade',
    month: 7,
    day: () => 4,
    startTime: '09:30',
    endTime: '12:00',
    venue: 'Kirkwood City Hall',
    addressLine1: '139 S Kirkwood Rd',
    addressLine2: 'Kirkwood, MO 63122',
    description: 'Line up on Argonne at 9:30; the parade steps off at 10. Flags provided.',
    notifyDaysOut: [3, 0],
  },
  {
    title: 'Ice Cream Social',
    month: 8,
    day: sunday(3),
    startTime: '14:00',
    endTime: '16:30',
    venue: 'Ted Drewes Frozen Custard',
    addressLine1: '6726 Chippewa St',
    addressLine2: 'St. Louis, MO 63109',
    description: 'Park on the side street; we will have the corner of the lot.',
    notifyDaysOut: [1],
  },
  {
    title: 'Fall Colors Overnight Tour',
    month: 10,
    day: saturday(2),
    startTime: '08:00',
    extraDays: 1,
    endTime: '16:00',
    venue: 'Elephant Rocks State Park',
    addressLine1: '7406 MO-21',
    addressLine2: 'Belleview, MO 63623',
    description: 'Two days through the Arcadia Valley with a night at the Fort Davidson Inn. Rooms are held until Sept. 15.',
    notifyDaysOut: [5, 1],
    picture: 4,
  },
  {
    title: 'Veterans Day Car Display',
    month: 11,
    day: () => 11,
    startTime: '10:00',
    endTime: '14:00',
    venue: 'Jefferson Barracks Park',
    addressLine1: '345 North Rd',
    addressLine2: 'St. Louis, MO 63125',
    description: 'Display our cars beside the parade grounds. Dress warm.',
    notifyDaysOut: [3],
  },
  {
    title: 'Christmas Banquet',
    month: 12,
    day: saturday(2),
    startTime: '18:00',
    endTime: '22:00',
    venue: 'Kirkwood Community Center',
    addressLine1: '111 S Geyer Rd',
    addressLine2: 'Kirkwood, MO 63122',
    description: 'Dinner, the Shaft Award and the gift swap ($20 limit). RSVP by Dec. 1.',
    notifyDaysOut: [5, 1],
    picture: 5,
  },
  {
    title: 'Board Meeting',
    month: 9,
    day: tuesday(3),
    startTime: '19:00',
    endTime: '20:30',
    venue: 'First Presbyterian Church, Room 12',
    addressLine1: '100 E Adams Ave',
    addressLine2: 'Kirkwood, MO 63122',
    description: 'Open to all members: the budget for next year.',
    notifyDaysOut: [],
  },
];

/**
 * The monthly meetings as one repeating series (issue 23), where and when a new site's meetings
 * page says they are (DEFAULT_MEETING: the first Tuesday of every month except January, at the
 * church on North Clay Avenue), from a year before `today` to the series' horizon ahead.
 */
export function demoMeetingSeries(today: Date): { series: typeof eventSeries.$inferInsert; occurrences: (typeof events.$inferInsert)[] } {
  const firstDate = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const through = addDays(today.toISOString().slice(0, 10), SERIES_HORIZON_DAYS);
  const rule = meetingRepeatRule(DEFAULT_MEETING);
  const timing = { firstDate, startTime: DEFAULT_MEETING.time, durationMinutes: minutesBetween(`2000-01-01T${DEFAULT_MEETING.time}`, '2000-01-01T20:30') };
  const template = {
    title: 'Monthly Meeting',
    location: meetingVenue(DEFAULT_MEETING),
    addressLine1: DEFAULT_MEETING.street,
    addressLine2: meetingCityLine(DEFAULT_MEETING),
    country: 'United States',
    text: 'Club business, a tech tip and coffee. Guests are always welcome.',
    notifyDaysOut: [1],
    imageUrl: '',
    capacity: null,
    choices: [],
    deadlineMinutesBefore: null,
  };
  const { capacity: _capacity, choices: _choices, deadlineMinutesBefore: _deadline, location, text, imageUrl, ...same } = template;
  const occurrences = occurrenceTimes(rule, timing, through, DEFAULT_CLUB_TIME_ZONE).map(({ date, start, end }) => ({
    ...same,
    venue: location,
    description: text,
    imagePath: imageUrl,
    start,
    end,
    seriesDate: date,
  }));
  return { series: { rule, ...timing, template, madeThrough: through }, occurrences };
}

const PICTURES: [sky: string, ground: string, car: string][] = [
  ['#59636b', '#3a3f44', '#1f2a3a'],
  ['#9db4c8', '#8c7a55', '#5b2b22'],
  ['#8fb8d8', '#6f9a52', '#1d3b2a'],
  ['#f0c27b', '#7d6a4f', '#2c2c54'],
  ['#e89a4f', '#8a4b2a', '#3b2f2f'],
  ['#1d2340', '#d8d8e0', '#7a1f2b'],
];
const pictureFile = (n: number) => `demo-event-${n + 1}.jpg`;

/** A simple Model A silhouette in a landscape: a believable stand-in for a member's photo. */
function eventPictureSvg(n: number): string {
  const [sky, ground, car] = PICTURES[n % PICTURES.length] as [string, string, string];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800" viewBox="0 0 1200 800">
  <rect width="1200" height="800" fill="${sky}"/>
  <path d="M0 520 Q300 460 600 510 T1200 490 V800 H0 Z" fill="${ground}"/>
  <g transform="translate(${300 + (n % 3) * 40} 330)">
    <rect x="60" y="120" width="520" height="120" rx="18" fill="${car}"/>
    <rect x="180" y="20" width="260" height="120" rx="12" fill="${car}"/>
    <rect x="205" y="42" width="95" height="70" rx="6" fill="#cfd8dc" opacity="0.8"/>
    <rect x="318" y="42" width="95" height="70" rx="6" fill="#cfd8dc" opacity="0.8"/>
    <rect x="560" y="130" width="40" height="80" rx="6" fill="#b0b7bb"/>
    <circle cx="170" cy="250" r="62" fill="#111"/><circle cx="170" cy="250" r="26" fill="#c9c9c9"/>
    <circle cx="470" cy="250" r="62" fill="#111"/><circle cx="470" cy="250" r="26" fill="#c9c9c9"/>
  </g>
</svg>`;
}

/** Renders the event pictures as real JPEGs under uploads/events. */
export async function makeDemoEventPictures({ uploadsDir }: DemoContext): Promise<void> {
  const dir = path.join(uploadsDir, 'events');
  const sharp = await loadSharp();
  fs.mkdirSync(dir, { recursive: true });
  for (let n = 0; n < PICTURES.length; n += 1) {
    const jpeg = await sharp(Buffer.from(eventPictureSvg(n)))
      .jpeg({ quality: 80, mozjpeg: true })
      .toBuffer();
    fs.writeFileSync(path.join(dir, pictureFile(n)), jpeg);
  }
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayAfter = (date: string, days: number): string => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

/** The demo events of about two years (the twelve months before `today` and the twelve after), besides the monthly meetings. */
export function demoEvents(today: Date): (typeof events.$inferInsert)[] {
  const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), 1)).toISOString().slice(0, 10);
  const to = new Date(Date.UTC(today.getUTCFullYear() + 1, today.getUTCMonth() + 1, 0)).toISOString().slice(0, 10);
  const rows: (typeof events.$inferInsert)[] = [];
  for (let year = today.getUTCFullYear() - 1; year <= today.getUTCFullYear() + 1; year += 1) {
    for (const event of YEAR_OF_EVENTS) {
      const startDay = `${year}-${pad(event.month)}-${pad(event.day(year, event.month))}`;
      if (startDay < from || startDay > to) continue;
      rows.push({
        title: event.title,
        start: `${startDay}T${event.startTime}`,
        end: `${dayAfter(startDay, event.extraDays ?? 0)}T${event.endTime}`,
        venue: event.venue,
        addressLine1: event.addressLine1,
        addressLine2: event.addressLine2,
        country: 'United States',
        description: event.description,
        notifyDaysOut: event.notifyDaysOut,
        imagePath: event.picture === undefined ? '' : `/uploads/events/${pictureFile(event.picture)}`,
      });
    }
  }
  return rows.sort((a, b) => a.start.localeCompare(b.start));
}

const COMMENTS = ['', '', '', 'Bringing the Tudor.', 'Riding with the Kesslers.', 'Will be a little late.', 'Bringing a pie.', ''];

/** Two years of events and the monthly meetings' series, with answers from about one member in six for each. */
export function seedDemoEvents(db: Db): void {
  const memberIds = db
    .select({ id: members.id })
    .from(members)
    .orderBy(asc(members.id))
    .all()
    .map((m) => m.id);
  const today = new Date();
  const meetings = demoMeetingSeries(today);
  const seriesId = db.insert(eventSeries).values(meetings.series).returning({ id: eventSeries.id }).get().id;
  const rows = [...demoEvents(today), ...meetings.occurrences.map((row) => ({ ...row, seriesId }))].sort((a, b) => a.start.localeCompare(b.start));
  rows.forEach((row, index) => {
    const eventId = db.insert(events).values(row).returning({ id: events.id }).get().id;
    memberIds.forEach((memberId, m) => {
      const roll = (index * 7 + m * 13) % 25;
      if (roll > 3) return;
      const isAttending = roll !== 3;
      db.insert(attendance)
        .values({ eventId, memberId, isAttending, total: isAttending ? 1 + ((index + m) % 3) : 0, comments: COMMENTS[(index + m) % COMMENTS.length] ?? '' })
        .run();
    });
  });
}

/** The tour's households in sign-up order: guests by name, each person's dinner (the member first). */
const TOUR_PARTIES: { guests: string[]; dinners: string[]; comments: string }[] = [
  { guests: ['Ruth (wife)'], dinners: ['catfish', 'pork roast'], comments: 'We can take one more in the rumble seat.' },
  { guests: ['Linda (wife)'], dinners: ['pork roast', 'pork roast'], comments: '' },
  { guests: ['Carol (wife)', 'Ben, 12'], dinners: ['vegetarian', 'catfish', 'pork roast'], comments: 'Ben is bringing his camera.' },
  { guests: [], dinners: ['catfish'], comments: 'Coming alone; Joan is at her sister’s.' },
  { guests: ['Dorothy (wife)'], dinners: ['pork roast', 'vegetarian'], comments: 'Happy to wait for a place.' },
  { guests: [], dinners: ['catfish'], comments: '' },
];

/** People the demo tour takes: the first four parties fill it (2 + 2 + 3 + 1), the last two wait. */
const DEMO_TOUR_CAPACITY = 8;

/**
 * A tour three weeks or so ahead (the Saturday on or after `today` + 21 days) with a small
 * capacity, a dinner question and a sign-up deadline a week before: the demo's waiting list.
 */
function demoTour(today: Date): typeof events.$inferInsert {
  const soon = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 21));
  const day = addDays(soon.toISOString().slice(0, 10), (6 - soon.getUTCDay() + 7) % 7);
  return {
    title: 'Ste. Genevieve Caravan and Dinner',
    start: `${day}T09:00`,
    end: `${day}T20:00`,
    venue: 'Old Brick House Restaurant',
    addressLine1: '90 S 3rd St',
    addressLine2: 'Ste. Genevieve, MO 63670',
    country: 'United States',
    description:
      'A caravan down the river roads to the old French town, a walk through the historic district and a private dinner. ' +
      `The dining room seats ${DEMO_TOUR_CAPACITY}: sign up with your party and choose each person’s dinner.`,
    notifyDaysOut: [5, 1],
    imagePath: `/uploads/events/${pictureFile(2)}`,
    capacity: DEMO_TOUR_CAPACITY,
    signupDeadline: `${addDays(day, -7)}T20:00`,
    signupChoices: [{ question: 'Dinner', options: ['pork roast', 'catfish', 'vegetarian'] }],
  };
}

/**
 * Seeds the demo tour last, so the other demo rows keep their ids: full with the first four car
 * owners' parties (the demo accounts aside, so they can still sign up), and two parties waiting.
 */
export function seedDemoTour(db: Db): void {
  const today = new Date();
  const tour = demoTour(today);
  const eventId = db.insert(events).values(tour).returning({ id: events.id }).get().id;
  const owned = db
    .select({ id: cars.id, ownerId: cars.ownerId, year: cars.year, bodyStyle: cars.bodyStyle, name: cars.name })
    .from(cars)
    .orderBy(asc(cars.id))
    .all();
  // The demo accounts are made before the other members: the tour takes the club's last car owners.
  const owners = [...new Set(owned.map((car) => car.ownerId).filter((id): id is number => id !== null))].sort((a, b) => b - a);
  const signedUp = new Date(today.getTime() - 10 * 86_400_000);
  let seats = 0;
  TOUR_PARTIES.forEach((party, index) => {
    const memberId = owners[index];
    if (memberId === undefined) return;
    const total = party.guests.length + 1;
    const isWaiting = seats + total > DEMO_TOUR_CAPACITY;
    if (!isWaiting) seats += total;
    const at = new Date(signedUp.getTime() + index * 3_600_000).toISOString();
    db.insert(attendance)
      .values({
        eventId,
        memberId,
        isAttending: true,
        total,
        comments: party.comments,
        guests: party.guests,
        choiceAnswers: [{ question: 'Dinner', answers: party.dinners }],
        waitlistedAt: isWaiting ? at : null,
        modified: at,
      })
      .run();
    const car = owned.find((c) => c.ownerId === memberId);
    if (car !== undefined)
      db.insert(attendanceCars)
        .values({ eventId, memberId, position: 0, carId: car.id, label: carLabelOf(car) })
        .run();
  });
}
