import { inArray } from 'drizzle-orm';
import { haversineMiles, roundMiles } from '@club/contracts/plain';
import type { LatLon, StopKind } from '@club/contracts';
import type { Db } from '../db/client.ts';
import { eventRoutes, events, routes, routeSteps } from '../db/schema/index.ts';

type DemoStep = { instruction: string; at: LatLon; note?: string; stop?: StopKind };
type DemoRoute = {
  title: string;
  description: string;
  start: string;
  finish: string;
  region: string;
  visibility: 'members' | 'public';
  steps: DemoStep[];
  /** Demo events (by title) that drove this route. */
  events: string[];
};

/**
 * Three of the chapter's drives out of Kirkwood, along the real roads' general line: the spring
 * tour to Hermann on Highway 100, a river drive to Grafton, and a members-only barn tour past
 * two members' garages.
 */
const DEMO_ROUTES: DemoRoute[] = [
  {
    title: 'Highway 100 to Hermann',
    description: 'The spring wildflower tour: old Manchester Road out of the county, the river towns and lunch at a Hermann winery. Model A pace, no highways.',
    start: 'First Presbyterian Church lot, Kirkwood',
    finish: 'Hermann Riverfront Park',
    region: 'Franklin and Gasconade Counties',
    visibility: 'public',
    events: ['Wildflower Tour to Hermann'],
    steps: [
      { instruction: 'Leave the church lot, R on Argonne Dr', at: { lat: 38.5834, lon: -90.4068 } },
      { instruction: 'L on Kirkwood Rd (Lindbergh)', at: { lat: 38.5837, lon: -90.4071 } },
      { instruction: 'L on Manchester Rd (Hwy 100 W)', at: { lat: 38.5916, lon: -90.4069 }, note: 'Busy light: wait for the whole group' },
      { instruction: 'Straight through Ballwin on Manchester Rd', at: { lat: 38.5951, lon: -90.5462 } },
      { instruction: 'Bear left to stay on Hwy 100 at Clarkson Rd', at: { lat: 38.5934, lon: -90.587 } },
      { instruction: 'Rest stop at the Wildwood town hall lot', at: { lat: 38.5775, lon: -90.6585 }, stop: 'restroom' },
      { instruction: 'Continue W on Hwy 100 past Pond', at: { lat: 38.5551, lon: -90.6871 } },
      { instruction: 'Straight at the 4-way stop, Gray Summit', at: { lat: 38.4892, lon: -90.8168 }, note: 'Narrow bridge over the Bourbeuse just after' },
      { instruction: 'Gas at the Casey’s on Hwy 100, Washington', at: { lat: 38.5512, lon: -90.9983 }, stop: 'fuel', note: 'Non-ethanol at pump 6' },
      { instruction: 'R on Jefferson St, L on Front St along the river', at: { lat: 38.5608, lon: -91.0121 } },
      { instruction: 'Washington riverfront: the 1936 bridge view', at: { lat: 38.5625, lon: -91.0157 }, stop: 'sight' },
      { instruction: 'L on Hwy 100 W toward New Haven', at: { lat: 38.5581, lon: -91.0412 } },
      { instruction: 'R on Maupin Ave into New Haven', at: { lat: 38.6084, lon: -91.219 }, note: 'Stay in low gear down the hill' },
      { instruction: 'L back on Hwy 100 W', at: { lat: 38.6102, lon: -91.2298 } },
      { instruction: 'Straight through Berger', at: { lat: 38.6745, lon: -91.3374 } },
      { instruction: 'R on Market St (Hwy 19) into Hermann', at: { lat: 38.7005, lon: -91.4316 } },
      {
        instruction: 'Lunch at Stone Hill Winery, 1110 Stone Hill Hwy',
        at: { lat: 38.6976, lon: -91.4409 },
        stop: 'food',
        note: 'Park on the upper lot; the club has the pavilion',
      },
      { instruction: 'L on Wharf St to the Riverfront Park: finish', at: { lat: 38.7042, lon: -91.4371 } },
    ],
  },
  {
    title: 'Great River Road to Grafton',
    description: 'North over the Missouri and the Mississippi to the bluffs of the Great River Road, with ice cream in Grafton.',
    start: 'Kirkwood Station',
    finish: 'Grafton waterfront',
    region: 'St. Charles County and Illinois',
    visibility: 'public',
    events: ['Mother’s Day Drive and Picnic'],
    steps: [
      { instruction: 'Leave Kirkwood Station, N on Kirkwood Rd', at: { lat: 38.5806, lon: -90.4069 } },
      { instruction: 'Straight onto Lindbergh Blvd N', at: { lat: 38.6455, lon: -90.4062 } },
      { instruction: 'L on Hwy 367 N over the Missouri', at: { lat: 38.8048, lon: -90.2376 }, note: 'Keep right on the bridge' },
      { instruction: 'Rest stop at the Lewis and Clark boat house', at: { lat: 38.8526, lon: -90.2001 }, stop: 'restroom' },
      { instruction: 'Over the Clark Bridge into Alton', at: { lat: 38.8833, lon: -90.1797 } },
      { instruction: 'L on the Great River Road (IL-100)', at: { lat: 38.8906, lon: -90.1925 } },
      { instruction: 'The Piasa Bird on the bluff', at: { lat: 38.9026, lon: -90.2233 }, stop: 'sight' },
      { instruction: 'Straight through Elsah', at: { lat: 38.9556, lon: -90.3582 } },
      { instruction: 'Ice cream at the Grafton waterfront', at: { lat: 38.9684, lon: -90.4315 }, stop: 'food' },
    ],
  },
  {
    title: 'Members’ barn tour, Franklin County',
    description: 'Three members open their garages: two restorations in progress and a 1929 AA truck. Members only: the route goes to their homes.',
    start: 'Eureka park-and-ride',
    finish: 'Union city park',
    region: 'Franklin County',
    visibility: 'members',
    events: ['Fall Colors Overnight Tour'],
    steps: [
      { instruction: 'Leave the Eureka park-and-ride, W on Old Hwy 66', at: { lat: 38.5003, lon: -90.6279 } },
      { instruction: 'R at the red barn onto Fox Creek Rd', at: { lat: 38.4873, lon: -90.6812 }, note: 'Gravel for a mile: take it slow' },
      { instruction: 'The Holloways’ garage: a Tudor and a Fordor in progress', at: { lat: 38.4712, lon: -90.7121 }, stop: 'garage' },
      { instruction: 'L on Hwy F toward St. Clair', at: { lat: 38.4489, lon: -90.8213 } },
      { instruction: 'The Pruitts’ barn: the 1929 AA truck', at: { lat: 38.4402, lon: -90.8851 }, stop: 'garage' },
      { instruction: 'Gas at St. Clair', at: { lat: 38.3453, lon: -90.9807 }, stop: 'fuel' },
      { instruction: 'N on Hwy 47 to Union; finish at the city park', at: { lat: 38.4401, lon: -91.0085 }, stop: 'restroom' },
    ],
  },
];

/** The line between two steps as a track would record it: points every few hundred yards, with a road's gentle bends. */
function roadBetween(from: LatLon, to: LatLon, seed: number): LatLon[] {
  const miles = haversineMiles(from, to);
  const count = Math.max(2, Math.ceil(miles * 4));
  return Array.from({ length: count }, (_, k) => {
    const t = k / count;
    const bend = Math.sin(t * Math.PI * 3 + seed) * 0.0025 * Math.sin(t * Math.PI);
    return { lat: Number((from.lat + (to.lat - from.lat) * t + bend).toFixed(5)), lon: Number((from.lon + (to.lon - from.lon) * t - bend).toFixed(5)) };
  });
}

/** The drives, their steps at the odometer's distances along the line, and the tours that used them. */
export function seedDemoRoutes(db: Db): void {
  DEMO_ROUTES.forEach((route, r) => {
    const track: LatLon[] = [];
    const at: number[] = [];
    let miles = 0;
    route.steps.forEach((step, i) => {
      const previous = route.steps[i - 1];
      if (previous) {
        const road = roadBetween(previous.at, step.at, r * 7 + i);
        for (const point of road.slice(1)) {
          miles += haversineMiles(track.at(-1) ?? previous.at, point);
          track.push(point);
        }
        miles += haversineMiles(track.at(-1) ?? previous.at, step.at);
      }
      track.push(step.at);
      // An odometer reads a little over the straight line: a Model A's wheels and the real bends.
      at.push(roundMiles(miles * 1.08));
    });
    const id = db
      .insert(routes)
      .values({
        title: route.title,
        description: route.description,
        startLabel: route.start,
        finishLabel: route.finish,
        region: route.region,
        visibility: route.visibility,
        track,
        trackMiles: roundMiles(miles),
      })
      .returning({ id: routes.id })
      .get().id;
    db.insert(routeSteps)
      .values(
        route.steps.map((step, position) => ({
          routeId: id,
          position,
          instruction: step.instruction,
          atMiles: at[position] ?? 0,
          note: step.note ?? '',
          stopKind: step.stop ?? '',
          lat: step.at.lat,
          lon: step.at.lon,
        })),
      )
      .run();
    const used = db.select({ id: events.id }).from(events).where(inArray(events.title, route.events)).all();
    for (const event of used) db.insert(eventRoutes).values({ eventId: event.id, routeId: id }).run();
  });
}
